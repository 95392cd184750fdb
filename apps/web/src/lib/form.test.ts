import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyResolver, placeServerErrors } from './form';

describe('placeServerErrors', () => {
  it('puts a field error on its field and the rest on root', () =>
    expect(placeServerErrors({ reason: ['Say why'], 'rows.0.x': ['bad row'], other: ['a', 'b'] }, ['reason', 'day'])).toEqual({
      reason: 'Say why',
      root: 'bad row a b',
    }));
  it('keeps a nested key under a field of the form', () =>
    expect(placeServerErrors({ 'lines.2.amount': ['Too much'] }, ['lines'])).toEqual({ 'lines.2.amount': 'Too much' }));
  it('sends a nested key to root when the form shows only whole fields', () =>
    expect(placeServerErrors({ 'unitIds.0': ['No such unit'] }, ['unitIds'], { nested: false })).toEqual({ root: 'No such unit' }));
  it('renames a server field to the form’s', () =>
    expect(placeServerErrors({ employeeId: ['Choose the employee'] }, ['employee'], { rename: { employeeId: 'employee' } })).toEqual({
      employee: 'Choose the employee',
    }));
});

describe('bodyResolver', () => {
  // A form of typed text and a picked option; the body the route takes has numbers, an id and lines by place.
  type TForm = { employee: { id: number } | null; note: string; lines: Record<string, string> };
  const ZBody = z.object({
    employeeId: z.number({ error: 'Choose the employee' }),
    note: z.string().trim().max(5, 'At most 5 characters'),
    lines: z.array(z.object({ code: z.string(), amount: z.number().min(0, 'Must not be negative') })),
  });
  const sent = (v: TForm) => Object.entries(v.lines).filter(([, a]) => a !== '');
  const resolver = bodyResolver<TForm, z.output<typeof ZBody>, { noteNeeded: boolean }>(
    ZBody,
    (v) => ({ employeeId: v.employee?.id, note: v.note, lines: sent(v).map(([code, a]) => ({ code, amount: Number(a) })) }),
    {
      rename: (v) => ({
        employeeId: 'employee',
        ...Object.fromEntries(sent(v).map(([code], i) => [`lines.${i}.amount`, `lines.${code}`])),
      }),
      checks: (v, context): Record<string, string[]> => (context?.noteNeeded && !v.note.trim() ? { note: ['Write a note'] } : {}),
    },
  );
  const run = (v: Partial<TForm>, noteNeeded = false) =>
    resolver(
      { employee: { id: 7 }, note: ' ok ', lines: { A: '10', B: '' }, ...v },
      { noteNeeded },
      { fields: {}, shouldUseNativeValidation: false },
    );
  type TMessages = { [name: string]: string | TMessages };
  const messages = (errors: object): TMessages =>
    Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, (e?.message as string | undefined) ?? messages(e)]));

  it('gives the submit handler the contract’s body', async () =>
    expect(await run({})).toEqual({ values: { employeeId: 7, note: 'ok', lines: [{ code: 'A', amount: 10 }] }, errors: {} }));
  it('puts the contract’s errors on the form’s fields: renamed, a line by its place on its own name', async () => {
    const r = await run({ employee: null, note: 'far too long', lines: { A: '', B: '-1', C: '3' } });
    expect(r.values).toEqual({});
    expect(messages(r.errors)).toEqual({
      employee: 'Choose the employee',
      note: 'At most 5 characters',
      lines: { B: 'Must not be negative' },
    });
  });
  it('the form’s own words win on their field (with the form’s context), the contract’s stay on the others', async () => {
    const r = await run({ employee: null, note: ' ' }, true);
    expect(messages(r.errors)).toEqual({ employee: 'Choose the employee', note: 'Write a note' });
    expect(r.errors.note?.type).toBe('form');
  });
  it('a check alone refuses a body the contract takes', async () =>
    expect(messages((await run({ note: '' }, true)).errors)).toEqual({ note: 'Write a note' }));
  it('a key not renamed keeps its path', async () => {
    const plain = bodyResolver<{ note: string }, { note: string }>(z.object({ note: z.string().min(1, 'Say it') }), (v) => v);
    const r = await plain({ note: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(messages(r.errors)).toEqual({ note: 'Say it' });
  });
});
