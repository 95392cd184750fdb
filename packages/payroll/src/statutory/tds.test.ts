// Worked examples of income tax on salary. Sources: Finance Act 2025 (new-regime slabs for FY 2025-26, s.87A
// rebate ₹60,000 to ₹12 L with marginal relief — the Budget 2025-26 speech's example "₹12.75 L salary pays no
// tax" and the Income-tax Department's tax calculator), Finance (No. 2) Act 2024 (FY 2024-25), Part III of the
// First Schedule (surcharge 10 / 15 / 25 / 37 % with marginal relief, cess 4 %), ss.288A / 288B (nearest ten),
// s.10(13A) with rule 2A (HRA), s.80CCE (₹1.5 L), s.192 (monthly deduction). Each figure below is worked by hand
// in the comment beside it.
import { describe, expect, it } from 'vitest';
import { incomeTaxParametersFor, STATUTORY_PARAMETERS, statutoryTables } from './parameters';
import {
  capDeductions,
  computeIncomeTax,
  financialYearOf,
  hraExemption,
  monthlyTds,
  salaryMonthTds,
  splitTds,
  UnknownSectionError,
} from './tds';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const NEW25 = incomeTaxParametersFor(tables, '2025-26', 'new')!;
const OLD25 = incomeTaxParametersFor(tables, '2025-26', 'old')!;
const NEW24 = incomeTaxParametersFor(tables, '2024-25', 'new')!;
const R = (rupees: number) => BigInt(Math.round(rupees * 100));

function tax(
  p: typeof NEW25,
  gross: number,
  extra: { deductions?: Record<string, number>; exemptions?: number; professionalTax?: number } = {},
) {
  const r = computeIncomeTax(p, {
    grossSalary: R(gross),
    exemptions: extra.exemptions === undefined ? undefined : R(extra.exemptions),
    professionalTax: extra.professionalTax === undefined ? undefined : R(extra.professionalTax),
    deductions: extra.deductions && Object.fromEntries(Object.entries(extra.deductions).map(([k, v]) => [k, R(v)])),
  });
  const rupees = (v: bigint) => Number(v) / 100;
  return {
    taxableIncome: rupees(r.taxableIncome),
    taxOnIncome: rupees(r.taxOnIncome),
    rebate: rupees(r.rebate),
    surcharge: rupees(r.surcharge),
    cess: rupees(r.cess),
    totalTax: rupees(r.totalTax),
  };
}

describe('new regime FY 2025-26 at the s.87A edge', () => {
  it.each([
    // gross → taxable (gross − 75,000), tax on income, rebate, cess, total
    [1200000, 1125000, 52500, 52500, 0, 0], // 20,000 + 10 % of 3,25,000
    [1210000, 1135000, 53500, 53500, 0, 0],
    [1275000, 1200000, 60000, 60000, 0, 0], // the Budget's "₹12.75 L pays nothing"
    // Total income ₹12,02,500 (the 12.025 L; gross 12,77,500): tax 60,375, but payable at most the
    // 2,500 above ₹12 L → rebate 57,875; cess 100; total 2,600.
    [1277500, 1202500, 60375, 57875, 100, 2600],
    // ₹12,67,500 (the 12.675 L; gross 13,42,500): tax 70,125 > 67,500 above 12 L → rebate 2,625; cess 2,700.
    [1342500, 1267500, 70125, 2625, 2700, 70200],
    // ₹12,75,000: tax 71,250 < 75,000 above 12 L → relief over; cess 2,850 → 74,100.
    [1350000, 1275000, 71250, 0, 2850, 74100],
  ])('gross ₹%s', (gross, taxableIncome, taxOnIncome, rebate, cess, totalTax) => {
    expect(tax(NEW25, gross)).toEqual({ taxableIncome, taxOnIncome, rebate, surcharge: 0, cess, totalTax });
  });

  it('ignores old-regime deductions, exemptions and professional tax', () => {
    expect(
      tax(NEW25, 1500000, { deductions: { '80C': 150000, '80D': 25000 }, exemptions: 100000, professionalTax: 2500 }).taxableIncome,
    ).toBe(1425000);
  });
});

describe('new regime FY 2024-25 at the s.87A edge', () => {
  it.each([
    [775000, 700000, 20000, 20000, 0, 0], // 5 % of 4 L
    // ₹7,10,000: tax 21,000, payable at most the 10,000 above ₹7 L → rebate 11,000; cess 400 → 10,400.
    [785000, 710000, 21000, 11000, 400, 10400],
  ])('gross ₹%s', (gross, taxableIncome, taxOnIncome, rebate, cess, totalTax) => {
    expect(tax(NEW24, gross)).toEqual({ taxableIncome, taxOnIncome, rebate, surcharge: 0, cess, totalTax });
  });
});

describe('surcharge edges with marginal relief', () => {
  it.each([
    // regime, taxable income, tax on income, surcharge, cess, total  (gross = taxable + standard deduction)
    // ₹50 L: 1,20,000 + 60,000 + 80,000 + 1,00,000 + 30 % of 26 L (7,80,000) + 20,000 + 40,000 = 10,80,000; no surcharge.
    ['new', 5000000, 1080000, 0, 43200, 1123200],
    // ₹50.1 L: tax 10,83,000; 10 % = 1,08,300, but tax + surcharge ≤ 10,80,000 + 10,000 → 7,000; cess 43,600.
    ['new', 5010000, 1083000, 7000, 43600, 1133600],
    // ₹60 L: tax 13,80,000, full 10 % (1,38,000) as relief no longer bites; cess 60,720.
    ['new', 6000000, 1380000, 138000, 60720, 1578720],
    // ₹1.001 Cr: tax 25,83,000; 15 % = 3,87,450; cap 25,80,000 × 1.10 + 10,000 = 28,48,000 → 2,65,000; cess 1,13,920.
    ['new', 10010000, 2583000, 265000, 113920, 2961920],
    // ₹2.001 Cr: tax 55,83,000; 25 % = 13,95,750; cap 55,80,000 × 1.15 + 10,000 = 64,27,000 → 8,44,000; cess 2,57,080.
    ['new', 20010000, 5583000, 844000, 257080, 6684080],
    // ₹5.001 Cr: the new regime stays at 25 % (36,45,750) with no edge at ₹5 Cr; cess 7,29,150.
    ['new', 50010000, 14583000, 3645750, 729150, 18957900],
    // Old regime ₹50.1 L: tax 13,15,500; cap 13,12,500 + 10,000 → surcharge 7,000; cess 52,900.
    ['old', 5010000, 1315500, 7000, 52900, 1375400],
    // Old regime ₹5.001 Cr: tax 1,48,15,500; 37 % = 54,81,735; cap 1,48,12,500 × 1.25 + 10,000 = 1,85,25,625 →
    // 37,10,125; cess 7,41,025.
    ['old', 50010000, 14815500, 3710125, 741025, 19266650],
  ] as const)('%s regime, total income ₹%s', (regime, taxable, taxOnIncome, surcharge, cess, totalTax) => {
    const p = regime === 'new' ? NEW25 : OLD25;
    expect(tax(p, taxable + p.standardDeduction)).toEqual({ taxableIncome: taxable, taxOnIncome, rebate: 0, surcharge, cess, totalTax });
  });
});

describe('old regime', () => {
  it('caps the deductions and takes HRA, professional tax and the standard deduction', () => {
    // Basic ₹4 L, HRA received 1,60,000, rent 1,80,000 in a metro: least of 1,60,000, 1,80,000 − 40,000 and
    // 2,00,000 = 1,40,000.
    const hra = hraExemption(OLD25.hra!, { hraReceived: R(160000), rentPaid: R(180000), basicPlusDa: R(400000), metro: true });
    expect(hra).toBe(R(140000));
    // 10,00,000 − 50,000 − 1,40,000 − 2,400 = 8,07,600; 80C capped at 1,50,000 and 80D at 25,000 → 6,32,600.
    // Tax 12,500 + 20 % of 1,32,600 = 39,020; cess 1,560.80; 40,580.80 → 40,580.
    expect(tax(OLD25, 1000000, { exemptions: 140000, professionalTax: 2400, deductions: { '80C': 200000, '80D': 30000 } })).toEqual({
      taxableIncome: 632600,
      taxOnIncome: 39020,
      rebate: 0,
      surcharge: 0,
      cess: 1560.8,
      totalTax: 40580,
    });
  });

  it.each([
    [550000, 500000, 12500, 12500, 0, 0],
    // ₹5,00,010: tax 12,502, no rebate above ₹5 L and no marginal relief in the old regime; cess 500.08 → 13,000.
    [550010, 500010, 12502, 0, 500.08, 13000],
  ])('s.87A edge: gross ₹%s', (gross, taxableIncome, taxOnIncome, rebate, cess, totalTax) => {
    expect(tax(OLD25, gross)).toEqual({ taxableIncome, taxOnIncome, rebate, surcharge: 0, cess, totalTax });
  });

  it('rounds the total income to the nearest ten (s.288A)', () => {
    // 7,54,994.99 − 50,000 = 7,04,994.99 → paise dropped, last digit 4 → 7,04,990.
    expect(tax(OLD25, 754994.99).taxableIncome).toBe(704990);
    expect(tax(OLD25, 754995).taxableIncome).toBe(705000);
  });

  it('caps sections together and refuses an unknown one', () => {
    const capped = capDeductions(OLD25, {
      '80C': R(100000),
      '80CCC': R(40000),
      '80CCD(1)': R(30000),
      '80CCD(1B)': R(60000),
      '24(b)': R(250000),
      '80E': R(90000),
    });
    expect(capped).toEqual({
      '80C': R(100000),
      '80CCC': R(40000),
      '80CCD(1)': R(10000),
      '80CCD(1B)': R(50000),
      '24(b)': R(200000),
      '80E': R(90000),
    });
    expect(() => capDeductions(OLD25, { '80Z': R(1) })).toThrow(UnknownSectionError);
    expect(capDeductions(NEW25, { '80C': R(150000) })).toEqual({ '80C': 0n });
  });

  it('caps professional tax at ₹2,500 (s.16(iii))', () => {
    expect(tax(OLD25, 1000000, { professionalTax: 3000 }).taxableIncome).toBe(947500);
  });
});

describe('monthly TDS under s.192', () => {
  const tds = (input: Partial<Parameters<typeof monthlyTds>[1]> & { projectedSalary: bigint; remainingMonths: number }) =>
    monthlyTds(NEW25, { tdsDeductedSoFar: 0n, ...input });

  it('spreads the year’s tax over the months', () => {
    // ₹2 L a month: 24 L − 75,000 = 23,25,000; tax 2,00,000 + 25 % of 3,25,000 = 2,81,250; cess 11,250 → 2,92,500;
    // April: 2,92,500 ÷ 12 = 24,375.
    const april = tds({ projectedSalary: R(2400000), remainingMonths: 12 });
    expect(april).toMatchObject({ annualTax: R(292500), regular: R(24375), oneOff: 0n, tds: R(24375) });
    // August, 4 × 24,375 deducted, but a raise lifts the projection to 27 L: taxable 26,25,000 → 3,00,000 to 24 L
    // + 30 % of 2,25,000 = 3,67,500 × 1.04 = 3,82,200; (3,82,200 − 97,500) ÷ 8 = 35,587.50 → 35,588.
    const august = tds({ projectedSalary: R(2700000), tdsDeductedSoFar: R(97500), remainingMonths: 8 });
    expect(august).toMatchObject({ annualTax: R(382200), tds: R(35588) });
  });

  it('counts a previous employer’s salary and tax for a mid-year joiner', () => {
    // Joins on 1 October on ₹1.5 L a month (9 L to March); 6 L and 30,000 TDS declared from the previous employer.
    // 15 L − 75,000 = 14,25,000: tax 20,000 + 40,000 + 15 % of 2,25,000 = 93,750; cess 3,750 → 97,500.
    // October: (97,500 − 30,000) ÷ 6 = 11,250; December, two months deducted: (97,500 − 30,000 − 22,500) ÷ 4 = 11,250.
    const base = { projectedSalary: R(900000), previousEmployerSalary: R(600000), previousEmployerTds: R(30000) };
    expect(tds({ ...base, remainingMonths: 6 })).toMatchObject({ annualTax: R(97500), tds: R(11250) });
    expect(tds({ ...base, tdsDeductedSoFar: R(22500), remainingMonths: 4 }).tds).toBe(R(11250));
  });

  it('takes a bonus’s whole extra tax in its own month', () => {
    // ₹1 L a month: 11,25,000 taxable, all rebated. A ₹1 L bonus in October lifts it to 12,25,000: tax 63,750,
    // marginal relief to the 25,000 above 12 L, cess 1,000 → 26,000, all of it in October.
    const october = tds({ projectedSalary: R(1200000), oneOffThisMonth: R(100000), remainingMonths: 6 });
    expect(october).toEqual({ annualTax: 0n, annualTaxWithOneOff: R(26000), regular: 0n, oneOff: R(26000), tds: R(26000) });
    // November: the bonus is in the year's income and its tax already deducted: nothing more.
    expect(tds({ projectedSalary: R(1200000), oneOffPaidEarlier: R(100000), tdsDeductedSoFar: R(26000), remainingMonths: 5 }).tds).toBe(0n);
  });

  it('never deducts a negative amount and rounds to the rupee', () => {
    expect(
      tds({ projectedSalary: R(900000), previousEmployerSalary: R(600000), previousEmployerTds: R(150000), remainingMonths: 6 }).tds,
    ).toBe(0n);
    const annual = monthlyTds(NEW25, { projectedSalary: R(1875000), tdsDeductedSoFar: 0n, remainingMonths: 7 });
    // 18,75,000 − 75,000 = 18,00,000: 20,000 + 40,000 + 60,000 + 40,000 = 1,60,000 × 1.04 = 1,66,400 ÷ 7 = 23,771.43 → 23,771.
    expect(annual).toMatchObject({ annualTax: R(166400), tds: R(23771) });
    expect(() => monthlyTds(NEW25, { projectedSalary: 0n, tdsDeductedSoFar: 0n, remainingMonths: 0 })).toThrow(RangeError);
  });

  it('adds other income, sets off 24(b) as a house-property loss and takes relief u/s 89 off what is deducted', () => {
    // Old regime, April, ₹1,50,000 a month (18 L a year), no HRA, PT ₹200 a month (2,400), 80C 1,50,000, a housing
    // loan's interest 3,00,000 (capped at 2,00,000), interest income 50,000 reported, relief u/s 89 12,000.
    // Salary 18,00,000 − 50,000 − 2,400 = 17,47,600; house property −2,00,000; other sources 50,000 → gross total
    // income 15,97,600; − 80C 1,50,000 = 14,47,600: 12,500 + 1,00,000 + 30 % of 4,47,600 (1,34,280) = 2,46,780;
    // cess 9,871.20 → 2,56,651.20 → 2,56,650 (s.288B). Less relief 12,000 = 2,44,650 ÷ 12 = 20,387.50 → 20,388.
    const m = {
      remainingMonths: 12,
      regular: Number(R(150000)),
      oneOff: 0,
      hraReceived: 0,
      basicPlusDa: Number(R(75000)),
      rentPerMonth: 0,
      metro: false,
      professionalTax: Number(R(200)),
      earlierRegular: 0,
      earlierOneOff: 0,
      earlierHraExempt: 0,
      earlierProfessionalTax: 0,
      tdsSoFar: 0,
      previousEmployerSalary: 0,
      previousEmployerTds: 0,
      deductions: { '80C': Number(R(150000)), '24(b)': Number(R(300000)) },
      otherIncome: Number(R(50000)),
      relief89: Number(R(12000)),
    };
    const got = salaryMonthTds(OLD25, m);
    expect(got.annualTax).toBe(Number(R(256650)));
    expect(got.tds).toBe(Number(R(20388)));
    // Its split for Form 24Q: cess 9,871.20 of 2,56,651.20 → 20,388 × that share = 784.15 → ₹784; no surcharge.
    expect(got).toMatchObject({ surcharge: 0, cess: Number(R(784)) });
    // The bigint rules agree, line by line.
    const full = computeIncomeTax(OLD25, {
      grossSalary: R(1800000),
      professionalTax: R(2400),
      deductions: { '80C': R(150000), '24(b)': R(300000) },
      otherIncome: R(50000),
    });
    expect(full).toMatchObject({
      salaryIncome: R(1747600),
      houseProperty: R(-200000),
      otherIncome: R(50000),
      grossTotalIncome: R(1597600),
      deductions: { '80C': R(150000) },
      totalDeductions: R(150000),
      taxableIncome: R(1447600),
      taxOnIncome: R(246780),
      totalTax: R(256650),
    });
    // Without the relief the month deducts 2,56,650 ÷ 12 = 21,387.50 → 21,388; without the other income and the
    // house property the tax is that on 15,97,600: 12,500 + 1,00,000 + 1,79,280 = 2,91,780 × 1.04 = 3,03,451.20 → 3,03,450.
    expect(salaryMonthTds(OLD25, { ...m, relief89: 0 }).tds).toBe(Number(R(21388)));
    expect(salaryMonthTds(OLD25, { ...m, otherIncome: 0, deductions: { '80C': Number(R(150000)) } }).annualTax).toBe(Number(R(303450)));
    // Relief beyond the tax leaves nothing to deduct, never a negative amount.
    expect(salaryMonthTds(OLD25, { ...m, relief89: Number(R(400000)) }).tds).toBe(0);
    // The new regime allows no 24(b) loss on a self-occupied house: 18 L − 75,000 + 50,000 = 17,75,000.
    expect(computeIncomeTax(NEW25, { grossSalary: R(1800000), deductions: { '24(b)': R(300000) }, otherIncome: R(50000) })).toMatchObject({
      houseProperty: 0n,
      grossTotalIncome: R(1775000),
    });
    // A loss larger than the salary and other income is set off only up to them.
    expect(computeIncomeTax(OLD25, { grossSalary: R(150000), deductions: { '24(b)': R(200000) } })).toMatchObject({
      houseProperty: R(-100000),
      grossTotalIncome: 0n,
      totalTax: 0n,
    });
  });

  it('splits a deduction into income tax, surcharge and cess in the year’s proportions', () => {
    // New regime, ₹60 L taxable: 3,00,000 to 24 L + 30 % of 36 L = 13,80,000; surcharge 10 % = 1,38,000; cess 4 % of
    // 15,18,000 = 60,720 → 15,78,720, a twelfth 1,31,560: surcharge 11,500, cess 5,060, income tax 1,15,000. A month of
    // ₹1,00,007: surcharge 1,00,007 × 1,38,000 ÷ 15,78,720 = 8,741.87 → 8,742; cess × 60,720 ÷ 15,78,720 = 3,846.42 → 3,846.
    const parts = { beforeRounding: Number(R(1578720)), surcharge: Number(R(138000)), cess: Number(R(60720)) };
    const sixty = computeIncomeTax(NEW25, { grossSalary: R(6075000) });
    expect([sixty.taxableIncome, sixty.taxOnIncome, sixty.surcharge, sixty.cess]).toEqual([R(6000000), R(1380000), R(138000), R(60720)]);
    expect(splitTds(Number(R(131560)), parts)).toEqual({
      incomeTax: Number(R(115000)),
      surcharge: Number(R(11500)),
      cess: Number(R(5060)),
    });
    expect(splitTds(Number(R(100007)), parts)).toEqual({ incomeTax: Number(R(87419)), surcharge: Number(R(8742)), cess: Number(R(3846)) });
    expect(splitTds(0, parts)).toEqual({ incomeTax: 0, surcharge: 0, cess: 0 });
  });

  it('names the financial year of a month', () => {
    expect(financialYearOf(2025, 4)).toBe('2025-26');
    expect(financialYearOf(2026, 3)).toBe('2025-26');
    expect(financialYearOf(2099, 12)).toBe('2099-00');
  });

  it('repeats FY 2025-26 for 2026-27 and knows no later year', () => {
    const next = incomeTaxParametersFor(tables, '2026-27', 'new')!;
    expect({ ...next, effectiveFrom: '', financialYear: '' }).toEqual({ ...NEW25, effectiveFrom: '', financialYear: '' });
    expect(incomeTaxParametersFor(tables, '2027-28', 'new')).toBeUndefined();
  });
});
