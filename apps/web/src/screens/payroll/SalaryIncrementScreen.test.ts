import { installPlainMessages } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRUCTURE_RESOLVER, structureTotal, type TStructureFields } from './SalaryIncrementScreen';

beforeAll(() => installPlainMessages());

const form = (v: Partial<TStructureFields> = {}): TStructureFields => ({
  effectiveFrom: { year: 2026, month: 4 },
  amounts: { '1': '25,000', '2': '', '3': '1200.50' },
  remarks: ' ',
  ...v,
});
const run = (v: TStructureFields) => STRUCTURE_RESOLVER(v, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = (errors: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([k, e]) => {
      const path = prefix ? `${prefix}.${k}` : k;
      const own: [string, string][] = typeof e?.message === 'string' ? [[path, e.message]] : [];
      const nested = Object.entries(e ?? {}).filter(([n]) => !['message', 'type', 'ref'].includes(n));
      return [...own, ...Object.entries(messages(Object.fromEntries(nested), path))];
    }),
  );

describe('the salary structure form', () => {
  it('sends the month, the typed amounts (blank heads left out) and blank remarks as null', async () =>
    expect((await run(form())).values).toEqual({ effectiveFrom: '2026-04', amounts: { '1': 25000, '3': 1200.5 }, remarks: null }));

  it('puts a figure that is not a number on its head, in the form’s words', async () =>
    expect(messages((await run(form({ amounts: { '1': 'ten', '2': '500' } }))).errors)).toEqual({
      'amounts.1': 'Enter an amount in rupees',
    }));

  it('asks for at least one amount', async () =>
    expect(messages((await run(form({ amounts: { '1': ' ', '2': '' } }))).errors)).toEqual({ amounts: 'Enter at least one amount' }));

  it('then the contract checks the month and each amount, on its field', async () => {
    const r = await run(form({ effectiveFrom: { year: null, month: 4 }, amounts: { '1': '-5' } }));
    expect(r.values).toEqual({});
    expect(Object.keys(messages(r.errors)).sort()).toEqual(['amounts.1', 'effectiveFrom']);
  });

  it('totals the amounts that read as numbers, exactly to the paisa', () =>
    expect(structureTotal({ '1': '0.1', '2': '0.2', '3': 'x', '4': '', '5': '1,000' })).toBe(1000.3));
});
