// Each day of a period as attendance, leave and payroll see it: a working day, a weekly off, or a
// holiday. A holiday that falls on a weekly off counts as the holiday (the more specific fact); both
// are days off either way.
import { eachDay, type IsoDate } from './dates';
import { expandHolidays, type Holiday } from './holidays';
import { checkWeeklyOffs, isWeeklyOff, type WeeklyOff } from './weekly-off';

export type DayKind = 'working' | 'weeklyOff' | 'holiday';

export interface CalendarRules {
  weeklyOffs?: readonly WeeklyOff[];
  /** Holidays to expand for `unitId`, or dates already expanded (e.g. once for many employees of a unit). */
  holidays?: readonly Holiday[] | ReadonlySet<IsoDate>;
  /** The unit whose holidays count (see HolidayScope). */
  unitId?: number | null;
}

export interface CalendarDay {
  date: IsoDate;
  kind: DayKind;
  /** Names of the holidays on a holiday, as given. */
  holidayNames?: string[];
}

/** Every day from `from` to `to` (both included) with its kind. */
export function dayKinds(from: IsoDate, to: IsoDate, rules: CalendarRules = {}): CalendarDay[] {
  const weeklyOffs = checkWeeklyOffs(rules.weeklyOffs ?? []);
  const given = rules.holidays ?? [];
  const expanded = given instanceof Set ? null : expandHolidays(given as readonly Holiday[], { unitId: rules.unitId, from, to });
  const isHoliday = (d: IsoDate) => (expanded ? expanded.has(d) : (given as ReadonlySet<IsoDate>).has(d));
  return eachDay(from, to).map((date): CalendarDay => {
    if (isHoliday(date)) {
      const names = expanded?.get(date)?.flatMap((h) => (h.name ? [h.name] : []));
      return names?.length ? { date, kind: 'holiday', holidayNames: names } : { date, kind: 'holiday' };
    }
    return { date, kind: isWeeklyOff(date, weeklyOffs) ? 'weeklyOff' : 'working' };
  });
}

/** The working days from `from` to `to` (both included): neither a weekly off nor a holiday. */
export function workingDays(from: IsoDate, to: IsoDate, rules: CalendarRules = {}): IsoDate[] {
  return dayKinds(from, to, rules)
    .filter((d) => d.kind === 'working')
    .map((d) => d.date);
}
