import { atWork } from '@hr/attendance';
import { addDays } from '@hr/calendar';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LogIn, LogOut, MapPin, MapPinOff, PenLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { formatLongDate, ORG_TIME_ZONE, todayIso } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';

import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { attendanceKeys, punchWeb, useEmployeeMonth, usePunches } from './api';
import { MonthNav, PunchList } from './components';
import { clockOf, yearMonthOf } from './format';
import { currentPosition } from './geo';
import { MonthView } from './MonthView';
import { RegularisationDialog } from './RegularisationDialog';
import { MyRegularisations } from './Regularisations';

const LOCATION_KEY = 'attendance.shareLocation';

const clockFormat = new Intl.DateTimeFormat('en-GB', { timeZone: ORG_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function useNow(everyMs = 10_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The punch card: the time, the Punch In / Punch Out button (with the location when allowed) and today's punches. */
function PunchCard() {
  const queryClient = useQueryClient();
  const now = useNow();
  const today = todayIso();
  // Since yesterday: a night shift's in from yesterday evening decides today's button (the one rule, atWork).
  const punches = usePunches(null, addDays(today, -1), today);
  const recent = punches.data ?? [];
  const todays = recent.filter((p) => p.localTime.startsWith(today));
  const recentAt = recent.map((p) => ({ at: Date.parse(p.punchedAt), direction: p.direction }));
  // The server stamps punches: a browser clock a little behind must not make the punch just made "in the future".
  const suggested = atWork(recentAt, Math.max(Date.now(), ...recentAt.map((p) => p.at))) ? 'out' : 'in';
  const [share, setShare] = useState(() => globalThis.localStorage?.getItem(LOCATION_KEY) !== 'no');
  // On failure the toast shows why (e.g. 409: a second punch within a minute).
  const punchAction = useAction(
    async (direction: 'in' | 'out') => {
      const position = share ? await currentPosition() : null;
      return { position, result: await punchWeb({ direction, ...(position ?? {}) }) };
    },
    {
      // A punch in an approved or locked month is kept apart: its toast is no success (onDone below).
      success: ({ position, result }, direction) =>
        result.late
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
            },
      onDone: async ({ result }, direction) => {
        if (result.late) {
          const time = clockOf(result.punch.localTime);
          toast({
            variant: 'default',
            title: direction === 'in' ? `Punched in at ${time}, kept apart` : `Punched out at ${time}, kept apart`,
            description:
              "This month's salary is already approved or locked: the punch is kept for the payroll office and counts once they reopen the month.",
          });
        }
        await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      },
    },
  );
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
    <Card className="gap-4 py-4" data-testid="punch-card">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-4" /> {formatLongDate(now)}
        </CardTitle>
        <CardDescription>
          {todays.length === 0
            ? 'You have not punched today.'
            : `In ${first ? clockOf(first.localTime) : '--:--'}${last ? ` · last ${clockOf(last.localTime)}` : ''} · ${todays.length} punch${todays.length === 1 ? '' : 'es'}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 md:grid-cols-[auto_minmax(0,1fr)]">
        <div className="flex flex-col items-center gap-3 md:w-64">
          <div className="text-4xl font-semibold tabular-nums tracking-tight" data-testid="clock">
            {clockFormat.format(now)}
          </div>
          <Button
            size="lg"
            className={cn(
              'h-16 w-full text-lg',
              suggested === 'out' && 'bg-amber-600 text-white hover:bg-amber-600/90 dark:bg-amber-500 dark:text-black',
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
            <Switch id="share-location" checked={share} onCheckedChange={toggleShare} />
            <Label htmlFor="share-location" className="flex items-center gap-1 font-normal">
              {share ? <MapPin className="size-3.5" /> : <MapPinOff className="size-3.5" />} Send my location
            </Label>
          </div>
        </div>
        <div className="grid content-start gap-2">
          <div className="text-sm font-medium">Today's punches</div>
          <PunchList punches={todays} empty={punches.isLoading ? 'Loading…' : 'No punch yet today.'} />
        </div>
      </CardContent>
    </Card>
  );
}

/** /outlet/me/attendance/logs: punch in / out, my month's calendar and summary, my corrections. */
export default function MyAttendanceScreen() {
  const { menu } = useCurrentMenu(MENU.myAttendanceLogs);
  const today = todayIso();
  const [ym, setYm] = useState(() => yearMonthOf(today));
  const [selected, setSelected] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<{ day: string; known: { firstIn: string | null; lastOut: string | null } | null } | null>(
    null,
  );
  const month = useEmployeeMonth(null, ym.year, ym.month);
  const employee = month.data?.employee;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={menu?.label ?? 'My attendance'}
        description={employee ? `${employee.name} (${employee.code}) · ${employee.unitName}` : 'Your punches, days and corrections.'}
        actions={
          <Button variant="outline" onClick={() => setCorrecting({ day: selected ?? today, known: null })} data-testid="request-correction">
            <PenLine /> Request correction
          </Button>
        }
        className="mb-0"
      />
      <PunchCard />
      <MonthView
        year={ym.year}
        month={ym.month}
        data={month.data}
        loading={month.isLoading}
        selected={selected}
        onSelect={setSelected}
        toolbar={
          <MonthNav
            year={ym.year}
            month={ym.month}
            onChange={(v) => {
              setYm(v);
              setSelected(null);
            }}
            max={yearMonthOf(today)}
          />
        }
        dayActions={(date, day) =>
          date <= today ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setCorrecting({ day: date, known: day ?? null })}
              disabled={day?.frozen}
              title={day?.frozen ? "The month's salary is approved: the day cannot change" : undefined}
              data-testid="day-request-correction"
            >
              <PenLine /> Request correction
            </Button>
          ) : null
        }
      />
      {month.isError && !month.data && <p className="text-sm text-destructive">Your month could not be loaded.</p>}
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">My corrections</h2>
        <MyRegularisations />
      </section>
      <RegularisationDialog
        open={correcting !== null}
        onOpenChange={(o) => !o && setCorrecting(null)}
        day={correcting?.day}
        known={correcting?.known}
      />
    </div>
  );
}
