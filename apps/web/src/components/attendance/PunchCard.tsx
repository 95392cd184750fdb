// The browser punch (issue 10; on the employee's dashboard too, issue 28): the time, the Punch In / Punch Out button
// with the location when allowed, and today's punches. The server stamps the time and refuses a double tap (409,
// within PUNCH_MIN_GAP_SECONDS), which the error toast says; a punch for a month whose salary is approved or locked
// is kept apart, which its own toast says. Without a network (issue 29) the punch is kept on the phone with its time
// and sent when the network returns (lib/offline-punches.ts); it decides the next button like a stored one.
import { atWork } from '@hr/attendance';
import { addDays } from '@hr/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LogIn, LogOut, MapPin, MapPinOff } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatLongDate, formatTime, todayIso } from '@/lib/format';
import { punchOrKeep, useQueuedPunches } from '@/lib/offline-punches';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { ATTENDANCE_QUERY_ROOT, usePunches } from './api';
import { currentPosition } from './geo';
import { PunchList } from './PunchList';
import { clockOf } from './punch-time';

const LOCATION_KEY = 'attendance.shareLocation';

/** What a punch changes besides the attendance screens: the dashboard's own day and month. */
const DASHBOARD_MINE = ['dashboard', 'me'] as const;

function useNow(everyMs = 10_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The punch action: the position when shared, the punch (or kept on the phone), its toast (success, kept apart, refused). */
function usePunchAction(share: boolean, userId: number | null) {
  const queryClient = useQueryClient();
  return useAction(
    async (direction: 'in' | 'out') => {
      if (userId === null) throw new Error('Your session is still loading: try again in a moment.');
      const position = share ? await currentPosition() : null;
      return { position, outcome: await punchOrKeep(userId, { direction, ...(position ?? {}) }) };
    },
    {
      // A punch in an approved or locked month is kept apart: its toast is no success (onDone below).
      success: ({ position, outcome }, direction) => {
        if (outcome.queued)
          return {
            title: `Punched ${direction} at ${formatTime(outcome.punch.punchedAt)}, kept on this phone`,
            description: 'There is no network: the punch is sent when it returns.',
          };
        const result = outcome.result;
        return result.late
          ? null
          : {
              title:
                direction === 'in'
                  ? `Punched in at ${clockOf(result.punch.localTime)}`
                  : `Punched out at ${clockOf(result.punch.localTime)}`,
              description: result.punch.outsideGeofence
                ? 'Your location is outside the office area: your manager sees this punch flagged.'
                : position
                  ? 'With your location.'
                  : share
                    ? 'Without location: the browser did not give it.'
                    : 'Without location.',
            };
      },
      onDone: async ({ outcome }, direction) => {
        // Kept on the phone: nothing changed on the server (and the refetches would wait for the network).
        if (outcome.queued) return;
        if (outcome.result.late) {
          const time = clockOf(outcome.result.punch.localTime);
          toast({
            variant: 'default',
            title: direction === 'in' ? `Punched in at ${time}, kept apart` : `Punched out at ${time}, kept apart`,
            description:
              "This month's salary is already approved or locked: the punch is kept for the payroll office and counts once they reopen the month.",
          });
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ATTENDANCE_QUERY_ROOT }),
          queryClient.invalidateQueries({ queryKey: DASHBOARD_MINE }),
        ]);
      },
    },
  );
}

/**
 * The punch card of the signed-in employee. `details` (e.g. today's shift and status on the dashboard) shows above
 * today's punches.
 */
export function PunchCard({ details, className }: { details?: ReactNode; className?: string }) {
  const now = useNow();
  const today = todayIso();
  const switchId = useId();
  const userId = useSession((s) => s.acc_dtls?.userId ?? null);
  // Since yesterday: a night shift's in from yesterday evening decides today's button (the one rule, atWork).
  const punches = usePunches(null, addDays(today, -1), today);
  const recent = punches.data ?? [];
  const todays = recent.filter((p) => p.localTime.startsWith(today));
  // Punches kept on the phone (no network) count as made.
  const waiting = useQueuedPunches(userId);
  const recentAt = [
    ...recent.map((p) => ({ at: Date.parse(p.punchedAt), direction: p.direction })),
    ...waiting.map((p) => ({ at: Date.parse(p.punchedAt), direction: p.direction })),
  ];
  // The server stamps punches: a browser clock a little behind must not make the punch just made "in the future".
  const suggested = atWork(recentAt, Math.max(Date.now(), ...recentAt.map((p) => p.at))) ? 'out' : 'in';
  const [share, setShare] = useState(() => globalThis.localStorage?.getItem(LOCATION_KEY) !== 'no');
  // On failure the toast shows why (e.g. 409: a second punch within a minute).
  const punchAction = usePunchAction(share, userId);
  const busy = punchAction.pending?.[0] ?? null;
  const punch = punchAction.run;

  const toggleShare = (on: boolean) => {
    setShare(on);
    try {
      globalThis.localStorage?.setItem(LOCATION_KEY, on ? 'yes' : 'no');
    } catch {
      // private mode: the choice lasts this page only
    }
  };

  const first = todays.find((p) => p.direction !== 'out') ?? todays[0];
  const last = todays.length > 1 ? todays[todays.length - 1] : undefined;

  return (
    <Card className={cn('min-w-0 gap-4 py-4', className)} data-testid="punch-card">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-4" /> {formatLongDate(now)}
        </CardTitle>
        <CardDescription data-testid="punch-summary">
          {todays.length === 0
            ? waiting.length > 0
              ? 'Your punch is kept on this phone and is sent when the network returns.'
              : 'You have not punched today.'
            : `In ${first ? clockOf(first.localTime) : '--:--'}${last ? ` · last ${clockOf(last.localTime)}` : ''} · ${todays.length} punch${todays.length === 1 ? '' : 'es'}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 md:grid-cols-[auto_minmax(0,1fr)]">
        <div className="flex flex-col items-center gap-3 md:w-64">
          <div className="text-4xl font-semibold tabular-nums tracking-tight" data-testid="clock">
            {formatTime(now)}
          </div>
          <Button
            size="lg"
            className={cn(
              'h-16 w-full text-lg',
              suggested === 'out' && 'bg-amber-700 text-white hover:bg-amber-700/90 dark:bg-amber-500 dark:text-black',
            )}
            disabled={busy !== null || punches.isLoading}
            onClick={() => void punch(suggested)}
            data-testid="punch-button"
            data-direction={suggested}
          >
            {suggested === 'in' ? <LogIn className="size-6" /> : <LogOut className="size-6" />}
            {busy ? 'Punching…' : suggested === 'in' ? 'Punch In' : 'Punch Out'}
          </Button>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs text-muted-foreground"
            disabled={busy !== null}
            onClick={() => void punch(suggested === 'in' ? 'out' : 'in')}
            data-testid="punch-other"
          >
            {suggested === 'in' ? 'Punch out instead' : 'Punch in instead'}
          </Button>
          <div className="flex items-center gap-2 text-sm">
            <Switch id={switchId} checked={share} onCheckedChange={toggleShare} />
            <Label htmlFor={switchId} className="flex items-center gap-1 font-normal">
              {share ? <MapPin className="size-3.5" /> : <MapPinOff className="size-3.5" />} Send my location
            </Label>
          </div>
        </div>
        <div className="grid min-w-0 content-start gap-2">
          {details}
          <div className="text-sm font-medium">Today's punches</div>
          <PunchList punches={todays} empty={punches.isLoading ? 'Loading…' : waiting.length ? '' : 'No punch yet today.'} />
          {waiting.length > 0 && (
            <ul className="grid gap-1 text-sm text-muted-foreground" aria-label="Punches waiting to be sent" data-testid="punches-waiting">
              {waiting.map((p) => (
                <li key={p.clientKey}>
                  {formatTime(p.punchedAt)} {p.direction === 'in' ? 'In' : 'Out'} · kept on this phone, sent when the network returns
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
