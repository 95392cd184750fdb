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

import {
  bindFormula,
  type CompiledFormula,
  compileFormula,
  type FormulaProblem,
  FormulaRuntimeError,
  FormulaSyntaxError,
  type NameBinding,
  namePosition,
  toPaiseNumber,
} from './formula';
import type { EsiParameters } from './statutory/esi';
import { esiCoveredN, esiInto, lwfInto, pfInto, prepareEsi, prepareLwf, preparePf, preparePt, ptN, roundDiv } from './statutory/fast';
import type { LwfParameters } from './statutory/lwf';
import type { PfParameters } from './statutory/pf';
import { type PtParameters, ptPeriodGross } from './statutory/pt';
import {
  type IncomeTaxParameters,
  remainingMonthsOf,
  type SalaryMonthTdsInput,
  type SalaryMonthTdsResult,
  salaryMonthTds,
  type TaxRegime,
  UnknownSectionError,
} from './statutory/tds';
import { type CodeWagesRule, codeWagesOf, defaultWageClass, WAGE_CLASSES, type WageClass } from './statutory/wages';

export * from './statutory/wages';

/** How a head is computed by the statutory rules instead of a formula. */
export type StatutoryHeadKind = 'pf_employee' | 'esi_employee' | 'pt' | 'lwf_employee' | 'tds';
export const STATUTORY_HEAD_KINDS: readonly StatutoryHeadKind[] = ['pf_employee', 'esi_employee', 'pt', 'lwf_employee', 'tds'];

export interface EngineHead {
  id: number;
  /** The name formulas use, e.g. 'BASIC'. */
  code: string;
  isEarning: boolean;
  /** Computed by `formula`. */
  isCalculative: boolean;
  /** Required when isCalculative (except for the net-pay head, which is GROSS − DEDUCTIONS without one). */
  formula: string | null;
  isNetPayHead: boolean;
  isOverTimeHead: boolean;
  isTotalLWOPHead: boolean;
  /** Computed by the statutory rules (see the header); null or absent for the others. */
  statutory?: StatutoryHeadKind | null;
  /** An earning that is PF wages / ESI wages. */
  isPfWage?: boolean;
  isEsiWage?: boolean;
  /** The house rent allowance (section 10(13A) for the TDS head). */
  isHra?: boolean;
  /**
   * An earning's class under the Labour Codes' definition of wages (statutory/wages.ts); null or absent: by its flags
   * (defaultWageClass). Given for any head (even null), the PF and ESI heads are computed after every earning they
   * can be (for the Code's wages).
   */
  wageClass?: WageClass | null;
}

/** The parameters in force for the month and the unit's state (computeSlips' third argument). */
export interface EngineStatutory {
  /** The wage month, 1–12 (PT and LWF are due in some months only). */
  month: number;
  pf?: PfParameters;
  esi?: EsiParameters;
  /** The unit's state's rows; absent: the state levies none. */
  pt?: PtParameters;
  lwf?: LwfParameters;
  /** The financial year's income-tax parameters of both regimes (the TDS head). */
  tds?: { new?: IncomeTaxParameters; old?: IncomeTaxParameters };
  /** The Labour Codes' wages for the month (codeWagesRuleFor); absent before 21 Nov 2025. */
  wages?: CodeWagesRule;
}

/** An employee's figures for the TDS head, paise: the declaration and the earlier slips of the financial year. */
export interface EmployeeTds {
  regime: TaxRegime;
  /** Declared rent a month (0: none or not counted) and whether the city is a metro. */
  rentPerMonth: number;
  metro: boolean;
  /** Declared deductions by section as the Act names them, before the caps. */
  deductions: Record<string, number>;
  previousEmployerIncome: number;
  previousEmployerTds: number;
  /** The earlier slips of this financial year with this employer. */
  earlierRegular: number;
  earlierOneOff: number;
  earlierHraExempt: number;
  earlierPt: number;
  tdsSoFar: number;
  /** Basic + DA of the earlier slips (80CCD(2)'s cap), and the age reached in the year (the old regime's senior slabs). */
  earlierBasicPlusDa?: number;
  age?: number;
  /** Declared: income from other sources reported to the employer and relief under section 89 (paise). */
  otherIncome?: number;
  relief89?: number;
  /**
   * This month is prorated for joining: the months after it are projected from the full month's salary (the
   * structure for every day of the month), not from this one.
   */
  joinedThisMonth?: boolean;
}

/** An employee's statutory particulars for the month (default: PF on wages up to the ceiling, in EPS, not disabled). */
export interface EmployeeStatutory {
  pfRestrictToCeiling: boolean;
  epsEligible: boolean;
  disabled: boolean;
  /** ESI coverage wages (paise, overtime left out) of the earlier months of the contribution period. */
  esiEarlierWages: readonly number[];
  /** For the TDS head; absent: new regime, nothing declared, no earlier slips. */
  tds?: EmployeeTds;
  /**
   * For a state whose PT slabs are of a half-year's salary: the gross of the half-year's earlier slips (paise) and
   * the other months of the half-year this month's gross stands for (ptPeriodGross); absent: the month's gross × 6.
   */
  ptPeriod?: { earlierGross: number; otherMonths: number };
}

/** A slip's statutory figures, paise (zero where the plan has no such head or the employee is not applicable). */
export interface SlipStatutory {
  pfWages: number;
  epfWages: number;
  epsWages: number;
  edliWages: number;
  pfEmployee: number;
  eps: number;
  epf: number;
  edli: number;
  esiWages: number;
  esiCoverageWages: number;
  esiCovered: boolean;
  esiEmployee: number;
  esiEmployer: number;
  pt: number;
  lwfEmployee: number;
  lwfEmployer: number;
  /** TDS (when the plan has a TDS head): the month's tax, its one-off part, the year's projected tax and the regime. */
  tds?: number;
  tdsOneOff?: number;
  tdsAnnualTax?: number;
  tdsRegime?: TaxRegime;
  /** The slip's gross split for tax: regular salary and one-off payments; the month's HRA exemption. */
  taxableRegular?: number;
  taxableOneOff?: number;
  hraExempt?: number;
  /** The month's TDS split for Form 24Q: its surcharge and cess (whole rupees); the rest is income tax. */
  tdsSurcharge?: number;
  tdsCess?: number;
  /**
   * Under the Labour Codes' wages rule (EngineStatutory.wages): the month's wages (basic, DA, retaining allowance and
   * the excess of the excluded payments over the limit), that excess, and how much the rule raised the PF wages
   * (and ESI wages where the rule's row says) above the PF- (ESI-) wage heads.
   */
  codeWages?: number;
  codeWagesAddedBack?: number;
  pfWagesRaise?: number;
  esiWagesRaise?: number;
}

export const ATTENDANCE_NAMES = ['MONTH_DAYS', 'PAYABLE_DAYS', 'PRESENT_DAYS', 'LWOP_DAYS', 'OT_HOURS', 'HOLIDAYS', 'WEEKLY_OFFS'] as const;
export const FACT_NAMES = ['AGE', 'YEARS_OF_SERVICE', 'GENDER', 'IS_PF_APPLICABLE', 'IS_ESI_APPLICABLE', 'IS_PT_APPLICABLE'] as const;
export const VIRTUAL_NAMES = ['GROSS', 'DEDUCTIONS'] as const;
const FIXED_SUFFIX = '_FIXED';

export interface AttendanceFigures {
  monthDays: number;
  payableDays: number;
  presentDays: number;
  lwopDays: number;
  otHours: number;
  holidays: number;
  weeklyOffs: number;
}

export interface EngineFacts {
  AGE: number;
  YEARS_OF_SERVICE: number;
  GENDER: string;
  IS_PF_APPLICABLE: number;
  IS_ESI_APPLICABLE: number;
  IS_PT_APPLICABLE: number;
}

export interface EngineEmployee {
  employeeId: number;
  /** Head id → monthly fixed amount in paise (the salary structure). */
  fixed: Map<number, number>;
  /** Head id → paise added this month by the system (advance instalment, arrears, bonus): adds to the head's amount. */
  extra: Map<number, number>;
  attendance: AttendanceFigures;
  facts: EngineFacts;
  /** For the statutory heads; absent: PF up to the ceiling, in EPS, not disabled, no earlier ESI wages. */
  statutory?: EmployeeStatutory;
}

export interface EngineSlip {
  employeeId: number;
  /** Head id → paise, for every head of the plan. */
  amounts: Map<number, number>;
  gross: number;
  deductions: number;
  net: number;
  /** The statutory figures, when the plan has statutory heads; else null. */
  statutory: SlipStatutory | null;
  error: null;
}

export interface EngineFailure {
  employeeId: number;
  /** e.g. "PF: division by zero" or "No salary structure for the month". */
  error: string;
}

const KIND_PRORATED = 0;
const KIND_FIXED = 1;
const KIND_FORMULA = 2;
const KIND_NET = 3;
const KIND_PF = 4;
const KIND_ESI = 5;
const KIND_PT = 6;
const KIND_LWF = 7;
const KIND_TDS = 8;
const RULE_KIND: Partial<Record<StatutoryHeadKind, number>> = {
  pf_employee: KIND_PF,
  esi_employee: KIND_ESI,
  pt: KIND_PT,
  lwf_employee: KIND_LWF,
  tds: KIND_TDS,
};

/** A head the statutory rules compute. */
function isRuleHead(h: EngineHead): boolean {
  return !!h.statutory && RULE_KIND[h.statutory] !== undefined;
}

interface HeadRuntime {
  id: number;
  code: string;
  kind: number;
  fn: ((values: Float64Array) => number) | null;
}

/** The compiled steps of a plan; opaque to callers. */
export interface PlanRuntime {
  readonly headCount: number;
  readonly slotCount: number;
  readonly indexById: Map<number, number>;
  readonly heads: HeadRuntime[];
  /** Evaluation steps: a head index, or STEP_GROSS / STEP_DEDUCTIONS. */
  readonly steps: Int32Array;
  readonly grossMembers: Int32Array;
  readonly deductionMembers: Int32Array;
  readonly netIndex: number;
  /** Earning heads whose amounts are PF wages, ESI wages, and ESI wages for coverage (without overtime). */
  readonly pfWageMembers: Int32Array;
  readonly esiWageMembers: Int32Array;
  readonly esiCoverageMembers: Int32Array;
  /** HRA heads (the TDS head's section 10(13A) exemption). */
  readonly hraMembers: Int32Array;
  /** Each head's class under the Labour Codes (index into WAGE_CLASSES). */
  readonly wageClassOf: Uint8Array;
  /** The earnings computed before the PF head and before the ESI head (their Code's wages). */
  readonly pfCodeMembers: Int32Array;
  readonly esiCodeMembers: Int32Array;
  /** The PT head's index (its amount is deducted for the TDS), -1 when none. */
  readonly ptIndex: number;
  /** Whether any head is computed by the statutory rules. */
  readonly hasStatutory: boolean;
  /** The text names' values (GENDER) of the employee being computed; numbers live in a Float64Array. */
  readonly texts: string[];
}

export interface PayrollPlan {
  heads: EngineHead[];
  /** Head ids in evaluation order. */
  order: number[];
  /** Compiled internals; treat as opaque. */
  readonly runtime: PlanRuntime;
}

export class PlanError extends Error {
  constructor(readonly problems: FormulaProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'PlanError';
  }
}

const STEP_GROSS = -1;
const STEP_DEDUCTIONS = -2;
const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED_WORDS = new Set(['AND', 'OR', 'NOT', 'IF']);

// Slot layout for n heads: [0, n) head amounts in rupees, [n, 2n) <CODE>_FIXED, 2n GROSS, 2n + 1 DEDUCTIONS,
// then the attendance figures, then the facts.
function layout(n: number) {
  const gross = 2 * n;
  const deductions = gross + 1;
  const attendance = deductions + 1;
  const facts = attendance + ATTENDANCE_NAMES.length;
  return { gross, deductions, attendance, facts, count: facts + FACT_NAMES.length };
}

interface Analysis {
  problems: FormulaProblem[];
  slotOf: Map<string, number>;
  formulas: (CompiledFormula | null)[];
  deps: number[][];
  grossMembers: number[];
  deductionMembers: number[];
  netIndex: number;
  pfWageMembers: number[];
  esiWageMembers: number[];
  pfCodeMembers: number[];
  esiCodeMembers: number[];
}

function isMemo(h: EngineHead): boolean {
  return h.isTotalLWOPHead && !h.isNetPayHead;
}

function analyse(heads: EngineHead[]): Analysis {
  const n = heads.length;
  const slots = layout(n);
  const problems: FormulaProblem[] = [];
  const slotOf = new Map<string, number>();
  ATTENDANCE_NAMES.forEach((name, i) => {
    slotOf.set(name, slots.attendance + i);
  });
  FACT_NAMES.forEach((name, i) => {
    slotOf.set(name, slots.facts + i);
  });
  slotOf.set('GROSS', slots.gross);
  slotOf.set('DEDUCTIONS', slots.deductions);

  // Head codes: valid, not reserved, distinct (a code may not clash with another head's <CODE>_FIXED either).
  const ids = new Set<number>();
  heads.forEach((h, i) => {
    if (ids.has(h.id)) problems.push({ kind: 'syntax', head: h.code, message: `${h.code}: the head id ${h.id} is used by two heads` });
    ids.add(h.id);
    if (!NAME_PATTERN.test(h.code)) {
      problems.push({
        kind: 'syntax',
        head: h.code,
        message: `Head code '${h.code}' cannot be used in formulas: use only letters, digits and _, starting with a letter`,
      });
      return;
    }
    if (RESERVED_WORDS.has(h.code.toUpperCase()) || slotOf.has(h.code)) {
      const taken = slotOf.get(h.code);
      const why = taken !== undefined && taken < 2 * n ? 'is used by another head' : 'is a reserved name';
      problems.push({ kind: 'syntax', head: h.code, message: `Head code '${h.code}' ${why}` });
      return;
    }
    const fixedName = h.code + FIXED_SUFFIX;
    if (slotOf.has(fixedName)) {
      problems.push({
        kind: 'syntax',
        head: h.code,
        message: `Head code '${fixedName}' clashes with the name of another head's fixed amount`,
      });
      return;
    }
    slotOf.set(h.code, i);
    slotOf.set(fixedName, n + i);
  });

  const netIndex = heads.findIndex((h) => h.isNetPayHead);
  heads.forEach((h, i) => {
    if (h.isNetPayHead && i !== netIndex) {
      problems.push({
        kind: 'syntax',
        head: h.code,
        message: `${h.code}: only one head can be the net-pay head (${heads[netIndex].code} is already)`,
      });
    }
  });

  // Formulas and their names.
  const formulas: (CompiledFormula | null)[] = [];
  const deps: number[][] = [];
  const pfWageMembers: number[] = [];
  const esiWageMembers: number[] = [];
  heads.forEach((h, i) => {
    if (!h.isEarning || h.isNetPayHead || isMemo(h)) return;
    if (h.isPfWage) pfWageMembers.push(i);
    if (h.isEsiWage) esiWageMembers.push(i);
  });
  const seenKinds = new Map<string, string>();
  heads.forEach((h, i) => {
    const hasFormula = typeof h.formula === 'string' && h.formula.trim() !== '';
    const needsFormula = h.isCalculative && !h.isNetPayHead;
    const d: number[] = [];
    deps.push(d);
    formulas.push(null);
    if (h.statutory) {
      const other = seenKinds.get(h.statutory);
      if (other) problems.push({ kind: 'syntax', head: h.code, message: `${h.code}: ${other} is already the ${h.statutory} head` });
      seenKinds.set(h.statutory, h.code);
    }
    if (isRuleHead(h)) {
      if (h.isEarning || h.isNetPayHead || isMemo(h)) {
        problems.push({ kind: 'syntax', head: h.code, message: `${h.code}: a statutory head must be a deduction` });
        return;
      }
      if (h.statutory === 'pf_employee') d.push(...pfWageMembers);
      else if (h.statutory === 'esi_employee') d.push(...esiWageMembers);
      else if (h.statutory === 'tds') {
        d.push(n);
        const pt = heads.findIndex((x) => x.statutory === 'pt');
        if (pt >= 0) d.push(pt);
      } else d.push(n);
      return;
    }
    if (!hasFormula || (!h.isCalculative && !h.isNetPayHead)) {
      if (needsFormula) problems.push({ kind: 'syntax', head: h.code, message: `Head ${h.code} has no formula` });
      else if (h.isNetPayHead) d.push(n, n + 1);
      return;
    }
    let compiled: CompiledFormula;
    try {
      compiled = compileFormula(h.formula!);
    } catch (e) {
      if (e instanceof FormulaSyntaxError) {
        problems.push({ ...e.problem, head: h.code, message: `${h.code}: ${e.problem.message}` });
        return;
      }
      throw e;
    }
    let known = true;
    for (const name of compiled.names) {
      const slot = slotOf.get(name);
      if (slot === undefined) {
        known = false;
        problems.push({
          kind: 'unknown-name',
          head: h.code,
          message: `${h.code}: unknown name '${name}'${suggestion(name, slotOf)}`,
          position: namePosition(compiled, name),
        });
      } else if (slot < n) d.push(slot);
      else if (slot === slots.gross) d.push(n);
      else if (slot === slots.deductions) d.push(n + 1);
    }
    if (known) formulas[i] = compiled;
  });

  const grossMembers: number[] = [];
  const deductionMembers: number[] = [];
  heads.forEach((h, i) => {
    if (h.isNetPayHead || isMemo(h)) return;
    (h.isEarning ? grossMembers : deductionMembers).push(i);
  });
  // The Labour Codes' wages: with classified heads, PF and ESI come after every earning that does not itself depend
  // on them (those would make a cycle; they are left out of that head's Code's wages).
  const classified = heads.some((h) => h.wageClass !== undefined);
  const codeMembersOf = (kind: StatutoryHeadKind) => {
    const at = heads.findIndex((h) => h.statutory === kind);
    if (at < 0 || !classified) return [];
    const after = dependentsOf([...deps, grossMembers, deductionMembers], at);
    const members = grossMembers.filter((m) => !after.has(m));
    deps[at].push(...members);
    return members;
  };
  const pfCodeMembers = codeMembersOf('pf_employee');
  const esiCodeMembers = codeMembersOf('esi_employee');
  deps.push(grossMembers, deductionMembers);

  problems.push(...findCycles(heads, deps));
  return {
    problems,
    slotOf,
    formulas,
    deps,
    grossMembers,
    deductionMembers,
    netIndex,
    pfWageMembers,
    esiWageMembers,
    pfCodeMembers,
    esiCodeMembers,
  };
}

/** The heads that depend on head `at`, directly or through others (and `at` itself). */
function dependentsOf(deps: number[][], at: number): Set<number> {
  const out = new Set<number>([at]);
  let grew = true;
  while (grew) {
    grew = false;
    deps.forEach((d, i) => {
      if (!out.has(i) && d.some((x) => out.has(x))) {
        out.add(i);
        grew = true;
      }
    });
  }
  return out;
}

/** " (did you mean 'BASIC'?)" when a known name differs from it only in upper/lower case. */
function suggestion(name: string, known: Map<string, number>): string {
  const upper = name.toUpperCase();
  for (const k of known.keys()) if (k.toUpperCase() === upper) return ` (did you mean '${k}'?)`;
  return '';
}

function nodeName(heads: EngineHead[], node: number): string {
  const n = heads.length;
  return node === n ? 'GROSS' : node === n + 1 ? 'DEDUCTIONS' : heads[node].code;
}

/** Every cycle of the graph (one per back edge of a depth-first search), as 'cycle: A → B → A', starting at its first head. */
function findCycles(heads: EngineHead[], deps: number[][]): FormulaProblem[] {
  const total = deps.length;
  const state = new Uint8Array(total); // 0 new, 1 on the path, 2 done
  const path: number[] = [];
  const seen = new Set<string>();
  const problems: FormulaProblem[] = [];
  const visit = (node: number) => {
    state[node] = 1;
    path.push(node);
    for (const next of deps[node]) {
      if (state[next] === 0) visit(next);
      else if (state[next] === 1) {
        const cycle = path.slice(path.lastIndexOf(next));
        let start = 0;
        for (let k = 1; k < cycle.length; k++) if (cycle[k] < cycle[start]) start = k;
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        const key = rotated.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        const names = [...rotated, rotated[0]].map((x) => nodeName(heads, x));
        problems.push({ kind: 'cycle', head: names[0], message: `cycle: ${names.join(' → ')}` });
      }
    }
    path.pop();
    state[node] = 2;
  };
  for (let i = 0; i < total; i++) if (state[i] === 0) visit(i);
  return problems;
}

/** The problems of a set of heads (syntax, unknown names, missing formulas, cycles); [] when the plan compiles. */
export function formulaProblems(heads: EngineHead[]): FormulaProblem[] {
  return analyse(heads).problems;
}

/** Compiles the heads into a plan; throws PlanError listing every problem. */
export function compileFormulas(heads: EngineHead[]): PayrollPlan {
  const a = analyse(heads);
  if (a.problems.length > 0) throw new PlanError(a.problems);
  const n = heads.length;
  const texts: string[] = [''];
  const genderSlot = layout(n).facts + FACT_NAMES.indexOf('GENDER');
  const bind = (name: string): NameBinding<Float64Array> => {
    const slot = a.slotOf.get(name);
    if (slot === undefined) throw new TypeError(`No slot for the name '${name}'`);
    if (slot === genderSlot) return { text: () => texts[0] };
    return { number: (values) => values[slot] };
  };

  const runtimeHeads: HeadRuntime[] = heads.map((h, i) => {
    const formula = a.formulas[i];
    let kind: number;
    if (isRuleHead(h)) kind = RULE_KIND[h.statutory!]!;
    else if (formula) kind = KIND_FORMULA;
    else if (h.isNetPayHead) kind = KIND_NET;
    else kind = h.isEarning ? KIND_PRORATED : KIND_FIXED;
    return { id: h.id, code: h.code, kind, fn: formula ? bindFormula(formula, bind) : null };
  });

  // Depth-first post-order: every node after what it depends on; GROSS and DEDUCTIONS are always computed.
  const done = new Uint8Array(n + 2);
  const steps: number[] = [];
  const visit = (node: number) => {
    done[node] = 1;
    for (const next of a.deps[node]) if (!done[next]) visit(next);
    steps.push(node === n ? STEP_GROSS : node === n + 1 ? STEP_DEDUCTIONS : node);
  };
  for (let i = 0; i < n + 2; i++) if (!done[i]) visit(i);

  const runtime: PlanRuntime = {
    headCount: n,
    slotCount: layout(n).count,
    indexById: new Map(heads.map((h, i) => [h.id, i])),
    heads: runtimeHeads,
    steps: Int32Array.from(steps),
    grossMembers: Int32Array.from(a.grossMembers),
    deductionMembers: Int32Array.from(a.deductionMembers),
    netIndex: a.netIndex,
    pfWageMembers: Int32Array.from(a.pfWageMembers),
    esiWageMembers: Int32Array.from(a.esiWageMembers),
    esiCoverageMembers: Int32Array.from(a.esiWageMembers.filter((i) => !heads[i].isOverTimeHead)),
    hraMembers: Int32Array.from(a.grossMembers.filter((i) => heads[i].isHra)),
    wageClassOf: Uint8Array.from(heads.map((h) => WAGE_CLASSES.indexOf(h.wageClass ?? defaultWageClass(h)))),
    pfCodeMembers: Int32Array.from(a.pfCodeMembers),
    esiCodeMembers: Int32Array.from(a.esiCodeMembers),
    ptIndex: heads.findIndex((h) => h.statutory === 'pt'),
    hasStatutory: heads.some(isRuleHead),
    texts,
  };
  return { heads: [...heads], order: steps.filter((s) => s >= 0).map((i) => heads[i].id), runtime };
}

// ---------------------------------------------------------------------------------------------------------
// Computation

const DAY_SCALE = 10_000; // payable and month days are taken to 4 decimals

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

const DEFAULT_EMPLOYEE_STATUTORY: EmployeeStatutory = {
  pfRestrictToCeiling: true,
  epsEligible: true,
  disabled: false,
  esiEarlierWages: [],
};

const NO_TDS: EmployeeTds = {
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

/** A slip's statutory figures before its heads fill them; with a TDS head its fields too (one shape for every slip). */
function emptyStatutory(withTds: boolean): SlipStatutory {
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
function codeWageLists(rt: PlanRuntime, rule: CodeWagesRule) {
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

/** Thrown inside a step: fails that employee with '<CODE>: message'. */
class StatutoryStepError extends Error {}

/**
 * Computes the slips of the employees, in the order given; one employee's failure does not stop the others.
 * `statutory` gives the parameters in force for the month and state; a plan with a PF or ESI head fails every
 * employee without them.
 */
export function computeSlips(plan: PayrollPlan, employees: EngineEmployee[], statutory?: EngineStatutory): (EngineSlip | EngineFailure)[] {
  const rt = plan.runtime;
  const { heads, steps, grossMembers, deductionMembers, indexById, netIndex, texts, headCount: n } = rt;
  const { pfWageMembers, esiWageMembers, esiCoverageMembers, hraMembers, ptIndex, hasStatutory } = rt;
  const sumOf = (members: Int32Array, amounts: Float64Array) => {
    let t = 0;
    for (let m = 0; m < members.length; m++) t += amounts[members[m]];
    return t;
  };
  const lay = layout(n);
  const values = new Float64Array(rt.slotCount); // rupees / days / facts, read by the formulas
  const fixed = new Float64Array(n);
  const extra = new Float64Array(n);
  const amount = new Float64Array(n);
  const results: (EngineSlip | EngineFailure)[] = new Array(employees.length);
  const params = statutory;
  const month = params?.month ?? 0;
  const remainingMonths = remainingMonthsOf(month || 4);
  // The month's parameters in paise and basis points, once per call, for the heads the plan has (statutory/fast.ts:
  // the rules' arithmetic on JS integers instead of bigint).
  const has = (kind: number) => heads.some((h) => h.kind === kind);
  const pfF = params?.pf && has(KIND_PF) ? preparePf(params.pf) : undefined;
  const esiF = params?.esi && has(KIND_ESI) ? prepareEsi(params.esi) : undefined;
  const ptF = params?.pt && has(KIND_PT) ? preparePt(params.pt, month) : undefined;
  const lwfF = params?.lwf && has(KIND_LWF) ? prepareLwf(params.lwf, month) : undefined;
  const hasTds = has(KIND_TDS);
  // The Labour Codes' wages (statutory/wages.ts): each head list split into the wages and the payments the test counts.
  const rule = hasStatutory ? params?.wages : undefined;
  const code = rule && codeWageLists(rt, rule);
  /** The Code's wages from the amounts `a` of `wages` and `tested` heads, into the slip; returns them (paise). */
  const codeWagesInto = (st: SlipStatutory, wages: Int32Array, tested: Int32Array, a: Float64Array) => {
    const r = codeWagesOf(rule!, sumOf(wages, a), sumOf(tested, a));
    st.codeWages = r.codeWages;
    st.codeWagesAddedBack = r.addedBack;
    return r.codeWages;
  };
  // The TDS rule's input, one object filled anew for each employee (salaryMonthTds keeps nothing of it).
  const tdsIn: SalaryMonthTdsInput = {
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
    projected: undefined,
  };
  const tdsOut: SalaryMonthTdsResult = {
    annualTax: 0,
    annualTaxWithOneOff: 0,
    regular: 0,
    oneOff: 0,
    tds: 0,
    surcharge: 0,
    cess: 0,
    hraExempt: 0,
  };
  // The employee being computed: payable and month days scaled (DAY_SCALE), for the TDS head's full-month projection.
  let payableNow = 0;
  let monthNow = 0;
  let monthDaysNow = 0;
  /** The one-off payments (the earning heads' extras: bonus, arrears) of the employee being computed. */
  const oneOffNow = () => {
    let t = 0;
    for (let m = 0; m < grossMembers.length; m++) t += extra[grossMembers[m]];
    return t;
  };

  // A joiner's prorated first month: the month's heads again as if every day were payable, without the one-off
  // payments and without the TDS head — the regular month the rest of the year is projected from.
  let amountFull: Float64Array | null = null;
  let valuesFull: Float64Array | null = null;
  const scratch = emptyStatutory(false);
  const fullMonth = (es: EmployeeStatutory, f: EngineFacts, monthDays: number) => {
    amountFull ??= new Float64Array(n);
    valuesFull ??= new Float64Array(rt.slotCount);
    const a = amountFull;
    const v = valuesFull;
    v.set(values);
    v[lay.attendance + 1] = monthDays; // PAYABLE_DAYS
    v[lay.attendance + 3] = 0; // LWOP_DAYS
    let g = 0;
    let d = 0;
    for (let k = 0; k < steps.length; k++) {
      const step = steps[k];
      if (step === STEP_GROSS) {
        g = sumOf(grossMembers, a);
        v[lay.gross] = g / 100;
        continue;
      }
      if (step === STEP_DEDUCTIONS) {
        d = sumOf(deductionMembers, a);
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
          paise = statutoryStep(head.kind, scratch, es, f, monthDays, g, a, 0);
      }
      a[step] = paise;
      v[step] = paise / 100;
    }
    return {
      regular: g,
      hraReceived: sumOf(hraMembers, a),
      basicPlusDa: sumOf(pfWageMembers, a),
      professionalTax: ptIndex >= 0 ? a[ptIndex] : 0,
    };
  };

  // The TDS head: what the earning heads' extras (one-off payments) leave of GROSS is the regular salary.
  const tdsStep = (st: SlipStatutory, es: EmployeeStatutory, f: EngineFacts, gross: number) => {
    const t = es.tds ?? NO_TDS;
    const p = params?.tds?.[t.regime];
    if (!p) throw new StatutoryStepError(`no income-tax rates (${t.regime} regime) are in force for the financial year`);
    const oneOff = oneOffNow();
    const regular = gross - oneOff;
    const projected = t.joinedThisMonth && payableNow < monthNow ? fullMonth(es, f, monthDaysNow) : undefined;
    let r: ReturnType<typeof salaryMonthTds>;
    try {
      const m = tdsIn;
      m.regular = regular;
      m.oneOff = oneOff;
      m.hraReceived = sumOf(hraMembers, amount);
      m.basicPlusDa = sumOf(pfWageMembers, amount);
      m.rentPerMonth = t.rentPerMonth;
      m.metro = t.metro;
      m.professionalTax = ptIndex >= 0 ? amount[ptIndex] : 0;
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
      r = salaryMonthTds(p, m, tdsOut);
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
  };
  // A statutory head's amount (paise) for one employee, filling the slip's statutory figures from the head
  // amounts `a` (this month's, or the full month's for a joiner's projection, whose one-off payments are 0).
  const statutoryStep = (
    kind: number,
    st: SlipStatutory,
    es: EmployeeStatutory,
    f: EngineFacts,
    paidDays: number,
    gross: number,
    a: Float64Array,
    oneOff: number,
  ): number => {
    if (kind === KIND_PF) {
      if (!pfF) throw new StatutoryStepError('no PF rates are in force for the month');
      st.pfWages = sumOf(pfWageMembers, a);
      if (code) {
        const cw = codeWagesInto(st, code.pfWages, code.pfTested, a);
        if (code.pf && cw > st.pfWages) {
          st.pfWagesRaise = cw - st.pfWages;
          st.pfWages = cw;
        }
      }
      if (!f.IS_PF_APPLICABLE) return 0;
      pfInto(pfF, st.pfWages, es.pfRestrictToCeiling, es.epsEligible, st);
      return st.pfEmployee;
    }
    if (kind === KIND_ESI) {
      if (!esiF) throw new StatutoryStepError('no ESI rates are in force for the month');
      st.esiWages = sumOf(esiWageMembers, a);
      if (code?.esi) {
        const cw = codeWagesInto(st, code.esiWages, code.esiTested, a);
        if (cw > st.esiWages) {
          st.esiWagesRaise = cw - st.esiWages;
          st.esiWages = cw;
        }
      }
      st.esiCoverageWages = sumOf(esiCoverageMembers, a);
      if (!f.IS_ESI_APPLICABLE) return 0;
      st.esiCovered = esiCoveredN(esiF, es.esiEarlierWages, st.esiCoverageWages, es.disabled);
      esiInto(esiF, st.esiCovered, st.esiWages, paidDays, st);
      return st.esiEmployee;
    }
    if (kind === KIND_TDS) return tdsStep(st, es, f, gross);
    if (kind === KIND_PT) {
      if (!f.IS_PT_APPLICABLE || gross <= 0) return 0;
      if (!ptF) {
        st.pt = 0;
        return 0;
      }
      const gender = f.GENDER === 'F' ? 'female' : f.GENDER === 'M' ? 'male' : 'other';
      const period = es.ptPeriod;
      st.pt = ptN(ptF, gross, gender, period ? ptPeriodGross(period.earlierGross, gross, period.otherMonths, gross - oneOff) : undefined);
      return st.pt;
    }
    lwfInto(lwfF, gross, st);
    return st.lwfEmployee;
  };

  // Callbacks made once (Map.forEach does not allocate an entry per item, unlike for…of).
  let matched = 0;
  let problem: string | null = null;
  const takeFixed = (paise: number, id: number) => {
    const i = indexById.get(id);
    if (i === undefined) return;
    if (!Number.isSafeInteger(paise)) problem ??= `${heads[i].code}: the fixed amount ${paise} is not a whole number of paise`;
    fixed[i] = paise;
    matched++;
  };
  const takeExtra = (paise: number, id: number) => {
    const i = indexById.get(id);
    if (i === undefined) problem ??= `An extra amount is given for head ${id}, which is not a salary head of this plan`;
    else if (!Number.isSafeInteger(paise)) problem ??= `${heads[i].code}: the extra amount ${paise} is not a whole number of paise`;
    else extra[i] += paise;
  };

  for (let e = 0; e < employees.length; e++) {
    const emp = employees[e];
    fixed.fill(0);
    extra.fill(0);
    matched = 0;
    problem = null;
    emp.fixed.forEach(takeFixed);
    if (matched === 0) problem = 'No salary structure for the month';
    emp.extra.forEach(takeExtra);
    const att = emp.attendance;
    if (!(Number.isFinite(att.monthDays) && att.monthDays > 0)) problem ??= 'The month has no days (MONTH_DAYS must be above 0)';
    if (!(Number.isFinite(att.payableDays) && att.payableDays >= 0)) problem ??= 'The payable days are not a number of days';
    if (problem !== null) {
      results[e] = { employeeId: emp.employeeId, error: problem };
      continue;
    }
    const monthScaled = Math.round(att.monthDays * DAY_SCALE);
    const payableScaled = Math.round(att.payableDays * DAY_SCALE);
    monthNow = monthScaled;
    payableNow = payableScaled;
    monthDaysNow = att.monthDays;

    let s = lay.attendance;
    values[s++] = att.monthDays;
    values[s++] = att.payableDays;
    values[s++] = att.presentDays;
    values[s++] = att.lwopDays;
    values[s++] = att.otHours;
    values[s++] = att.holidays;
    values[s++] = att.weeklyOffs;
    const f = emp.facts;
    values[s++] = f.AGE;
    values[s++] = f.YEARS_OF_SERVICE;
    s++; // GENDER is text
    texts[0] = f.GENDER;
    values[s++] = f.IS_PF_APPLICABLE;
    values[s++] = f.IS_ESI_APPLICABLE;
    values[s++] = f.IS_PT_APPLICABLE;
    for (let i = 0; i < n; i++) values[n + i] = fixed[i] / 100;

    let gross = 0;
    let deductions = 0;
    let current = -1;
    const st: SlipStatutory | null = hasStatutory ? emptyStatutory(hasTds) : null;
    if (st && code) {
      st.codeWages = 0;
      st.codeWagesAddedBack = 0;
      st.pfWagesRaise = 0;
      if (code.esi) st.esiWagesRaise = 0;
    }
    const es = emp.statutory ?? DEFAULT_EMPLOYEE_STATUTORY;
    try {
      for (let k = 0; k < steps.length; k++) {
        const step = steps[k];
        if (step === STEP_GROSS) {
          gross = 0;
          for (let m = 0; m < grossMembers.length; m++) gross += amount[grossMembers[m]];
          values[lay.gross] = gross / 100;
          continue;
        }
        if (step === STEP_DEDUCTIONS) {
          deductions = 0;
          for (let m = 0; m < deductionMembers.length; m++) deductions += amount[deductionMembers[m]];
          values[lay.deductions] = deductions / 100;
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
            current = step;
            paise = toPaiseNumber(head.fn!(values));
            if (!Number.isSafeInteger(paise)) throw new FormulaRuntimeError('the result is too large to be an amount');
            break;
          case KIND_NET:
            paise = gross - deductions;
            break;
          default:
            current = step;
            paise = statutoryStep(
              head.kind,
              st!,
              es,
              f,
              att.payableDays,
              gross,
              amount,
              head.kind === KIND_PT && es.ptPeriod ? oneOffNow() : 0,
            );
        }
        paise += extra[step];
        amount[step] = paise;
        values[step] = paise / 100;
      }
    } catch (err) {
      if (!(err instanceof FormulaRuntimeError || err instanceof StatutoryStepError) || current < 0) throw err;
      results[e] = { employeeId: emp.employeeId, error: `${heads[current].code}: ${err.message}` };
      continue;
    }

    if (st && code) codeWagesInto(st, code.allWages, code.allTested, amount);
    const amounts = new Map<number, number>();
    for (let i = 0; i < n; i++) amounts.set(heads[i].id, amount[i]);
    results[e] = {
      employeeId: emp.employeeId,
      amounts,
      gross,
      deductions,
      net: netIndex >= 0 ? amount[netIndex] : gross - deductions,
      statutory: st,
      error: null,
    };
  }
  return results;
}
