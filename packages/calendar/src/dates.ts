// Calendar dates as ISO 'YYYY-MM-DD' strings: what the database's `date` columns hold, what the API
// carries, and what sorts and compares correctly as plain text. A date has no time and no zone; the
// arithmetic below works on whole days (UTC day numbers), so it never meets a daylight-saving hour.

/** A calendar date 'YYYY-MM-DD' (years 0001–9999). */
export type IsoDate = string;

/** Day of the week as JavaScript counts it: 0 Sunday, 1 Monday … 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Month must be a whole number from 1 to 12, got ${month}`);
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** Reads 'YYYY-MM-DD'; anything else, or a day the month does not have ('2026-02-29'), is refused. */
export function parseIsoDate(value: string): DateParts {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  const parts = m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
  if (
    !parts ||
    parts.year < 1 ||
    parts.month < 1 ||
    parts.month > 12 ||
    parts.day < 1 ||
    parts.day > daysInMonth(parts.year, parts.month)
  ) {
    throw new RangeError(`Not a date 'YYYY-MM-DD': '${String(value)}'`);
  }
  return parts;
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of a year, month (1–12) and day; a day the month does not have is refused. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  return formatParts(parseIsoDate(`${pad(year, 4)}-${pad(month)}-${pad(day)}`));
}

const formatParts = ({ year, month, day }: DateParts): IsoDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Whole days since 1970-01-01 (negative before). */
function dayNumber(iso: IsoDate): number {
  const { year, month, day } = parseIsoDate(iso);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // not Date.UTC: it reads the years 0–99 as 1900–1999
  return Math.round(d.getTime() / DAY_MS);
}

function fromDayNumber(n: number): IsoDate {
  const d = new Date(n * DAY_MS);
  const iso = formatParts({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  if (!isIsoDate(iso)) throw new RangeError('Date out of range (years 0001–9999)');
  return iso;
}

/** The date `days` later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number, got ${days}`);
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function eachDay(from: IsoDate, to: IsoDate): IsoDate[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const out: IsoDate[] = [];
  for (let n = start; n <= end; n++) out.push(fromDayNumber(n));
  return out;
}

/** The day of the week of a date (0 Sunday … 6 Saturday). */
export function weekday(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber(date) + 4) % 7) + 7) % 7) as Weekday;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', the way the documents and screens print a date. */
export function formatIsoDMY(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}
