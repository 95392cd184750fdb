import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { FORMULA_RESOLVER, formulaProblems, type TFormulaFields } from './FormulaDialog';

beforeAll(() => installPlainMessages());

const form = (v: Partial<TFormulaFields> = {}): TFormulaFields => ({
  earningDeductionId: 7,
  unitId: null,
  effectiveFrom: { year: 2026, month: 11 },
  formula: 'round(BASIC_FIXED * PAYABLE_DAYS / MONTH_DAYS)',
  ...v,
});
const run = (v: TFormulaFields) => FORMULA_RESOLVER(v, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message]));

describe('the formula dialog’s form', () => {
  it('sends the contract’s body: the head, the unit (null: the default) and the month as yyyy-mm', async () =>
    expect((await run(form())).values).toEqual({
      earningDeductionId: 7,
      unitId: null,
      effectiveFrom: '2026-11',
      formula: 'round(BASIC_FIXED * PAYABLE_DAYS / MONTH_DAYS)',
    }));

  it('names each field left empty, on its field', async () => {
    const r = await run(form({ earningDeductionId: null, effectiveFrom: { year: 2026, month: null }, formula: '' }));
    expect(r.values).toEqual({});
    expect(messages(r.errors)).toEqual({
      earningDeductionId: 'Earning deduction is required',
      effectiveFrom: expect.any(String),
      formula: 'Write the formula',
    });
  });

  it('keeps the server’s problems of a formula one a line', () => {
    const e = new ApiError(400, 'The formula cannot be used', {
      message: 'The formula cannot be used',
      fieldErrors: { formula: ['Unknown name FOO', 'BAR depends on itself'], unitId: ['Not yours'] },
    } as never);
    expect(formulaProblems(e).fieldErrors).toEqual({ formula: ['Unknown name FOO\nBAR depends on itself'], unitId: ['Not yours'] });
    expect(formulaProblems(e).message).toBe('The formula cannot be used');
  });
});
