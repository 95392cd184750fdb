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

export interface FormulaProblem {
  kind: 'syntax' | 'unknown-name' | 'cycle' | 'function';
  message: string;
  head?: string;
  position?: number;
}

export class FormulaSyntaxError extends Error {
  constructor(readonly problem: FormulaProblem) {
    super(problem.message);
    this.name = 'FormulaSyntaxError';
  }
}

export class FormulaRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaRuntimeError';
  }
}

/** Gives the value of a name: rupees for amounts, plain numbers for days and facts, text for GENDER. */
export type Scope = (name: string) => number | string;

export interface CompiledFormula {
  source: string;
  /** Distinct names referenced, in order of first use (function names excluded). */
  names: string[];
  evaluate(scope: Scope): number;
}

export const MAX_FORMULA_LENGTH = 2000;
export const MAX_FORMULA_DEPTH = 64;

type Value = number | string;

// ---------------------------------------------------------------------------------------------------------
// Rounding helpers (shared with the engine)

const SAFE = Number.MAX_SAFE_INTEGER;

/** Removes float noise by rounding to 6 decimals (e.g. 100.49999999999999 → 100.5), when that can be done exactly. */
function denoise(x: number): number {
  const t = x * 1e6;
  return Math.abs(t) < SAFE ? Math.round(t) / 1e6 : x;
}

/** Rounds half away from zero to a whole number, after removing float noise. */
function roundHalfAway(x: number): number {
  const clean = denoise(x);
  const r = Math.round(Math.abs(clean));
  return clean < 0 ? -r : r;
}

/** Rupees (a float) to whole paise, half away from zero, after removing float noise: 1.005 → 101, 2.675 → 268, 0.1 * 3 → 30. */
export function toPaiseNumber(rupees: number): number {
  return Math.sign(rupees) * Math.round(Math.abs(Math.round(rupees * 100 * 1e6) / 1e6)) || 0;
}

/** round(x, digits) of the formula language: digits 0..2 keep decimals, -1..-3 round to tens, hundreds, thousands. */
export function roundTo(x: number, digits = 0): number {
  if (digits >= 0) {
    const f = 10 ** digits;
    return roundHalfAway(x * f) / f || 0;
  }
  const f = 10 ** -digits;
  return roundHalfAway(x / f) * f || 0;
}

function floorClean(x: number): number {
  const t = x * 1e8;
  return Math.floor(Math.abs(t) < SAFE ? Math.round(t) / 1e8 : x) || 0;
}

function ceilClean(x: number): number {
  const t = x * 1e8;
  return Math.ceil(Math.abs(t) < SAFE ? Math.round(t) / 1e8 : x) || 0;
}

function nearlyEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

// ---------------------------------------------------------------------------------------------------------
// Tokenizer

type Token =
  | { kind: 'num'; value: number; pos: number; text: string }
  | { kind: 'str'; value: string; pos: number; text: string }
  | { kind: 'name'; value: string; pos: number; text: string }
  | { kind: 'op'; value: string; pos: number; text: string }
  | { kind: 'end'; pos: number; text: string };

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const KEYWORDS: Record<string, string> = { and: '&&', or: '||', not: '!' };
const TWO_CHAR_OPS = new Set(['<=', '>=', '==', '!=', '&&', '||']);
const ONE_CHAR_OPS = new Set(['(', ')', ',', '?', ':', '+', '-', '*', '/', '%', '<', '>', '!']);

function fail(kind: FormulaProblem['kind'], message: string, position: number): never {
  throw new FormulaSyntaxError({ kind, message, position });
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    if ((ch >= '0' && ch <= '9') || (ch === '.' && src[i + 1] >= '0' && src[i + 1] <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(src)!;
      const value = Number(m[0]);
      if (!Number.isFinite(value)) fail('syntax', `The number '${m[0]}' at ${i + 1} is too large`, i);
      tokens.push({ kind: 'num', value, pos: i, text: m[0] });
      i += m[0].length;
      continue;
    }
    if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch === '_') {
      NAME.lastIndex = i;
      const m = NAME.exec(src)!;
      const keyword = KEYWORDS[m[0].toLowerCase()];
      if (keyword) tokens.push({ kind: 'op', value: keyword, pos: i, text: m[0] });
      else tokens.push({ kind: 'name', value: m[0], pos: i, text: m[0] });
      i += m[0].length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const close = src.indexOf(ch, i + 1);
      if (close < 0) fail('syntax', `The text in quotes starting at ${i + 1} has no closing ${ch}`, i);
      tokens.push({ kind: 'str', value: src.slice(i + 1, close), pos: i, text: src.slice(i, close + 1) });
      i = close + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '<>') fail('syntax', `'<>' at ${i + 1}: use != for 'not equal'`, i);
    if (TWO_CHAR_OPS.has(two)) {
      tokens.push({ kind: 'op', value: two, pos: i, text: two });
      i += 2;
      continue;
    }
    if (ch === '=') fail('syntax', `'=' at ${i + 1}: use == to compare`, i);
    if (ch === '&') fail('syntax', `Unexpected '&' at ${i + 1}: use && or 'and'`, i);
    if (ch === '|') fail('syntax', `Unexpected '|' at ${i + 1}: use || or 'or'`, i);
    if (ONE_CHAR_OPS.has(ch)) {
      tokens.push({ kind: 'op', value: ch, pos: i, text: ch });
      i++;
      continue;
    }
    fail('syntax', `Unexpected '${ch}' at ${i + 1}`, i);
  }
  tokens.push({ kind: 'end', pos: src.length, text: '' });
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------
// Parser

type ArithOp = '+' | '-' | '*' | '/' | '%';
type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
type FunctionName = 'min' | 'max' | 'round' | 'floor' | 'ceil' | 'abs';

type Node =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string; pos: number }
  | { t: 'name'; name: string; pos: number }
  | { t: 'neg' | 'plus' | 'not'; a: Node; pos: number }
  | { t: 'arith'; op: ArithOp; a: Node; b: Node; pos: number }
  | { t: 'cmp'; op: CompareOp; a: Node; b: Node; pos: number }
  | { t: 'and' | 'or'; a: Node; b: Node; pos: number }
  | { t: 'cond'; c: Node; a: Node; b: Node; pos: number }
  | { t: 'call'; fn: FunctionName; args: Node[]; pos: number };

const INFIX_POWER: Record<string, number> = {
  '?': 1,
  '||': 2,
  '&&': 3,
  '<': 5,
  '<=': 5,
  '>': 5,
  '>=': 5,
  '==': 5,
  '!=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};
const NOT_POWER = 3; // operand of not/!: everything above 'and' (comparisons included)
const UNARY_POWER = 7; // operand of unary - +: binds tighter than * / %

const FUNCTIONS = new Set(['if', 'min', 'max', 'round', 'floor', 'ceil', 'abs']);

function describeToken(tok: Token): string {
  return tok.kind === 'end' ? 'end of the formula' : `'${tok.text}'`;
}

function startsValue(tok: Token): boolean {
  return tok.kind === 'num' || tok.kind === 'str' || tok.kind === 'name' || (tok.kind === 'op' && tok.value === '(');
}

function constantOf(node: Node): number | null {
  if (node.t === 'num') return node.v;
  if (node.t === 'neg') {
    const v = constantOf(node.a);
    return v === null ? null : -v;
  }
  if (node.t === 'plus') return constantOf(node.a);
  return null;
}

function noText(node: Node, where: string): void {
  if (node.t === 'str')
    fail('syntax', `Text in quotes (${`'${node.v}'`}) at ${node.pos + 1} cannot be used ${where}; compare it with == or !=`, node.pos);
}

class Parser {
  private i = 0;
  private depth = 0;
  readonly names: string[] = [];
  readonly namePositions = new Map<string, number>();

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i];
  }

  private isOp(value: string): boolean {
    const tok = this.tokens[this.i];
    return tok.kind === 'op' && tok.value === value;
  }

  private unexpected(tok: Token): never {
    if (tok.kind === 'end') fail('syntax', `The formula ends too early (at ${tok.pos + 1}): a value is missing`, tok.pos);
    if (startsValue(tok)) fail('syntax', `An operator is missing before ${describeToken(tok)} at ${tok.pos + 1}`, tok.pos);
    fail('syntax', `Unexpected ${describeToken(tok)} at ${tok.pos + 1}`, tok.pos);
  }

  parseFormula(): Node {
    if (this.peek().kind === 'end') fail('syntax', 'The formula is empty', 0);
    const node = this.parseExpr(0);
    const tok = this.peek();
    if (tok.kind !== 'end') this.unexpected(tok);
    if (node.t === 'str') fail('syntax', 'The formula must give an amount, not text in quotes', node.pos);
    return node;
  }

  private parseExpr(minPower: number): Node {
    if (++this.depth > MAX_FORMULA_DEPTH) {
      fail('syntax', `The formula is nested too deeply (more than ${MAX_FORMULA_DEPTH} levels)`, this.peek().pos);
    }
    let left = this.parsePrefix();
    for (;;) {
      const tok = this.peek();
      if (tok.kind !== 'op') break;
      const power = INFIX_POWER[tok.value];
      if (power === undefined || power <= minPower) break;
      this.i++;
      const op = tok.value;
      if (op === '?') {
        noText(left, 'as a condition');
        const a = this.parseExpr(0);
        if (!this.isOp(':')) {
          const t = this.peek();
          if (t.kind === 'end') fail('syntax', `Expected ':' for the '?' at ${tok.pos + 1}`, t.pos);
          fail('syntax', `Expected ':' for the '?' at ${tok.pos + 1}, found ${describeToken(t)} at ${t.pos + 1}`, t.pos);
        }
        this.i++;
        const b = this.parseExpr(0);
        left = { t: 'cond', c: left, a, b, pos: tok.pos };
        continue;
      }
      const right = this.parseExpr(power);
      if (op === '&&' || op === '||') {
        noText(left, `with '${tok.text}'`);
        noText(right, `with '${tok.text}'`);
        left = { t: op === '&&' ? 'and' : 'or', a: left, b: right, pos: tok.pos };
      } else if (power === 5) {
        if (op !== '==' && op !== '!=') {
          noText(left, `with '${op}'`);
          noText(right, `with '${op}'`);
        }
        left = { t: 'cmp', op: op as CompareOp, a: left, b: right, pos: tok.pos };
        const next = this.peek();
        if (next.kind === 'op' && INFIX_POWER[next.value] === 5) {
          fail('syntax', `Comparisons cannot be chained ('${next.text}' at ${next.pos + 1}); join them with 'and'`, next.pos);
        }
      } else {
        noText(left, `with '${op}'`);
        noText(right, `with '${op}'`);
        left = { t: 'arith', op: op as ArithOp, a: left, b: right, pos: tok.pos };
      }
    }
    this.depth--;
    return left;
  }

  private parsePrefix(): Node {
    const tok = this.peek();
    switch (tok.kind) {
      case 'num':
        this.i++;
        return { t: 'num', v: tok.value };
      case 'str':
        this.i++;
        return { t: 'str', v: tok.value, pos: tok.pos };
      case 'name': {
        this.i++;
        if (this.isOp('(')) return this.parseCall(tok);
        if (tok.value.toLowerCase() === 'if') fail('syntax', `'if' at ${tok.pos + 1} needs brackets: if(condition, then, else)`, tok.pos);
        if (!this.namePositions.has(tok.value)) {
          this.namePositions.set(tok.value, tok.pos);
          this.names.push(tok.value);
        }
        return { t: 'name', name: tok.value, pos: tok.pos };
      }
      case 'op': {
        if (tok.value === '(') {
          this.i++;
          const inner = this.parseExpr(0);
          const close = this.peek();
          if (close.kind === 'op' && close.value === ')') {
            this.i++;
            return inner;
          }
          if (close.kind === 'end') fail('syntax', `Missing ')' to close the '(' at ${tok.pos + 1}`, close.pos);
          this.unexpected(close);
        }
        if (tok.value === '-' || tok.value === '+') {
          this.i++;
          const a = this.parseExpr(UNARY_POWER);
          noText(a, `with '${tok.value}'`);
          return { t: tok.value === '-' ? 'neg' : 'plus', a, pos: tok.pos };
        }
        if (tok.value === '!') {
          this.i++;
          const a = this.parseExpr(NOT_POWER);
          noText(a, `with '${tok.text}'`);
          return { t: 'not', a, pos: tok.pos };
        }
        return this.unexpected(tok);
      }
      default:
        return this.unexpected(tok);
    }
  }

  private parseCall(nameTok: Token & { kind: 'name' }): Node {
    const fn = nameTok.value.toLowerCase();
    if (!FUNCTIONS.has(fn)) {
      fail('function', `Unknown function '${nameTok.value}'`, nameTok.pos);
    }
    const open = this.peek();
    this.i++; // '('
    const args: Node[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.parseExpr(0));
        const tok = this.peek();
        if (tok.kind === 'op' && tok.value === ',') {
          this.i++;
          continue;
        }
        if (tok.kind === 'op' && tok.value === ')') break;
        if (tok.kind === 'end') fail('syntax', `Missing ')' to close the '(' of ${fn} at ${open.pos + 1}`, tok.pos);
        if (startsValue(tok)) fail('syntax', `Expected ',' or ')' before ${describeToken(tok)} at ${tok.pos + 1}`, tok.pos);
        this.unexpected(tok);
      }
    }
    this.i++; // ')'
    const pos = nameTok.pos;
    const arity = (ok: boolean, expected: string) => {
      if (!ok) fail('function', `Expected ${expected} for ${fn}`, pos);
    };
    switch (fn) {
      case 'if':
        arity(args.length === 3, '3 arguments');
        noText(args[0], 'as a condition');
        return { t: 'cond', c: args[0], a: args[1], b: args[2], pos };
      case 'min':
      case 'max':
        arity(args.length >= 1, 'at least 1 argument');
        break;
      case 'round': {
        arity(args.length === 1 || args.length === 2, '1 or 2 arguments');
        const digits = args.length === 2 ? constantOf(args[1]) : 0;
        if (digits !== null && !(Number.isInteger(digits) && digits >= -3 && digits <= 2)) {
          fail('function', ROUND_DIGITS_MESSAGE, pos);
        }
        break;
      }
      default:
        arity(args.length === 1, '1 argument');
    }
    for (const a of args) noText(a, `in ${fn}`);
    return { t: 'call', fn: fn as FunctionName, args, pos };
  }
}

const ROUND_DIGITS_MESSAGE =
  'round can keep 0, 1 or 2 decimals, or round to tens (-1), hundreds (-2) or thousands (-3): its second argument must be one of 2, 1, 0, -1, -2, -3';

// ---------------------------------------------------------------------------------------------------------
// Compilation to closures, generic over what a name is read from (a Scope function, or the engine's slot array)

type Ev<C> = (ctx: C) => Value;
type NumEv<C> = (ctx: C) => number;
/** How a name is read: known to be a number, known to be text, or either (checked when used). */
export type NameBinding<C> = { number: (ctx: C) => number } | { text: (ctx: C) => string } | { value: (ctx: C) => number | string };
type NameReader<C> = (name: string) => NameBinding<C>;

function finite(x: number): number {
  if (!Number.isFinite(x)) throw new FormulaRuntimeError('the result is too large to be an amount');
  return x;
}

function textError(what: string): FormulaRuntimeError {
  return new FormulaRuntimeError(`${what} is text; it can only be compared with == or != (e.g. GENDER == 'F')`);
}

function isNumeric(node: Node): boolean {
  switch (node.t) {
    case 'str':
    case 'name':
      return false;
    case 'cond':
      return isNumeric(node.a) && isNumeric(node.b);
    default:
      return true;
  }
}

function buildValue<C>(node: Node, read: NameReader<C>): Ev<C> {
  switch (node.t) {
    case 'str': {
      const v = node.v;
      return () => v;
    }
    case 'name': {
      const b = read(node.name);
      return 'number' in b ? b.number : 'text' in b ? b.text : b.value;
    }
    case 'cond': {
      if (isNumeric(node)) return buildNumber(node, read);
      const c = buildNumber(node.c, read);
      const a = buildValue(node.a, read);
      const b = buildValue(node.b, read);
      return (ctx) => (c(ctx) !== 0 ? a(ctx) : b(ctx));
    }
    default:
      return buildNumber(node, read);
  }
}

function buildNumber<C>(node: Node, read: NameReader<C>): NumEv<C> {
  switch (node.t) {
    case 'num': {
      const v = node.v;
      return () => v;
    }
    case 'str': {
      const error = textError(`'${node.v}'`);
      return () => {
        throw error;
      };
    }
    case 'name': {
      const b = read(node.name);
      const name = node.name;
      if ('number' in b) return b.number;
      if ('text' in b) {
        return () => {
          throw textError(name);
        };
      }
      const r = b.value;
      return (ctx) => {
        const v = r(ctx);
        if (typeof v !== 'number') throw textError(name);
        return v;
      };
    }
    case 'neg': {
      const a = buildNumber(node.a, read);
      return (ctx) => -a(ctx);
    }
    case 'plus':
      return buildNumber(node.a, read);
    case 'not': {
      const a = buildNumber(node.a, read);
      return (ctx) => (a(ctx) === 0 ? 1 : 0);
    }
    case 'and': {
      const a = buildNumber(node.a, read);
      const b = buildNumber(node.b, read);
      return (ctx) => (a(ctx) !== 0 && b(ctx) !== 0 ? 1 : 0);
    }
    case 'or': {
      const a = buildNumber(node.a, read);
      const b = buildNumber(node.b, read);
      return (ctx) => (a(ctx) !== 0 || b(ctx) !== 0 ? 1 : 0);
    }
    case 'cond': {
      if (!isNumeric(node)) {
        const v = buildValue(node, read);
        return (ctx) => {
          const x = v(ctx);
          if (typeof x !== 'number') throw textError(`'${x}'`);
          return x;
        };
      }
      const c = buildNumber(node.c, read);
      const a = buildNumber(node.a, read);
      const b = buildNumber(node.b, read);
      return (ctx) => (c(ctx) !== 0 ? a(ctx) : b(ctx));
    }
    case 'arith':
      return buildArith(node.op, buildNumber(node.a, read), buildNumber(node.b, read));
    case 'cmp':
      return buildCompare(node, read);
    case 'call':
      return buildCall(node.fn, node.args, read);
  }
}

function buildArith<C>(op: ArithOp, a: NumEv<C>, b: NumEv<C>): NumEv<C> {
  switch (op) {
    case '+':
      return (ctx) => finite(a(ctx) + b(ctx));
    case '-':
      return (ctx) => finite(a(ctx) - b(ctx));
    case '*':
      return (ctx) => finite(a(ctx) * b(ctx));
    case '/':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        if (y === 0) throw new FormulaRuntimeError('division by zero');
        return finite(x / y);
      };
    case '%':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        if (y === 0) throw new FormulaRuntimeError('division by zero');
        return finite(x % y);
      };
  }
}

function buildCompare<C>(node: Node & { t: 'cmp' }, read: NameReader<C>): NumEv<C> {
  const { op } = node;
  if (op === '==' || op === '!=') {
    const want = op === '==' ? 1 : 0;
    const other = 1 - want;
    if (isNumeric(node.a) && isNumeric(node.b)) {
      const a = buildNumber(node.a, read);
      const b = buildNumber(node.b, read);
      return (ctx) => (nearlyEqual(a(ctx), b(ctx)) ? want : other);
    }
    const a = buildValue(node.a, read);
    const b = buildValue(node.b, read);
    const label = (n: Node) => (n.t === 'name' ? n.name : n.t === 'str' ? `'${n.v}'` : 'the value');
    return (ctx) => {
      const x = a(ctx);
      const y = b(ctx);
      if (typeof x === 'number' && typeof y === 'number') return nearlyEqual(x, y) ? want : other;
      if (typeof x === 'string' && typeof y === 'string') return x === y || x.toUpperCase() === y.toUpperCase() ? want : other;
      throw new FormulaRuntimeError(`cannot compare ${label(node.a)} with ${label(node.b)}: one is text and the other a number`);
    };
  }
  const a = buildNumber(node.a, read);
  const b = buildNumber(node.b, read);
  switch (op) {
    case '<':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return x < y && !nearlyEqual(x, y) ? 1 : 0;
      };
    case '<=':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return x <= y || nearlyEqual(x, y) ? 1 : 0;
      };
    case '>':
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return x > y && !nearlyEqual(x, y) ? 1 : 0;
      };
    default:
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        return x >= y || nearlyEqual(x, y) ? 1 : 0;
      };
  }
}

function buildCall<C>(fn: FunctionName, argNodes: Node[], read: NameReader<C>): NumEv<C> {
  const args = argNodes.map((n) => buildNumber(n, read));
  const [a, b] = args;
  switch (fn) {
    case 'min':
    case 'max': {
      const isMin = fn === 'min';
      if (args.length === 1) return a;
      if (args.length === 2) {
        return isMin
          ? (ctx) => {
              const x = a(ctx);
              const y = b(ctx);
              return x <= y ? x : y;
            }
          : (ctx) => {
              const x = a(ctx);
              const y = b(ctx);
              return x >= y ? x : y;
            };
      }
      return (ctx) => {
        let best = args[0](ctx);
        for (let i = 1; i < args.length; i++) {
          const v = args[i](ctx);
          if (isMin ? v < best : v > best) best = v;
        }
        return best;
      };
    }
    case 'round': {
      if (args.length === 1) return (ctx) => roundTo(a(ctx), 0);
      const constant = constantOf(argNodes[1]);
      if (constant !== null) return (ctx) => roundTo(a(ctx), constant);
      return (ctx) => {
        const x = a(ctx);
        const d = b(ctx);
        if (!(Number.isInteger(d) && d >= -3 && d <= 2)) throw new FormulaRuntimeError(ROUND_DIGITS_MESSAGE);
        return roundTo(x, d);
      };
    }
    case 'floor':
      return (ctx) => floorClean(a(ctx));
    case 'ceil':
      return (ctx) => ceilClean(a(ctx));
    case 'abs':
      return (ctx) => Math.abs(a(ctx));
  }
}

function buildTop<C>(node: Node, read: NameReader<C>): NumEv<C> {
  if (isNumeric(node)) {
    const f = buildNumber(node, read);
    return (ctx) => finite(f(ctx));
  }
  const f = buildValue(node, read);
  return (ctx) => {
    const v = f(ctx);
    if (typeof v !== 'number') throw new FormulaRuntimeError('the formula gives text, not an amount');
    return finite(v);
  };
}

// ---------------------------------------------------------------------------------------------------------
// Public entry points

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
