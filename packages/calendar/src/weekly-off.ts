// Weekly-off patterns: { weekday: 0 } is every Sunday; { weekday: 6, weeksOfMonth: [2, 4] } the second
// and fourth Saturday. "The 2nd Saturday" is the second Saturday occurring in that month (days 8–14),
// whatever day the month starts on; 'last' is the last one (a 5th where the month has five).
import { daysInMonth, type IsoDate, parseIsoDate, type Weekday, weekday } from './dates';

/** Which occurrence of a weekday in its month: 1 = days 1–7 … 5 = days 29–31; 'last' = the month's last one. */
export type WeekOfMonth = 1 | 2 | 3 | 4 | 5 | 'last';

export interface WeeklyOff {
  /** 0 Sunday … 6 Saturday. */
  weekday: Weekday;
  /** Only these occurrences in each month; every week when absent or empty. */
  weeksOfMonth?: readonly WeekOfMonth[];
}

/** The occurrence of a date's weekday in its month: the 8th to the 14th are the 2nd. */
export function weekOfMonth(date: IsoDate): 1 | 2 | 3 | 4 | 5 {
  return (Math.floor((parseIsoDate(date).day - 1) / 7) + 1) as 1 | 2 | 3 | 4 | 5;
}

/** True when no later day of the month falls on the same weekday. */
export function isLastOfMonth(date: IsoDate): boolean {
  const { year, month, day } = parseIsoDate(date);
  return day + 7 > daysInMonth(year, month);
}

/** Refuses a pattern with a weekday outside 0–6 or an occurrence outside 1–5 / 'last'. */
export function checkWeeklyOffs(patterns: readonly WeeklyOff[]): readonly WeeklyOff[] {
  for (const p of patterns) {
    if (!Number.isInteger(p.weekday) || p.weekday < 0 || p.weekday > 6)
      throw new RangeError(`Weekday must be 0 (Sunday) to 6, got ${p.weekday}`);
    for (const w of p.weeksOfMonth ?? []) {
      if (w !== 'last' && !(Number.isInteger(w) && w >= 1 && w <= 5))
        throw new RangeError(`Week of month must be 1 to 5 or 'last', got ${w}`);
    }
  }
  return patterns;
}

/** The patterns of an employee's weekly offs stored as weekdays (every week): [0, 6] → every Sunday and Saturday. */
export function everyWeek(weekdays: readonly number[]): WeeklyOff[] {
  return [...checkWeeklyOffs(weekdays.map((d) => ({ weekday: d as Weekday })))];
}

/** True when a date is a weekly off under any of the patterns. */
export function isWeeklyOff(date: IsoDate, patterns: readonly WeeklyOff[]): boolean {
  const day = weekday(date);
  return patterns.some(
    (p) =>
      p.weekday === day &&
      (!p.weeksOfMonth?.length || p.weeksOfMonth.some((w) => (w === 'last' ? isLastOfMonth(date) : w === weekOfMonth(date)))),
  );
}
