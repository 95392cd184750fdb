// The person-dependent parts of income tax, replayed from outside figures:
// - age: CBDT Circular 28/2016 (27 Jul 2016): a person born on 1 April attains an age on 31 March; the example
//   "born on or before 1 April 1960 … 60 years of age as on 31 March 2020 … senior citizen for FY 2019-20"
//   (caclub.in, "Completion of age of 60/80 …"); "turns 60 on 1 Feb 2024 → senior citizen for AY 2024-25"
//   (caclubindia.com forum, FY 2023-24).
// - the old regime's slabs by age (Part III of the First Schedule, para A): senior citizen "₹5–10 L: ₹10,000 + 20 %;
//   above ₹10 L: ₹1,10,000 + 30 %", very senior "₹5–10 L: 20 %; above ₹10 L: ₹1,00,000 + 30 %" (tradingqna.com,
//   "Tax on senior citizen").
// - s.80CCD(2) in the new regime: outlookmoney.com ("Benefits of NPS …"): salary ₹17 L, basic ₹6.8 L, employer NPS
//   14 % = ₹95,200; tax with cess on ₹16.25 L is ₹1.30 L, on ₹15.298 L ₹1.14 L (₹1,13,849 before the s.288B
//   rounding), saving ₹16,151. Economic Times / timesbull.com: salary ₹13.7 L, basic ₹6.85 L, NPS 14 % = ₹95,900:
//   no tax (taxable ₹11,99,100 within the s.87A rebate).
import { describe, expect, it } from 'vitest';
import { incomeTaxParametersFor, STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import { parametersForAge, taxAgeInYear } from './tax-person';
import { computeIncomeTax, monthlyTds, salaryMonthTds, totalIncomeTax } from './tds';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const NEW25 = incomeTaxParametersFor(tables, '2025-26', 'new')!;
const OLD25 = incomeTaxParametersFor(tables, '2025-26', 'old')!;
const NEW24 = incomeTaxParametersFor(tables, '2024-25', 'new')!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));
const rupees = (v: bigint) => Number(v) / 100;

describe('age in the year (CBDT Circular 28/2016)', () => {
  it.each([
    ['1960-04-01', '2019-20', 60], // attains 60 on 31 March 2020: a senior citizen for FY 2019-20
    ['1960-04-02', '2019-20', 59], // attains 60 on 1 April 2020: not in FY 2019-20
    ['1964-02-01', '2023-24', 60], // turns 60 on 1 Feb 2024: senior for AY 2024-25
    ['1966-03-31', '2025-26', 60],
    ['1945-04-01', '2024-25', 80], // very senior from the year he attains 80 on 31 March 2025
    ['1945-04-02', '2024-25', 79],
    ['1990-12-31', '2025-26', 35],
  ])('born %s, year %s → %i', (dob, fy, age) => {
    expect(taxAgeInYear(dob, fy)).toBe(age);
  });
});

describe('old regime slabs by age (Part III, para A)', () => {
  const tax = (age: number | undefined, gross: number) => computeIncomeTax(OLD25, { grossSalary: R(gross), age });
  it.each([
    // gross − ₹50,000 standard deduction = total income; tax on income by the age's slabs; total with cess 4 %
    [undefined, 1250000, 172500, 179400], // 12,500 + 1,00,000 + 30 % of 2 L
    [59, 1250000, 172500, 179400],
    [60, 1250000, 170000, 176800], // 1,10,000 + 30 % of 2 L
    [79, 1250000, 170000, 176800],
    [80, 1250000, 160000, 166400], // 1,00,000 + 30 % of 2 L
    [95, 1250000, 160000, 166400],
    [65, 850000, 70000, 72800], // 10,000 + 20 % of 3 L
    [85, 850000, 60000, 62400], // 20 % of 3 L
    [62, 550000, 10000, 0], // total income ₹5 L: 5 % of 2 L, all rebated under s.87A
    [62, 600000, 20000, 20800], // ₹5.5 L: 10,000 + 20 % of 50,000; no rebate above ₹5 L
    [82, 550000, 0, 0],
  ])('age %s, gross %i → tax %i, total %i', (age, gross, onIncome, total) => {
    const r = tax(age, gross);
    expect(rupees(r.taxOnIncome)).toBe(onIncome);
    expect(rupees(r.totalTax)).toBe(total);
  });

  it('the new regime has one set of slabs for every age', () => {
    expect(parametersForAge(NEW25, 85)).toBe(NEW25);
    const young = computeIncomeTax(NEW25, { grossSalary: R(1800000) });
    const old = computeIncomeTax(NEW25, { grossSalary: R(1800000), age: 85 });
    expect(old.totalTax).toBe(young.totalTax);
  });

  it('surcharge marginal relief reads the age band’s slabs', () => {
    // Very senior, total income ₹50,10,000: tax 13,03,000, surcharge 10 % = 1,30,300, but tax + surcharge may exceed
    // the tax at ₹50 L (13,00,000) by no more than the 10,000 above it → surcharge 7,000; cess 4 % of 13,10,000.
    const r = computeIncomeTax(OLD25, { grossSalary: R(5060000), age: 80 });
    expect(rupees(r.taxOnIncome)).toBe(1303000);
    expect(rupees(r.surcharge)).toBe(7000);
    expect(rupees(r.totalTax)).toBe(1362400);
  });
});

describe('s.80CCD(2), the employer’s NPS contribution', () => {
  it('new regime FY 2025-26: ₹17 L salary, ₹95,200 on a ₹6.8 L basic (outlookmoney.com)', () => {
    const without = computeIncomeTax(NEW25, { grossSalary: R(1700000) });
    expect(rupees(without.totalTax)).toBe(130000);
    const r = computeIncomeTax(NEW25, { grossSalary: R(1700000), basicAndDa: R(680000), deductions: { '80CCD(2)': R(95200) } });
    expect(rupees(r.deductions['80CCD(2)'])).toBe(95200);
    expect(rupees(r.taxableIncome)).toBe(1529800);
    // 20,000 + 40,000 + 15 % of 3,29,800 = 1,09,470; cess 4,378.80 → 1,13,848.80 → ₹1,13,850 (s.288B); the source's
    // ₹16,151 saving is 1,30,000 − 1,13,848.80 before rounding.
    expect(rupees(r.taxOnIncome + r.cess)).toBe(113848.8);
    expect(rupees(r.totalTax)).toBe(113850);
  });

  it('new regime FY 2025-26: ₹13.7 L salary, ₹95,900 on a ₹6.85 L basic pays nothing (Economic Times)', () => {
    const r = computeIncomeTax(NEW25, { grossSalary: R(1370000), basicAndDa: R(685000), deductions: { '80CCD(2)': R(95900) } });
    expect(rupees(r.taxableIncome)).toBe(1199100);
    expect(rupees(r.totalTax)).toBe(0);
  });

  it('is capped at 14 % of basic + DA in the new regime (FY 2024-25 on) and 10 % in the old', () => {
    const claim = { '80CCD(2)': R(120000) };
    expect(
      rupees(computeIncomeTax(NEW25, { grossSalary: R(1700000), basicAndDa: R(680000), deductions: claim }).deductions['80CCD(2)']),
    ).toBe(95200);
    expect(
      rupees(computeIncomeTax(NEW24, { grossSalary: R(1700000), basicAndDa: R(680000), deductions: claim }).deductions['80CCD(2)']),
    ).toBe(95200);
    expect(
      rupees(computeIncomeTax(OLD25, { grossSalary: R(1700000), basicAndDa: R(680000), deductions: claim }).deductions['80CCD(2)']),
    ).toBe(68000);
    // Without basic + DA the cap is taken on the gross salary (14 % of ₹17 L = ₹2,38,000): the claim stands.
    expect(rupees(computeIncomeTax(NEW25, { grossSalary: R(1700000), deductions: claim }).deductions['80CCD(2)'])).toBe(120000);
  });

  it('is outside the old regime’s ₹1.5 L of s.80CCE', () => {
    const r = computeIncomeTax(OLD25, {
      grossSalary: R(1500000),
      basicAndDa: R(600000),
      deductions: { '80C': R(150000), '80CCD(1)': R(50000), '80CCD(2)': R(60000) },
    });
    expect(rupees(r.deductions['80C'])).toBe(150000);
    expect(rupees(r.deductions['80CCD(1)'])).toBe(0);
    expect(rupees(r.deductions['80CCD(2)'])).toBe(60000);
    expect(rupees(r.totalDeductions)).toBe(210000);
  });

  it('the integer path and monthlyTds agree with computeIncomeTax', () => {
    for (const [p, age] of [
      [NEW25, undefined],
      [OLD25, 61],
      [OLD25, 83],
      [OLD25, undefined],
    ] as const) {
      for (const gross of [900000, 1370000, 1700000, 5200000]) {
        const input = { grossSalary: R(gross), basicAndDa: R(gross * 0.4), deductions: { '80CCD(2)': R(gross * 0.07) }, age };
        const exact = computeIncomeTax(p, input).totalTax;
        expect(totalIncomeTax(p, input)).toBe(exact);
        const m = monthlyTds(p, { ...input, projectedSalary: input.grossSalary, tdsDeductedSoFar: 0n, remainingMonths: 12 });
        expect(m.annualTax).toBe(exact);
      }
    }
  });
});

describe('a salary month’s TDS with 80CCD(2) and age', () => {
  const month = {
    remainingMonths: 8, // August
    regular: 141666_67,
    oneOff: 0,
    hraReceived: 0,
    basicPlusDa: 56666_67,
    rentPerMonth: 0,
    metro: false,
    professionalTax: 0,
    earlierRegular: 4 * 141666_67,
    earlierOneOff: 0,
    earlierHraExempt: 0,
    earlierProfessionalTax: 0,
    tdsSoFar: 0,
    previousEmployerSalary: 0,
    previousEmployerTds: 0,
    deductions: { '80CCD(2)': 95200_00 },
  };

  it('caps 80CCD(2) at 14 % of the year’s basic + DA (earlier slips + this month + the rest projected)', () => {
    // The year: 12 × 1,41,666.67 = 17,00,000.04 salary, 12 × 56,666.67 = 6,80,000.04 basic; 14 % = 95,200.01.
    const r = salaryMonthTds(NEW25, { ...month, earlierBasicPlusDa: 4 * 56666_67 });
    const expected = computeIncomeTax(NEW25, {
      grossSalary: BigInt(12 * 141666_67),
      basicAndDa: BigInt(12 * 56666_67),
      deductions: { '80CCD(2)': 95200_00n },
    }).totalTax;
    expect(BigInt(r.annualTax)).toBe(expected);
    expect(r.annualTax).toBe(113850_00);
    // Without the earlier months' basic + DA the year's basic is 8 months' (4,53,333.36; 14 % = 63,466.67).
    const short = salaryMonthTds(NEW25, month);
    expect(short.annualTax).toBeGreaterThan(r.annualTax);
  });

  it('takes the senior citizen’s slabs in the old regime', () => {
    const old = { ...month, deductions: {} };
    const young = salaryMonthTds(OLD25, old);
    const senior = salaryMonthTds(OLD25, { ...old, age: 60 });
    const verySenior = salaryMonthTds(OLD25, { ...old, age: 80 });
    // Total income 17,00,000 − 50,000 = 16,50,000: 12,500 / 10,000 / nil below ₹5 L, 1,00,000 for ₹5–10 L and
    // 30 % of 6,50,000 = 1,95,000 → 3,07,500 / 3,05,000 / 2,95,000, with cess 4 %.
    expect(young.annualTax).toBe(319800_00);
    expect(senior.annualTax).toBe(317200_00);
    expect(verySenior.annualTax).toBe(306800_00);
  });
});
