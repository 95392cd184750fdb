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

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone's clock is ahead of UTC at an instant (Asia/Kolkata: 330). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a zone's wall clock reads `date` at `minutes` past midnight: ('2026-11-02', 540,
 * 'Asia/Kolkata') → 2026-11-02T03:30:00Z. In a daylight-saving gap the hour after it is taken.
 */
export function zonedInstant(date: IsoDate, minutes: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return instantOfWallClock(date, minutes, (ms) => zoneOffsetMinutes(timeZone, new Date(ms)));
}

/**
 * zonedInstant's arithmetic with the zone's offset (minutes, at an instant in whole ms) given: the wall-clock
 * reading less the offset at it, then less the offset at that first guess (so a reading just after a change lands
 * right, and one in a gap takes the hour after it).
 */
export function instantOfWallClock(date: IsoDate, minutes: number, offsetAt: (ms: number) => number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let guess = wall - offsetAt(Math.trunc(wall)) * 60_000;
  guess = wall - offsetAt(Math.trunc(guess)) * 60_000;
  return new Date(guess);
}
