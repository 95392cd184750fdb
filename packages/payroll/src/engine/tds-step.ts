// The TDS head for one employee (section 192, statutory/tds salaryMonthTds): GROSS less the earning heads' extras
// (the one-off payments: bonus, arrears) is the regular salary; a joiner's prorated first month projects the months
// after it from the full month (fullMonth).
import { FormulaRuntimeError, toPaiseNumber } from '../formula';
import { salaryMonthTds, UnknownSectionError } from '../statutory/tds';
import { KIND_FIXED, KIND_FORMULA, KIND_NET, KIND_PRORATED, KIND_TDS, STEP_DEDUCTIONS, STEP_GROSS } from './plan';
import { type FullMonthFigures, NO_TDS, type RunState, StatutoryStepError, sumOf } from './run-state';
import { ruleStep } from './statutory-steps';
import type { EmployeeStatutory, EngineFacts, SlipStatutory } from './types';

/** The one-off payments (the earning heads' extras: bonus, arrears) of the employee being computed. */
export function oneOffNow(s: RunState): number {
  const grossMembers = s.rt.grossMembers;
  const extra = s.extra;
  let t = 0;
  for (let m = 0; m < grossMembers.length; m++) t += extra[grossMembers[m]];
  return t;
}

/** The TDS head's amount (paise), filling the slip's TDS figures. */
export function tdsStep(s: RunState, st: SlipStatutory, es: EmployeeStatutory, f: EngineFacts, gross: number): number {
  const t = es.tds ?? NO_TDS;
  const p = s.params?.tds?.[t.regime];
  if (!p) throw new StatutoryStepError(`no income-tax rates (${t.regime} regime) are in force for the financial year`);
  const oneOff = oneOffNow(s);
  const regular = gross - oneOff;
  const projected = t.joinedThisMonth && s.payableNow < s.monthNow ? fullMonth(s, es, f, s.monthDaysNow) : undefined;
  const { rt, amount } = s;
  let r: ReturnType<typeof salaryMonthTds>;
  try {
    const m = s.tdsIn;
    m.regular = regular;
    m.oneOff = oneOff;
    m.hraReceived = sumOf(rt.hraMembers, amount);
    m.basicPlusDa = sumOf(rt.pfWageMembers, amount);
    m.rentPerMonth = t.rentPerMonth;
    m.metro = t.metro;
    m.professionalTax = rt.ptIndex >= 0 ? amount[rt.ptIndex] : 0;
    m.earlierRegular = t.earlierRegular;
    m.earlierOneOff = t.earlierOneOff;
    m.earlierHraExempt = t.earlierHraExempt;
    m.earlierProfessionalTax = t.earlierPt;
    m.tdsSoFar = t.tdsSoFar;
    m.previousEmployerSalary = t.previousEmployerIncome;
    m.previousEmployerTds = t.previousEmployerTds;
    m.deductions = t.deductions;
    m.otherIncome = t.otherIncome ?? 0;
    m.relief89 = t.relief89 ?? 0;
    m.age = t.age;
    m.earlierBasicPlusDa = t.earlierBasicPlusDa ?? 0;
    m.projected = projected;
    r = salaryMonthTds(p, m, s.tdsOut);
  } catch (e) {
    if (e instanceof UnknownSectionError) throw new StatutoryStepError(`the declaration claims ${e.message.toLowerCase()}`);
    throw e;
  }
  st.tds = r.tds;
  st.tdsOneOff = r.oneOff;
  st.tdsAnnualTax = r.annualTax;
  st.tdsRegime = t.regime;
  st.taxableRegular = regular;
  st.taxableOneOff = oneOff;
  st.hraExempt = r.hraExempt;
  st.tdsSurcharge = r.surcharge;
  st.tdsCess = r.cess;
  return st.tds;
}

/**
 * A joiner's prorated first month: the month's heads again as if every day were payable, without the one-off
 * payments and without the TDS head — the regular month the rest of the year is projected from.
 */
function fullMonth(s: RunState, es: EmployeeStatutory, f: EngineFacts, monthDays: number): FullMonthFigures {
  const { rt, heads, steps, fixed, lay } = s;
  s.amountFull ??= new Float64Array(s.n);
  s.valuesFull ??= new Float64Array(rt.slotCount);
  const a = s.amountFull;
  const v = s.valuesFull;
  v.set(s.values);
  v[lay.attendance + 1] = monthDays; // PAYABLE_DAYS
  v[lay.attendance + 3] = 0; // LWOP_DAYS
  let g = 0;
  let d = 0;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    if (step === STEP_GROSS) {
      g = sumOf(rt.grossMembers, a);
      v[lay.gross] = g / 100;
      continue;
    }
    if (step === STEP_DEDUCTIONS) {
      d = sumOf(rt.deductionMembers, a);
      v[lay.deductions] = d / 100;
      continue;
    }
    const head = heads[step];
    let paise: number;
    switch (head.kind) {
      case KIND_PRORATED:
      case KIND_FIXED:
        paise = fixed[step];
        break;
      case KIND_FORMULA:
        paise = toPaiseNumber(head.fn!(v));
        if (!Number.isSafeInteger(paise)) throw new FormulaRuntimeError('the result is too large to be an amount');
        break;
      case KIND_NET:
        paise = g - d;
        break;
      case KIND_TDS:
        paise = 0;
        break;
      default:
        paise = ruleStep(s, head.kind, s.scratch, es, f, monthDays, g, a, 0);
    }
    a[step] = paise;
    v[step] = paise / 100;
  }
  const out = s.full;
  out.regular = g;
  out.hraReceived = sumOf(rt.hraMembers, a);
  out.basicPlusDa = sumOf(rt.pfWageMembers, a);
  out.professionalTax = rt.ptIndex >= 0 ? a[rt.ptIndex] : 0;
  return out;
}
