// Income tax on salary (Income-tax Act, 1961) for one financial year and regime: the tax on total income by
// slabs, the rebate under section 87A with its marginal relief, surcharge with marginal relief, health and
// education cess, total income and tax rounded to the nearest ten rupees (sections 288A, 288B), and the
// month's deduction under section 192. The slabs, deductions and caps are the year's parameter row.
//
// The parts: tds/parameters.ts (the year's row), tds/income-tax.ts (the year's tax, exact in bigint), tds/fast.ts
// (the same in JS integers, for a salary run), tds/monthly.ts (a month's deduction on a year's figures) and
// tds/salary-month.ts (a salary month's deduction from the engine's figures, projected over the year).

export { type TaxParts, totalIncomeTax, totalIncomeTaxN } from './tds/fast';
export { capDeductions, computeIncomeTax, hraExemption, slabTax, type TaxInput, type TaxResult } from './tds/income-tax';
export { financialYearOf, type MonthlyTdsInput, type MonthlyTdsResult, monthlyTds, remainingMonthsOf } from './tds/monthly';
export {
  HOUSE_PROPERTY_SECTION,
  HRA_CODE,
  type IncomeTaxParameters,
  type TaxRegime,
  type TaxSlab,
  UnknownSectionError,
} from './tds/parameters';
export { type SalaryMonthTdsInput, type SalaryMonthTdsResult, salaryMonthTds, splitTds } from './tds/salary-month';
