import { installPlainMessages, ZSaveAdvance } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver } from '@/lib/form';
import { into, optionalText, pickedId, typedNumber } from './form-fields';

beforeAll(() => installPlainMessages());

const messages = (r: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('typedNumber', () => {
  const amount = typedNumber(ZSaveAdvance.shape.advanceAmount, 'Enter the amount');
  it('reads typed figures with grouping commas', () => expect(amount.parse(' 1,00,000.50 ')).toBe(100000.5));
  it('says what is missing in the dialog’s words', () => expect(messages(amount.safeParse(''))).toEqual({ '': 'Enter the amount' }));
  it('keeps the contract’s own rule', () => expect(messages(amount.safeParse('0'))).toEqual({ '': 'At least ₹1' }));
  it('refuses text that is not a number', () => expect(amount.safeParse('two').success).toBe(false));
  it('leaves a blank optional figure to the contract', () => expect(typedNumber(z.number().default(7)).parse('')).toBe(7));
});

describe('pickedId and optionalText', () => {
  const employee = pickedId(ZSaveAdvance.shape.employeeId, 'Choose the employee');
  it('takes the picked option’s id', () => expect(employee.parse({ id: 5, name: 'A', employeeCode: 'E5' })).toBe(5));
  it('takes a bare id', () => expect(employee.parse(5)).toBe(5));
  it('asks for a choice while none is picked', () => expect(messages(employee.safeParse(null))).toEqual({ '': 'Choose the employee' }));
  it('makes blank text null', () => expect(optionalText(ZSaveAdvance.shape.remarks).parse('  ')).toBeNull());
});

describe('into', () => {
  const form = into(
    z.object({ employee: pickedId(ZSaveAdvance.shape.employeeId, 'Choose the employee') }).transform((v) => ({
      employeeId: v.employee,
      advanceAmount: 100,
      noOfEMIs: 2,
      effectiveMonth: 4,
      effectiveYear: 2026,
    })),
    ZSaveAdvance,
  );
  it('gives the contract’s output (its defaults too)', () =>
    expect(form.parse({ employee: { id: 3 } })).toMatchObject({ employeeId: 3, payModeId: 2 }));
  it('stops at the form’s own errors, on the form’s fields', () =>
    expect(messages(form.safeParse({ employee: null }))).toEqual({ employee: 'Choose the employee' }));
});

describe('through the form’s resolver', () => {
  // The resolver reads a union's first branch's message, not the union's: the pieces must not rely on one.
  const resolver = contractResolver<{ employee: { id: number } | null; unitId: number | null }, { employee: number; unitId: number }>(
    z.object({ employee: pickedId(ZSaveAdvance.shape.employeeId, 'Choose the employee'), unitId: pickedId(z.number().int().positive()) }),
  );
  it('shows the dialog’s words, or the field’s own, on each field', async () => {
    const { errors } = await resolver({ employee: null, unitId: null }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect({ employee: errors.employee?.message, unitId: errors.unitId?.message }).toEqual({
      employee: 'Choose the employee',
      unitId: 'Unit is required',
    });
  });
});
