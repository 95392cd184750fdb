// A compiled plan: what each head is computed by (its kind), the slots formulas read, and the runtime the
// computation walks (engine/compile.ts builds it, engine/compute.ts runs it).
import type { FormulaProblem } from '../formula';
import { ATTENDANCE_NAMES, type EngineHead, FACT_NAMES, type StatutoryHeadKind } from './types';

export const KIND_PRORATED = 0;
export const KIND_FIXED = 1;
export const KIND_FORMULA = 2;
export const KIND_NET = 3;
export const KIND_PF = 4;
export const KIND_ESI = 5;
export const KIND_PT = 6;
export const KIND_LWF = 7;
export const KIND_TDS = 8;
export const RULE_KIND: Partial<Record<StatutoryHeadKind, number>> = {
  pf_employee: KIND_PF,
  esi_employee: KIND_ESI,
  pt: KIND_PT,
  lwf_employee: KIND_LWF,
  tds: KIND_TDS,
};

/** A head the statutory rules compute. */
export function isRuleHead(h: EngineHead): boolean {
  return !!h.statutory && RULE_KIND[h.statutory] !== undefined;
}

/** A head that is not paid or deducted (the total-LWOP head): computed and shown only. */
export function isMemo(h: EngineHead): boolean {
  return h.isTotalLWOPHead && !h.isNetPayHead;
}

export interface HeadRuntime {
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

/** Steps that are not a head: the sums GROSS and DEDUCTIONS. */
export const STEP_GROSS = -1;
export const STEP_DEDUCTIONS = -2;
export const FIXED_SUFFIX = '_FIXED';

// Slot layout for n heads: [0, n) head amounts in rupees, [n, 2n) <CODE>_FIXED, 2n GROSS, 2n + 1 DEDUCTIONS,
// then the attendance figures, then the facts.
export function layout(n: number) {
  const gross = 2 * n;
  const deductions = gross + 1;
  const attendance = deductions + 1;
  const facts = attendance + ATTENDANCE_NAMES.length;
  return { gross, deductions, attendance, facts, count: facts + FACT_NAMES.length };
}
