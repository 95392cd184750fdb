// The TDS head inside the engine (section 192): the month's TDS equals salaryMonthTds called directly on the
// slip's figures; a bonus month deducts the bonus's whole extra tax; a mid-year joiner with a previous employer;
// the old regime with rent and chapter VI-A deductions against the new. Figures worked by hand beside them
// (FY 2025-26 slabs: Finance Act 2025; old regime: Part III of the First Schedule; HRA: s.10(13A), rule 2A).
import { describe, expect, it } from 'vitest';
import { compileFormulas, computeSlips, type EmployeeTds, type EngineEmployee, type EngineHead, type EngineSlip } from './engine';
import { incomeTaxParametersFor, STATUTORY_PARAMETERS, statutoryTables } from './statutory/parameters';
import { computeIncomeTax, hraExemption, monthlyTds, remainingMonthsOf, salaryMonthTds, totalIncomeTax } from './statutory/tds';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const NEW25 = incomeTaxParametersFor(tables, '2025-26', 'new')!;
const OLD25 = incomeTaxParametersFor(tables, '2025-26', 'old')!;
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
const HEADS: EngineHead[] = [
  head(1, 'BASIC', { isPfWage: true }),
  head(3, 'HRA', { isHra: true }),
  head(6, 'SPL'),
  head(9, 'BONUS'),
  head(23, 'PT', { isEarning: false, statutory: 'pt' }),
  head(24, 'TDS', { isEarning: false, statutory: 'tds' }),
  head(30, 'NET', { isEarning: false, isNetPayHead: true }),
];
const plan = compileFormulas(HEADS);
// Karnataka's PT for the month (₹200 above ₹25,000 a month).
const PT = tables.pt.get('KA')![0];

const NONE: EmployeeTds = {
  regime: 'new',
  rentPerMonth: 0,
  metro: false,
  deductions: {},
  previousEmployerIncome: 0,
  previousEmployerTds: 0,
  earlierRegular: 0,
  earlierOneOff: 0,
  earlierHraExempt: 0,
  earlierPt: 0,
  tdsSoFar: 0,
};

function employee(basic: number, hra: number, spl: number, tds: Partial<EmployeeTds>, bonus = 0): EngineEmployee {
  return {
    employeeId: 1,
    fixed: new Map([
      [1, R(basic)],
      [3, R(hra)],
      [6, R(spl)],
    ]),
    extra: bonus ? new Map([[9, R(bonus)]]) : new Map(),
    attendance: { monthDays: 30, payableDays: 30, presentDays: 24, lwopDays: 0, otHours: 0, holidays: 1, weeklyOffs: 5 },
    facts: { AGE: 35, YEARS_OF_SERVICE: 3, GENDER: 'M', IS_PF_APPLICABLE: 1, IS_ESI_APPLICABLE: 0, IS_PT_APPLICABLE: 1 },
    statutory: { pfRestrictToCeiling: true, epsEligible: true, disabled: false, esiEarlierWages: [], tds: { ...NONE, ...tds } },
  };
}

function slip(month: number, e: EngineEmployee): EngineSlip {
  const [r] = computeSlips(plan, [e], { month, pt: PT, tds: { new: NEW25, old: OLD25 } });
  if (r.error !== null) throw new Error(r.error);
  return r;
}

function direct(month: number, e: EngineEmployee, s: EngineSlip) {
  const t = e.statutory!.tds!;
  const bonus = e.extra.get(9) ?? 0;
  return salaryMonthTds(t.regime === 'old' ? OLD25 : NEW25, {
    remainingMonths: remainingMonthsOf(month),
    regular: s.gross - bonus,
    oneOff: bonus,
    hraReceived: s.amounts.get(3)!,
    basicPlusDa: s.amounts.get(1)!,
    rentPerMonth: t.rentPerMonth,
    metro: t.metro,
    professionalTax: s.amounts.get(23)!,
    earlierRegular: t.earlierRegular,
    earlierOneOff: t.earlierOneOff,
    earlierHraExempt: t.earlierHraExempt,
    earlierProfessionalTax: t.earlierPt,
    tdsSoFar: t.tdsSoFar,
    previousEmployerSalary: t.previousEmployerIncome,
    previousEmployerTds: t.previousEmployerTds,
    deductions: t.deductions,
  });
}

describe('the TDS head in the engine', () => {
  it('counts the months left in the financial year', () => {
    expect([4, 5, 12, 1, 3].map(remainingMonthsOf)).toEqual([12, 11, 4, 3, 1]);
  });

  it('deducts the year’s tax spread over the months (new regime), as salaryMonthTds', () => {
    // ₹2 L a month from April: 24 L − 75,000 − (no PT in the new regime) = 23,25,000 → 2,81,250 + 4 % = 2,92,500;
    // ÷ 12 = 24,375.
    const e = employee(100000, 40000, 60000, {});
    const s = slip(4, e);
    expect(s.gross).toBe(R(200000));
    expect(s.amounts.get(23)).toBe(R(200));
    expect(s.amounts.get(24)).toBe(R(24375));
    expect(s.statutory).toMatchObject({ tds: R(24375), tdsAnnualTax: R(292500), tdsOneOff: 0, tdsRegime: 'new', hraExempt: 0 });
    expect(s.deductions).toBe(R(24375 + 200));
    expect(s.net).toBe(R(200000 - 24575));
    expect(s.amounts.get(24)).toBe(direct(4, e, s).tds);
  });

  it('takes a bonus month’s whole extra tax in that month', () => {
    // August, 4 × 24,375 deducted: regular 4 × 2 L + 8 × 2 L = 24 L as before → regular share (2,92,500 − 97,500) ÷ 8
    // = 24,375. A ₹1 L bonus: 25 L − 75,000 = 24,25,000 → 3,00,000 to 24 L + 30 % of 25,000 = 3,07,500 + 4 %
    // = 3,19,800; its extra tax 3,19,800 − 2,92,500 = 27,300 in August.
    const e = employee(100000, 40000, 60000, { earlierRegular: R(800000), earlierPt: R(800), tdsSoFar: R(97500) }, 100000);
    const s = slip(8, e);
    expect(s.statutory).toMatchObject({ tds: R(24375 + 27300), tdsOneOff: R(27300), taxableRegular: R(200000), taxableOneOff: R(100000) });
    expect(s.amounts.get(24)).toBe(direct(8, e, s).tds);
    // The next month the bonus is an earlier one-off: the regular share stays 24,375.
    const next = employee(100000, 40000, 60000, {
      earlierRegular: R(1000000),
      earlierOneOff: R(100000),
      earlierPt: R(1000),
      tdsSoFar: R(97500 + 51675),
    });
    const september = slip(9, next);
    // (3,19,800 − 1,49,175) ÷ 7 = 24,375.
    expect(september.amounts.get(24)).toBe(R(24375));
  });

  it('counts a mid-year joiner’s previous employer’s salary and tax', () => {
    // Joins in October at ₹1 L a month: 6 × 1 L here + ₹9 L from the previous employer = 15 L − 75,000 = 14,25,000:
    // 20,000 + 40,000 + 15 % of 2,25,000 = 93,750 + 4 % = 97,500. Previous employer deducted 60,000:
    // (97,500 − 60,000) ÷ 6 = 6,250.
    const e = employee(50000, 20000, 30000, { previousEmployerIncome: R(900000), previousEmployerTds: R(60000) });
    const s = slip(10, e);
    expect(s.statutory).toMatchObject({ tdsAnnualTax: R(97500), tds: R(6250) });
    expect(s.amounts.get(24)).toBe(direct(10, e, s).tds);
    // Without the previous employer: 6 L − 75,000 is under ₹12 L, so nothing.
    expect(slip(10, employee(50000, 20000, 30000, {})).amounts.get(24)).toBe(0);
    // A previous employer that deducted more than the year's tax: never negative.
    expect(
      slip(10, employee(50000, 20000, 30000, { previousEmployerIncome: R(900000), previousEmployerTds: R(200000) })).amounts.get(24),
    ).toBe(0);
  });

  it('applies the old regime’s HRA exemption, deductions and professional tax', () => {
    // ₹1 L a month from April (basic 50,000, HRA 20,000), rent ₹25,000 in a metro: HRA exemption the least of
    // 20,000, 25,000 − 5,000 = 20,000 and 25,000 → 20,000 a month, 2,40,000 a year. 12 L − 50,000 − 2,40,000 − PT
    // 2,400 − 80C 1,50,000 (of 2,00,000 claimed) − 80D 25,000 = 7,32,600: 12,500 + 20 % of 2,32,600 = 59,020
    // + 4 % = 61,380.80 → 61,380; ÷ 12 = 5,115.
    const old = employee(50000, 20000, 30000, {
      regime: 'old',
      rentPerMonth: R(25000),
      metro: true,
      deductions: { '80C': R(200000), '80D': R(25000) },
    });
    const s = slip(4, old);
    expect(s.statutory).toMatchObject({ hraExempt: R(20000), tdsAnnualTax: R(61380), tds: R(5115), tdsRegime: 'old' });
    expect(s.amounts.get(24)).toBe(direct(4, old, s).tds);
    // The same figures in the new regime: 12 L − 75,000 = 11,25,000, under ₹12 L: the 87A rebate leaves nothing.
    const fresh = employee(50000, 20000, 30000, { rentPerMonth: R(25000), metro: true, deductions: { '80C': R(200000) } });
    expect(slip(4, fresh).statutory).toMatchObject({ tds: 0, hraExempt: 0, tdsRegime: 'new' });
  });

  it('fails the employee when the year has no rates for the regime', () => {
    const [r] = computeSlips(plan, [employee(50000, 20000, 30000, { regime: 'old' })], { month: 4, pt: PT, tds: { new: NEW25 } });
    expect(r.error).toBe('TDS: no income-tax rates (old regime) are in force for the financial year');
  });
});

describe('totalIncomeTax (the run’s safe-integer path)', () => {
  it('equals computeIncomeTax’s total over many figures of both regimes, at every rebate and surcharge edge', () => {
    let seed = 13;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const NEW24 = incomeTaxParametersFor(tables, '2024-25', 'new')!;
    const edges = [
      0, 400000, 700000, 1200000, 1210000, 1275000, 1275010, 5000000, 5000100, 10000000, 10001000, 20000000, 20005000, 50000000, 50010000,
    ];
    const sections = Object.keys(OLD25.deductions.sections);
    let compared = 0;
    for (const p of [NEW25, OLD25, NEW24]) {
      for (let k = 0; k < 1000; k++) {
        const base = k < edges.length * 20 ? edges[k % edges.length] + (rnd(2) ? rnd(80000) : 0) * (rnd(2) ? 1 : -1) : rnd(80_000_000);
        const deductions: Record<string, bigint> = {};
        for (const section of sections) if (rnd(3) === 0) deductions[section] = BigInt(rnd(30_000_000));
        const input = {
          grossSalary: BigInt(Math.max(base, 0) * 100 + rnd(100)),
          exemptions: rnd(2) ? BigInt(rnd(50_000_000)) : undefined,
          professionalTax: rnd(2) ? BigInt(rnd(400_000)) : undefined,
          otherIncome: rnd(3) ? undefined : BigInt(rnd(20_000_000)),
          deductions,
        };
        expect(
          totalIncomeTax(p, input),
          JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
        ).toBe(computeIncomeTax(p, input).totalTax);
        compared++;
      }
    }
    expect(compared).toBe(3000);
    // salaryMonthTds is monthlyTds on the projected year (bigint rules) with the month's HRA exemption.
    for (let k = 0; k < 500; k++) {
      const p = k % 2 ? OLD25 : NEW25;
      const m = {
        remainingMonths: 1 + rnd(12),
        regular: rnd(40_000_000),
        oneOff: rnd(3) ? 0 : rnd(50_000_000),
        hraReceived: rnd(5_000_000),
        basicPlusDa: rnd(10_000_000),
        rentPerMonth: rnd(2) ? rnd(6_000_000) : 0,
        metro: rnd(2) === 1,
        professionalTax: rnd(30_000),
        earlierRegular: rnd(200_000_000),
        earlierOneOff: rnd(2) ? 0 : rnd(20_000_000),
        earlierHraExempt: rnd(2) ? 0 : rnd(10_000_000),
        earlierProfessionalTax: rnd(200_000),
        tdsSoFar: rnd(5_000_000),
        previousEmployerSalary: rnd(2) ? 0 : rnd(100_000_000),
        previousEmployerTds: rnd(2) ? 0 : rnd(5_000_000),
        deductions: (rnd(2) ? {} : { '80C': rnd(20_000_000), '24(b)': rnd(30_000_000) }) as Record<string, number>,
        otherIncome: rnd(3) ? 0 : rnd(20_000_000),
        relief89: rnd(3) ? 0 : rnd(3_000_000),
      };
      const n = BigInt(m.remainingMonths);
      const hra =
        p.hra && m.hraReceived > 0 && m.rentPerMonth > 0
          ? hraExemption(p.hra, {
              hraReceived: BigInt(m.hraReceived),
              rentPaid: BigInt(m.rentPerMonth),
              basicPlusDa: BigInt(m.basicPlusDa),
              metro: m.metro,
            })
          : 0n;
      const want = monthlyTds(p, {
        projectedSalary: BigInt(m.earlierRegular) + BigInt(m.regular) * n,
        oneOffPaidEarlier: BigInt(m.earlierOneOff),
        oneOffThisMonth: BigInt(m.oneOff),
        previousEmployerSalary: BigInt(m.previousEmployerSalary),
        previousEmployerTds: BigInt(m.previousEmployerTds),
        tdsDeductedSoFar: BigInt(m.tdsSoFar),
        remainingMonths: m.remainingMonths,
        exemptions: BigInt(m.earlierHraExempt) + hra * n,
        professionalTax: BigInt(m.earlierProfessionalTax) + BigInt(m.professionalTax) * n,
        deductions: Object.fromEntries(Object.entries(m.deductions).map(([k, v]) => [k, BigInt(v)])),
        otherIncome: BigInt(m.otherIncome),
        relief89: BigInt(m.relief89),
      });
      const got = salaryMonthTds(p, m);
      expect(got.surcharge + got.cess).toBeLessThanOrEqual(got.tds);
      expect([got.annualTax, got.annualTaxWithOneOff, got.regular, got.oneOff, got.tds, got.hraExempt], JSON.stringify(m)).toEqual(
        [want.annualTax, want.annualTaxWithOneOff, want.regular, want.oneOff, want.tds, hra].map(Number),
      );
    }
    // Beyond ₹100 crore the bigint rules answer.
    const huge = { grossSalary: 2_000_000_000_000n };
    expect(totalIncomeTax(NEW25, huge)).toBe(computeIncomeTax(NEW25, huge).totalTax);
  }, 120_000);
  it('projects a joiner’s prorated first month from the full month, not the prorated one', () => {
    // Joins on 16 October 2025 at ₹3 L a month (basic 1.5 L, HRA 60,000, special 90,000): 16 of 31 days paid,
    // 77,419.35 + 30,967.74 + 46,451.61 = 1,54,838.70. The year: this month + 5 full months = 16,54,838.70;
    // − 75,000 = 15,79,838.70 → 15,79,840 (s.288A); 20,000 + 40,000 + 15 % of 3,79,840 = 56,976 → 1,16,976;
    // + 4 % cess = 1,21,655.04 → 1,21,660 (s.288B); ÷ 6 months = 20,276.67 → ₹20,277.
    // Projected from the prorated month instead (× 6 = 9,29,032.20) the income stays under ₹12 L and the 87A
    // rebate takes the whole tax: nothing would be deducted until November.
    const joiner = (joinedThisMonth: boolean) => ({
      ...employee(150000, 60000, 90000, { joinedThisMonth }),
      attendance: { monthDays: 31, payableDays: 16, presentDays: 12, lwopDays: 0, otHours: 0, holidays: 0, weeklyOffs: 4 },
    });
    const s = slip(10, joiner(true));
    expect(s.gross).toBe(R(154838.7));
    expect(s.statutory).toMatchObject({ tds: R(20277), tdsAnnualTax: R(121660), taxableRegular: R(154838.7) });
    expect(s.amounts.get(24)).toBe(
      salaryMonthTds(NEW25, {
        remainingMonths: 6,
        regular: s.gross,
        oneOff: 0,
        hraReceived: s.amounts.get(3)!,
        basicPlusDa: s.amounts.get(1)!,
        rentPerMonth: 0,
        metro: false,
        professionalTax: s.amounts.get(23)!,
        earlierRegular: 0,
        earlierOneOff: 0,
        earlierHraExempt: 0,
        earlierProfessionalTax: 0,
        tdsSoFar: 0,
        previousEmployerSalary: 0,
        previousEmployerTds: 0,
        deductions: {},
        projected: { regular: R(300000), hraReceived: R(60000), basicPlusDa: R(150000), professionalTax: R(200) },
      }).tds,
    );
    // Without the joining mark the prorated month is projected: ₹0 this month.
    expect(slip(10, joiner(false)).amounts.get(24)).toBe(0);
    // A joiner paid for the whole month (joined on the 1st) is projected as before.
    const full = { ...employee(150000, 60000, 90000, { joinedThisMonth: true }) };
    expect(slip(10, full).amounts.get(24)).toBe(slip(10, employee(150000, 60000, 90000, {})).amounts.get(24));
  });
});
