// The payroll engine: pure and synchronous. A plan is compiled once from the salary heads (compileFormulas) and
// then computes the slips of any number of employees (computeSlips). Money is integer paise in a JS number.
//
// Rules
// - Names a formula may use (all in RUPEES when they are money): every head's code (that head's amount this
//   month), <CODE>_FIXED (the structure's monthly fixed amount of that head before proration, 0 when none),
//   GROSS, DEDUCTIONS, the attendance figures (ATTENDANCE_NAMES, in days or hours) and the facts (FACT_NAMES;
//   GENDER is text, the IS_* facts are 1 or 0).
// - A non-calculative EARNING head earns round(fixed × PAYABLE_DAYS / MONTH_DAYS) paise, computed exactly in
//   integers (payable days are taken to 4 decimals, e.g. 27.5) and rounded half away from zero.
// - A non-calculative DEDUCTION head (TDS, LWF…) is its fixed amount, not prorated.
// - A calculative head evaluates its formula, in dependency order; the result (rupees) is rounded to whole
//   paise half away from zero after removing float noise (toPaiseNumber).
// - `extra` (advance instalment, arrears, bonus…) is then added to the head's amount, whatever its kind; a later
//   formula naming the head sees the amount with the extra. An extra for a head that is not in the plan fails
//   the employee (the money would otherwise vanish).
// - GROSS = sum of the earning heads, DEDUCTIONS = sum of the deduction heads; neither counts the net-pay head
//   nor the total-LWOP head, which is a MEMO head (computed and shown, e.g. the loss of pay, but not paid or
//   deducted: earnings are already prorated by payable days).
// - The net-pay head is its formula when it has one; without one (calculative with no formula, or not
//   calculative) it is GROSS − DEDUCTIONS. Slip: gross = GROSS, deductions = DEDUCTIONS, net = the net-pay
//   head's amount, or GROSS − DEDUCTIONS when the plan has no net-pay head.
// - An employee without any fixed amount for a head of the plan fails with 'No salary structure for the month';
//   a FormulaRuntimeError fails only that employee, as '<CODE>: <message>'.
// - A STATUTORY head (`statutory`: 'pf_employee' | 'esi_employee' | 'pt' | 'lwf_employee') is computed by the
//   statutory rules (./statutory) from the parameters given to computeSlips, not by a formula: PF on the sum of
//   the PF-wage heads (isPfWage), ESI on the sum of the ESI-wage heads (isEsiWage; coverage judged without the
//   overtime head), PT and LWF on GROSS — a half-yearly PT state's slab by the half-year's salary when the
//   employee's `ptPeriod` is given (ptPeriodGross). It is a deduction like any other (in DEDUCTIONS, the net pay).
//   The employer's shares and the wages they are on come back on the slip (`statutory`). The rules' arithmetic
//   runs on JS integers (statutory/fast.ts, the same results as the bigint rules).
// - The 'tds' head is the month's income tax under section 192 (statutory/tds.ts salaryMonthTds) in the
//   employee's regime: GROSS less the one-off payments (the `extra` of earning heads: bonus, arrears) is the
//   regular salary, projected over the remaining months of the financial year on top of the earlier slips'
//   figures (EmployeeTds), with the HRA exemption (the isHra head, basic + DA = the PF-wage heads, the declared
//   rent) and the month's professional tax; the one-off payments' extra tax is all deducted this month. A joiner's
//   prorated first month (`joinedThisMonth`) projects the months after it from the full month (every day payable).
// - Heads form a graph through their formulas (GROSS and DEDUCTIONS depend on their member heads): unknown
//   names and cycles are reported, all at once, by compileFormulas (PlanError) and formulaProblems.
//
// The parts: engine/types.ts (the public shapes), engine/analyse.ts and graph.ts (checking the heads),
// engine/compile.ts (the plan), engine/compute.ts (the slips) with engine/statutory-steps.ts and tds-step.ts (the
// statutory heads), engine/run-state.ts (the state a computation runs in).

export * from './engine/compile';
export { computeSlips } from './engine/compute';
export { type PayrollPlan, PlanError, type PlanRuntime } from './engine/plan';
export * from './engine/types';
export * from './statutory/wages';
