import { describe, expect, it } from 'vitest';
import { compileFormula, FormulaRuntimeError, FormulaSyntaxError, roundTo, type Scope, toPaiseNumber } from './formula';

const values: Record<string, number | string> = { BASIC: 20000, DA: 5000, ZERO: 0, GENDER: 'F', AGE: 58, HUGE: 1e300 };
const scope: Scope = (name) => {
  const v = values[name];
  if (v === undefined) throw new Error(`no ${name}`);
  return v;
};
const run = (source: string) => compileFormula(source).evaluate(scope);

function syntaxProblem(source: string) {
  try {
    compileFormula(source);
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return e.problem;
    throw e;
  }
  throw new Error(`compiled: ${source}`);
}

describe('formula evaluation', () => {
  it.each([
    // numbers
    ['12', 12],
    ['0.4', 0.4],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['.5', 0.5],
    // arithmetic and precedence
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 2', 5],
    ['17 % 5', 2],
    ['2 * 10 % 3', 2],
    ['-2 * 3', -6],
    ['-(2 + 3)', -5],
    ['+4', 4],
    ['- -4', 4],
    ['2 - -3', 5],
    ['1 + 2 < 4', 1],
    ['1 + 2 * 3 == 7', 1],
    // comparisons
    ['1 < 2', 1],
    ['2 < 2', 0],
    ['2 <= 2', 1],
    ['3 <= 2', 0],
    ['3 > 2', 1],
    ['2 > 2', 0],
    ['2 >= 2', 1],
    ['1 >= 2', 0],
    ['2 == 2', 1],
    ['2 == 3', 0],
    ['2 != 3', 1],
    ['2 != 2', 0],
    ['0.1 * 3 == 0.3', 1],
    ['0.1 * 3 > 0.3', 0],
    // text comparisons
    ["GENDER == 'F'", 1],
    ['GENDER == "F"', 1],
    ["GENDER == 'f'", 1],
    ["GENDER != 'F'", 0],
    ["GENDER == 'M'", 0],
    ["'F' == GENDER", 1],
    // logic
    ['1 and 0', 0],
    ['1 and 2', 1],
    ['0 or 0', 0],
    ['0 or 3', 1],
    ['1 && 1', 1],
    ['0 || 1', 1],
    ['not 0', 1],
    ['not 5', 0],
    ['!0', 1],
    ['!1', 0],
    ['NOT 0 AND 1', 1],
    ['not 1 == 2', 1], // not (1 == 2)
    ['1 or 0 and 0', 1], // and binds tighter than or
    ['0 and 1 / ZERO', 0], // short-circuit
    ['1 or 1 / ZERO', 1],
    ['(1 < 2) + (2 < 3)', 2], // booleans are 1/0 as numbers
    // conditionals
    ['if(1, 10, 20)', 10],
    ['if(0, 10, 20)', 20],
    ["IF(GENDER == 'F', 0, 200)", 0],
    ['if(ZERO == 0, 0, 1 / ZERO)', 0], // lazy branches
    ['1 ? 10 : 20', 10],
    ['0 ? 10 : 20', 20],
    ['0 ? 1 : 0 ? 2 : 3', 3], // right-associative
    ['1 ? 2 : 3 + 4', 2],
    ['AGE >= 58 ? 0 : BASIC * 0.12', 0],
    // functions
    ['min(BASIC, 15000) * 0.12', 1800],
    ['min(3, 1, 2)', 1],
    ['min(7)', 7],
    ['max(3, 1, 2)', 3],
    ['MAX(BASIC, DA)', 20000],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.4)', 2],
    ['round(2.675, 2)', 2.68],
    ['round(1.005, 2)', 1.01],
    ['round(-1.005, 2)', -1.01],
    ['round(1.25, 1)', 1.3],
    ['round(1234.5, 0)', 1235],
    ['round(1234, -1)', 1230],
    ['round(1235, -1)', 1240],
    ['round(1250, -2)', 1300],
    ['round(1499, -3)', 1000],
    ['round(1500, -3)', 2000],
    ['round(-1500, -3)', -2000],
    ['floor(2.9)', 2],
    ['floor(-2.1)', -3],
    ['ceil(2.1)', 3],
    ['ceil(0.1 * 3 * 10)', 3], // float noise removed
    ['floor(0.7 * 10 / 7 * 3)', 3],
    ['abs(-4.5)', 4.5],
    ['abs(4.5)', 4.5],
    ['round((BASIC + DA) / 30 * 2, 2)', 1666.67],
  ] as const)('%s = %s', (source, expected) => {
    expect(run(source)).toBeCloseTo(expected, 10);
  });

  it('lists the distinct names in order of first use', () => {
    expect(compileFormula("min(BASIC, DA) + BASIC + if(GENDER == 'F', AGE, 0)").names).toEqual(['BASIC', 'DA', 'GENDER', 'AGE']);
    expect(compileFormula('round(1.5)').names).toEqual([]);
  });

  it.each([
    ['BASIC / ZERO', 'division by zero'],
    ['BASIC % ZERO', 'division by zero'],
    ['HUGE * HUGE', 'the result is too large to be an amount'],
    ['GENDER + 1', 'GENDER is text'],
    ['GENDER', 'the formula gives text, not an amount'],
    ['GENDER == 1', 'one is text and the other a number'],
    ['round(BASIC, AGE)', 'round can keep 0, 1 or 2 decimals'],
  ])('%s fails at run time with %s', (source, message) => {
    const f = compileFormula(source);
    expect(() => f.evaluate(scope)).toThrow(FormulaRuntimeError);
    expect(() => f.evaluate(scope)).toThrow(message);
  });
});

describe('formula syntax errors', () => {
  it.each([
    ['', 'syntax', 'The formula is empty', 0],
    ['   ', 'syntax', 'The formula is empty', 0],
    ['BASIC + )', 'syntax', "Unexpected ')' at 9", 8],
    ['(BASIC + 1))', 'syntax', "Unexpected ')' at 12", 11],
    ['BASIC +', 'syntax', 'The formula ends too early (at 8): a value is missing', 7],
    ['(BASIC + 1', 'syntax', "Missing ')' to close the '(' at 1", 10],
    ['BASIC = 1', 'syntax', "'=' at 7: use == to compare", 6],
    ['BASIC BASIC', 'syntax', "An operator is missing before 'BASIC' at 7", 6],
    ['2BASIC', 'syntax', "An operator is missing before 'BASIC' at 2", 1],
    ['BASIC # 2', 'syntax', "Unexpected '#' at 7", 6],
    ['BASIC & 2', 'syntax', "Unexpected '&' at 7: use && or 'and'", 6],
    ['BASIC <> 2', 'syntax', "'<>' at 7: use != for 'not equal'", 6],
    ["GENDER == 'F", 'syntax', "The text in quotes starting at 11 has no closing '", 10],
    ['1 < 2 < 3', 'syntax', "Comparisons cannot be chained ('<' at 7); join them with 'and'", 6],
    ['1 ? 2', 'syntax', "Expected ':' for the '?' at 3", 5],
    ['1 ? 2 , 3', 'syntax', "Expected ':' for the '?' at 3, found ',' at 7", 6],
    ['if 1', 'syntax', "'if' at 1 needs brackets: if(condition, then, else)", 0],
    ["'F' + 1", 'syntax', "Text in quotes ('F') at 1 cannot be used with '+'; compare it with == or !=", 0],
    ["'F'", 'syntax', 'The formula must give an amount, not text in quotes', 0],
    ['min(1 2)', 'syntax', "Expected ',' or ')' before '2' at 7", 6],
    ['min(1, 2', 'syntax', "Missing ')' to close the '(' of min at 4", 8],
    ['sqrt(4)', 'function', "Unknown function 'sqrt'", 0],
    ['1 + BASIC(2)', 'function', "Unknown function 'BASIC'", 4],
    ['if(1, 2)', 'function', 'Expected 3 arguments for if', 0],
    ['round()', 'function', 'Expected 1 or 2 arguments for round', 0],
    ['round(1, 2, 3)', 'function', 'Expected 1 or 2 arguments for round', 0],
    ['floor(1, 2)', 'function', 'Expected 1 argument for floor', 0],
    ['abs()', 'function', 'Expected 1 argument for abs', 0],
    ['max()', 'function', 'Expected at least 1 argument for max', 0],
  ] as const)('%j → %s %s', (source, kind, message, position) => {
    expect(syntaxProblem(source)).toEqual({ kind, message, position });
  });

  it.each([['round(1, 3)'], ['round(1, -4)'], ['round(1, 0.5)']])('%s: round digits out of range', (source) => {
    const p = syntaxProblem(source);
    expect(p.kind).toBe('function');
    expect(p.message).toMatch(/^round can keep 0, 1 or 2 decimals/);
  });

  it('limits the length to 2,000 characters', () => {
    const ok = `1${' + 1'.repeat(499)}   `; // exactly 2,000 characters
    expect(ok.length).toBe(2000);
    expect(run(ok)).toBe(500);
    expect(syntaxProblem(`${ok} `)).toEqual({
      kind: 'syntax',
      message: 'The formula is too long (2001 characters; at most 2000 are allowed)',
      position: 2000,
    });
  });

  it('limits the nesting depth to 64', () => {
    expect(run(`${'('.repeat(63)}1${')'.repeat(63)}`)).toBe(1);
    expect(syntaxProblem(`${'('.repeat(64)}1${')'.repeat(64)}`).message).toBe('The formula is nested too deeply (more than 64 levels)');
    expect(syntaxProblem(`${'-'.repeat(100)}1`).message).toBe('The formula is nested too deeply (more than 64 levels)');
  });

  it('FormulaSyntaxError carries the message', () => {
    expect(() => compileFormula('sqrt(2)')).toThrow(FormulaSyntaxError);
    expect(() => compileFormula('sqrt(2)')).toThrow("Unknown function 'sqrt'");
  });
});

describe('rounding helpers', () => {
  it.each([
    [0.1 * 3, 30],
    [1.005, 101],
    [2.675, 268],
    [-2.675, -268],
    [1.004999, 100],
    [0.005, 1],
    [-0.005, -1],
    [-0.004, 0],
    [1234567.895, 123456790],
    [0, 0],
  ])('toPaiseNumber(%s) = %s', (rupees, paise) => {
    expect(toPaiseNumber(rupees)).toBe(paise);
    expect(Object.is(toPaiseNumber(rupees), -0)).toBe(false);
  });

  it.each([
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1.15, 1, 1.2],
    [8.345, 2, 8.35],
    [15, -1, 20],
    [-15, -1, -20],
    [149, -2, 100],
    [150, -2, 200],
  ])('roundTo(%s, %s) = %s', (x, d, expected) => {
    expect(roundTo(x, d)).toBe(expected);
  });
});
