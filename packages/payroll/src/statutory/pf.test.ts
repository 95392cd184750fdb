// Worked examples of the EPFO contribution rules: EPF Scheme 1952 para 29 (12 % each side), EPS 1995 para 3
// (8.33 % of pay up to ₹15,000, i.e. at most ₹1,250), EDLI 0.5 % of pay up to ₹15,000, EPFO's "Rate of
// contribution" table and the ECR's rounding to the rupee; EPS exclusions per G.S.R. 609(E) of 22 Aug 2014.
import { describe, expect, it } from 'vitest';
import { inForce } from './dated';
import { STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { computePf, earnedWages, epsEligibility, pfAdminCharges } from './pf';

const p = inForce(statutoryTables(STATUTORY_PARAMETERS).pf, '2025-06-01')!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('PF contributions', () => {
  it.each([
    // wages, restrict to ceiling, EPS-eligible → employee, EPS, EPF (employer), EDLI, EPF wages, EPS wages
    ['below the ceiling', 10000, true, true, 1200, 833, 367, 50, 10000, 10000],
    ['at the ceiling: EPS 1,249.50 rounds to 1,250', 15000, true, true, 1800, 1250, 550, 75, 15000, 15000],
    ['above, restricted to the ceiling', 25000, true, true, 1800, 1250, 550, 75, 15000, 15000],
    ['above, on full wages: EPS still on 15,000', 25000, false, true, 3000, 1250, 1750, 75, 25000, 15000],
    ['above, joined after 1 Sep 2014 above the ceiling: no EPS', 25000, false, false, 3000, 0, 3000, 75, 25000, 0],
    ['below, member past 58: all employer share to EPF', 10000, true, false, 1200, 0, 1200, 50, 10000, 0],
    ['odd wage: 1,481.40 → 1,481, EPS 1,028.34 → 1,028, EDLI 61.73 → 62', 12345, true, true, 1481, 1028, 453, 62, 12345, 12345],
    ['no wages', 0, true, true, 0, 0, 0, 0, 0, 0],
  ] as const)('%s', (_, wages, restrict, eligible, employee, eps, epf, edli, epfWages, epsWages) => {
    const r = computePf(p, { pfWages: R(wages), restrictToCeiling: restrict, epsEligible: eligible });
    expect(r).toEqual({
      employee: R(employee),
      eps: R(eps),
      epf: R(epf),
      edli: R(edli),
      epfWages: R(epfWages),
      epsWages: R(epsWages),
      edliWages: R(Math.min(wages, 15000)),
    });
    // The employer's two shares add up to the employer's 12 %.
    expect(r.eps + r.epf).toBe(((r.epfWages * 12n + 50n * 100n) / 10000n) * 100n);
  });

  it('contributes on the wages of the paid days only (LWOP reduces PF wages)', () => {
    // ₹15,000 basic, 10 days' LWOP in a 30-day month: ₹10,000 earned, contributions as on ₹10,000.
    const wages = earnedWages(R(15000), 20, 30);
    expect(wages).toBe(R(10000));
    expect(computePf(p, { pfWages: wages, restrictToCeiling: true, epsEligible: true }).employee).toBe(R(1200));
    // ₹15,500 for 27½ of 31 days = ₹13,750: employee 1,650, EPS 1,145.38 → 1,145, EDLI 68.75 → 69.
    const half = earnedWages(R(15500), 27.5, 31);
    expect(half).toBe(R(13750));
    expect(computePf(p, { pfWages: half, restrictToCeiling: true, epsEligible: true })).toMatchObject({
      employee: R(1650),
      eps: R(1145),
      epf: R(505),
      edli: R(69),
    });
    expect(() => earnedWages(R(1000), 31, 30)).toThrow(RangeError);
  });

  it.each([
    [0, 0],
    [50000, 500], // 0.5 % = ₹250, the monthly minimum of ₹500 applies
    [200000, 1000],
    [123457, 617], // ₹617.285 → ₹617
  ])('administration charges on EPF wages of ₹%s: ₹%s', (wages, charge) => {
    expect(pfAdminCharges(p, R(wages))).toBe(R(charge));
  });
});

describe('EPS eligibility', () => {
  it.each([
    ['turns 58 in May 2026: May still contributes', { wageMonthStart: '2026-05-01', dateOfBirth: '1968-05-20' }, true, null],
    ['turns 58 in May 2026: June does not', { wageMonthStart: '2026-06-01', dateOfBirth: '1968-05-20' }, false, 'age'],
    [
      'joined 1 Jan 2015 on ₹20,000, first membership',
      { wageMonthStart: '2025-06-01', firstJoinedEpf: '2015-01-01', wagesAtJoining: R(20000) },
      false,
      'high-wage-joiner',
    ],
    [
      'joined 1 Jan 2015 on ₹20,000 but already an EPS member',
      { wageMonthStart: '2025-06-01', firstJoinedEpf: '2015-01-01', wagesAtJoining: R(20000), priorEpsMember: true },
      true,
      null,
    ],
    ['joined 31 Aug 2014 on ₹20,000', { wageMonthStart: '2025-06-01', firstJoinedEpf: '2014-08-31', wagesAtJoining: R(20000) }, true, null],
    ['joined 2016 at the ceiling', { wageMonthStart: '2025-06-01', firstJoinedEpf: '2016-07-01', wagesAtJoining: R(15000) }, true, null],
  ] as const)('%s', (_, facts, eligible, reason) => {
    expect(epsEligibility(p, facts)).toEqual({ eligible, reason });
  });
});

describe('EPS eligibility after the ceiling of ₹25,000 (17 Sep 2026)', () => {
  const oct = inForce(statutoryTables(STATUTORY_PARAMETERS).pf, '2026-10-01')!;
  it.each([
    ['joined 2015 on ₹20,000: above the ₹15,000 of then, still outside EPS', '2015-01-01', 20000, 15000, false],
    ['joined Oct 2026 on ₹20,000: within the ₹25,000 of then', '2026-10-05', 20000, 25000, true],
    ['joined Oct 2026 on ₹30,000: above it', '2026-10-05', 30000, 25000, false],
  ] as const)('%s', (_, joined, wages, ceiling, eligible) => {
    const facts = { wageMonthStart: '2026-10-01', firstJoinedEpf: joined, wagesAtJoining: R(wages), ceilingAtJoining: ceiling };
    expect(epsEligibility(oct, facts).eligible).toBe(eligible);
  });
});
