import { MENU } from '@hr/contract/menus';
import { AlertTriangle, MapPin } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { punchPlace, SourceBadge } from '@/components/attendance/PunchList';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { type TTrackingRow, useTracking } from './api';
import { clockOf } from './format';
import type { TTrackPoint } from './TrackMap';

const TrackMap = lazy(() => import('./TrackMap'));

/** Keeps the list when the map cannot load (its script chunk, or Leaflet itself failing). */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="text-sm text-muted-foreground">The map could not be shown; the list has every position.</p>;
    return this.props.children;
  }
}

const hasPosition = (r: TTrackingRow): r is TTrackingRow & { latitude: number; longitude: number } =>
  r.latitude !== null && r.longitude !== null;

/** /outlet/track_emp: each employee's last known punch and position on a date, as a list and (with tiles) a map. */
export default function TrackEmployeeScreen() {
  const { menu } = useCurrentMenu(MENU.trackEmployee);
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const tracking = useTracking({ date, unitId, departmentId });
  const data = tracking.data;
  const all = useMemo(() => data?.rows ?? [], [data]);
  const rows = useMemo(() => (flaggedOnly ? all.filter((r) => r.outsideGeofence) : all), [all, flaggedOnly]);
  const flagged = all.filter((r) => r.outsideGeofence).length;
  const points: TTrackPoint[] = useMemo(() => rows.filter(hasPosition), [rows]);
  const showMap = !!data?.tileUrl;

  const columns: DataColumn<TTrackingRow>[] = [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div className="min-w-0">
          <div className="truncate font-medium">{r.name}</div>
          <div className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{r.employeeCode}</span> · {r.departmentName} · {r.unitName}
          </div>
        </div>
      ),
    },
    { id: 'time', header: 'Last punch', className: 'tabular-nums font-medium', cell: (r) => clockOf(r.localTime) },
    { id: 'source', header: 'Source', cell: (r) => <SourceBadge source={r.source} /> },
    {
      id: 'place',
      header: 'Where',
      cell: (r) => (
        <span className="inline-flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          {r.deviceName
            ? r.deviceName
            : punchPlace({ deviceSerial: null, latitude: r.latitude, longitude: r.longitude, accuracy: r.accuracy }) || '—'}
        </span>
      ),
    },
    {
      id: 'flag',
      header: '',
      cell: (r) =>
        r.outsideGeofence ? (
          <Badge variant="warning" data-testid="outside-geofence">
            <AlertTriangle /> Outside the office area
          </Badge>
        ) : null,
    },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'Track employee'}
        description={
          data
            ? `${formatCount(all.length)} employee${all.length === 1 ? '' : 's'} punched on this day${flagged ? `, ${formatCount(flagged)} outside the office area` : ''}.`
            : 'Where each employee last punched.'
        }
        className="mb-2"
      />
      <div className="flex flex-wrap items-center gap-2">
        <DateInput label="Date" value={date} max={today} onChange={setDate} />
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setUnitId(v);
            setDepartmentId(null);
          }}
          allLabel="All units"
          data-testid="filter-unit"
        />
        <DepartmentSelect value={departmentId} onChange={setDepartmentId} unitId={unitId} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={flaggedOnly} onChange={(e) => setFlaggedOnly(e.target.checked)} data-testid="flagged-only" />
          Only outside the office area
        </label>
      </div>
      <div className="grid gap-4">
        {showMap && (
          <MapBoundary>
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <TrackMap tileUrl={data.tileUrl} points={points} selected={selected} onSelect={setSelected} />
            </Suspense>
          </MapBoundary>
        )}
        <div className="grid gap-2">
          <DataTable
            className="rounded-lg bg-card"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.employeeId}
            sort={null}
            onSort={() => undefined}
            loading={tracking.isLoading}
            empty={
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" /> {flaggedOnly ? 'No punch outside the office area.' : 'No punch on this day.'}
              </span>
            }
            rowProps={(r) => ({
              className: cn(
                'cursor-pointer',
                r.outsideGeofence && 'bg-amber-50 hover:bg-amber-100 dark:bg-amber-500/10 dark:hover:bg-amber-500/15',
                selected === r.employeeId && 'outline-2 -outline-offset-2 outline-primary',
              ),
              'data-testid': 'track-row',
              'data-flagged': r.outsideGeofence || undefined,
              onClick: () => setSelected(r.employeeId),
            })}
          />
          <LoadError what="The positions" show={tracking.isError && !data} />
        </div>
      </div>
    </div>
  );
}
