import { describe, expect, it } from 'vitest';
import { eachDay } from './dates';
import { financialYearOf } from './financial-year';
import { type Holiday, holidayDates } from './holidays';
import { monthRange } from './months';
import type { WeeklyOff } from './weekly-off';
import { dayKinds, workingDays } from './working-days';

const SUNDAY_AND_2ND_4TH_SATURDAY: WeeklyOff[] = [{ weekday: 0 }, { weekday: 6, weeksOfMonth: [2, 4] }];
const HOLIDAYS: Holiday[] = [
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-14', name: 'Ambedkar Jayanti', unitIds: [1] },
  { date: '2026-04-26', name: 'On a Sunday' },
  { date: '2026-04-28', toDate: '2026-04-30', name: 'Branch closure', unitIds: [2] },
];

describe('working days', () => {
  it.each([
    // unit, working days in April 2026 (30 days: 4 Sundays, 2nd and 4th Saturday)
    [1, 22], // − Good Friday − Ambedkar Jayanti
    [2, 20], // − Good Friday − three days of closure
    [3, 23], // − Good Friday
  ])('April 2026 for unit %i: %i', (unitId, count) => {
    const { startDate, endDate } = monthRange('2026-04');
    expect(workingDays(startDate, endDate, { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY, holidays: HOLIDAYS, unitId })).toHaveLength(count);
  });

  it.each([
    ['2026-02', [], 28],
    ['2024-02', [], 29],
    ['2026-02', [{ weekday: 0 }], 24],
    ['2024-02', [{ weekday: 0 }, { weekday: 6 }], 21],
    ['2026-05', [{ weekday: 0 }, { weekday: 6, weeksOfMonth: [2, 4] }], 24], // 31 − 5 Sundays − 2 (the 5th Saturday works)
    ['2026-05', [{ weekday: 0 }, { weekday: 6 }], 21],
  ] as const)('%s with %j: %i', (month, weeklyOffs, count) => {
    const { startDate, endDate } = monthRange(month);
    expect(workingDays(startDate, endDate, { weeklyOffs })).toHaveLength(count);
  });

  it('a financial year of Sundays and 2nd/4th Saturdays off', () => {
    const fy = financialYearOf('2026-06-01'); // 2026-04-01 … 2027-03-31: 52 Sundays, 24 Saturdays
    expect(workingDays(fy.startDate, fy.endDate, { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY })).toHaveLength(365 - 52 - 24);
  });

  it('lists the kind of each day; a holiday on a weekly off counts as the holiday', () => {
    const days = dayKinds('2026-04-10', '2026-04-14', { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY, holidays: HOLIDAYS, unitId: 1 });
    expect(days).toEqual([
      { date: '2026-04-10', kind: 'working' },
      { date: '2026-04-11', kind: 'weeklyOff' },
      { date: '2026-04-12', kind: 'weeklyOff' },
      { date: '2026-04-13', kind: 'working' },
      { date: '2026-04-14', kind: 'holiday', holidayNames: ['Ambedkar Jayanti'] },
    ]);
    expect(dayKinds('2026-04-26', '2026-04-26', { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY, holidays: HOLIDAYS })).toEqual([
      { date: '2026-04-26', kind: 'holiday', holidayNames: ['On a Sunday'] },
    ]);
  });

  it('takes holidays already expanded for a unit', () => {
    const expanded = holidayDates(HOLIDAYS, { unitId: 2 });
    const { startDate, endDate } = monthRange('2026-04');
    const rules = { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY };
    expect(workingDays(startDate, endDate, { ...rules, holidays: expanded })).toEqual(
      workingDays(startDate, endDate, { ...rules, holidays: HOLIDAYS, unitId: 2 }),
    );
    expect(dayKinds('2026-04-28', '2026-04-28', { holidays: expanded })).toEqual([{ date: '2026-04-28', kind: 'holiday' }]);
  });

  it('every day works without rules; an empty period has none', () => {
    expect(workingDays('2026-04-01', '2026-04-30')).toEqual(eachDay('2026-04-01', '2026-04-30'));
    expect(dayKinds('2026-04-02', '2026-04-01', { weeklyOffs: SUNDAY_AND_2ND_4TH_SATURDAY })).toEqual([]);
  });

  it('refuses bad dates and patterns', () => {
    expect(() => workingDays('2026-02-01', '2026-02-30')).toThrow(RangeError);
    expect(() => workingDays('2026-02-01', '2026-02-28', { weeklyOffs: [{ weekday: 8 as 0 }] })).toThrow(RangeError);
  });
});
