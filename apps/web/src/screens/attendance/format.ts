// Pure helpers of the attendance screens: status colours and labels, minutes as h:mm, the month calendar's
// layout, month ranges and a device's staleness. No React, no I/O (tested in format.test.ts).
import { addDays, daysInMonth, isoDate, parseIsoDate, weekday } from '@hr/calendar';
import type { TDayStatus } from '@hr/contract';
import { clockOf, dateOf } from '@/components/attendance/punch-time';

export const STATUS_LABEL: Record<TDayStatus, string> = {
  P: 'Present',
  A: 'Absent',
  HD: 'Half day',
  HL: 'Half day + leave',
  L: 'On leave',
  H: 'Holiday',
  WO: 'Weekly off',
  WFH: 'Work from home',
  OD: 'On duty',
};

/**
 * One colour per status on every attendance screen: P green, A red, HD / HL amber, L blue, H / WO grey,
 * WFH / OD teal. `chip` is the filled pill (badges, register cells), `cell` the calendar day's tint.
 */
export const STATUS_TONE: Record<TDayStatus, { chip: string; cell: string; dot: string }> = {
  P: {
    chip: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300',
    cell: 'bg-emerald-50 border-emerald-200 dark:bg-emerald-500/10 dark:border-emerald-500/30',
    dot: 'bg-emerald-500',
  },
  A: {
    chip: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-300',
    cell: 'bg-red-50 border-red-200 dark:bg-red-500/10 dark:border-red-500/30',
    dot: 'bg-red-500',
  },
  HD: {
    chip: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300',
    cell: 'bg-amber-50 border-amber-200 dark:bg-amber-500/10 dark:border-amber-500/30',
    dot: 'bg-amber-500',
  },
  HL: {
    chip: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300',
    cell: 'bg-amber-50 border-amber-200 dark:bg-amber-500/10 dark:border-amber-500/30',
    dot: 'bg-amber-500',
  },
  L: {
    chip: 'bg-blue-100 text-blue-800 dark:bg-blue-500/20 dark:text-blue-300',
    cell: 'bg-blue-50 border-blue-200 dark:bg-blue-500/10 dark:border-blue-500/30',
    dot: 'bg-blue-500',
  },
  H: {
    chip: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-500/25 dark:text-zinc-300',
    cell: 'bg-zinc-100 border-zinc-200 dark:bg-zinc-500/10 dark:border-zinc-500/30',
    dot: 'bg-zinc-400',
  },
  WO: {
    chip: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-500/25 dark:text-zinc-300',
    cell: 'bg-zinc-100 border-zinc-200 dark:bg-zinc-500/10 dark:border-zinc-500/30',
    dot: 'bg-zinc-400',
  },
  WFH: {
    chip: 'bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-300',
    cell: 'bg-teal-50 border-teal-200 dark:bg-teal-500/10 dark:border-teal-500/30',
    dot: 'bg-teal-500',
  },
  OD: {
    chip: 'bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-300',
    cell: 'bg-teal-50 border-teal-200 dark:bg-teal-500/10 dark:border-teal-500/30',
    dot: 'bg-teal-500',
  },
};

const STATUS_SET = new Set<string>(Object.keys(STATUS_LABEL));
/** A register code that is a day status (the register may also print '' or '-' for days out of employment). */
export const isDayStatus = (code: string | null | undefined): code is TDayStatus => !!code && STATUS_SET.has(code);

/** Whole minutes as h:mm: 75 → '1:15', 0 → '0:00'; negative values keep their sign. */
export function minutesToHm(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const sign = minutes < 0 ? '-' : '';
  const m = Math.round(Math.abs(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes as h:mm, or '' for zero (a table cell with nothing to say stays empty). */
export const minutesOrBlank = (minutes: number | null | undefined): string => (minutes ? minutesToHm(minutes) : '');

/** Decimal hours (1.5) as h:mm ('1:30'). */
export const hoursToHm = (hours: number | null | undefined): string =>
  hours === null || hours === undefined ? '' : minutesToHm(Math.round(hours * 60));

/** Day counts print with at most two decimals and no trailing zeros: 21.5, 22, 0.25. */
export function formatDays(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Math.round(value * 100) / 100);
}

/** A punch's clock ('HH:MM') and date ('YYYY-MM-DD'), shared with the punch card (components/attendance). */
export { clockOf, dateOf };

/**
 * The punches of one attendance day: those stamped on that date, plus, when the day's last out is earlier on the
 * clock than its first in (a night shift ending next morning), the next morning's up to that out.
 */
export function punchesOfDay<P extends { localTime: string }>(
  punches: readonly P[],
  date: string,
  day?: { firstIn: string | null; lastOut: string | null } | null,
): P[] {
  const overnight = !!day?.firstIn && !!day.lastOut && day.lastOut < day.firstIn;
  const next = overnight ? addDays(date, 1) : null;
  return punches
    .filter((p) => {
      const d = dateOf(p.localTime);
      return d === date || (next !== null && d === next && clockOf(p.localTime) <= (day?.lastOut ?? ''));
    })
    .sort((a, b) => a.localTime.localeCompare(b.localTime));
}

/** The first and last day of a month, 'YYYY-MM-DD'. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  return { from: isoDate(year, month, 1), to: isoDate(year, month, daysInMonth(year, month)) };
}

/** The month `delta` months away. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whether a date lies in a given month. */
export function inMonth(date: string, year: number, month: number): boolean {
  const p = parseIsoDate(date);
  return p.year === year && p.month === month;
}

export type CalendarCell = { date: string; day: number } | null;

/**
 * A month as calendar weeks: rows of seven cells, Sunday first (the weekday numbering of the rosters and
 * weekly patterns), null for the days of the neighbouring months. Always whole weeks (4 to 6 rows).
 */
export function monthWeeks(year: number, month: number): CalendarCell[][] {
  const first = isoDate(year, month, 1);
  const lead = weekday(first);
  const count = daysInMonth(year, month);
  const cells: CalendarCell[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < count; d++) cells.push({ date: addDays(first, d), day: d + 1 });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAY_INITIAL = ['S', 'M', 'T', 'W', 'T', 'F', 'S'] as const;

/** A device's last contact is stale after this many minutes (its heartbeat is every minute or so). */
export const STALE_AFTER_MINUTES = 15;

/** Whether a device has not been heard from for more than `minutes` (never heard from: stale). */
export function isStale(lastSeenAt: string | null, now: Date = new Date(), minutes = STALE_AFTER_MINUTES): boolean {
  if (!lastSeenAt) return true;
  const at = Date.parse(lastSeenAt);
  if (Number.isNaN(at)) return true;
  return now.getTime() - at > minutes * 60_000;
}

/** '5 min ago', '3 h ago', '2 days ago' for a past instant; 'just now' under a minute. */
export function ago(at: string | null, now: Date = new Date()): string {
  if (!at) return 'never';
  const ms = now.getTime() - Date.parse(at);
  if (Number.isNaN(ms)) return '';
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/** A file name part from free text: 'Head Office, Bengaluru' → 'Head_Office_Bengaluru'. */
export const fileSafe = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/** A rotation or weekly pattern's length check: weekly patterns are exactly 7 entries, fixed ones 1. */
export function patternLength(kind: 'fixed' | 'weekly' | 'rotation', rotationDays: number): number {
  if (kind === 'fixed') return 1;
  if (kind === 'weekly') return 7;
  return Math.min(62, Math.max(1, Math.trunc(rotationDays) || 1));
}

/** Resizes a pattern to `length` entries, keeping what fits and giving new days `fill`. */
export function resizePattern<T>(pattern: readonly T[], length: number, fill: T): T[] {
  return Array.from({ length }, (_, i) => (i < pattern.length ? pattern[i] : fill));
}

/** 'YYYY-MM-DD' → its year and month. */
export function yearMonthOf(date: string): { year: number; month: number } {
  const p = parseIsoDate(date);
  return { year: p.year, month: p.month };
}
