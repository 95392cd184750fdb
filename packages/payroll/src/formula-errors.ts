// The formula language's problems and limits (formula.ts).

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

export const MAX_FORMULA_LENGTH = 2000;
export const MAX_FORMULA_DEPTH = 64;

export function fail(kind: FormulaProblem['kind'], message: string, position: number): never {
  throw new FormulaSyntaxError({ kind, message, position });
}
