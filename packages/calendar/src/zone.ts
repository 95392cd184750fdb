// "Today" is a date in the organisation's time zone (default Asia/Kolkata), never the machine's: at
// 18:30 UTC it is already tomorrow in India. Only `todayIn` reads the clock, and only when no instant
// is given.
import { type DateParts, formatIsoDMY, type IsoDate, isoDate } from './dates';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone, as numbers. An unknown time zone is a RangeError. */
export function datePartsInZone(date: Date, timeZone: string = DEFAULT_TIME_ZONE): DateParts {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** 'YYYY-MM-DD' of an instant in a time zone: 2026-01-31T18:30Z → '2026-02-01' in Asia/Kolkata. */
export function isoDateIn(timeZone: string, at: Date): IsoDate {
  const { year, month, day } = datePartsInZone(at, timeZone);
  return isoDate(year, month, day);
}

/** The organisation's "today": the date it is now (or at `at`) in its time zone. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): IsoDate {
  return isoDateIn(timeZone, at);
}

/** DD/MM/YYYY of an instant in a time zone: 2026-01-31T20:00Z → '01/02/2026' in Asia/Kolkata. */
export function formatDateDMY(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatIsoDMY(isoDateIn(timeZone, date));
}
