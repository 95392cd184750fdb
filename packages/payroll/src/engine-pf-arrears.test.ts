// The member's PF share of statutory arrears, in figures (issue 25). An employee on ₹25,000 basic whose September
// 2026 was paid under the ₹15,000 ceiling owes, once the ₹25,000 ceiling of 17 September 2026 is applied day-weighted
// (₹15,000 × 16/30 + ₹25,000 × 14/30 = ₹19,666.67), a member's share of ₹560 more (₹2,360 − ₹1,800); the employer
// ₹388 EPS (₹1,638 − ₹1,250), ₹172 EPF (₹722 − ₹550) and ₹23 EDLI (₹98 − ₹75). Who bears the ₹560 is chosen on
// approval (EPF Scheme 1952 para 32: recovery only from the wages of the same period, so the employer by default);
// when it is recovered from the member it is a deduction through the PF head of the next month: October's gross, ESI
// wages and contributions, PT, taxable pay and TDS are exactly those of a slip without it. Paid through the ARREARS
// earning head instead (as before), the same ₹560 would have lowered all of them.
import { describe, expect, it } from 'vitest';
import { compileFormulas, computeSlips, type EngineEmployee, type EngineHead, type EngineSlip, type EngineStatutory } from './engine';
import { incomeTaxParametersFor, STATUTORY_PARAMETERS, statutoryTables } from './statutory/parameters';
import { computePf } from './statutory/pf';
import { pfArrear } from './statutory/pf-arrears';
import { pfParametersForMonth } from './statutory/pf-month';

const R = (rupees: number) => Math.round(rupees * 100);
const tables = statutoryTables(STATUTORY_PARAMETERS);
// September 2026 as it was processed before the ₹25,000 row existed, and as the law now has it.
const withoutNewCeiling = STATUTORY_PARAMETERS.filter((r) => r.kind === 'pf' && r.effectiveFrom < '2026-09-17');
const septemberThen = pfParametersForMonth(statutoryTables(withoutNewCeiling).pf, 2026, 9)!;
const septemberNow = pfParametersForMonth(tables.pf, 2026, 9)!;

describe('the arrear of an employee on ₹25,000 basic for September 2026', () => {
  const paid = computePf(septemberThen, { pfWages: BigInt(R(25000)), restrictToCeiling: true, epsEligible: true });
  const arrear = pfArrear(septemberNow, {
    slip: {
      pfWages: BigInt(R(25000)),
      epfWages: paid.epfWages,
      epsWages: paid.epsWages,
      edliWages: paid.edliWages,
      employee: paid.employee,
      eps: paid.eps,
      epf: paid.epf,
      edli: paid.edli,
    },
    restrictToCeiling: true,
  })!;

  it('was paid on ₹15,000 and is now due on ₹19,666.67 (day-weighted)', () => {
    expect([septemberThen.wageCeiling, septemberNow.wageCeiling]).toEqual([15000, 19666.67]);
    expect([paid.employee, paid.eps, paid.epf, paid.edli].map(Number)).toEqual([R(1800), R(1250), R(550), R(75)]);
  });

  it('the difference: member ₹560, EPS ₹388, EPF ₹172, EDLI ₹23 on ₹4,666.67 more wages', () => {
    expect([arrear.epfWages, arrear.employee, arrear.eps, arrear.epf, arrear.edli].map(Number)).toEqual([
      R(4666.67),
      R(560),
      R(388),
      R(172),
      R(23),
    ]);
  });
});

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
const PF = 21;
const ARREARS = 8;
const NET = 99;
const plan = compileFormulas([
  head(1, 'BASIC', { isPfWage: true, isEsiWage: true }),
  head(3, 'HRA', { isHra: true, isEsiWage: true }),
  head(6, 'SPL', { isEsiWage: true }),
  head(ARREARS, 'ARREARS', { isEsiWage: true }),
  head(PF, 'PF', { isEarning: false, statutory: 'pf_employee' }),
  head(22, 'ESI', { isEarning: false, statutory: 'esi_employee' }),
  head(23, 'PT', { isEarning: false, statutory: 'pt' }),
  head(24, 'TDS', { isEarning: false, statutory: 'tds' }),
  head(NET, 'NET', { isNetPayHead: true }),
]);
const october: EngineStatutory = {
  month: 10,
  pf: pfParametersForMonth(tables.pf, 2026, 10),
  esi: tables.esi[tables.esi.length - 1],
  pt: tables.pt.get('KA')![tables.pt.get('KA')!.length - 1],
  tds: { new: incomeTaxParametersFor(tables, '2026-27', 'new'), old: incomeTaxParametersFor(tables, '2026-27', 'old') },
};

/** October 2026: ₹25,000 basic, ₹10,000 HRA, ₹5,000 special; ESI-covered since the period began (₹20,000 in an earlier month). */
function octoberSlip(extra: [number, number][]): EngineSlip {
  const e: EngineEmployee = {
    employeeId: 1,
    fixed: new Map([
      [1, R(25000)],
      [3, R(10000)],
      [6, R(5000)],
    ]),
    extra: new Map(extra),
    attendance: { monthDays: 31, payableDays: 31, presentDays: 26, lwopDays: 0, otHours: 0, holidays: 1, weeklyOffs: 4 },
    facts: { AGE: 35, YEARS_OF_SERVICE: 3, GENDER: 'M', IS_PF_APPLICABLE: 1, IS_ESI_APPLICABLE: 1, IS_PT_APPLICABLE: 1 },
    statutory: {
      pfRestrictToCeiling: true,
      epsEligible: true,
      disabled: false,
      esiEarlierWages: [R(20000)],
      tds: {
        regime: 'new',
        rentPerMonth: 0,
        metro: false,
        deductions: {},
        previousEmployerIncome: 0,
        previousEmployerTds: 0,
        earlierRegular: R(40000 * 6),
        earlierOneOff: 0,
        earlierHraExempt: 0,
        earlierPt: R(200 * 6),
        tdsSoFar: 0,
      },
    },
  };
  const [r] = computeSlips(plan, [e], october);
  if (r.error !== null) throw new Error(r.error);
  return r;
}

const TAX_AND_WAGES = [
  'esiWages',
  'esiCoverageWages',
  'esiEmployee',
  'esiEmployer',
  'pt',
  'taxableRegular',
  'taxableOneOff',
  'tds',
] as const;
const pick = (s: EngineSlip) => Object.fromEntries(TAX_AND_WAGES.map((k) => [k, s.statutory![k]]));

describe('October 2026 pay, with the ₹560 recovered from the member or borne by the employer', () => {
  const alone = octoberSlip([]);
  const recovered = octoberSlip([[PF, R(560)]]);

  it('the slip on its own: gross ₹40,000, the member’s PF ₹3,000 (₹25,000 ceiling), ESI on ₹40,000', () => {
    expect(alone.gross).toBe(R(40000));
    expect(alone.statutory).toMatchObject({ pfEmployee: R(3000), esiWages: R(40000), esiCovered: true, esiEmployee: R(300) });
  });

  it('recovered: the PF head deducts ₹3,560 and the net falls by ₹560; gross, ESI, PT, taxable pay and TDS are unchanged', () => {
    expect(recovered.gross).toBe(alone.gross);
    expect(pick(recovered)).toEqual(pick(alone));
    expect(recovered.amounts.get(PF)).toBe(R(3560));
    // The month's own contribution (the month's ECR) is apart from the recovery (the arrear ECR's).
    expect(recovered.statutory!.pfEmployee).toBe(R(3000));
    expect(recovered.deductions).toBe(alone.deductions + R(560));
    expect(recovered.net).toBe(alone.net - R(560));
  });

  it('borne by the employer: nothing reaches the slip (the ₹560 is the employer’s extra cost on the arrears record)', () => {
    expect(octoberSlip([])).toEqual(alone);
  });

  it('through the ARREARS earning head (the old way) the same ₹560 would have lowered gross, ESI wages and taxable pay', () => {
    const viaArrears = octoberSlip([[ARREARS, -R(560)]]);
    expect(viaArrears.gross).toBe(alone.gross - R(560));
    expect(viaArrears.statutory!.esiWages).toBe(R(40000 - 560));
    expect(viaArrears.statutory!.taxableOneOff).toBe(-R(560));
  });
});
