// Holidays as the masters keep them (a date, the units that observe it) or as ranges (a festival
// closure of several days), expanded into the set of dates that are holidays for one unit.
import { eachDay, type IsoDate, parseIsoDate } from './dates';

export interface Holiday {
  /** The holiday, or the first day of a range. */
  date: IsoDate;
  /** Last day of a range, included; a single day when absent. */
  toDate?: IsoDate | null;
  name?: string;
  /** The units that observe it; every unit when absent or null (an empty list: none). */
  unitIds?: readonly number[] | null;
}

export interface HolidayScope {
  /** The unit whose holidays are wanted; without it only holidays every unit observes count. */
  unitId?: number | null;
  /** Only dates from this day… */
  from?: IsoDate;
  /** …to this day, both included. */
  to?: IsoDate;
}

const observes = (h: Holiday, unitId: number | null | undefined) => h.unitIds == null || (unitId != null && h.unitIds.includes(unitId));

/** Each holiday date in scope with the holidays falling on it (a range counts on every one of its days). */
export function expandHolidays(holidays: readonly Holiday[], scope: HolidayScope = {}): Map<IsoDate, Holiday[]> {
  const out = new Map<IsoDate, Holiday[]>();
  if (scope.from) parseIsoDate(scope.from);
  if (scope.to) parseIsoDate(scope.to);
  for (const h of holidays) {
    const end = h.toDate ?? h.date;
    if (end < h.date) throw new RangeError(`Holiday '${h.name ?? h.date}' ends (${end}) before it starts (${h.date})`);
    if (!observes(h, scope.unitId)) continue;
    const first = scope.from && scope.from > h.date ? scope.from : h.date;
    const last = scope.to && scope.to < end ? scope.to : end;
    for (const d of eachDay(first, last)) {
      const list = out.get(d);
      if (list) list.push(h);
      else out.set(d, [h]);
    }
  }
  return out;
}

/** The holiday dates of a unit (within `from`–`to` when given). */
export function holidayDates(holidays: readonly Holiday[], scope: HolidayScope = {}): Set<IsoDate> {
  return new Set(expandHolidays(holidays, scope).keys());
}
