import { MENU } from '@hr/contract/menus';
import { useState } from 'react';
import { LoadError } from '@/components/common/LoadError';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { todayIso, WEEKDAY_SHORT } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { type TRoster, useMySchedule } from './api';
import { MonthNav, ShiftLegend } from './components';
import { monthWeeks, yearMonthOf } from './format';

type Cell = TRoster['rows'][number]['cells'][number];

/** /outlet/me/attendance/shiftschedule: my month of shifts (code per day, weekly offs, holidays). */
export default function MyScheduleScreen() {
  const { menu } = useCurrentMenu(MENU.myShiftSchedule);
  const today = todayIso();
  const [ym, setYm] = useState(() => yearMonthOf(today));
  const schedule = useMySchedule(ym.year, ym.month);
  const data = schedule.data && schedule.data.year === ym.year && schedule.data.month === ym.month ? schedule.data : undefined;
  const row = data?.rows[0];
  const cellOf = new Map<string, { cell: Cell; holiday: string | null }>();
  data?.days.forEach((d, i) => {
    const cell = row?.cells[i];
    if (cell) cellOf.set(d.date, { cell, holiday: cell.holiday ?? d.holiday });
  });
  const shiftsById = new Map((data?.shifts ?? []).map((s) => [s.id, s]));
  const used = new Set(row?.cells.map((c) => c.shiftId).filter((id): id is number => id !== null));
  const working = row?.cells.filter((c) => !c.weeklyOff && !c.holiday && c.shiftId !== null).length ?? 0;
  const offs = row?.cells.filter((c) => c.weeklyOff).length ?? 0;
  const holidays = row?.cells.filter((c) => c.holiday).length ?? 0;

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'My shift schedule'}
        description={
          row
            ? `${row.name} (${row.employeeCode}) · ${working} working day${working === 1 ? '' : 's'}, ${offs} weekly off${offs === 1 ? '' : 's'}, ${holidays} holiday${holidays === 1 ? '' : 's'}`
            : 'Your shift on each day of the month.'
        }
        actions={<MonthNav year={ym.year} month={ym.month} onChange={setYm} />}
        className="mb-2"
      />
      <Card className="py-4">
        <CardContent className="grid gap-3 px-4">
          <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-muted-foreground">
            {WEEKDAY_SHORT.map((d) => (
              <div key={d}>{d}</div>
            ))}
          </div>
          {monthWeeks(ym.year, ym.month).map((week) => (
            <div key={week.find((c) => c)?.date} className="grid grid-cols-7 gap-1">
              {week.map((c, i) => {
                if (!c) return <div key={`blank-${i}`} />;
                if (!data) return <Skeleton key={c.date} className="h-20" />;
                const entry = cellOf.get(c.date);
                const shift = entry?.cell.shiftId ? shiftsById.get(entry.cell.shiftId) : undefined;
                const off = !!entry && (entry.cell.weeklyOff || !!entry.holiday);
                return (
                  <div
                    key={c.date}
                    className={cn(
                      'flex min-h-20 min-w-0 flex-col gap-0.5 rounded-md border p-1.5 text-xs',
                      off ? 'bg-zinc-100 dark:bg-zinc-500/10' : 'bg-card',
                      c.date === today && 'ring-2 ring-primary/60',
                    )}
                    data-testid="schedule-day"
                    data-date={c.date}
                  >
                    <span className={cn('font-semibold tabular-nums', c.date === today && 'text-primary')}>{c.day}</span>
                    {entry && (
                      <span className={cn('font-mono text-sm font-semibold', off && 'text-muted-foreground')} data-testid="schedule-code">
                        {entry.cell.weeklyOff ? 'WO' : entry.cell.code || '—'}
                      </span>
                    )}
                    {shift && !entry?.cell.weeklyOff && (
                      <span className="hidden truncate text-muted-foreground tabular-nums sm:block">
                        {shift.startTime.slice(0, 5)}–{shift.endTime.slice(0, 5)}
                      </span>
                    )}
                    {entry?.holiday && (
                      <span className="truncate text-muted-foreground" title={entry.holiday}>
                        {entry.holiday}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
          {data && !row && <p className="text-sm text-muted-foreground">No schedule for this month (you were not employed in it).</p>}
          <ShiftLegend shifts={(data?.shifts ?? []).filter((s) => used.has(s.id))} />
        </CardContent>
      </Card>
      <LoadError what="Your schedule" show={schedule.isError && !schedule.data} />
    </div>
  );
}
