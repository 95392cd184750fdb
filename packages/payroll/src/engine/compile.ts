// Compiling the heads into a plan: each head's kind and bound formula, and the order of evaluation (every head
// after what it depends on). Done once for a run; computeSlips (engine/compute.ts) then walks the plan per employee.
import { bindFormula, type FormulaProblem, type NameBinding } from '../formula';
import { defaultWageClass, WAGE_CLASSES } from '../statutory/wages';
import { analyse } from './analyse';
import {
  type HeadRuntime,
  isRuleHead,
  KIND_FIXED,
  KIND_FORMULA,
  KIND_NET,
  KIND_PRORATED,
  layout,
  type PayrollPlan,
  PlanError,
  type PlanRuntime,
  RULE_KIND,
  STEP_DEDUCTIONS,
  STEP_GROSS,
} from './plan';
import { type EngineHead, FACT_NAMES } from './types';

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
