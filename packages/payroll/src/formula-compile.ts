// A formula's tree compiled to plain closures, generic over what a name is read from (a Scope, or the engine's slots).
import { FormulaRuntimeError } from './formula-errors';
import { ceilClean, floorClean, nearlyEqual, roundTo, type Value } from './formula-numbers';
import { type ArithOp, constantOf, type FunctionName, type Node, ROUND_DIGITS_MESSAGE } from './formula-parse';

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

export function buildTop<C>(node: Node, read: NameReader<C>): NumEv<C> {
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
