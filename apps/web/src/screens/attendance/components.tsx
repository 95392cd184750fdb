import { DAY_STATUS_CODES, type TAttendanceDay, type TDayStatus, type TPeriodSummary } from '@hr/contract';
import { AlertTriangle, ChevronLeft, ChevronRight, FileSpreadsheet, FileText, Lock, PenLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { PunchList } from '@/components/attendance/PunchList';
import { FILTER_CLASS } from '@/components/common/Filters';
import { MonthPicker } from '@/components/common/Pickers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { dayLabel, formatDate, todayIso, WEEKDAY_SHORT } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import type { TExportFormat, TPunch } from './api';
import { formatDays, hoursToHm, minutesToHm, monthWeeks, STATUS_LABEL, STATUS_TONE, shiftMonth } from './format';

// ---- status ----

export function StatusChip({ status, className, long }: { status: TDayStatus; className?: string; long?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-semibold leading-none',
        STATUS_TONE[status].chip,
        className,
      )}
      title={STATUS_LABEL[status]}
      data-testid="day-status"
      data-status={status}
    >
      {long ? STATUS_LABEL[status] : status}
    </span>
  );
}

/** The colour key of the day statuses (codes with their names). */
export function StatusLegend({ codes = DAY_STATUS_CODES, className }: { codes?: readonly TDayStatus[]; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}>
      {codes.map((c) => (
        <span key={c} className="inline-flex items-center gap-1">
          <StatusChip status={c} />
          {STATUS_LABEL[c]}
        </span>
      ))}
    </div>
  );
}

// ---- dates ----

/** Previous / next month arrows around a month and year choice. */
export function MonthNav({
  year,
  month,
  onChange,
  max,
  className,
}: {
  year: number;
  month: number;
  onChange: (v: { year: number; month: number }) => void;
  /** The last month offered ({year, month}); default none. */
  max?: { year: number; month: number };
  className?: string;
}) {
  const next = shiftMonth(year, month, 1);
  const atMax = !!max && next.year * 12 + next.month > max.year * 12 + max.month;
  const currentYear = Number(todayIso().slice(0, 4));
  const years = [currentYear + 1, currentYear, currentYear - 1, currentYear - 2, currentYear - 3].filter((y) => !max || y <= max.year);
  if (!years.includes(year)) years.push(year);
  return (
    <div className={cn('flex items-center gap-1', className)} data-testid="month-nav">
      <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onChange(shiftMonth(year, month, -1))}>
        <ChevronLeft />
      </Button>
      <MonthPicker value={month} onChange={(m) => onChange({ year, month: m })} className="w-36" />
      <select
        className={cn(FILTER_CLASS, 'w-22')}
        aria-label="Year"
        value={year}
        onChange={(e) => onChange({ year: Number(e.target.value), month })}
      >
        {years
          .sort((a, b) => b - a)
          .map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
      </select>
      <Button variant="outline" size="icon" aria-label="Next month" disabled={atMax} onClick={() => onChange(next)}>
        <ChevronRight />
      </Button>
    </div>
  );
}

/** Export Excel / Export PDF, each downloading the report with the current filters. */
export function ExportButtons({ onExport, disabled }: { onExport: (format: TExportFormat) => Promise<string>; disabled?: boolean }) {
  const exportAction = useAction((format: TExportFormat) => onExport(format), {
    success: (fileName) => ({ title: 'Downloaded', description: fileName }),
  });
  const busy = exportAction.pending?.[0] ?? null;
  const run = exportAction.run;
  return (
    <>
      <Button variant="outline" disabled={disabled || busy !== null} onClick={() => void run('xlsx')} data-testid="export-xlsx">
        <FileSpreadsheet /> {busy === 'xlsx' ? 'Exporting…' : 'Export Excel'}
      </Button>
      <Button variant="outline" disabled={disabled || busy !== null} onClick={() => void run('pdf')} data-testid="export-pdf">
        <FileText /> {busy === 'pdf' ? 'Exporting…' : 'Export PDF'}
      </Button>
    </>
  );
}

// ---- the month calendar ----

const CELL_QUIET = new Set<TDayStatus>(['H', 'WO']);

function CalendarDay({
  date,
  dayNumber,
  day,
  today,
  selected,
  onSelect,
}: {
  date: string;
  dayNumber: number;
  day: TAttendanceDay | undefined;
  today: string;
  selected: boolean;
  onSelect?: (date: string) => void;
}) {
  const future = date > today;
  // A future day has no attendance yet: only what the calendar already knows (holiday, weekly off) shows.
  const status = day && (!future || CELL_QUIET.has(day.status)) ? day.status : null;
  const times = day && (day.firstIn || day.lastOut) ? `${day.firstIn ?? '--:--'}–${day.lastOut ?? '--:--'}` : null;
  return (
    <button
      type="button"
      onClick={() => onSelect?.(date)}
      data-testid="calendar-day"
      data-date={date}
      aria-pressed={selected}
      className={cn(
        'flex min-h-[4.75rem] min-w-0 flex-col gap-0.5 rounded-md border p-1.5 text-left text-xs transition-colors hover:border-foreground/30',
        status ? STATUS_TONE[status].cell : 'bg-card',
        future && 'opacity-70',
        date === today && 'ring-2 ring-primary/60',
        selected && 'outline-2 outline-offset-1 outline-foreground',
      )}
    >
      {/* Named by its content (what is seen is what is read out), the full date and status first for a reader. */}
      <span className="sr-only">{`${formatDate(date)}${status ? `, ${STATUS_LABEL[status]}` : ''}: `}</span>
      <div className="flex items-center justify-between gap-1">
        <span className={cn('font-semibold tabular-nums', date === today && 'text-primary')}>{dayNumber}</span>
        <span className="flex items-center gap-1">
          {day?.isManual && <PenLine className="size-3 text-muted-foreground" aria-label="Marked by hand" />}
          {day?.frozen && <Lock className="size-3 text-muted-foreground" aria-label="Salary approved: frozen" />}
          {status && <StatusChip status={status} className="px-1 py-px text-[10px]" />}
        </span>
      </div>
      {day?.shiftCode && <div className="truncate text-[10px] text-muted-foreground">{day.shiftCode}</div>}
      {times && <div className="hidden truncate text-[11px] tracking-tight tabular-nums sm:block">{times}</div>}
      <div className="mt-auto flex flex-wrap gap-x-1.5 text-[10px] font-medium leading-tight">
        {!!day?.lateMinutes && <span className="text-amber-700 dark:text-amber-300">L {minutesToHm(day.lateMinutes)}</span>}
        {!!day?.earlyMinutes && <span className="text-amber-700 dark:text-amber-300">E {minutesToHm(day.earlyMinutes)}</span>}
        {!!day?.otMinutes && <span className="text-teal-700 dark:text-teal-300">OT {minutesToHm(day.otMinutes)}</span>}
        {day?.missedPunch && !future && <span className="text-red-800 dark:text-red-300">Missed punch</span>}
      </div>
    </button>
  );
}

/** A month of days as a calendar: status colour, shift, first in – last out, late / early / overtime per day. */
export function MonthCalendar({
  year,
  month,
  days,
  selected,
  onSelect,
  loading,
}: {
  year: number;
  month: number;
  days: TAttendanceDay[];
  selected: string | null;
  onSelect?: (date: string) => void;
  loading?: boolean;
}) {
  const byDate = new Map(days.map((d) => [d.day, d]));
  const today = todayIso();
  const weeks = monthWeeks(year, month);
  return (
    <div className="grid gap-1" data-testid="month-calendar">
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-muted-foreground">
        {WEEKDAY_SHORT.map((d) => (
          <div key={d}>{d}</div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week.find((c) => c)?.date} className="grid grid-cols-7 gap-1">
          {week.map((cell, i) =>
            cell === null ? (
              <div key={`blank-${i}`} />
            ) : loading && !byDate.size ? (
              <Skeleton key={cell.date} className="min-h-[4.75rem]" />
            ) : (
              <CalendarDay
                key={cell.date}
                date={cell.date}
                dayNumber={cell.day}
                day={byDate.get(cell.date)}
                today={today}
                selected={selected === cell.date}
                onSelect={onSelect}
              />
            ),
          )}
        </div>
      ))}
    </div>
  );
}

function Tile({ label, value, tone, hint }: { label: string; value: ReactNode; tone?: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-md border bg-card px-3 py-2" title={hint}>
      <div className="truncate text-xs text-muted-foreground">{label}</div>
      <div className={cn('text-lg font-semibold tabular-nums', tone)}>{value}</div>
    </div>
  );
}

/** The month's figures: payable, present, absent, leave, LWOP, holidays and weekly offs, late / early, overtime. */
export function MonthSummary({ summary }: { summary: TPeriodSummary }) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-5 xl:grid-cols-10" data-testid="month-summary">
      <Tile label="Payable days" value={formatDays(summary.payableDays)} tone="text-primary" hint={`of ${summary.monthDays} days`} />
      <Tile label="Present" value={formatDays(summary.presentDays)} tone="text-emerald-700 dark:text-emerald-300" />
      <Tile label="Absent" value={formatDays(summary.absentDays)} tone="text-red-700 dark:text-red-300" />
      <Tile label="Leave" value={formatDays(summary.leaveDays)} tone="text-blue-700 dark:text-blue-300" />
      <Tile label="LWOP" value={formatDays(summary.lwopDays)} hint="Leave without pay" />
      <Tile label="Holidays" value={formatDays(summary.holidays)} />
      <Tile label="Weekly offs" value={formatDays(summary.weeklyOffs)} />
      <Tile label="Late" value={summary.lateCount} tone={summary.lateCount ? 'text-amber-700 dark:text-amber-300' : undefined} />
      <Tile label="Early out" value={summary.earlyCount} tone={summary.earlyCount ? 'text-amber-700 dark:text-amber-300' : undefined} />
      <Tile label="OT hours" value={hoursToHm(summary.otHours)} tone={summary.otHours ? 'text-teal-700 dark:text-teal-300' : undefined} />
    </div>
  );
}

/** One day's figures and punches (the panel beside the calendar). */
export function DayDetails({
  date,
  day,
  punches,
  actions,
}: {
  date: string;
  day: TAttendanceDay | undefined;
  punches: TPunch[];
  actions?: ReactNode;
}) {
  return (
    <div className="grid gap-3" data-testid="day-details">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="font-semibold">{dayLabel(date)}</span>
          {day && <StatusChip status={day.status} long />}
          {day?.isManual && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Badge variant="outline">
                  <PenLine /> Marked by hand
                </Badge>
              </TooltipTrigger>
              <TooltipContent>A manager marked this day; punches do not change it.</TooltipContent>
            </Tooltip>
          )}
          {day?.frozen && (
            <Badge variant="outline">
              <Lock /> Frozen
            </Badge>
          )}
        </div>
        {actions}
      </div>
      {day && (
        <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
          <DayFigure label="Shift" value={day.shiftCode ?? '—'} />
          <DayFigure label="First in" value={day.firstIn ?? '—'} />
          <DayFigure label="Last out" value={day.lastOut ?? '—'} />
          <DayFigure label="Worked" value={minutesToHm(day.workedMinutes)} />
          <DayFigure label="Late / early" value={`${minutesToHm(day.lateMinutes)} / ${minutesToHm(day.earlyMinutes)}`} />
          <DayFigure label="Overtime" value={minutesToHm(day.otMinutes)} />
        </dl>
      )}
      {day?.missedPunch && (
        <p className="flex items-center gap-1.5 text-sm text-destructive">
          <AlertTriangle className="size-4" /> A punch is missing on this day.
        </p>
      )}
      <PunchList punches={punches} empty="No punch on this day." />
    </div>
  );
}

function DayFigure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** A shift's code with its times as a legend entry. */
export function ShiftLegend({
  shifts,
  className,
}: {
  shifts: { id: number; code: string; name: string; startTime: string; endTime: string }[];
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground', className)} data-testid="shift-legend">
      {shifts.map((s) => (
        <span key={s.id}>
          <span className="font-mono font-semibold text-foreground">{s.code}</span> {s.name}
          {s.startTime && (
            <span className="tabular-nums">
              {' '}
              ({s.startTime.slice(0, 5)}–{s.endTime.slice(0, 5)})
            </span>
          )}
        </span>
      ))}
      <span>
        <span className="font-mono font-semibold text-foreground">WO</span> Weekly off
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="inline-block size-3 rounded-sm bg-zinc-200 dark:bg-zinc-500/30" /> Holiday / weekly off
      </span>
    </div>
  );
}
