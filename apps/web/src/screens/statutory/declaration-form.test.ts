import { describe, expect, it } from 'vitest';
import { RESOLVER, type TDraft } from './declaration-form';

const draft = (v: Partial<TDraft> = {}): TDraft => ({
  regime: 'old',
  rent: '20000',
  metro: false,
  lines: { '80C': '150000', '80D': '' },
  prevIncome: '',
  prevTds: '',
  otherIncome: '',
  relief89: '',
  ...v,
});
const run = (d: TDraft) => RESOLVER(d, { financialYear: '2026-27' }, { fields: {}, shouldUseNativeValidation: false });

describe('the declaration form’s resolver', () => {
  it('gives the contract’s request: amounts in rupees, only the lines with an amount', async () =>
    expect((await run(draft())).values).toEqual({
      financialYear: '2026-27',
      regime: 'old',
      rentPerMonth: 20000,
      metro: false,
      lines: [{ section: '80C', amount: 150000 }],
      previousEmployerIncome: 0,
      previousEmployerTds: 0,
      otherIncome: 0,
      relief89: 0,
    }));

  it('puts the contract’s errors on the fields typed: a line on its section, the rent and a previous employer’s salary by their names', async () => {
    const r = await run(draft({ rent: '-5', lines: { '80C': '100', '80D': '12.345' }, prevIncome: 'abc' }));
    expect(r.values).toEqual({});
    expect(r.errors.rent?.message).toBe('Must not be negative');
    expect((r.errors.lines as Record<string, { message?: string }>)['80D']?.message).toBe('At most two decimals (paise)');
    expect((r.errors.lines as Record<string, { message?: string }>)['80C']).toBeUndefined();
    expect(r.errors.prevIncome?.message).toBeTruthy();
  });
});
