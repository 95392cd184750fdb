// Month names and dates as the documents print them. "Today" is a date in the organisation's time
// zone (default Asia/Kolkata), not the machine's.

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type MonthName = (typeof MONTH_NAMES)[number];

/** 1 → 'January' … 12 → 'December'; anything else is refused. */
export function monthName(month: number): MonthName {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be a whole number from 1 to 12, got ${month}`);
  }
  return MONTH_NAMES[month - 1];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone, as numbers. */
export function datePartsInZone(date: Date, timeZone: string = DEFAULT_TIME_ZONE): { year: number; month: number; day: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** DD/MM/YYYY of an instant in a time zone: 2026-01-31T20:00Z → '01/02/2026' in Asia/Kolkata. */
export function formatDateDMY(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const { year, month, day } = datePartsInZone(date, timeZone);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}
