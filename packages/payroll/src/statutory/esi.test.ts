// Worked examples of ESI: ESI Act s.2(9) with its explanation (coverage judged per contribution period and kept
// to its end), ESI (Central) Rules r.50–51 and ESIC's contribution rates from 1 Jul 2019 (0.75 % / 3.25 %,
// G.S.R. 423(E)), each share rounded up to the next rupee, no employee's share at an average daily wage up to ₹176.
import { describe, expect, it } from 'vitest';
import { inForce } from './dated';
import { computeEsi, esiContributionPeriod, esiCovered } from './esi';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';

const p = inForce(statutoryTables(STATUTORY_PARAMETERS).esi, '2025-06-01')!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('ESI contribution periods', () => {
  it.each([
    [2025, 4, '2025-04-01', '2025-09-30'],
    [2025, 9, '2025-04-01', '2025-09-30'],
    [2025, 10, '2025-10-01', '2026-03-31'],
    [2026, 2, '2025-10-01', '2026-03-31'],
    [2024, 3, '2023-10-01', '2024-03-31'],
  ])('%s-%s lies in %s … %s', (year, month, start, end) => {
    expect(esiContributionPeriod(p, year, month)).toEqual({ start, end });
  });
});

describe('ESI coverage', () => {
  it.each([
    ['₹21,000 at the period start', [21000], false, true],
    ['₹21,000.01 at the period start', [21000.01], false, false],
    ['person with disability at ₹25,000', [25000], true, true],
    ['person with disability at ₹25,001', [25001], true, false],
    ['raised from ₹20,500 to ₹22,000 in September: covered to 30 September', [20500, 20500, 20500, 20500, 20500, 22000], false, true],
    ['the next period starts at ₹22,000: not covered from October', [22000], false, false],
    ['wages fall under the ceiling mid-period: covered from then', [23000, 20000], false, true],
  ])('%s', (_, wages, disabled, covered) => {
    expect(esiCovered(p, wages.map(R), disabled)).toBe(covered);
  });
});

describe('ESI contributions', () => {
  it.each([
    // gross, paid days → employee, employer
    [20000, 30, 150, 650],
    [15999, 26, 120, 520], // 119.99 → 120, 519.97 → 520
    [21000, 31, 158, 683], // 157.50 → 158, 682.50 → 683: up, never to the nearest
    [10001, 30, 76, 326], // 75.0075 → 76, 325.03 → 326
    [22000, 30, 165, 715], // covered to the period end above the ceiling
    [5280, 30, 0, 172], // average ₹176 a day: no employee's share; 171.60 → 172
    [4400, 25, 0, 143], // ₹176 a day over the paid days of a part month
    [5310, 30, 40, 173], // ₹177 a day: 39.83 → 40
  ])('gross ₹%s for %s days: employee ₹%s, employer ₹%s', (gross, days, employee, employer) => {
    const r = computeEsi(p, { covered: true, grossWages: R(gross), paidDays: days });
    expect([r.employee, r.employer]).toEqual([R(employee), R(employer)]);
  });

  it('charges nothing for an employee not covered', () => {
    expect(computeEsi(p, { covered: false, grossWages: R(30000), paidDays: 30 })).toEqual({
      employee: 0n,
      employer: 0n,
      averageDailyWage: 0n,
    });
  });
});
