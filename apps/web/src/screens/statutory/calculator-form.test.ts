import { describe, expect, it } from 'vitest';
import { bodyOf, RESOLVER, type TCalculatorForm } from './calculator-form';

const form = (v: Partial<TCalculatorForm> = {}): TCalculatorForm => ({
  financialYear: '2026-27',
  annualGrossSalary: '12,75,000',
  exemptions: '',
  professionalTax: '2500',
  deductions: { '80C': '150000', '80D': '' },
  ...v,
});
const run = (v: TCalculatorForm) => RESOLVER(v, undefined, { fields: {}, shouldUseNativeValidation: false });
const message = (r: Awaited<ReturnType<typeof run>>, path: string) =>
  path.split('.').reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], r.errors) as { message?: string } | undefined;

describe('the tax calculator’s form', () => {
  it('makes each regime’s request of the figures typed, the empty ones left out', () =>
    expect(bodyOf(form(), 'old')).toEqual({
      financialYear: '2026-27',
      regime: 'old',
      annualGrossSalary: 1275000,
      exemptions: undefined,
      professionalTax: 2500,
      deductions: { '80C': 150000 },
    }));

  it('asks for the gross salary first, in its own words', async () =>
    expect(message(await run(form({ annualGrossSalary: ' ' })), 'annualGrossSalary')?.message).toBe('Enter the year’s gross salary'));

  it('then the contract checks the figures, each on its field', async () => {
    const r = await run(form({ professionalTax: '-1', deductions: { '80C': '1.234' } }));
    expect(r.values).toEqual({});
    expect(message(r, 'professionalTax')?.message).toBe('Must not be negative');
    expect(message(r, 'deductions.80C')?.message).toBe('At most two decimals (paise)');
  });
});
