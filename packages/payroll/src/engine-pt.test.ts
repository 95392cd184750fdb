// Professional tax of a half-yearly state inside the engine: the slab is chosen by the half-year's salary — the
// earlier slips of the half-year, this month's gross, and the regular salary for the half-year's other employed
// months without a slip — and deducted in the state's due month. Slabs: Kerala (Municipality Act 1994 s.245, half-
// year income; due August and February) and Greater Chennai Corporation's revised half-yearly slabs of 20 Jan 2025
// (due September and March), as seeded in parameters.ts. Worked figures beside each row.
import { describe, expect, it } from 'vitest';
import { compileFormulas, computeSlips, type EngineEmployee, type EngineHead } from './engine';
import { inForce, monthStart } from './statutory/dated';
import { STATUTORY_PARAMETERS, statutoryTables } from './statutory/parameters';
import { ptPeriodGross, ptPeriodOf } from './statutory/pt';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const R = (rupees: number) => Math.round(rupees * 100);
const head = (id: number, code: string, more: Partial<EngineHead> = {}): EngineHead => ({
  id,
  code,
  isEarning: true,
  isCalculative: false,
  formula: null,
  isNetPayHead: false,
  isOverTimeHead: false,
  isTotalLWOPHead: false,
  ...more,
});
const plan = compileFormulas([
  head(1, 'BASIC'),
  head(9, 'BONUS'),
  head(23, 'PT', { isEarning: false, statutory: 'pt' }),
  head(30, 'NET', { isEarning: false, isNetPayHead: true }),
]);

function pt(state: string, year: number, month: number, basic: number, bonus: number, period?: { earlier: number; other: number }) {
  const e: EngineEmployee = {
    employeeId: 1,
    fixed: new Map([[1, R(basic)]]),
    extra: bonus ? new Map([[9, R(bonus)]]) : new Map(),
    attendance: { monthDays: 30, payableDays: 30, presentDays: 25, lwopDays: 0, otHours: 0, holidays: 0, weeklyOffs: 5 },
    facts: { AGE: 30, YEARS_OF_SERVICE: 2, GENDER: 'M', IS_PF_APPLICABLE: 0, IS_ESI_APPLICABLE: 0, IS_PT_APPLICABLE: 1 },
    statutory: {
      pfRestrictToCeiling: true,
      epsEligible: true,
      disabled: false,
      esiEarlierWages: [],
      ptPeriod: period && { earlierGross: R(period.earlier), otherMonths: period.other },
    },
  };
  const params = { month, pt: inForce(tables.pt.get(state) ?? [], monthStart(year, month)) };
  const [r] = computeSlips(plan, [e], params);
  if (r.error !== null) throw new Error(r.error);
  return r.amounts.get(23)! / 100;
}

describe('half-yearly professional tax in the engine', () => {
  it.each([
    // state, year, month, basic, bonus, earlier slips' gross, other months → PT; the month's gross × 6 would give
    // Kerala slabs as revised from 1 Oct 2024 (G.O. 1149/2024/LSGD).
    // Kerala, August 2025, a raise in August: 4 × 2,000 + 3,000 + 3,000 (September) = 14,000 → ₹320 (× 6: 18,000 → ₹450)
    ['KL', 2025, 8, 3000, 0, 8000, 1, 320, 450],
    // Kerala, February 2026, joined in January: 1,500 (January's prorated slip) + 3,000 + 3,000 (March) = 7,500 → nil
    ['KL', 2026, 2, 3000, 0, 1500, 1, 0, 450],
    // Kerala, August 2025, a ₹3,000 bonus: 8,000 + 5,000 + 2,000 (September, regular) = 15,000 → ₹320 (× 6: 30,000 → ₹600)
    ['KL', 2025, 8, 2000, 3000, 8000, 1, 320, 600],
    // Kerala, August 2025, the slips began in July: 2,000 + 2,000 + 4 × 2,000 (April–June, September) = 12,000 → ₹320
    ['KL', 2025, 8, 2000, 0, 2000, 4, 320, 320],
    // Tamil Nadu, September 2025, a raise in September: 5 × 9,000 + 12,000 = 57,000 → ₹930 (× 6: 72,000 → ₹1,025)
    ['TN', 2025, 9, 12000, 0, 45000, 0, 930, 1025],
    // Tamil Nadu, March 2026, a ₹10,000 bonus: 5 × 8,000 + 18,000 = 58,000 → ₹930 (× 6: 1,08,000 → ₹1,250)
    ['TN', 2026, 3, 8000, 10000, 40000, 0, 930, 1250],
    // Kerala, July: not a due month
    ['KL', 2025, 7, 50000, 0, 150000, 2, 0, 0],
  ] as const)(
    '%s %s-%s on ₹%s (+ bonus ₹%s), earlier ₹%s, %s other months: ₹%s',
    (state, y, m, basic, bonus, earlier, other, want, timesSix) => {
      expect(pt(state, y, m, basic, bonus, { earlier, other })).toBe(want);
      expect(pt(state, y, m, basic, bonus)).toBe(timesSix);
    },
  );

  it('knows the half-years and adds up the period', () => {
    expect(ptPeriodOf({ basis: 'half-yearly' }, 2025, 8)).toEqual({ from: 202504, to: 202509 });
    expect(ptPeriodOf({ basis: 'half-yearly' }, 2025, 10)).toEqual({ from: 202510, to: 202603 });
    expect(ptPeriodOf({ basis: 'half-yearly' }, 2026, 2)).toEqual({ from: 202510, to: 202603 });
    expect(ptPeriodOf({ basis: 'annual' }, 2026, 2)).toEqual({ from: 202504, to: 202603 });
    expect(ptPeriodOf({ basis: 'monthly' }, 2026, 2)).toBeNull();
    expect(ptPeriodGross(R(8000), R(5000), 1, R(2000))).toBe(R(15000));
    expect(ptPeriodGross(R(8000), R(3000), -2)).toBe(R(11000));
  });
});
