// The income-tax rows this release seeds (one per regime and financial year, the Finance Act of the year),
// part of STATUTORY_PARAMETERS (parameters.ts). See parameters.ts for how the rows are stored and dated.
import type { StatutoryParameterRow } from './parameters';
import type { IncomeTaxParameters } from './tds';

const OLD_SECTIONS = {
  '80C': 150000,
  '80CCC': 150000,
  '80CCD(1)': 150000,
  '80CCD(1B)': 50000,
  // The employer's NPS contribution: no amount cap, a share of salary (salaryShare below).
  '80CCD(2)': null,
  '80D': 25000,
  '80D(senior)': 50000,
  '80D(parents)': 25000,
  '80D(senior parents)': 50000,
  '80E': null,
  '80G': null,
  '80TTA': 10000,
  '80TTB': 50000,
  '24(b)': 200000,
} as const;
const OLD_GROUPS = [
  { name: '80CCE', sections: ['80C', '80CCC', '80CCD(1)'], cap: 150000 },
  { name: '80D self and family', sections: ['80D', '80D(senior)'], cap: 50000 },
  { name: '80D parents', sections: ['80D(parents)', '80D(senior parents)'], cap: 50000 },
];
// The new regime (s.115BAC(2)) allows none of these but 80CCD(2); the others are listed so a claim is capped to
// nothing, not refused.
const NEW_SECTIONS = { ...Object.fromEntries(Object.keys(OLD_SECTIONS).map((k) => [k, 0])), '80CCD(2)': null };
// s.80CCD(2): the employer's contribution up to 10 % of salary (basic + DA; Explanation to s.80CCD) in the old
// regime; up to 14 % where the salary is taxed under s.115BAC(1A), from AY 2025-26 (Finance (No. 2) Act 2024,
// s.80CCD(2) second proviso). The percentages are the rows' data (`salaryShare`), applied by tax-person.ts.
const OLD_NPS_SHARE = { '80CCD(2)': 10 };
const NEW_NPS_SHARE = { '80CCD(2)': 14 };
// Part III of the First Schedule, paragraph A (II) and (III): a resident of 60 or more but under 80 at any time in
// the year pays nil to ₹3 L; of 80 or more, nil to ₹5 L (CBDT Circular 28/2016: an age is attained the day
// before the birthday). The new regime (s.115BAC) has one set of slabs for every age.
const OLD_AGE_SLABS = [
  {
    fromAge: 60,
    slabs: [
      { upTo: 300000, rate: 0 },
      { upTo: 500000, rate: 5 },
      { upTo: 1000000, rate: 20 },
      { upTo: null, rate: 30 },
    ],
  },
  {
    fromAge: 80,
    slabs: [
      { upTo: 500000, rate: 0 },
      { upTo: 1000000, rate: 20 },
      { upTo: null, rate: 30 },
    ],
  },
];

const oldRegime = (financialYear: string, effectiveFrom: string, source: string): StatutoryParameterRow => ({
  kind: 'income_tax_old',
  stateCode: null,
  effectiveFrom,
  source,
  data: {
    financialYear,
    regime: 'old',
    slabs: [
      { upTo: 250000, rate: 0 },
      { upTo: 500000, rate: 5 },
      { upTo: 1000000, rate: 20 },
      { upTo: null, rate: 30 },
    ],
    ageSlabs: OLD_AGE_SLABS,
    standardDeduction: 50000,
    rebate87A: { incomeUpTo: 500000, maxRebate: 12500, marginalRelief: false },
    surcharge: [
      { above: 5000000, rate: 10 },
      { above: 10000000, rate: 15 },
      { above: 20000000, rate: 25 },
      { above: 50000000, rate: 37 },
    ],
    cessRate: 4,
    exemptionsAllowed: true,
    professionalTaxCap: 2500,
    deductions: { sections: { ...OLD_SECTIONS }, groups: OLD_GROUPS, salaryShare: OLD_NPS_SHARE },
    hra: { metroRate: 50, otherRate: 40, rentOverSalaryRate: 10 },
  },
});

const newRegime = (
  financialYear: string,
  effectiveFrom: string,
  source: string,
  slabs: IncomeTaxParameters['slabs'],
  rebate: IncomeTaxParameters['rebate87A'],
): StatutoryParameterRow => ({
  kind: 'income_tax_new',
  stateCode: null,
  effectiveFrom,
  source,
  data: {
    financialYear,
    regime: 'new',
    slabs,
    standardDeduction: 75000,
    rebate87A: rebate,
    surcharge: [
      { above: 5000000, rate: 10 },
      { above: 10000000, rate: 15 },
      { above: 20000000, rate: 25 },
    ],
    cessRate: 4,
    exemptionsAllowed: false,
    professionalTaxCap: null,
    deductions: { sections: NEW_SECTIONS, groups: [], salaryShare: NEW_NPS_SHARE },
    hra: null,
  },
});

const SLABS_NEW_2024 = [
  { upTo: 300000, rate: 0 },
  { upTo: 700000, rate: 5 },
  { upTo: 1000000, rate: 10 },
  { upTo: 1200000, rate: 15 },
  { upTo: 1500000, rate: 20 },
  { upTo: null, rate: 30 },
];
const SLABS_NEW_2025 = [
  { upTo: 400000, rate: 0 },
  { upTo: 800000, rate: 5 },
  { upTo: 1200000, rate: 10 },
  { upTo: 1600000, rate: 15 },
  { upTo: 2000000, rate: 20 },
  { upTo: 2400000, rate: 25 },
  { upTo: null, rate: 30 },
];

export const INCOME_TAX_ROWS: StatutoryParameterRow[] = [
  newRegime(
    '2024-25',
    '2024-04-01',
    'Finance (No. 2) Act 2024: s.115BAC(1A) slabs for FY 2024-25 (₹3 L nil, 5 / 10 / 15 / 20 / 30 % to ₹7 / 10 / 12 / 15 L and ' +
      'above), standard deduction ₹75,000 (s.16(ia)), s.87A rebate up to ₹25,000 to ₹7 L with marginal relief, surcharge ' +
      '10 / 15 / 25 % above ₹50 L / 1 Cr / 2 Cr (capped at 25 %), cess 4 % (Part I of the First Schedule); of chapter VI-A ' +
      'only s.80CCD(2), the employer’s NPS contribution, up to 14 % of salary (basic + DA) from AY 2025-26 (s.80CCD(2) as amended).',
    SLABS_NEW_2024,
    { incomeUpTo: 700000, maxRebate: 25000, marginalRelief: true },
  ),
  oldRegime(
    '2024-25',
    '2024-04-01',
    'Finance (No. 2) Act 2024, Part III of the First Schedule (rates for deduction from salary): ₹2.5 L nil, 5 %, 20 % above ' +
      '₹5 L, 30 % above ₹10 L; standard deduction ₹50,000; s.87A rebate up to ₹12,500 to ₹5 L; surcharge 10 / 15 / 25 / 37 %; ' +
      'cess 4 %; s.80C–80U caps and s.24(b) ₹2 L; s.80CCD(2) up to 10 % of salary (basic + DA); residents of 60–79 nil to ' +
      '₹3 L and of 80 or more nil to ₹5 L (para A(II), (III)); s.10(13A) with rule 2A; s.16(iii) professional tax up to ₹2,500.',
  ),
  newRegime(
    '2025-26',
    '2025-04-01',
    'Finance Act 2025: s.115BAC(1A) slabs for FY 2025-26 (₹4 L nil, then 5 / 10 / 15 / 20 / 25 / 30 % by ₹4 L steps), ' +
      'standard deduction ₹75,000, s.87A rebate up to ₹60,000 for total income to ₹12 L with marginal relief, surcharge ' +
      '10 / 15 / 25 % (capped at 25 %), cess 4 %; s.80CCD(2) up to 14 % of salary (basic + DA).',
    SLABS_NEW_2025,
    { incomeUpTo: 1200000, maxRebate: 60000, marginalRelief: true },
  ),
  oldRegime(
    '2025-26',
    '2025-04-01',
    'Finance Act 2025, Part III of the First Schedule: old-regime rates, deductions and caps unchanged from FY 2024-25 ' +
      '(senior citizens nil to ₹3 L, very senior citizens nil to ₹5 L; s.80CCD(2) up to 10 % of salary).',
  ),
  newRegime(
    '2026-27',
    '2026-04-01',
    'Same figures as FY 2025-26: no change to salary taxation for FY 2026-27 is known to this seed (Income-tax Act 2025 ' +
      'takes over from 1 Apr 2026 with the same rates). Replace this row when the year’s Finance Act says otherwise.',
    SLABS_NEW_2025,
    { incomeUpTo: 1200000, maxRebate: 60000, marginalRelief: true },
  ),
  oldRegime(
    '2026-27',
    '2026-04-01',
    'Same figures as FY 2025-26: no change known to this seed. Replace this row when the year’s Finance Act says otherwise.',
  ),
];
