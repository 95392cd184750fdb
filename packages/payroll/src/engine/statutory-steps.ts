// The statutory heads other than TDS (tds-step.ts), for one employee: PF on the PF-wage heads, ESI on the
// ESI-wage heads (both raised to the Labour Codes' wages where the month's rule says), PT and LWF on GROSS. Each
// fills the slip's statutory figures and answers the head's amount (paise).
import { esiCoveredN, esiInto, lwfInto, pfInto, ptN } from '../statutory/fast';
import { ptPeriodGross } from '../statutory/pt';
import { codeWagesOf } from '../statutory/wages';
import { KIND_ESI, KIND_PF, KIND_PT } from './plan';
import { type RunState, StatutoryStepError, sumOf } from './run-state';
import type { EmployeeStatutory, EngineFacts, SlipStatutory } from './types';

/**
 * A statutory head's amount (paise) for one employee, filling the slip's statutory figures from the head amounts
 * `a` (this month's, or the full month's for a joiner's projection, whose one-off payments are 0).
 */
export function ruleStep(
  s: RunState,
  kind: number,
  st: SlipStatutory,
  es: EmployeeStatutory,
  f: EngineFacts,
  paidDays: number,
  gross: number,
  a: Float64Array,
  oneOff: number,
): number {
  if (kind === KIND_PF) return pfStep(s, st, es, f, a);
  if (kind === KIND_ESI) return esiStep(s, st, es, f, paidDays, a);
  if (kind === KIND_PT) return ptStep(s, st, es, f, gross, oneOff);
  lwfInto(s.lwfF, gross, st);
  return st.lwfEmployee;
}

/** The Code's wages from the amounts `a` of `wages` and `tested` heads, into the slip; returns them (paise). */
export function codeWagesInto(s: RunState, st: SlipStatutory, wages: Int32Array, tested: Int32Array, a: Float64Array): number {
  const r = codeWagesOf(s.rule!, sumOf(wages, a), sumOf(tested, a));
  st.codeWages = r.codeWages;
  st.codeWagesAddedBack = r.addedBack;
  return r.codeWages;
}

function pfStep(s: RunState, st: SlipStatutory, es: EmployeeStatutory, f: EngineFacts, a: Float64Array): number {
  const pfF = s.pfF;
  if (!pfF) throw new StatutoryStepError('no PF rates are in force for the month');
  st.pfWages = sumOf(s.rt.pfWageMembers, a);
  const code = s.code;
  if (code) {
    const cw = codeWagesInto(s, st, code.pfWages, code.pfTested, a);
    if (code.pf && cw > st.pfWages) {
      st.pfWagesRaise = cw - st.pfWages;
      st.pfWages = cw;
    }
  }
  if (!f.IS_PF_APPLICABLE) return 0;
  pfInto(pfF, st.pfWages, es.pfRestrictToCeiling, es.epsEligible, st);
  return st.pfEmployee;
}

function esiStep(s: RunState, st: SlipStatutory, es: EmployeeStatutory, f: EngineFacts, paidDays: number, a: Float64Array): number {
  const esiF = s.esiF;
  if (!esiF) throw new StatutoryStepError('no ESI rates are in force for the month');
  st.esiWages = sumOf(s.rt.esiWageMembers, a);
  const code = s.code;
  if (code?.esi) {
    const cw = codeWagesInto(s, st, code.esiWages, code.esiTested, a);
    if (cw > st.esiWages) {
      st.esiWagesRaise = cw - st.esiWages;
      st.esiWages = cw;
    }
  }
  st.esiCoverageWages = sumOf(s.rt.esiCoverageMembers, a);
  if (!f.IS_ESI_APPLICABLE) return 0;
  st.esiCovered = esiCoveredN(esiF, es.esiEarlierWages, st.esiCoverageWages, es.disabled);
  esiInto(esiF, st.esiCovered, st.esiWages, paidDays, st);
  return st.esiEmployee;
}

/** PT on GROSS; a half-yearly state's slab by the half-year's salary (ptPeriodGross, the regular part `gross − oneOff`). */
function ptStep(s: RunState, st: SlipStatutory, es: EmployeeStatutory, f: EngineFacts, gross: number, oneOff: number): number {
  if (!f.IS_PT_APPLICABLE || gross <= 0) return 0;
  const ptF = s.ptF;
  if (!ptF) {
    st.pt = 0;
    return 0;
  }
  const gender = f.GENDER === 'F' ? 'female' : f.GENDER === 'M' ? 'male' : 'other';
  const period = es.ptPeriod;
  st.pt = ptN(ptF, gross, gender, period ? ptPeriodGross(period.earlierGross, gross, period.otherMonths, gross - oneOff) : undefined);
  return st.pt;
}
