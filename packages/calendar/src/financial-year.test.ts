import { describe, expect, it } from 'vitest';
import { financialYearMonths, financialYearNamed, financialYearOf, financialYearStarting } from './financial-year';

describe('financial years (April–March)', () => {
  it('the year starting in April 2026', () => {
    expect(financialYearStarting(2026)).toEqual({ name: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31', startYear: 2026 });
    expect(financialYearStarting(1999).name).toBe('1999-00');
    expect(financialYearStarting(2099).name).toBe('2099-00');
  });

  it.each([
    ['2026-03-31', '2025-26'],
    ['2026-04-01', '2026-27'],
    ['2027-03-31', '2026-27'],
    ['2027-01-01', '2026-27'],
    ['2026-12-31', '2026-27'],
    ['2024-02-29', '2023-24'],
    ['2000-04-01', '2000-01'],
  ])('%s falls in %s', (date, name) => {
    const fy = financialYearOf(date);
    expect(fy.name).toBe(name);
    expect(fy.startDate <= date && date <= fy.endDate).toBe(true);
  });

  it('reads a name and refuses a wrong one', () => {
    expect(financialYearNamed('2025-26').startDate).toBe('2025-04-01');
    for (const bad of ['2025-27', '2025-2026', '2025', 'FY 2025-26']) expect(() => financialYearNamed(bad)).toThrow(RangeError);
  });

  it('refuses a start that is not a whole year', () => {
    expect(() => financialYearStarting(2026.5)).toThrow(RangeError);
  });

  it('lists its months April to March', () => {
    const months = financialYearMonths(2026);
    expect(months).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(financialYearMonths(financialYearOf('2028-02-29'))[11]).toBe('2028-03');
  });
});
