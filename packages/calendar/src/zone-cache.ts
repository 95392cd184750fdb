// Zone offsets remembered per zone and UTC hour: for conversions made many times over (a device batch's lines and
// punches), where two Intl calls each would be a tenth of the work.
import type { IsoDate } from './dates';
import { instantOfWallClock, isoDateIn, zoneOffsetMinutes } from './zone';

/**
 * Minutes a zone's clock is ahead of UTC at an instant (ms): zoneOffsetMinutes, remembered per zone and UTC hour. A
 * device batch's lines fall in a few hours, and two Intl formatToParts calls per line were about a tenth of an
 * ingest's CPU. An hour whose first and last second have the same offset has it throughout (no zone changes its offset
 * twice within an hour); an hour with a change in it (a daylight-saving switch, at any minute) is never remembered:
 * each instant in it is asked of Intl. The answers are zoneOffsetMinutes' own, so the instants are the same.
 */
const HOUR_MS = 3_600_000;
const MIXED = Number.NaN;
const offsetsByZone = new Map<string, Map<number, number>>();
export function cachedZoneOffset(timeZone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let byHour = offsetsByZone.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsetsByZone.set(timeZone, byHour);
  }
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const first = zoneOffsetMinutes(timeZone, new Date(hour * HOUR_MS));
    const last = zoneOffsetMinutes(timeZone, new Date(hour * HOUR_MS + HOUR_MS - 1000));
    offset = first === last ? first : MIXED;
    // A bound on what a process keeps: a device sending times over many years fills a zone's table.
    if (byHour.size >= 50_000) byHour.clear();
    byHour.set(hour, offset);
  }
  return Number.isNaN(offset) ? zoneOffsetMinutes(timeZone, new Date(ms)) : offset;
}

/** Instants from 1972 on: every zone's offset since then is whole minutes, so the date below is Intl's own. */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1972, 0, 1);

/**
 * The date an instant falls on in a zone, as isoDateIn(timeZone, at) answers (the instant, to the second, plus the
 * zone's offset, read as UTC), with the offset remembered; before 1972 (offsets in seconds) isoDateIn itself.
 */
export function cachedDateIn(timeZone: string, at: Date): IsoDate {
  const ms = at.getTime();
  if (!(ms >= WHOLE_MINUTE_OFFSETS_FROM)) return isoDateIn(timeZone, at);
  return new Date(Math.floor(ms / 1000) * 1000 + cachedZoneOffset(timeZone, ms) * 60_000).toISOString().slice(0, 10) as IsoDate;
}

/** zonedInstant with the offsets remembered: the same instant (the same arithmetic, instantOfWallClock). */
export function cachedZonedInstant(date: IsoDate, minutes: number, timeZone: string): Date {
  return instantOfWallClock(date, minutes, (ms) => cachedZoneOffset(timeZone, ms));
}
