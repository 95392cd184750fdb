// A small, safe expression language for salary-head formulas, written by users in rupees:
//   min(BASIC, 15000) * 0.12      if(GENDER == 'F', 0, 200)      PAYABLE_DAYS < 15 ? 0 : 1600
// A hand-written tokenizer and a Pratt parser build a tree that is compiled to plain closures; nothing is
// ever evaluated as JavaScript. Precedence, lowest first:
//   cond ? a : b (right-associative) · or || · and && · not ! · < <= > >= == != (not chained) · + - · * / % · unary - +
// Functions: if(c, a, b), min(...), max(...), round(x [, digits]), floor(x), ceil(x), abs(x); their names
// are case-insensitive, like the keywords and / or / not. Comparisons and logic give 1 or 0, and any
// non-zero number is true. Text (in quotes, or a text name such as GENDER) can only be compared with
// == or != (case-insensitively). Numbers compare with a tolerance of 1e-9 (relative), so 0.1 * 3 == 0.3.
// round / floor / ceil first remove float noise (6 decimals of the last kept digit), so round(2.675, 2) = 2.68.
// Positions in FormulaProblem.position are 0-based offsets into the source; messages count from 1.

import { buildTop, type NameBinding } from './formula-compile';
import { fail, MAX_FORMULA_LENGTH } from './formula-errors';
import { type Node, Parser, tokenize } from './formula-parse';

export type { NameBinding } from './formula-compile';
export { type FormulaProblem, FormulaRuntimeError, FormulaSyntaxError, MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH } from './formula-errors';
export { roundTo, toPaiseNumber } from './formula-numbers';

/** Gives the value of a name: rupees for amounts, plain numbers for days and facts, text for GENDER. */
export type Scope = (name: string) => number | string;

export interface CompiledFormula {
  source: string;
  /** Distinct names referenced, in order of first use (function names excluded). */
  names: string[];
  evaluate(scope: Scope): number;
}

interface ParsedFormula {
  tree: Node;
  namePositions: Map<string, number>;
}

const parsedOf = new WeakMap<CompiledFormula, ParsedFormula>();

/** Parses and compiles a formula; throws FormulaSyntaxError (with a 0-based position) for a formula that cannot be read. */
export function compileFormula(source: string): CompiledFormula {
  if (typeof source !== 'string') fail('syntax', 'The formula must be text', 0);
  if (source.length > MAX_FORMULA_LENGTH) {
    fail('syntax', `The formula is too long (${source.length} characters; at most ${MAX_FORMULA_LENGTH} are allowed)`, MAX_FORMULA_LENGTH);
  }
  const parser = new Parser(tokenize(source));
  const tree = parser.parseFormula();
  const run = buildTop<Scope>(tree, (name) => ({ value: (scope) => scope(name) }));
  const compiled: CompiledFormula = { source, names: parser.names, evaluate: run };
  parsedOf.set(compiled, { tree, namePositions: parser.namePositions });
  return compiled;
}

/** Where a name is first used in a compiled formula (0-based), for messages. */
export function namePosition(formula: CompiledFormula, name: string): number | undefined {
  return parsedOf.get(formula)?.namePositions.get(name);
}

/**
 * Compiles a formula (from compileFormula) against a context of the caller's choosing: each name is bound once,
 * by `bind(name)`, to a function reading it from the context (e.g. `{ number: (values) => values[7] }`), so
 * evaluation does no look-up by name. Used by the engine.
 */
export function bindFormula<C>(formula: CompiledFormula, bind: (name: string) => NameBinding<C>): (ctx: C) => number {
  const parsed = parsedOf.get(formula);
  if (!parsed) throw new TypeError('bindFormula needs a formula made by compileFormula');
  return buildTop<C>(parsed.tree, bind);
}
