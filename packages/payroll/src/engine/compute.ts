// computeSlips: a compiled plan run over the employees, one after another in the same typed buffers (RunState):
// the employee's structure and extras read in, the formulas' values filled, the steps walked in plan order, the
// slip made.
import { FormulaRuntimeError, toPaiseNumber } from '../formula';
import { roundDiv } from '../statutory/fast';
import {
  KIND_FIXED,
  KIND_FORMULA,
  KIND_NET,
  KIND_PRORATED,
  KIND_PT,
  KIND_TDS,
  type PayrollPlan,
  STEP_DEDUCTIONS,
  STEP_GROSS,
} from './plan';
import { createRunState, DEFAULT_EMPLOYEE_STATUTORY, emptyStatutory, type RunState, StatutoryStepError } from './run-state';
import { codeWagesInto, ruleStep } from './statutory-steps';
import { oneOffNow, tdsStep } from './tds-step';
import type {
  AttendanceFigures,
  EmployeeStatutory,
  EngineEmployee,
  EngineFacts,
  EngineFailure,
  EngineSlip,
  EngineStatutory,
  SlipStatutory,
} from './types';

const DAY_SCALE = 10_000; // payable and month days are taken to 4 decimals

/**
 * Computes the slips of the employees, in the order given; one employee's failure does not stop the others.
 * `statutory` gives the parameters in force for the month and state; a plan with a PF or ESI head fails every
 * employee without them.
 */
export function computeSlips(plan: PayrollPlan, employees: EngineEmployee[], statutory?: EngineStatutory): (EngineSlip | EngineFailure)[] {
  const s = createRunState(plan.runtime, statutory);
  const { rt, heads, n, amount } = s;
  const results: (EngineSlip | EngineFailure)[] = new Array(employees.length);
  for (let e = 0; e < employees.length; e++) {
    const emp = employees[e];
    const problem = readEmployee(s, emp);
    if (problem !== null) {
      results[e] = { employeeId: emp.employeeId, error: problem };
      continue;
    }
    fillValues(s, emp.attendance, emp.facts);
    const st: SlipStatutory | null = rt.hasStatutory ? emptyStatutory(s.hasTds) : null;
    const code = s.code;
    if (st && code) {
      st.codeWages = 0;
      st.codeWagesAddedBack = 0;
      st.pfWagesRaise = 0;
      if (code.esi) st.esiWagesRaise = 0;
    }
    try {
      runSteps(s, st, emp.statutory ?? DEFAULT_EMPLOYEE_STATUTORY, emp.facts, emp.attendance.payableDays);
    } catch (err) {
      if (!(err instanceof FormulaRuntimeError || err instanceof StatutoryStepError) || s.current < 0) throw err;
      results[e] = { employeeId: emp.employeeId, error: `${heads[s.current].code}: ${err.message}` };
      continue;
    }

    if (st && code) codeWagesInto(s, st, code.allWages, code.allTested, amount);
    const amounts = new Map<number, number>();
    for (let i = 0; i < n; i++) amounts.set(heads[i].id, amount[i]);
    const { gross, deductions } = s;
    results[e] = {
      employeeId: emp.employeeId,
      amounts,
      gross,
      deductions,
      net: rt.netIndex >= 0 ? amount[rt.netIndex] : gross - deductions,
      statutory: st,
      error: null,
    };
  }
  return results;
}

// Map.forEach's callbacks, with the state as `this` (forEach does not allocate an entry per item, unlike for…of).
function takeFixed(this: RunState, paise: number, id: number): void {
  const i = this.rt.indexById.get(id);
  if (i === undefined) return;
  if (!Number.isSafeInteger(paise)) this.problem ??= `${this.heads[i].code}: the fixed amount ${paise} is not a whole number of paise`;
  this.fixed[i] = paise;
  this.matched++;
}

function takeExtra(this: RunState, paise: number, id: number): void {
  const i = this.rt.indexById.get(id);
  if (i === undefined) this.problem ??= `An extra amount is given for head ${id}, which is not a salary head of this plan`;
  else if (!Number.isSafeInteger(paise)) this.problem ??= `${this.heads[i].code}: the extra amount ${paise} is not a whole number of paise`;
  else this.extra[i] += paise;
}

/** Reads the employee's structure, extras and days into the state; answers the employee's problem, or null. */
function readEmployee(s: RunState, emp: EngineEmployee): string | null {
  s.fixed.fill(0);
  s.extra.fill(0);
  s.matched = 0;
  s.problem = null;
  emp.fixed.forEach(takeFixed, s);
  if (s.matched === 0) s.problem = 'No salary structure for the month';
  emp.extra.forEach(takeExtra, s);
  const att = emp.attendance;
  if (!(Number.isFinite(att.monthDays) && att.monthDays > 0)) s.problem ??= 'The month has no days (MONTH_DAYS must be above 0)';
  if (!(Number.isFinite(att.payableDays) && att.payableDays >= 0)) s.problem ??= 'The payable days are not a number of days';
  return s.problem;
}

/** The formulas' values of the employee: attendance, facts (GENDER as text) and the fixed amounts in rupees. */
function fillValues(s: RunState, att: AttendanceFigures, f: EngineFacts): void {
  const { values, fixed, n } = s;
  s.monthNow = Math.round(att.monthDays * DAY_SCALE);
  s.payableNow = Math.round(att.payableDays * DAY_SCALE);
  s.monthDaysNow = att.monthDays;
  let i = s.lay.attendance;
  values[i++] = att.monthDays;
  values[i++] = att.payableDays;
  values[i++] = att.presentDays;
  values[i++] = att.lwopDays;
  values[i++] = att.otHours;
  values[i++] = att.holidays;
  values[i++] = att.weeklyOffs;
  values[i++] = f.AGE;
  values[i++] = f.YEARS_OF_SERVICE;
  i++; // GENDER is text
  s.rt.texts[0] = f.GENDER;
  values[i++] = f.IS_PF_APPLICABLE;
  values[i++] = f.IS_ESI_APPLICABLE;
  values[i++] = f.IS_PT_APPLICABLE;
  for (let k = 0; k < n; k++) values[n + k] = fixed[k] / 100;
}

/** The plan's steps for the employee read in: every head's amount, GROSS and DEDUCTIONS (into the state). */
function runSteps(s: RunState, st: SlipStatutory | null, es: EmployeeStatutory, f: EngineFacts, payableDays: number): void {
  const { steps, heads, values, fixed, extra, amount, lay, rt } = s;
  const { grossMembers, deductionMembers } = rt;
  const payableScaled = s.payableNow;
  const monthScaled = s.monthNow;
  let gross = 0;
  let deductions = 0;
  s.gross = 0;
  s.deductions = 0;
  s.current = -1;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    if (step === STEP_GROSS) {
      gross = 0;
      for (let m = 0; m < grossMembers.length; m++) gross += amount[grossMembers[m]];
      values[lay.gross] = gross / 100;
      s.gross = gross;
      continue;
    }
    if (step === STEP_DEDUCTIONS) {
      deductions = 0;
      for (let m = 0; m < deductionMembers.length; m++) deductions += amount[deductionMembers[m]];
      values[lay.deductions] = deductions / 100;
      s.deductions = deductions;
      continue;
    }
    const head = heads[step];
    let paise: number;
    switch (head.kind) {
      case KIND_PRORATED:
        paise = prorate(fixed[step], payableScaled, monthScaled);
        break;
      case KIND_FIXED:
        paise = fixed[step];
        break;
      case KIND_FORMULA:
        s.current = step;
        paise = toPaiseNumber(head.fn!(values));
        if (!Number.isSafeInteger(paise)) throw new FormulaRuntimeError('the result is too large to be an amount');
        break;
      case KIND_NET:
        paise = gross - deductions;
        break;
      case KIND_TDS:
        s.current = step;
        paise = tdsStep(s, st!, es, f, gross);
        break;
      default:
        s.current = step;
        paise = ruleStep(s, head.kind, st!, es, f, payableDays, gross, amount, head.kind === KIND_PT && es.ptPeriod ? oneOffNow(s) : 0);
    }
    paise += extra[step];
    amount[step] = paise;
    values[step] = paise / 100;
  }
}

/** fixed × payable / month, both days already scaled to integers by DAY_SCALE; exact, half away from zero. */
function prorate(fixed: number, payableScaled: number, monthScaled: number): number {
  const product = fixed * payableScaled;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return roundDiv(product, monthScaled);
  const p = BigInt(fixed) * BigInt(payableScaled);
  const m = BigInt(monthScaled);
  const abs = p < 0n ? -p : p;
  let q = abs / m;
  if (2n * (abs % m) >= m) q += 1n;
  return Number(p < 0n ? -q : q);
}
