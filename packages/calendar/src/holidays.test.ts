import { describe, expect, it } from 'vitest';
import { expandHolidays, type Holiday, holidayDates } from './holidays';

const HOLIDAYS: Holiday[] = [
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-03-04', name: 'Holi', unitIds: [1, 2] },
  { date: '2026-04-14', name: 'Tamil New Year', unitIds: [2] },
  { date: '2026-10-19', toDate: '2026-10-23', name: 'Dussehra break', unitIds: [3] },
  { date: '2026-12-31', toDate: '2027-01-01', name: 'Year end', unitIds: null },
  { date: '2026-05-01', name: 'Nowhere', unitIds: [] },
];

const sorted = (s: Set<string>) => [...s].sort();

describe('holiday expansion', () => {
  it.each([
    [undefined, ['2026-01-26', '2026-12-31', '2027-01-01']],
    [1, ['2026-01-26', '2026-03-04', '2026-12-31', '2027-01-01']],
    [2, ['2026-01-26', '2026-03-04', '2026-04-14', '2026-12-31', '2027-01-01']],
    [3, ['2026-01-26', '2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23', '2026-12-31', '2027-01-01']],
    [9, ['2026-01-26', '2026-12-31', '2027-01-01']],
  ])('unit %s', (unitId, dates) => {
    expect(sorted(holidayDates(HOLIDAYS, { unitId }))).toEqual(dates);
  });

  it('keeps to the period asked for, cutting ranges at its edges', () => {
    expect(sorted(holidayDates(HOLIDAYS, { unitId: 3, from: '2026-10-21', to: '2026-12-31' }))).toEqual([
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-12-31',
    ]);
    expect(sorted(holidayDates(HOLIDAYS, { from: '2027-01-01' }))).toEqual(['2027-01-01']);
    expect(holidayDates(HOLIDAYS, { from: '2026-06-01', to: '2026-06-30' }).size).toBe(0);
  });

  it('lists every holiday on a day two fall on', () => {
    const map = expandHolidays([...HOLIDAYS, { date: '2026-01-26', name: 'Local fair', unitIds: [1] }], { unitId: 1 });
    expect(map.get('2026-01-26')?.map((h) => h.name)).toEqual(['Republic Day', 'Local fair']);
  });

  it('refuses a range that ends before it starts, and a bad date', () => {
    expect(() => holidayDates([{ date: '2026-05-02', toDate: '2026-05-01', name: 'Backwards' }])).toThrow(/ends .* before it starts/);
    expect(() => holidayDates([{ date: '2026-02-30' }])).toThrow(RangeError);
    expect(() => holidayDates(HOLIDAYS, { from: '2026-13-01' })).toThrow(RangeError);
  });
});
