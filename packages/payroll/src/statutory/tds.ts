// Income tax on salary (Income-tax Act, 1961) for one financial year and regime: the tax on total income by
// slabs, the rebate under section 87A with its marginal relief, surcharge with marginal relief, health and
// education cess, total income and tax rounded to the nearest ten rupees (sections 288A, 288B), and the
// month's deduction under section 192. The slabs, deductions and caps are the year's parameter row.
import type { Paise } from '../money';
import { roundToNearestTen } from '../rounding';
import { type Dated, divide, maxPaise, minPaise, percentOf, rupees, type UpTo } from './dated';

export type TaxRegime = 'new' | 'old';

export interface TaxSlab extends UpTo {
  /** % on the part of income within this slab. */
  rate: number;
}

export interface IncomeTaxParameters extends Dated {
  /** '2025-26'. */
  financialYear: string;
  regime: TaxRegime;
  slabs: TaxSlab[];
  /** Section 16(ia), rupees. */
  standardDeduction: number;
  /** Section 87A: a rebate up to `maxRebate` for total income up to `incomeUpTo`; with marginal relief just above. */
  rebate87A: { incomeUpTo: number; maxRebate: number; marginalRelief: boolean };
  /** Surcharge rates by total income above each threshold (ascending). */
  surcharge: { above: number; rate: number }[];
  /** Health and education cess, % of tax plus surcharge. */
  cessRate: number;
  /** Exemptions under section 10 (HRA and the like) count in this regime. */
  exemptionsAllowed: boolean;
  /** Professional tax is deducted under section 16(iii), up to the cap (null: not in this regime). */
  professionalTaxCap: number | null;
  /**
   * Deductions by section as the Act names them ('80C', '24(b)'): each section's own cap in rupees (null: no
   * cap, 0: not allowed in this regime), and groups capped together (80CCE: 80C + 80CCC + 80CCD(1)).
   */
  deductions: {
    sections: Record<string, number | null>;
    groups: { name: string; sections: string[]; cap: number }[];
  };
  /** Section 10(13A) with rule 2A: the least of HRA received, rent over a share of salary, and a share of salary. */
  hra: { metroRate: number; otherRate: number; rentOverSalaryRate: number } | null;
}

export interface TaxInput {
  /** Gross salary of the year, paise. */
  grossSalary: Paise;
  /** Exemptions under section 10 already worked out (e.g. HRA), paise; ignored where the regime allows none. */
  exemptions?: Paise;
  /** Claimed deductions by section, paise; the caps are applied here. */
  deductions?: Record<string, Paise>;
  /** Professional tax paid in the year, paise. */
  professionalTax?: Paise;
}

export interface TaxResult {
  grossSalary: Paise;
  standardDeduction: Paise;
  exemptions: Paise;
  professionalTax: Paise;
  /** Deductions after their caps, by section. */
  deductions: Record<string, Paise>;
  totalDeductions: Paise;
  /** Total income rounded under section 288A. */
  taxableIncome: Paise;
  taxOnIncome: Paise;
  /** Section 87A rebate, its marginal relief included. */
  rebate: Paise;
  /** After its marginal relief. */
  surcharge: Paise;
  cess: Paise;
  /** Rounded under section 288B. */
  totalTax: Paise;
}

/** A section claimed that the year's parameters do not know (answered 400 by an API). */
export class UnknownSectionError extends Error {
  constructor(readonly section: string) {
    super(`Unknown section '${section}'`);
  }
}

/** Tax by slabs on an income (paise), to the paise. */
export function slabTax(slabs: readonly TaxSlab[], income: Paise): Paise {
  let tax = 0n;
  let lower = 0n;
  for (const slab of slabs) {
    const upper = slab.upTo === null ? null : rupees(slab.upTo);
    if (income <= lower) break;
    const top = upper === null ? income : minPaise(income, upper);
    tax += percentOf(top - lower, slab.rate, 'nearest', 'paise');
    if (upper === null) break;
    lower = upper;
  }
  return tax;
}

/** The least-of rule of section 10(13A) for a year's (or a period's) figures, paise. */
export function hraExemption(
  hra: NonNullable<IncomeTaxParameters['hra']>,
  input: { hraReceived: Paise; rentPaid: Paise; basicPlusDa: Paise; metro: boolean },
): Paise {
  const rentOver = maxPaise(input.rentPaid - percentOf(input.basicPlusDa, hra.rentOverSalaryRate, 'nearest', 'paise'), 0n);
  const share = percentOf(input.basicPlusDa, input.metro ? hra.metroRate : hra.otherRate, 'nearest', 'paise');
  return maxPaise(minPaise(minPaise(input.hraReceived, rentOver), share), 0n);
}

/** Caps claimed deductions by section and by group; the result keeps the claimed sections' names. */
export function capDeductions(p: IncomeTaxParameters, claimed: Record<string, Paise>): Record<string, Paise> {
  const allowed: Record<string, Paise> = {};
  for (const [section, amount] of Object.entries(claimed)) {
    if (!(section in p.deductions.sections)) throw new UnknownSectionError(section);
    const cap = p.deductions.sections[section];
    allowed[section] = maxPaise(cap === null ? amount : minPaise(amount, rupees(cap)), 0n);
  }
  // A group's cap is shared in the order its sections are listed.
  for (const group of p.deductions.groups) {
    let left = rupees(group.cap);
    for (const section of group.sections) {
      if (!(section in allowed)) continue;
      allowed[section] = minPaise(allowed[section], left);
      left -= allowed[section];
    }
  }
  return allowed;
}

function surchargeWithRelief(p: IncomeTaxParameters, income: Paise, tax: Paise): Paise {
  const bands = [...p.surcharge].sort((a, b) => a.above - b.above);
  let index = -1;
  for (let i = 0; i < bands.length; i++) if (income > rupees(bands[i].above)) index = i;
  if (index < 0 || tax <= 0n) return 0n;
  const band = bands[index];
  const surcharge = percentOf(tax, band.rate, 'nearest', 'paise');
  // Marginal relief: tax plus surcharge may exceed that at the threshold by no more than the income above it.
  const threshold = rupees(band.above);
  const taxAtThreshold = slabTax(p.slabs, threshold);
  const previousRate = index > 0 ? bands[index - 1].rate : 0;
  const ceiling = taxAtThreshold + percentOf(taxAtThreshold, previousRate, 'nearest', 'paise') + (income - threshold);
  return maxPaise(minPaise(surcharge, ceiling - tax), 0n);
}

function rebate87A(p: IncomeTaxParameters, income: Paise, tax: Paise): Paise {
  const limit = rupees(p.rebate87A.incomeUpTo);
  if (income <= limit) return minPaise(tax, rupees(p.rebate87A.maxRebate));
  // Marginal relief: the tax payable may not exceed the income above the limit.
  if (p.rebate87A.marginalRelief && tax > income - limit) return tax - (income - limit);
  return 0n;
}

/** The year's tax on a salary in one regime. */
export function computeIncomeTax(p: IncomeTaxParameters, input: TaxInput): TaxResult {
  const gross = maxPaise(input.grossSalary, 0n);
  const standardDeduction = minPaise(rupees(p.standardDeduction), gross);
  const exemptions = p.exemptionsAllowed ? minPaise(maxPaise(input.exemptions ?? 0n, 0n), gross - standardDeduction) : 0n;
  const afterExemptions = gross - standardDeduction - exemptions;
  const professionalTax =
    p.professionalTaxCap === null
      ? 0n
      : minPaise(minPaise(maxPaise(input.professionalTax ?? 0n, 0n), rupees(p.professionalTaxCap)), afterExemptions);
  const salaryIncome = afterExemptions - professionalTax;
  const deductions = capDeductions(p, input.deductions ?? {});
  const claimed = Object.values(deductions).reduce((a, b) => a + b, 0n);
  const totalDeductions = minPaise(claimed, salaryIncome);
  const taxableIncome = roundToNearestTen(salaryIncome - totalDeductions);
  const taxOnIncome = slabTax(p.slabs, taxableIncome);
  const rebate = rebate87A(p, taxableIncome, taxOnIncome);
  const afterRebate = taxOnIncome - rebate;
  const surcharge = surchargeWithRelief(p, taxableIncome, afterRebate);
  const cess = percentOf(afterRebate + surcharge, p.cessRate, 'nearest', 'paise');
  return {
    grossSalary: gross,
    standardDeduction,
    exemptions,
    professionalTax,
    deductions,
    totalDeductions,
    taxableIncome,
    taxOnIncome,
    rebate,
    surcharge,
    cess,
    totalTax: roundToNearestTen(afterRebate + surcharge + cess),
  };
}

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
  const rest = { exemptions: input.exemptions, deductions: input.deductions, professionalTax: input.professionalTax };
  const annualTax = computeIncomeTax(p, { ...rest, grossSalary: base }).totalTax;
  const annualTaxWithOneOff = input.oneOffThisMonth
    ? computeIncomeTax(p, { ...rest, grossSalary: base + input.oneOffThisMonth }).totalTax
    : annualTax;
  const due = annualTax - (input.previousEmployerTds ?? 0n) - input.tdsDeductedSoFar;
  const regular = due > 0n ? divide(due, BigInt(input.remainingMonths) * 100n, 'nearest') * 100n : 0n;
  const oneOff = maxPaise(annualTaxWithOneOff - annualTax, 0n);
  return { annualTax, annualTaxWithOneOff, regular, oneOff, tds: regular + oneOff };
}

/** The financial year ('2025-26') holding a month. */
export function financialYearOf(year: number, month: number): string {
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
