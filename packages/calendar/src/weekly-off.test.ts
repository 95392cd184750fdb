import { describe, expect, it } from 'vitest';
import { eachDay } from './dates';
import { monthRange } from './months';
import { checkWeeklyOffs, everyWeek, isLastOfMonth, isWeeklyOff, type WeeklyOff, weekOfMonth } from './weekly-off';

const offsIn = (month: string, patterns: readonly WeeklyOff[]) => {
  const { startDate, endDate } = monthRange(month);
  return eachDay(startDate, endDate)
    .filter((d) => isWeeklyOff(d, patterns))
    .map((d) => Number(d.slice(8)));
};

const SUNDAYS: WeeklyOff[] = [{ weekday: 0 }];
const SECOND_FOURTH_SATURDAY: WeeklyOff[] = [{ weekday: 6, weeksOfMonth: [2, 4] }];

describe('weekly-off patterns', () => {
  it.each([
    // month, every Sunday, 2nd and 4th Saturday, every Saturday
    ['2026-02', [1, 8, 15, 22], [14, 28], [7, 14, 21, 28]], // 28 days starting on a Sunday
    ['2026-04', [5, 12, 19, 26], [11, 25], [4, 11, 18, 25]],
    ['2026-05', [3, 10, 17, 24, 31], [9, 23], [2, 9, 16, 23, 30]], // five Saturdays and five Sundays
    ['2026-08', [2, 9, 16, 23, 30], [8, 22], [1, 8, 15, 22, 29]], // starts on a Saturday: the 1st is the 1st Saturday
    ['2024-02', [4, 11, 18, 25], [10, 24], [3, 10, 17, 24]], // leap February
    ['2020-02', [2, 9, 16, 23], [8, 22], [1, 8, 15, 22, 29]], // leap February with a 5th Saturday on the 29th
  ])('%s', (month, sundays, secondFourth, saturdays) => {
    expect(offsIn(month, SUNDAYS)).toEqual(sundays);
    expect(offsIn(month, SECOND_FOURTH_SATURDAY)).toEqual(secondFourth);
    expect(offsIn(month, [{ weekday: 6 }])).toEqual(saturdays);
    expect(offsIn(month, [{ weekday: 6, weeksOfMonth: [] }])).toEqual(saturdays);
    expect(offsIn(month, [...SUNDAYS, ...SECOND_FOURTH_SATURDAY])).toEqual([...sundays, ...secondFourth].sort((a, b) => a - b));
  });

  it.each([
    ['2026-05', [5], [30]],
    ['2026-05', ['last'], [30]],
    ['2026-04', [5], []], // no 5th Saturday in April 2026
    ['2026-04', ['last'], [25]],
    ['2026-04', [1, 3, 'last'], [4, 18, 25]],
    ['2026-02', [5], []],
  ] as const)('%s, Saturdays %j → %j', (month, weeks, days) => {
    expect(offsIn(month, [{ weekday: 6, weeksOfMonth: weeks }])).toEqual(days);
  });

  it.each([
    ['2026-08-01', 1, false],
    ['2026-08-07', 1, false],
    ['2026-08-08', 2, false],
    ['2026-08-14', 2, false],
    ['2026-08-28', 4, true],
    ['2026-08-29', 5, true],
    ['2026-02-22', 4, true],
    ['2026-02-21', 3, false],
  ] as const)('%s is occurrence %i (last: %s)', (date, week, last) => {
    expect(weekOfMonth(date)).toBe(week);
    expect(isLastOfMonth(date)).toBe(last);
  });

  it("turns an employee's weekdays into patterns", () => {
    expect(everyWeek([0, 6])).toEqual([{ weekday: 0 }, { weekday: 6 }]);
    expect(everyWeek([])).toEqual([]);
    expect(() => everyWeek([7])).toThrow(/0 \(Sunday\) to 6/);
  });

  it('refuses a weekday or an occurrence out of range', () => {
    expect(() => checkWeeklyOffs([{ weekday: -1 as 0 }])).toThrow(RangeError);
    expect(() => checkWeeklyOffs([{ weekday: 6, weeksOfMonth: [6 as 5] }])).toThrow(/1 to 5 or 'last'/);
    expect(() => checkWeeklyOffs([{ weekday: 6, weeksOfMonth: [0 as 1] }])).toThrow(RangeError);
  });
});
