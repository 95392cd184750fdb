// The year's tax on a salary in one regime, exactly in bigint paise: the tax on total income by slabs, the rebate
// under section 87A with its marginal relief, surcharge with marginal relief, health and education cess, total
// income and tax rounded to the nearest ten rupees (sections 288A, 288B); the HRA exemption and the deductions' caps.
import type { Paise } from '../../money';
import { roundToNearestTen } from '../../rounding';
import { maxPaise, minPaise, percentOf, rupees } from '../dated';
import { capBySalaryShare, parametersForAge } from '../tax-person';
import { HOUSE_PROPERTY_SECTION, type IncomeTaxParameters, type TaxSlab, UnknownSectionError } from './parameters';

export interface TaxInput {
  /** Gross salary of the year, paise. */
  grossSalary: Paise;
  /** Income from other sources reported by the employee to the employer (section 192(2B)), paise. */
  otherIncome?: Paise;
  /** Exemptions under section 10 already worked out (e.g. HRA), paise; ignored where the regime allows none. */
  exemptions?: Paise;
  /** Claimed deductions by section, paise; the caps are applied here ('24(b)' goes to house property). */
  deductions?: Record<string, Paise>;
  /** Professional tax paid in the year, paise. */
  professionalTax?: Paise;
  /** The person's age in the year (taxAgeInYear): the slabs for that age where the regime has them. */
  age?: number;
  /** Salary as section 80CCD defines it (basic + DA) for the year, paise: 80CCD(2)'s cap; absent: the gross salary. */
  basicAndDa?: Paise;
}

export interface TaxResult {
  grossSalary: Paise;
  standardDeduction: Paise;
  exemptions: Paise;
  professionalTax: Paise;
  /** Income chargeable under the head "Salaries". */
  salaryIncome: Paise;
  /** Income (a loss: zero or negative) from house property: the 24(b) interest as counted, at most the other income. */
  houseProperty: Paise;
  /** Income from other sources as reported. */
  otherIncome: Paise;
  /** salaryIncome + houseProperty + otherIncome. */
  grossTotalIncome: Paise;
  /** Chapter VI-A deductions after their caps, by section (24(b) is not among them). */
  deductions: Record<string, Paise>;
  /** Their total, at most the gross total income. */
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
export function computeIncomeTax(row: IncomeTaxParameters, input: TaxInput): TaxResult {
  const p = parametersForAge(row, input.age);
  const gross = maxPaise(input.grossSalary, 0n);
  const standardDeduction = minPaise(rupees(p.standardDeduction), gross);
  const exemptions = p.exemptionsAllowed ? minPaise(maxPaise(input.exemptions ?? 0n, 0n), gross - standardDeduction) : 0n;
  const afterExemptions = gross - standardDeduction - exemptions;
  const professionalTax =
    p.professionalTaxCap === null
      ? 0n
      : minPaise(minPaise(maxPaise(input.professionalTax ?? 0n, 0n), rupees(p.professionalTaxCap)), afterExemptions);
  const salaryIncome = afterExemptions - professionalTax;
  const deductions = capDeductions(p, capBySalaryShare(p, input.deductions ?? {}, input.basicAndDa ?? gross));
  const otherIncome = maxPaise(input.otherIncome ?? 0n, 0n);
  const interest = deductions[HOUSE_PROPERTY_SECTION] ?? 0n;
  delete deductions[HOUSE_PROPERTY_SECTION];
  const houseProperty = -minPaise(interest, salaryIncome + otherIncome);
  const grossTotalIncome = salaryIncome + houseProperty + otherIncome;
  const claimed = Object.values(deductions).reduce((a, b) => a + b, 0n);
  const totalDeductions = minPaise(claimed, grossTotalIncome);
  const taxableIncome = roundToNearestTen(grossTotalIncome - totalDeductions);
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
    salaryIncome,
    houseProperty,
    otherIncome,
    grossTotalIncome,
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
