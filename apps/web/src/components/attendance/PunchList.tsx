// A list of punches as every attendance screen shows them (My Attendance, the employee's dashboard, the manager's
// day, an employee's month, tracking): time, in / out, source, place, the outside-geofence flag, recorded offline,
// photo and remark.
import { AlertTriangle, CloudOff, Fingerprint, Globe, LogIn, LogOut, MapPin, PenLine, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import type { TPunch } from './api';
import { PunchPhotoButton } from './PunchPhoto';
import { clockOf, dateOf } from './punch-time';

const SOURCE: Record<TPunch['source'], { label: string; icon: ReactNode }> = {
  web: { label: 'Web', icon: <Globe /> },
  mobile: { label: 'Mobile', icon: <Smartphone /> },
  device: { label: 'Device', icon: <Fingerprint /> },
  manual: { label: 'Manual', icon: <PenLine /> },
  regularisation: { label: 'Correction', icon: <PenLine /> },
};

export function SourceBadge({ source }: { source: TPunch['source'] }) {
  return (
    <Badge variant="secondary" className="font-normal">
      {SOURCE[source].icon}
      {SOURCE[source].label}
    </Badge>
  );
}

/** Where a punch was made: the device's serial, or the location with its accuracy. */
export function punchPlace(p: Pick<TPunch, 'deviceSerial' | 'latitude' | 'longitude' | 'accuracy'>): string {
  if (p.deviceSerial) return p.deviceSerial;
  if (p.latitude !== null && p.longitude !== null) {
    const acc = p.accuracy !== null ? ` ±${Math.round(p.accuracy)} m` : '';
    return `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}${acc}`;
  }
  return '';
}

/** A list of punches: time, in / out, source, place, outside-geofence flag and remark. */
export function PunchList({ punches, showDate, empty = 'No punch' }: { punches: TPunch[]; showDate?: boolean; empty?: string }) {
  if (punches.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="divide-y rounded-md border" data-testid="punch-list">
      {punches.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="punch">
          <span className="font-semibold tabular-nums">
            {showDate && <span className="mr-1 font-normal text-muted-foreground">{formatDate(dateOf(p.localTime))}</span>}
            {clockOf(p.localTime)}
          </span>
          {p.direction === 'in' && (
            <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
              <LogIn className="size-3.5" /> In
            </span>
          )}
          {p.direction === 'out' && (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <LogOut className="size-3.5" /> Out
            </span>
          )}
          <SourceBadge source={p.source} />
          {punchPlace(p) && (
            <span className="inline-flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3" />
              <span className="truncate">{punchPlace(p)}</span>
            </span>
          )}
          {p.outsideGeofence && (
            <Badge variant="warning" data-testid="outside-geofence">
              <AlertTriangle /> Outside the office area
            </Badge>
          )}
          {p.recordedOffline && (
            <Badge
              variant="outline"
              title="Made on the phone without a network and sent when it returned (the phone's time, checked by the server)"
              data-testid="recorded-offline"
            >
              <CloudOff /> Recorded offline
            </Badge>
          )}
          {p.photoId != null && (
            <PunchPhotoButton
              photoId={p.photoId}
              when={`${formatDate(dateOf(p.localTime))} ${clockOf(p.localTime)}`}
              who={p.employeeName}
            />
          )}
          {p.remark && <span className="basis-full text-xs text-muted-foreground">“{p.remark}”</span>}
        </li>
      ))}
    </ol>
  );
}
