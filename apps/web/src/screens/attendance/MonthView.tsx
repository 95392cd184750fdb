import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { todayIso } from '@/lib/format';
import type { TAttendanceDay, TEmployeeMonth } from './api';
import { DayDetails, MonthCalendar, MonthSummary, StatusLegend } from './components';
import { inMonth, punchesOfDay } from './format';

/**
 * One employee's month: the summary, the calendar (status colour, first in / last out, late / early / overtime per
 * day) and, for the chosen day, its figures and punches. Used by My attendance and Employee attendance.
 */
export function MonthView({
  year,
  month,
  data,
  loading,
  selected,
  onSelect,
  dayActions,
  toolbar,
}: {
  year: number;
  month: number;
  data: TEmployeeMonth | undefined;
  loading: boolean;
  selected: string | null;
  onSelect: (date: string) => void;
  /** Buttons for the chosen day (request a correction, mark by hand). */
  dayActions?: (date: string, day: TAttendanceDay | undefined) => ReactNode;
  /** Beside the calendar's title (the month picker). */
  toolbar?: ReactNode;
}) {
  const current = data && data.year === year && data.month === month ? data : undefined;
  const today = todayIso();
  // Without a choice: today in the current month, else the month's first day.
  const date = selected && inMonth(selected, year, month) ? selected : inMonth(today, year, month) ? today : null;
  const day = date ? current?.days.find((d) => d.day === date) : undefined;
  const punches = date && current ? punchesOfDay(current.punches, date, day) : [];

  return (
    <div className="grid gap-4" data-testid="month-view">
      {current ? <MonthSummary summary={current.summary} /> : <Skeleton className="h-16 w-full" />}
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card className="gap-3 py-4">
          <CardHeader className="flex flex-wrap items-center justify-between gap-2 px-4">
            <CardTitle>Calendar</CardTitle>
            {toolbar}
          </CardHeader>
          <CardContent className="grid gap-3 px-4">
            <MonthCalendar
              year={year}
              month={month}
              days={current?.days ?? []}
              selected={date}
              onSelect={onSelect}
              loading={loading || (!current && !!data)}
            />
            <StatusLegend />
          </CardContent>
        </Card>
        <Card className="gap-3 py-4 xl:sticky xl:top-4">
          <CardContent className="px-4">
            {date ? (
              <DayDetails date={date} day={day} punches={punches} actions={dayActions?.(date, day)} />
            ) : (
              <p className="text-sm text-muted-foreground">Choose a day in the calendar to see its punches.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
