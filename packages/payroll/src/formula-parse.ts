// The formula language's tokenizer and Pratt parser: source text to a tree (formula.ts describes the language).
import { fail, MAX_FORMULA_DEPTH } from './formula-errors';

export type Token =
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

export function tokenize(src: string): Token[] {
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

export type ArithOp = '+' | '-' | '*' | '/' | '%';
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
export type FunctionName = 'min' | 'max' | 'round' | 'floor' | 'ceil' | 'abs';

export type Node =
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

export function constantOf(node: Node): number | null {
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

export class Parser {
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

export const ROUND_DIGITS_MESSAGE =
  'round can keep 0, 1 or 2 decimals, or round to tens (-1), hundreds (-2) or thousands (-3): its second argument must be one of 2, 1, 0, -1, -2, -3';
