// The month's deduction under section 192 on a year's figures in bigint paise (monthlyTds), and the financial
// year's months.
import type { Paise } from '../../money';
import { divide, maxPaise, minPaise } from '../dated';
import { totalIncomeTax } from './fast';
import type { TaxInput } from './income-tax';
import type { IncomeTaxParameters } from './parameters';

export interface MonthlyTdsInput extends Omit<TaxInput, 'grossSalary'> {
  /** This employer's regular salary for the whole year: paid so far, this month and the rest projected, paise. */
  projectedSalary: Paise;
  /** One-off payments (bonus, arrears) paid in earlier months of the year. */
  oneOffPaidEarlier?: Paise;
  /** A one-off payment in this month: its whole extra tax is deducted now. */
  oneOffThisMonth?: Paise;
  /** Salary and tax deducted by a previous employer this year, as declared. */
  previousEmployerSalary?: Paise;
  previousEmployerTds?: Paise;
  /** Relief under section 89 as claimed: it lowers the tax to deduct (at most the year's tax). */
  relief89?: Paise;
  /** Tax this employer deducted in the earlier months of the year. */
  tdsDeductedSoFar: Paise;
  /** Months left including this one (12 in April, 1 in March). */
  remainingMonths: number;
}

export interface MonthlyTdsResult {
  /** The year's tax on the income without this month's one-off payment. */
  annualTax: Paise;
  /** The year's tax with it. */
  annualTaxWithOneOff: Paise;
  /** The regular share of this month: what is left of the year's tax, spread over the remaining months. */
  regular: Paise;
  /** The one-off payment's extra tax, all in this month. */
  oneOff: Paise;
  /** regular + oneOff, whole rupees. */
  tds: Paise;
}

/** The month's deduction under section 192: never negative, whole rupees. */
export function monthlyTds(p: IncomeTaxParameters, input: MonthlyTdsInput): MonthlyTdsResult {
  if (!Number.isInteger(input.remainingMonths) || input.remainingMonths < 1 || input.remainingMonths > 12) {
    throw new RangeError('Remaining months must be 1 to 12');
  }
  const base = input.projectedSalary + (input.oneOffPaidEarlier ?? 0n) + (input.previousEmployerSalary ?? 0n);
  const rest = {
    exemptions: input.exemptions,
    deductions: input.deductions,
    professionalTax: input.professionalTax,
    otherIncome: input.otherIncome,
    age: input.age,
    basicAndDa: input.basicAndDa,
  };
  const annualTax = totalIncomeTax(p, { ...rest, grossSalary: base });
  const annualTaxWithOneOff = input.oneOffThisMonth ? totalIncomeTax(p, { ...rest, grossSalary: base + input.oneOffThisMonth }) : annualTax;
  const relief = minPaise(maxPaise(input.relief89 ?? 0n, 0n), annualTax);
  const due = annualTax - relief - (input.previousEmployerTds ?? 0n) - input.tdsDeductedSoFar;
  const regular = due > 0n ? divide(due, BigInt(input.remainingMonths) * 100n, 'nearest') * 100n : 0n;
  const oneOff = maxPaise(annualTaxWithOneOff - annualTax, 0n);
  return { annualTax, annualTaxWithOneOff, regular, oneOff, tds: regular + oneOff };
}

/** The financial year ('2025-26') holding a month. */
export function financialYearOf(year: number, month: number): string {
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Months of the financial year left, counting this one: 12 in April … 1 in March. */
export function remainingMonthsOf(month: number): number {
  return month >= 4 ? 16 - month : 4 - month;
}
