// Checking a plan's heads before it is compiled: their codes, formulas and names, the dependency graph (node i < n:
// head i; n: GROSS; n + 1: DEDUCTIONS) and its cycles. Every problem is collected, in the heads' order
// (formulaProblems lists them; compileFormulas throws them as a PlanError).
import { type CompiledFormula, compileFormula, type FormulaProblem, FormulaSyntaxError, namePosition } from '../formula';
import { dependentsOf, findCycles } from './graph';
import { FIXED_SUFFIX, isMemo, isRuleHead, layout } from './plan';
import { ATTENDANCE_NAMES, type EngineHead, FACT_NAMES, type StatutoryHeadKind } from './types';

const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED_WORDS = new Set(['AND', 'OR', 'NOT', 'IF']);

export interface Analysis {
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

/** What the checks of one head read and add to. */
interface HeadContext {
  heads: EngineHead[];
  slotOf: Map<string, number>;
  slots: ReturnType<typeof layout>;
  pfWageMembers: number[];
  esiWageMembers: number[];
  /** Statutory kind → the code of the head that has it. */
  seenKinds: Map<string, string>;
  problems: FormulaProblem[];
}

export function analyse(heads: EngineHead[]): Analysis {
  const n = heads.length;
  const slots = layout(n);
  const problems: FormulaProblem[] = [];
  const slotOf = builtInSlots(slots);
  bindHeadCodes(heads, slotOf, problems);
  const netIndex = netPayIndex(heads, problems);

  const pfWageMembers: number[] = [];
  const esiWageMembers: number[] = [];
  heads.forEach((h, i) => {
    if (!h.isEarning || h.isNetPayHead || isMemo(h)) return;
    if (h.isPfWage) pfWageMembers.push(i);
    if (h.isEsiWage) esiWageMembers.push(i);
  });
  // Formulas and their names.
  const c: HeadContext = { heads, slotOf, slots, pfWageMembers, esiWageMembers, seenKinds: new Map(), problems };
  const formulas: (CompiledFormula | null)[] = [];
  const deps: number[][] = [];
  for (const h of heads) {
    const d: number[] = [];
    deps.push(d);
    formulas.push(analyseHead(c, h, d));
  }

  const grossMembers: number[] = [];
  const deductionMembers: number[] = [];
  heads.forEach((h, i) => {
    if (h.isNetPayHead || isMemo(h)) return;
    (h.isEarning ? grossMembers : deductionMembers).push(i);
  });
  const pfCodeMembers = codeMembersOf(heads, deps, grossMembers, deductionMembers, 'pf_employee');
  const esiCodeMembers = codeMembersOf(heads, deps, grossMembers, deductionMembers, 'esi_employee');
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

/** The slots of the names every plan has: the attendance figures, the facts, GROSS and DEDUCTIONS. */
function builtInSlots(slots: ReturnType<typeof layout>): Map<string, number> {
  const slotOf = new Map<string, number>();
  ATTENDANCE_NAMES.forEach((name, i) => {
    slotOf.set(name, slots.attendance + i);
  });
  FACT_NAMES.forEach((name, i) => {
    slotOf.set(name, slots.facts + i);
  });
  slotOf.set('GROSS', slots.gross);
  slotOf.set('DEDUCTIONS', slots.deductions);
  return slotOf;
}

/**
 * Head codes: valid, not reserved, distinct (a code may not clash with another head's <CODE>_FIXED either); each
 * good code gets its slots, the head's amount (i) and its fixed amount (n + i).
 */
function bindHeadCodes(heads: EngineHead[], slotOf: Map<string, number>, problems: FormulaProblem[]): void {
  const n = heads.length;
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
}

/** The net-pay head's index (-1: none); a second one is a problem. */
function netPayIndex(heads: EngineHead[], problems: FormulaProblem[]): number {
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
  return netIndex;
}

/** One head's checks; fills its dependencies `d` and answers its compiled formula (null: none, or a problem). */
function analyseHead(c: HeadContext, h: EngineHead, d: number[]): CompiledFormula | null {
  const n = c.heads.length;
  const hasFormula = typeof h.formula === 'string' && h.formula.trim() !== '';
  const needsFormula = h.isCalculative && !h.isNetPayHead;
  if (h.statutory) {
    const other = c.seenKinds.get(h.statutory);
    if (other) c.problems.push({ kind: 'syntax', head: h.code, message: `${h.code}: ${other} is already the ${h.statutory} head` });
    c.seenKinds.set(h.statutory, h.code);
  }
  if (isRuleHead(h)) {
    ruleHeadDependencies(c, h, d);
    return null;
  }
  if (!hasFormula || (!h.isCalculative && !h.isNetPayHead)) {
    if (needsFormula) c.problems.push({ kind: 'syntax', head: h.code, message: `Head ${h.code} has no formula` });
    else if (h.isNetPayHead) d.push(n, n + 1);
    return null;
  }
  return formulaOf(c, h, d);
}

/** A statutory head is a deduction on its wages (PF, ESI) or GROSS (PT, LWF, TDS, which also reads the PT head). */
function ruleHeadDependencies(c: HeadContext, h: EngineHead, d: number[]): void {
  const n = c.heads.length;
  if (h.isEarning || h.isNetPayHead || isMemo(h)) {
    c.problems.push({ kind: 'syntax', head: h.code, message: `${h.code}: a statutory head must be a deduction` });
    return;
  }
  if (h.statutory === 'pf_employee') d.push(...c.pfWageMembers);
  else if (h.statutory === 'esi_employee') d.push(...c.esiWageMembers);
  else if (h.statutory === 'tds') {
    d.push(n);
    const pt = c.heads.findIndex((x) => x.statutory === 'pt');
    if (pt >= 0) d.push(pt);
  } else d.push(n);
}

/** A head's formula compiled, its names' heads (and GROSS, DEDUCTIONS) in `d`; null on a syntax error or an unknown name. */
function formulaOf(c: HeadContext, h: EngineHead, d: number[]): CompiledFormula | null {
  const n = c.heads.length;
  let compiled: CompiledFormula;
  try {
    compiled = compileFormula(h.formula!);
  } catch (e) {
    if (e instanceof FormulaSyntaxError) {
      c.problems.push({ ...e.problem, head: h.code, message: `${h.code}: ${e.problem.message}` });
      return null;
    }
    throw e;
  }
  let known = true;
  for (const name of compiled.names) {
    const slot = c.slotOf.get(name);
    if (slot === undefined) {
      known = false;
      c.problems.push({
        kind: 'unknown-name',
        head: h.code,
        message: `${h.code}: unknown name '${name}'${suggestion(name, c.slotOf)}`,
        position: namePosition(compiled, name),
      });
    } else if (slot < n) d.push(slot);
    else if (slot === c.slots.gross) d.push(n);
    else if (slot === c.slots.deductions) d.push(n + 1);
  }
  return known ? compiled : null;
}

/** " (did you mean 'BASIC'?)" when a known name differs from it only in upper/lower case. */
function suggestion(name: string, known: Map<string, number>): string {
  const upper = name.toUpperCase();
  for (const k of known.keys()) if (k.toUpperCase() === upper) return ` (did you mean '${k}'?)`;
  return '';
}

/**
 * The Labour Codes' wages: with classified heads (any `wageClass` given), the PF (ESI) head comes after every
 * earning that does not itself depend on it (those would make a cycle; they are left out of its Code's wages).
 * Adds them to the head's dependencies and answers them.
 */
function codeMembersOf(
  heads: EngineHead[],
  deps: number[][],
  grossMembers: number[],
  deductionMembers: number[],
  kind: StatutoryHeadKind,
): number[] {
  const at = heads.findIndex((h) => h.statutory === kind);
  if (at < 0 || !heads.some((h) => h.wageClass !== undefined)) return [];
  const after = dependentsOf([...deps, grossMembers, deductionMembers], at);
  const members = grossMembers.filter((m) => !after.has(m));
  deps[at].push(...members);
  return members;
}
