import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZEmployeeInput } from './employees';
import { fieldLabel, installPlainMessages } from './messages';

installPlainMessages();

const messages = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.') || '_', i.message]));

describe('plain validation messages', () => {
  it('name the field from its key', () => {
    expect(fieldLabel(['dateOfJoining'])).toBe('Date of joining');
    expect(fieldLabel(['departmentId'])).toBe('Department');
    expect(fieldLabel(['unitIds'])).toBe('Units');
    expect(fieldLabel(['rows', 3, 'pf_no'])).toBe('PF no');
    expect(fieldLabel(['rows', 0, 'lwopDays'])).toBe('LWOP days');
    expect(fieldLabel(['noOfEMIs'])).toBe('No. of EMIs');
    expect(fieldLabel(['esiNumber'])).toBe('ESI number');
    expect(fieldLabel(['noticeDays'])).toBe('Notice days');
    expect(fieldLabel([])).toBe('This value');
  });

  it('turn zod issues into sentences, never "expected …, received NaN"', () => {
    const schema = z
      .object({
        name: z.string().min(1),
        departmentId: z.number().int(),
        email: z.email(),
        kind: z.enum(['national', 'optional']),
        code: z.string().min(3).max(5),
        amount: z.number().min(0).max(100),
        unitIds: z.array(z.number()).min(1),
      })
      .strict();
    const m = messages(schema, {
      name: '',
      departmentId: Number.NaN,
      email: 'x',
      kind: 'other',
      code: 'abcdefg',
      amount: -1,
      unitIds: [],
      extra: 1,
    });
    expect(m).toEqual({
      name: 'Name is required',
      departmentId: 'Department must be a number',
      email: 'Enter a valid e-mail address',
      kind: 'Kind must be one of: national, optional',
      code: 'Code may have at most 5 characters',
      amount: 'Amount must be at least 0',
      unitIds: 'Units: choose at least one',
      _: 'Unknown field: extra',
    });
    expect(messages(z.object({ dateOfJoining: z.string() }), {})).toEqual({ dateOfJoining: 'Date of joining is required' });
    expect(messages(z.object({ age: z.number() }), { age: 'ten' })).toEqual({ age: 'Age must be a number' });
    // A text that is not a number is a value given, not a missing one: "two" typed for LWOP days, a non-number amount.
    expect(messages(z.object({ lwopDays: z.number() }), { lwopDays: 'two' })).toEqual({ lwopDays: 'LWOP days must be a number' });
    expect(messages(z.object({ lwopDays: z.number() }), { lwopDays: Number.NaN })).toEqual({ lwopDays: 'LWOP days must be a number' });
    expect(messages(z.object({ amount: z.coerce.number() }), { amount: 'abc' })).toEqual({ amount: 'Amount must be a number' });
    expect(messages(z.object({ amount: z.number() }), { amount: null })).toEqual({ amount: 'Amount is required' });
    expect(messages(z.object({ amount: z.number() }), {})).toEqual({ amount: 'Amount is required' });
  });

  it("keep a schema's own message", () => {
    expect(messages(z.object({ name: z.string().min(1, 'Enter a name') }), { name: '' })).toEqual({ name: 'Enter a name' });
  });

  it('reach the employee form: no raw zod text for an empty record', () => {
    const all = Object.values(messages(ZEmployeeInput, { departmentId: Number.NaN, designationId: null }));
    expect(all.length).toBeGreaterThan(0);
    for (const text of all) expect(text).not.toMatch(/Invalid input|received|NaN|expected/);
  });
});
