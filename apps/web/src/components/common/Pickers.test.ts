import { describe, expect, it } from 'vitest';
import { monthInFinancialYear } from './Pickers';

const fy = (start: number) => ({ startDate: `${start}-04-01`, endDate: `${start + 1}-03-31` });
const years = [2026, 2025];

describe('the pickers follow the header’s financial year', () => {
  it('keep the preferred month when it lies in the chosen year', () => {
    expect(monthInFinancialYear(fy(2026), { year: 2026, month: 10 }, years)).toEqual({ year: 2026, month: 10 });
    expect(monthInFinancialYear(null, { year: 2026, month: 10 }, years)).toEqual({ year: 2026, month: 10 });
  });

  it('move to the last month of a past year and the first of a later one', () => {
    expect(monthInFinancialYear(fy(2025), { year: 2026, month: 10 }, years)).toEqual({ year: 2026, month: 3 });
    expect(monthInFinancialYear(fy(2024), { year: 2026, month: 2 }, [2026, 2025])).toEqual({ year: 2025, month: 3 });
    expect(monthInFinancialYear(fy(2026), { year: 2026, month: 2 }, years)).toEqual({ year: 2026, month: 4 });
  });

  it('keep the preferred month when the year picker does not offer the year', () => {
    expect(monthInFinancialYear(fy(2023), { year: 2026, month: 10 }, years)).toEqual({ year: 2026, month: 10 });
  });
});
