// The payroll API (issue: payroll engine). Amounts travel as rupees with two decimals (JSON numbers); the
// server keeps integer paise. Paths and field names here are a contract for integrators: keep them.
// One file per sub-area under payroll/; this file gathers their exports.
export * from './payroll/advances';
export * from './payroll/bonus';
export { YEAR_MONTH, ZRupees, ZYearMonth } from './payroll/fields';
export * from './payroll/formulas';
export * from './payroll/month-attendance';
export * from './payroll/runs';
export * from './payroll/structures';
