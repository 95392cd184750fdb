// The EPF wage ceiling of ₹25,000 from 17 September 2026 (S.O. 5109(E), Code on Social Security 2020) and the
// day-weighted September, replayed with the figures of issue 25 and frappe/india-payroll#110 (September 2026:
// ₹15,000 × 16/30 + ₹25,000 × 14/30 = ₹19,666.67, the member's share at most ₹2,360; from October ₹3,000, EPS
// ₹2,083, EDLI ₹125).
import { describe, expect, it } from 'vitest';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePf, type PfParameters, pfAdminCharges } from './pf';
import { monthSegments, pfParametersForMonth } from './pf-month';

const rows = statutoryTables(STATUTORY_PARAMETERS).pf;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));
const pfOn = (p: PfParameters, wages: number, restrict = true, eps = true) =>
  computePf(p, { pfWages: R(wages), restrictToCeiling: restrict, epsEligible: eps });

describe('the PF parameters of a month', () => {
  it('August 2026 keeps ₹15,000; October 2026 has ₹25,000', () => {
    expect(pfParametersForMonth(rows, 2026, 8)?.wageCeiling).toBe(15000);
    expect(pfParametersForMonth(rows, 2026, 10)).toMatchObject({ wageCeiling: 25000, edliWageCeiling: 25000 });
  });

  it('September 2026 is day-weighted: 16 days at ₹15,000 and 14 at ₹25,000', () => {
    expect(monthSegments(rows, 2026, 9).map((s) => [s.row.wageCeiling, s.from, s.to, s.days])).toEqual([
      [15000, 1, 16, 16],
      [25000, 17, 30, 14],
    ]);
    const p = pfParametersForMonth(rows, 2026, 9)!;
    expect(p).toMatchObject({ wageCeiling: 19666.67, edliWageCeiling: 19666.67, employeeRate: 12, epsRate: 8.33, adminChargeMinimum: 500 });
  });

  it.each([
    // month, PF wages → member, EPS, EPF (employer less EPS), EDLI, EPF / EPS / EDLI wages
    ['Aug 2026, ₹30,000', 8, 30000, 1800, 1250, 550, 75, 15000],
    ['Sep 2026, ₹30,000: at most ₹2,360; EPS 8.33 % of ₹19,666.67 = 1,638.23', 9, 30000, 2360, 1638, 722, 98, 19666.67],
    ['Sep 2026, ₹18,000: under the blended ceiling, on full wages', 9, 18000, 2160, 1499, 661, 90, 18000],
    ['Oct 2026, ₹30,000: ₹3,000, EPS ₹2,083 (2,082.50 half up), EDLI ₹125', 10, 30000, 3000, 2083, 917, 125, 25000],
    ['Oct 2026, ₹25,000 exactly', 10, 25000, 3000, 2083, 917, 125, 25000],
    ['Nov 2026, ₹20,000: all of it', 11, 20000, 2400, 1666, 734, 100, 20000],
    ['Oct 2026, ₹12,345', 10, 12345, 1481, 1028, 453, 62, 12345],
  ] as const)('%s', (_, month, wages, employee, eps, epf, edli, capped) => {
    const r = pfOn(pfParametersForMonth(rows, 2026, month)!, wages);
    expect(r).toEqual({
      employee: R(employee),
      eps: R(eps),
      epf: R(epf),
      edli: R(edli),
      epfWages: R(capped),
      epsWages: R(capped),
      edliWages: R(capped),
    });
  });

  it('on full wages above the ceiling the member pays 12 % of all of it; EPS and EDLI stay within the ceiling', () => {
    expect(pfOn(pfParametersForMonth(rows, 2026, 10)!, 40000, false)).toMatchObject({
      employee: R(4800),
      eps: R(2083),
      epf: R(2717),
      edli: R(125),
    });
    expect(pfOn(pfParametersForMonth(rows, 2026, 9)!, 40000, false)).toMatchObject({
      employee: R(4800),
      eps: R(1638),
      epf: R(3162),
      edli: R(98),
    });
  });

  it('administration charges on the new wages: 0.5 % of EPF wages, at least ₹500', () => {
    const oct = pfParametersForMonth(rows, 2026, 10)!;
    // Ten members at the ceiling: ₹2,50,000 of EPF wages → ₹1,250 (under ₹15,000 it was ₹1,50,000 → ₹750).
    expect(pfAdminCharges(oct, R(250000))).toBe(R(1250));
    expect(pfAdminCharges(pfParametersForMonth(rows, 2026, 8)!, R(150000))).toBe(R(750));
    expect(pfAdminCharges(oct, R(25000))).toBe(R(500));
  });
});

describe('the mid-month rule is part of the row', () => {
  const base: PfParameters = { ...rows[0], effectiveFrom: '2020-01-01' };
  const later = (midMonthRule: PfParameters['midMonthRule'], effectiveFrom = '2027-03-11'): PfParameters => ({
    ...base,
    effectiveFrom,
    wageCeiling: 31000,
    edliWageCeiling: 31000,
    midMonthRule,
  });

  it('a row without a rule takes effect from the next month', () => {
    expect(pfParametersForMonth([base, later(undefined)], 2027, 3)?.wageCeiling).toBe(15000);
    expect(pfParametersForMonth([base, later('nextMonth')], 2027, 3)?.wageCeiling).toBe(15000);
    expect(pfParametersForMonth([base, later(undefined)], 2027, 4)?.wageCeiling).toBe(31000);
  });

  it("'wholeMonth' applies to the whole month it takes effect in", () => {
    expect(pfParametersForMonth([base, later('wholeMonth')], 2027, 3)?.wageCeiling).toBe(31000);
    expect(pfParametersForMonth([base, later('wholeMonth')], 2027, 2)?.wageCeiling).toBe(15000);
  });

  it("'dayWeighted' weighs each row by its days: 10 of 31 at ₹15,000, 21 at ₹31,000 = ₹25,838.71", () => {
    // (15,000 × 10 + 31,000 × 21) ÷ 31 = 25,838.709… → 25,838.71
    expect(pfParametersForMonth([base, later('dayWeighted')], 2027, 3)?.wageCeiling).toBe(25838.71);
  });

  it('a rate that changes mid-month is weighted too, to two decimals', () => {
    const rate = { ...later('dayWeighted', '2027-04-16'), wageCeiling: 15000, edliWageCeiling: 15000, employeeRate: 10 };
    // 15 days at 12 % and 15 at 10 % = 11 %
    expect(pfParametersForMonth([base, rate], 2027, 4)?.employeeRate).toBe(11);
  });

  it('a row from the 1st replaces the month; nothing before the first row', () => {
    expect(pfParametersForMonth([base, later('dayWeighted', '2027-03-01')], 2027, 3)?.wageCeiling).toBe(31000);
    expect(pfParametersForMonth([base], 2019, 12)).toBeUndefined();
  });
});
