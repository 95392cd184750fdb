// The tax calculator's form (TaxCalculatorScreen): the figures as typed, the request of each regime made of them and
// the resolver, the contract's schema (ZTaxCompute, as POST /api/payroll/tax/compute checks it) once the gross is given.
import { type TTaxCompute, ZTaxCompute } from '@hr/contract';
import { z } from 'zod';
import { contractResolver } from '@/lib/form';

type Regime = TTaxCompute['regime'];

/** '' → undefined; otherwise the number typed (the contract refuses a bad one with the field named). */
const amount = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(/,/g, '')));

/** The figures as typed (rupees as text), named as the request names them; a claim per section. */
export type TCalculatorForm = {
  financialYear: string;
  annualGrossSalary: string;
  exemptions: string;
  professionalTax: string;
  deductions: Record<string, string>;
};

/** The request for one regime: the claims typed, the empty ones left out. */
export function bodyOf(v: TCalculatorForm, regime: Regime): TTaxCompute {
  const deductions = Object.fromEntries(
    Object.entries(v.deductions)
      .map(([k, c]) => [k, amount(c)] as const)
      .filter((e): e is readonly [string, number] => e[1] !== undefined),
  );
  return {
    financialYear: v.financialYear,
    regime,
    annualGrossSalary: amount(v.annualGrossSalary) as number,
    exemptions: amount(v.exemptions),
    professionalTax: amount(v.professionalTax),
    deductions,
  };
}

/**
 * The contract's request (the new regime's; the old one's differs only in its name) once the gross salary is given;
 * its errors on the fields typed.
 */
export const RESOLVER = contractResolver<TCalculatorForm, TTaxCompute>(
  z.preprocess((v, ctx) => {
    const form = v as TCalculatorForm;
    if (amount(form.annualGrossSalary) === undefined)
      ctx.addIssue({ code: 'custom', path: ['annualGrossSalary'], message: 'Enter the year’s gross salary' });
    return bodyOf(form, 'new');
  }, ZTaxCompute),
);
