// The day view's parts shared by Attendance (attandance) and On / off duty: count tiles, the table's columns,
// the day navigation and the employee's punches of the day.
import { addDays } from '@hr/calendar';
import { ChevronLeft, ChevronRight, PenLine, Users } from 'lucide-react';
import { DateInput } from '@/components/common/Filters';
import type { DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type TDayView, type TDayViewRow, type TDayViewStatus, usePunches } from './api';
import { DayDetails, StatusChip } from './components';
import { minutesOrBlank, minutesToHm, STATUS_TONE } from './format';

type Counts = TDayView['counts'];

/** The count tiles of the day and the status each filters the table by. */
export const DAY_TILES: { key: keyof Counts; label: string; status: TDayViewStatus | null; tone?: string }[] = [
  { key: 'employees', label: 'Employees', status: null },
  { key: 'present', label: 'Present', status: 'P', tone: STATUS_TONE.P.dot },
  { key: 'absent', label: 'Absent', status: 'A', tone: STATUS_TONE.A.dot },
  { key: 'late', label: 'Late', status: 'late', tone: 'bg-amber-500' },
  { key: 'halfDay', label: 'Half day', status: 'HD', tone: STATUS_TONE.HD.dot },
  { key: 'onLeave', label: 'On leave', status: 'L', tone: STATUS_TONE.L.dot },
  { key: 'wfh', label: 'WFH', status: 'WFH', tone: STATUS_TONE.WFH.dot },
  { key: 'onDuty', label: 'On duty', status: 'OD', tone: STATUS_TONE.OD.dot },
  { key: 'holiday', label: 'Holiday', status: 'H', tone: STATUS_TONE.H.dot },
  { key: 'weeklyOff', label: 'Weekly off', status: 'WO', tone: STATUS_TONE.WO.dot },
  { key: 'onDutyNow', label: 'At work now', status: 'in', tone: 'bg-emerald-500 animate-pulse' },
];

/**
 * Count tiles that filter the table when clicked (a second click shows everyone again); as many to a row as fit
 * their container with whole labels.
 */
export function CountTiles({
  counts,
  tiles = DAY_TILES,
  status,
  onStatus,
}: {
  counts: Counts | undefined;
  tiles?: typeof DAY_TILES;
  status: TDayViewStatus | null;
  onStatus: (s: TDayViewStatus | null) => void;
}) {
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-2" data-testid="count-tiles">
      {tiles.map((t) => {
        const active = status === t.status;
        return (
          <button
            key={t.key}
            type="button"
            onClick={() => onStatus(active || t.status === null ? null : t.status)}
            aria-pressed={active}
            data-testid={`tile-${t.key}`}
            className={cn(
              'min-w-0 rounded-md border bg-card px-3 py-2 text-left transition-colors hover:border-foreground/30',
              active && 'border-primary bg-primary/5 ring-1 ring-primary',
            )}
          >
            <div className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
              {t.tone ? <span className={cn('inline-block size-2 shrink-0 rounded-full', t.tone)} /> : <Users className="size-3" />}
              {t.label}
            </div>
            <div className="text-lg font-semibold tabular-nums">{counts ? formatCount(counts[t.key]) : '–'}</div>
          </button>
        );
      })}
    </div>
  );
}

/** The employee's punches of the day, in a side sheet. */
export function DayPunchesSheet({ row, date, onClose }: { row: TDayViewRow | null; date: string; onClose: () => void }) {
  const punches = usePunches(row?.employeeId ?? null, date, date, row !== null);
  return (
    <Sheet open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{row?.name}</SheetTitle>
          <SheetDescription>
            {row?.employeeCode} · {row?.departmentName} · {row?.unitName}
          </SheetDescription>
        </SheetHeader>
        <div className="px-4 pb-4">
          {punches.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : (
            <DayDetails date={date} day={row?.day ?? undefined} punches={punches.data ?? []} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The day table's columns (shared with on / off duty). */
export function dayColumns(extra: DataColumn<TDayViewRow>[] = []): DataColumn<TDayViewRow>[] {
  return [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div className="min-w-0">
          <div className="flex items-center gap-1.5 font-medium">
            {r.onDuty && <span className="inline-block size-2 rounded-full bg-emerald-500" title="At work now" data-testid="at-work" />}
            <span className="truncate">{r.name}</span>
          </div>
          <div className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{r.employeeCode}</span> · {r.departmentName}
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) =>
        r.day ? (
          <span className="inline-flex items-center gap-1">
            <StatusChip status={r.day.status} />
            {r.day.isManual && <PenLine className="size-3 text-muted-foreground" aria-label="Marked by hand" />}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: 'shift', header: 'Shift', cell: (r) => <span className="font-mono text-xs">{r.day?.shiftCode ?? ''}</span> },
    { id: 'in', header: 'First in', className: 'tabular-nums', cell: (r) => r.day?.firstIn ?? '' },
    { id: 'out', header: 'Last out', className: 'tabular-nums', cell: (r) => r.day?.lastOut ?? '' },
    {
      id: 'worked',
      header: 'Worked',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (r) => (r.day?.workedMinutes ? minutesToHm(r.day.workedMinutes) : ''),
    },
    {
      id: 'late',
      header: 'Late',
      headClassName: 'text-right',
      className: 'text-right tabular-nums text-amber-700 dark:text-amber-300',
      cell: (r) => minutesOrBlank(r.day?.lateMinutes),
    },
    {
      id: 'early',
      header: 'Early',
      headClassName: 'text-right',
      className: 'text-right tabular-nums text-amber-700 dark:text-amber-300',
      cell: (r) => minutesOrBlank(r.day?.earlyMinutes),
    },
    {
      id: 'punches',
      header: 'Punches',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (r) => (r.punchCount ? r.punchCount : <span className="text-muted-foreground">0</span>),
    },
    ...extra,
  ];
}

/** A date with previous / next day arrows. */
export function DayNav({ date, onChange, max }: { date: string; onChange: (d: string) => void; max?: string }) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="outline" size="icon" aria-label="Previous day" onClick={() => onChange(addDays(date, -1))}>
        <ChevronLeft />
      </Button>
      <DateInput label="Date" value={date} max={max} onChange={onChange} />
      <Button
        variant="outline"
        size="icon"
        aria-label="Next day"
        disabled={!!max && date >= max}
        onClick={() => onChange(addDays(date, 1))}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}
