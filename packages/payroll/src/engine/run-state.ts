// The state of one computeSlips call: the plan's runtime, the month's parameters prepared once (statutory/fast.ts:
// the rules' arithmetic on JS integers instead of bigint), the typed buffers every employee is computed in, and the
// figures of the employee being computed. The steps (engine/compute.ts, statutory-steps.ts, tds-step.ts) are plain
// functions taking it: nothing is allocated for an employee but the slip itself.
import {
  type PreparedEsi,
  type PreparedLwf,
  type PreparedPf,
  type PreparedPt,
  prepareEsi,
  prepareLwf,
  preparePf,
  preparePt,
} from '../statutory/fast';
import { remainingMonthsOf, type SalaryMonthTdsInput, type SalaryMonthTdsResult } from '../statutory/tds';
import { type CodeWagesRule, WAGE_CLASSES } from '../statutory/wages';
import { type HeadRuntime, KIND_ESI, KIND_LWF, KIND_PF, KIND_PT, KIND_TDS, layout, type PlanRuntime } from './plan';
import type { EmployeeStatutory, EmployeeTds, EngineStatutory, SlipStatutory } from './types';

/** Thrown inside a step: fails that employee with '<CODE>: message'. */
export class StatutoryStepError extends Error {}

/** The plan's head lists for the Code's wages, split by the month's rule into wages and the tested payments. */
export interface CodeWageLists {
  pf: boolean;
  esi: boolean;
  pfWages: Int32Array;
  pfTested: Int32Array;
  esiWages: Int32Array;
  esiTested: Int32Array;
  allWages: Int32Array;
  allTested: Int32Array;
}

/** A joiner's full month for the TDS projection (paise), filled by fullMonth (one object a call). */
export interface FullMonthFigures {
  regular: number;
  hraReceived: number;
  basicPlusDa: number;
  professionalTax: number;
}

export interface RunState {
  readonly rt: PlanRuntime;
  readonly heads: HeadRuntime[];
  readonly steps: Int32Array;
  readonly n: number;
  readonly lay: ReturnType<typeof layout>;
  /** Rupees / days / facts, read by the formulas. */
  readonly values: Float64Array;
  /** The employee's fixed amounts, extras and computed amounts by head index, paise. */
  readonly fixed: Float64Array;
  readonly extra: Float64Array;
  readonly amount: Float64Array;
  readonly params: EngineStatutory | undefined;
  readonly pfF: PreparedPf | undefined;
  readonly esiF: PreparedEsi | undefined;
  readonly ptF: PreparedPt | undefined;
  readonly lwfF: PreparedLwf | undefined;
  readonly hasTds: boolean;
  /** The Labour Codes' wages (statutory/wages.ts) and the head lists split for it; absent before the Codes. */
  readonly rule: CodeWagesRule | undefined;
  readonly code: CodeWageLists | undefined;
  /** The TDS rule's input and output, filled anew for each employee (salaryMonthTds keeps nothing of them). */
  readonly tdsIn: SalaryMonthTdsInput;
  readonly tdsOut: SalaryMonthTdsResult;
  /** A joiner's full month: its statutory figures (thrown away), amounts and values, made at the first joiner. */
  readonly scratch: SlipStatutory;
  readonly full: FullMonthFigures;
  amountFull: Float64Array | null;
  valuesFull: Float64Array | null;
  /** The employee being computed: payable and month days scaled (DAY_SCALE), and the month's days. */
  payableNow: number;
  monthNow: number;
  monthDaysNow: number;
  /** GROSS and DEDUCTIONS so far (paise), and the head being computed (-1: none yet; its code names a failure). */
  gross: number;
  deductions: number;
  current: number;
  /** Reading the employee's structure: heads of the plan matched, and the first problem found. */
  matched: number;
  problem: string | null;
}

export const DEFAULT_EMPLOYEE_STATUTORY: EmployeeStatutory = {
  pfRestrictToCeiling: true,
  epsEligible: true,
  disabled: false,
  esiEarlierWages: [],
};

export const NO_TDS: EmployeeTds = {
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

/** The sum of the amounts of some heads. */
export function sumOf(members: Int32Array, amounts: Float64Array): number {
  let t = 0;
  for (let m = 0; m < members.length; m++) t += amounts[members[m]];
  return t;
}

/** A call's state: the month's parameters prepared for the heads the plan has, buffers for the plan's size. */
export function createRunState(rt: PlanRuntime, params: EngineStatutory | undefined): RunState {
  const { heads, headCount: n } = rt;
  const month = params?.month ?? 0;
  const has = (kind: number) => heads.some((h) => h.kind === kind);
  const hasTds = has(KIND_TDS);
  const rule = rt.hasStatutory ? params?.wages : undefined;
  return {
    rt,
    heads,
    steps: rt.steps,
    n,
    lay: layout(n),
    values: new Float64Array(rt.slotCount),
    fixed: new Float64Array(n),
    extra: new Float64Array(n),
    amount: new Float64Array(n),
    params,
    pfF: params?.pf && has(KIND_PF) ? preparePf(params.pf) : undefined,
    esiF: params?.esi && has(KIND_ESI) ? prepareEsi(params.esi) : undefined,
    ptF: params?.pt && has(KIND_PT) ? preparePt(params.pt, month) : undefined,
    lwfF: params?.lwf && has(KIND_LWF) ? prepareLwf(params.lwf, month) : undefined,
    hasTds,
    rule,
    code: rule && codeWageLists(rt, rule),
    tdsIn: emptyTdsInput(remainingMonthsOf(month || 4)),
    tdsOut: { annualTax: 0, annualTaxWithOneOff: 0, regular: 0, oneOff: 0, tds: 0, surcharge: 0, cess: 0, hraExempt: 0 },
    scratch: emptyStatutory(false),
    full: { regular: 0, hraReceived: 0, basicPlusDa: 0, professionalTax: 0 },
    amountFull: null,
    valuesFull: null,
    payableNow: 0,
    monthNow: 0,
    monthDaysNow: 0,
    gross: 0,
    deductions: 0,
    current: -1,
    matched: 0,
    problem: null,
  };
}

function emptyTdsInput(remainingMonths: number): SalaryMonthTdsInput {
  return {
    remainingMonths,
    regular: 0,
    oneOff: 0,
    hraReceived: 0,
    basicPlusDa: 0,
    rentPerMonth: 0,
    metro: false,
    professionalTax: 0,
    earlierRegular: 0,
    earlierOneOff: 0,
    earlierHraExempt: 0,
    earlierProfessionalTax: 0,
    tdsSoFar: 0,
    previousEmployerSalary: 0,
    previousEmployerTds: 0,
    deductions: {},
    otherIncome: 0,
    relief89: 0,
    age: undefined,
    earlierBasicPlusDa: 0,
    projected: undefined,
  };
}

/** A slip's statutory figures before its heads fill them; with a TDS head its fields too (one shape for every slip). */
export function emptyStatutory(withTds: boolean): SlipStatutory {
  if (withTds) {
    return {
      pfWages: 0,
      epfWages: 0,
      epsWages: 0,
      edliWages: 0,
      pfEmployee: 0,
      eps: 0,
      epf: 0,
      edli: 0,
      esiWages: 0,
      esiCoverageWages: 0,
      esiCovered: false,
      esiEmployee: 0,
      esiEmployer: 0,
      pt: 0,
      lwfEmployee: 0,
      lwfEmployer: 0,
      tds: 0,
      tdsOneOff: 0,
      tdsAnnualTax: 0,
      tdsRegime: 'new',
      taxableRegular: 0,
      taxableOneOff: 0,
      hraExempt: 0,
      tdsSurcharge: 0,
      tdsCess: 0,
    };
  }
  return {
    pfWages: 0,
    epfWages: 0,
    epsWages: 0,
    edliWages: 0,
    pfEmployee: 0,
    eps: 0,
    epf: 0,
    edli: 0,
    esiWages: 0,
    esiCoverageWages: 0,
    esiCovered: false,
    esiEmployee: 0,
    esiEmployer: 0,
    pt: 0,
    lwfEmployee: 0,
    lwfEmployer: 0,
  };
}

/** The plan's head lists for the Code's wages, split by the month's rule into wages and the tested payments. */
function codeWageLists(rt: PlanRuntime, rule: CodeWagesRule): CodeWageLists {
  const tested = new Set(rule.testedClasses.map((c) => WAGE_CLASSES.indexOf(c)));
  const wages = WAGE_CLASSES.indexOf('wages');
  const split = (members: Int32Array) => [
    members.filter((m) => rt.wageClassOf[m] === wages),
    members.filter((m) => rt.wageClassOf[m] !== wages && tested.has(rt.wageClassOf[m])),
  ];
  const [pfWages, pfTested] = split(rt.pfCodeMembers);
  const [esiWages, esiTested] = split(rt.esiCodeMembers);
  const [allWages, allTested] = split(rt.grossMembers);
  return {
    pf: rule.appliesTo.includes('pf'),
    esi: rule.appliesTo.includes('esi'),
    pfWages,
    pfTested,
    esiWages,
    esiTested,
    allWages,
    allTested,
  };
}
