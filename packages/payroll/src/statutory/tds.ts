// Income tax on salary (Income-tax Act, 1961) for one financial year and regime: the tax on total income by
// slabs, the rebate under section 87A with its marginal relief, surcharge with marginal relief, health and
// education cess, total income and tax rounded to the nearest ten rupees (sections 288A, 288B), and the
// month's deduction under section 192. The slabs, deductions and caps are the year's parameter row.
import type { Paise } from '../money';
import { roundToNearestTen } from '../rounding';
import { basisPoints, type Dated, divide, maxPaise, minPaise, percentOf, rupees, type UpTo } from './dated';
import { capBySalaryShare, parametersForAge } from './tax-person';

/** The code of the earning head that is house rent allowance (the HRA exemption under section 10(13A) reads it). */
export const HRA_CODE = 'HRA';

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
  /**
   * Slabs for a resident of an age and above in the year (the old regime's senior citizens, 60, and very senior
   * citizens, 80), in place of `slabs`; the band with the highest `fromAge` reached applies (tax-person.ts).
   */
  ageSlabs?: { fromAge: number; slabs: TaxSlab[] }[];
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
    /** Sections capped at a % of salary (basic + DA): 80CCD(2), the employer's NPS contribution. */
    salaryShare?: Record<string, number>;
  };
  /** Section 10(13A) with rule 2A: the least of HRA received, rent over a share of salary, and a share of salary. */
  hra: { metroRate: number; otherRate: number; rentOverSalaryRate: number } | null;
}

/**
 * Interest on a housing loan (section 24(b)) is not a chapter VI-A deduction: it makes the income from house
 * property a loss, set off against the salary and other income (old regime; capped by the section's parameter).
 */
export const HOUSE_PROPERTY_SECTION = '24(b)';

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

// ---------------------------------------------------------------------------------------------------------
// The year's total tax in safe JS integers: a salary run works it out for every employee every month, and bigint
// arithmetic is several times slower. Exact while every amount is at most SAFE_AMOUNT paise (₹100 crore), so that
// an amount times a rate in basis points (≤ 10,000) stays below 2^53; above it, or for a rate with more than two
// decimals, computeIncomeTax itself. A test compares the two over many figures of both regimes.

const SAFE = 100_000_000_000; // paise: ₹100 crore

interface FastParameters {
  slabs: { upper: number; bp: number }[];
  standardDeduction: number;
  rebateLimit: number;
  maxRebate: number;
  marginalRelief: boolean;
  /** Ascending: threshold, rate and the tax (with the band below's surcharge) at the threshold. */
  bands: { above: number; bp: number; ceilingBase: number }[];
  cessBp: number;
  ptCap: number | null;
  sections: Map<string, number | null>;
  groups: { sections: string[]; cap: number }[];
}

const fastCache = new WeakMap<IncomeTaxParameters, FastParameters | null>();

/** `bp` basis points of a non-negative paise amount, rounded half up to paise. */
function pctN(amount: number, bp: number): number {
  const n = amount * bp;
  const q = Math.floor(n / 10_000);
  return 2 * (n - q * 10_000) >= 10_000 ? q + 1 : q;
}

function slabTaxN(slabs: FastParameters['slabs'], income: number): number {
  let tax = 0;
  let lower = 0;
  for (const slab of slabs) {
    if (income <= lower) break;
    const top = income < slab.upper ? income : slab.upper;
    tax += pctN(top - lower, slab.bp);
    lower = slab.upper;
  }
  return tax;
}

function tenN(v: number): number {
  const r = Math.floor(Math.abs(v) / 100);
  const tens = Math.floor(r / 10);
  const out = (r % 10 >= 5 ? tens + 1 : tens) * 1000;
  return v < 0 ? -out : out;
}

function fastParameters(p: IncomeTaxParameters): FastParameters | null {
  let f = fastCache.get(p);
  if (f !== undefined) return f;
  const paise = (r: number) => Number(rupees(r));
  const bp = (r: number) => Number(basisPoints(r));
  try {
    const slabs = p.slabs.map((s) => ({ upper: s.upTo === null ? Number.POSITIVE_INFINITY : paise(s.upTo), bp: bp(s.rate) }));
    const sorted = [...p.surcharge].sort((a, b) => a.above - b.above);
    const bands = sorted.map((b, i) => {
      const threshold = paise(b.above);
      const at = slabTaxN(slabs, threshold);
      return { above: threshold, bp: bp(b.rate), ceilingBase: at + pctN(at, i > 0 ? bp(sorted[i - 1].rate) : 0) };
    });
    f = {
      slabs,
      standardDeduction: paise(p.standardDeduction),
      rebateLimit: paise(p.rebate87A.incomeUpTo),
      maxRebate: paise(p.rebate87A.maxRebate),
      marginalRelief: p.rebate87A.marginalRelief,
      bands,
      cessBp: bp(p.cessRate),
      ptCap: p.professionalTaxCap === null ? null : paise(p.professionalTaxCap),
      sections: new Map(Object.entries(p.deductions.sections).map(([k, v]) => [k, v === null ? null : paise(v)])),
      groups: p.deductions.groups.map((g) => ({ sections: g.sections, cap: paise(g.cap) })),
    };
    if (f.standardDeduction > SAFE || bands.some((b) => b.above > SAFE)) f = null;
  } catch {
    f = null;
  }
  fastCache.set(p, f);
  return f;
}

/** computeIncomeTax(p, input).totalTax, in safe integers where exact. */
export function totalIncomeTax(row: IncomeTaxParameters, input: TaxInput): Paise {
  const big = (v: Paise | undefined) => v !== undefined && (v > BigInt(SAFE) || v < -BigInt(SAFE));
  const p = parametersForAge(row, input.age);
  const deductions = capBySalaryShare(p, input.deductions ?? {}, input.basicAndDa ?? maxPaise(input.grossSalary, 0n));
  if (
    big(input.grossSalary) ||
    big(input.exemptions) ||
    big(input.professionalTax) ||
    big(input.otherIncome) ||
    Object.values(deductions).some(big)
  ) {
    return computeIncomeTax(p, { ...input, age: undefined, deductions }).totalTax;
  }
  const claimed: Record<string, number> = {};
  for (const k in deductions) claimed[k] = Number(deductions[k]);
  return BigInt(
    totalIncomeTaxN(
      p,
      Number(input.grossSalary),
      Number(input.exemptions ?? 0n),
      Number(input.professionalTax ?? 0n),
      claimed,
      Number(input.otherIncome ?? 0n),
    ),
  );
}

/** The surcharge and cess inside a year's tax (paise), filled by totalIncomeTaxN when asked. */
export interface TaxParts {
  /** Tax on income less the rebate, surcharge and cess, before the rounding of section 288B. */
  beforeRounding: number;
  surcharge: number;
  cess: number;
}

/** The capped deductions of the call in progress (one map, cleared each call: nothing keeps it). */
const ALLOWED = new Map<string, number>();

/** The year's total tax on paise given as JS integers (the engine's amounts); computeIncomeTax beyond ₹100 crore. */
export function totalIncomeTaxN(
  p: IncomeTaxParameters,
  grossSalary: number,
  exemptionsIn: number,
  professionalTax: number,
  claimed: Readonly<Record<string, number>>,
  otherIncomeIn = 0,
  parts?: TaxParts,
): number {
  const f = fastParameters(p);
  let tooBig = !f || grossSalary > SAFE || exemptionsIn > SAFE || professionalTax > SAFE || otherIncomeIn > SAFE;
  for (const k in claimed) if (claimed[k] > SAFE || claimed[k] < -SAFE) tooBig = true;
  if (tooBig || !f) {
    const deductions: Record<string, Paise> = {};
    for (const k in claimed) deductions[k] = BigInt(claimed[k]);
    const r = computeIncomeTax(p, {
      grossSalary: BigInt(grossSalary),
      exemptions: BigInt(exemptionsIn),
      professionalTax: BigInt(professionalTax),
      otherIncome: BigInt(otherIncomeIn),
      deductions,
    });
    if (parts) {
      parts.beforeRounding = Number(r.taxOnIncome - r.rebate + r.surcharge + r.cess);
      parts.surcharge = Number(r.surcharge);
      parts.cess = Number(r.cess);
    }
    return Number(r.totalTax);
  }
  const g = grossSalary > 0 ? grossSalary : 0;
  const std = f.standardDeduction < g ? f.standardDeduction : g;
  const exemptions = p.exemptionsAllowed && exemptionsIn > 0 ? Math.min(exemptionsIn, g - std) : 0;
  const afterExemptions = g - std - exemptions;
  const pt = f.ptCap !== null && professionalTax > 0 ? Math.min(professionalTax, f.ptCap, afterExemptions) : 0;
  const salaryIncome = afterExemptions - pt;
  // Deductions: each section's cap, then the groups' (in their sections' order), as capDeductions.
  let total = 0;
  let interest = 0;
  let allowed: Map<string, number> | null = null;
  for (const section in claimed) {
    if (!f.sections.has(section)) throw new UnknownSectionError(section);
    const cap = f.sections.get(section) ?? null;
    const a = claimed[section];
    const v = cap === null ? a : a < cap ? a : cap;
    if (section === HOUSE_PROPERTY_SECTION) {
      interest = v > 0 ? v : 0;
      continue;
    }
    if (!allowed) {
      allowed = ALLOWED;
      allowed.clear();
    }
    allowed.set(section, v > 0 ? v : 0);
  }
  if (allowed) {
    for (const group of f.groups) {
      let left = group.cap;
      for (const section of group.sections) {
        const v = allowed.get(section);
        if (v === undefined) continue;
        const w = v < left ? v : left;
        allowed.set(section, w);
        left -= w;
      }
    }
    for (const v of allowed.values()) total += v;
  }
  const otherIncome = otherIncomeIn > 0 ? otherIncomeIn : 0;
  const houseLoss = interest < salaryIncome + otherIncome ? interest : salaryIncome + otherIncome;
  const gti = salaryIncome + otherIncome - houseLoss;
  const taxable = tenN(gti - (total < gti ? total : gti));
  const tax = slabTaxN(f.slabs, taxable);
  let rebate = 0;
  if (taxable <= f.rebateLimit) rebate = tax < f.maxRebate ? tax : f.maxRebate;
  else if (f.marginalRelief && tax > taxable - f.rebateLimit) rebate = tax - (taxable - f.rebateLimit);
  const afterRebate = tax - rebate;
  let surcharge = 0;
  let band = -1;
  for (let i = 0; i < f.bands.length; i++) if (taxable > f.bands[i].above) band = i;
  if (band >= 0 && afterRebate > 0) {
    const b = f.bands[band];
    const full = pctN(afterRebate, b.bp);
    const ceiling = b.ceilingBase + (taxable - b.above) - afterRebate;
    surcharge = full < ceiling ? full : ceiling;
    if (surcharge < 0) surcharge = 0;
  }
  const cess = pctN(afterRebate + surcharge, f.cessBp);
  if (parts) {
    parts.beforeRounding = afterRebate + surcharge + cess;
    parts.surcharge = surcharge;
    parts.cess = cess;
  }
  return tenN(afterRebate + surcharge + cess);
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

/** One salary month's figures for its TDS, paise as JS integers (the engine's amounts). */
export interface SalaryMonthTdsInput {
  /** Months left including this one (remainingMonthsOf). */
  remainingMonths: number;
  /** This month's regular salary (gross less one-off payments); projected over the remaining months. */
  regular: number;
  /** This month's one-off payments (bonus, arrears): their extra tax is all deducted now. */
  oneOff: number;
  /** This month's HRA received and basic + DA (section 10(13A)), and the rent paid a month (declared). */
  hraReceived: number;
  basicPlusDa: number;
  rentPerMonth: number;
  metro: boolean;
  /** This month's professional tax (projected like the salary). */
  professionalTax: number;
  /** The earlier months of the year with this employer (their slips). */
  earlierRegular: number;
  earlierOneOff: number;
  earlierHraExempt: number;
  earlierProfessionalTax: number;
  tdsSoFar: number;
  /** Declared: a previous employer's salary and tax this year, and the deductions by section (before caps). */
  previousEmployerSalary: number;
  previousEmployerTds: number;
  deductions: Readonly<Record<string, number>>;
  /** The employee's age in the year (taxAgeInYear; the old regime's senior slabs); absent: under 60. */
  age?: number;
  /** Basic + DA of the earlier months of the year (80CCD(2)'s cap is a share of the year's). */
  earlierBasicPlusDa?: number;
  /** Declared: income from other sources reported to the employer, and relief under section 89 (at most the tax). */
  otherIncome?: number;
  relief89?: number;
  /**
   * The regular month the months after this one are projected from, when this month is not one (a joiner's
   * prorated first month: the full month's salary, HRA, basic + DA and professional tax); default this month.
   */
  projected?: { regular: number; hraReceived: number; basicPlusDa: number; professionalTax: number };
}

export interface SalaryMonthTdsResult {
  /** The year's tax on the income without this month's one-off payment, and with it. */
  annualTax: number;
  annualTaxWithOneOff: number;
  /** What is left of the year's tax spread over the remaining months (whole rupees), and the one-off's extra tax. */
  regular: number;
  oneOff: number;
  /** regular + oneOff. */
  tds: number;
  /**
   * The month's deduction split as Form 24Q reports it: surcharge and cess in the year's proportions (whole rupees);
   * tds − surcharge − cess is the income tax.
   */
  surcharge: number;
  cess: number;
  /** This month's HRA exemption (0 where the regime allows none). */
  hraExempt: number;
}

/** A share of a deduction (whole rupees, paise) in the proportion share ÷ whole, to whole rupees half up. */
function shareN(tds: number, share: number, whole: number): number {
  if (tds <= 0 || share <= 0 || whole <= 0) return 0;
  const n = (tds / 100) * share;
  const q = Math.floor(n / whole);
  return (2 * (n - q * whole) >= whole ? q + 1 : q) * 100;
}

/**
 * A month's deduction (whole rupees, paise) split into income tax, surcharge and cess in the proportions of the
 * year's tax (Form 24Q's columns): the three add up to the deduction.
 */
export function splitTds(tds: number, parts: TaxParts): { incomeTax: number; surcharge: number; cess: number } {
  const surcharge = shareN(tds, parts.surcharge, parts.beforeRounding);
  const cess = Math.min(shareN(tds, parts.cess, parts.beforeRounding), tds - surcharge);
  return { incomeTax: tds - surcharge - cess, surcharge, cess };
}

/** A month's HRA exemption (section 10(13A), rule 2A) in JS integers; 0 where the regime allows none. */
function hraExemptN(p: IncomeTaxParameters, hraReceived: number, basicPlusDa: number, rentPerMonth: number, metro: boolean): number {
  if (!p.exemptionsAllowed || !p.hra || hraReceived <= 0 || rentPerMonth <= 0) return 0;
  const h = p.hra;
  const rentOver = rentPerMonth - pctN(basicPlusDa, Number(basisPoints(h.rentOverSalaryRate)));
  const share = pctN(basicPlusDa, Number(basisPoints(metro ? h.metroRate : h.otherRate)));
  return Math.max(Math.min(hraReceived, rentOver > 0 ? rentOver : 0, share), 0);
}

/**
 * A salary month's TDS under section 192 — monthlyTds on the year projected from the earlier slips and this
 * month's regular salary over the remaining months (the HRA exemption and professional tax alike), a previous
 * employer's salary and tax added: (annual tax − tax deducted so far) ÷ remaining months, never negative, and a
 * one-off payment's extra tax in its own month. In JS integers for the run (see totalIncomeTaxN).
 */
const PARTS: TaxParts = { beforeRounding: 0, surcharge: 0, cess: 0 };

/** `out`: an object to fill and answer instead of a new one (the engine's, one per run). */
export function salaryMonthTds(row: IncomeTaxParameters, m: SalaryMonthTdsInput, out?: SalaryMonthTdsResult): SalaryMonthTdsResult {
  const p = parametersForAge(row, m.age);
  const months = m.remainingMonths;
  if (!Number.isInteger(months) || months < 1 || months > 12) throw new RangeError('Remaining months must be 1 to 12');
  const hraExempt = hraExemptN(p, m.hraReceived, m.basicPlusDa, m.rentPerMonth, m.metro);
  // This month as paid, the months after it as the projected month (this one unless given).
  const later = months - 1;
  const f = m.projected;
  const laterRegular = f ? f.regular : m.regular;
  const laterHra = f ? hraExemptN(p, f.hraReceived, f.basicPlusDa, m.rentPerMonth, m.metro) : hraExempt;
  const laterPt = f ? f.professionalTax : m.professionalTax;
  const base = m.earlierRegular + m.regular + laterRegular * later + m.earlierOneOff + m.previousEmployerSalary;
  const exemptions = m.earlierHraExempt + hraExempt + laterHra * later;
  const pt = m.earlierProfessionalTax + m.professionalTax + laterPt * later;
  const other = m.otherIncome ?? 0;
  // 80CCD(2): a share of the year's basic + DA (earlier slips, this month, the months after it projected).
  const yearBasic = (m.earlierBasicPlusDa ?? 0) + m.basicPlusDa + (f ? f.basicPlusDa : m.basicPlusDa) * later;
  const claimed = capBySalaryShare(p, m.deductions, yearBasic);
  const parts = PARTS;
  parts.beforeRounding = 0;
  parts.surcharge = 0;
  parts.cess = 0;
  const annualTax = totalIncomeTaxN(p, base, exemptions, pt, claimed, other, m.oneOff ? undefined : parts);
  const annualTaxWithOneOff = m.oneOff ? totalIncomeTaxN(p, base + m.oneOff, exemptions, pt, claimed, other, parts) : annualTax;
  const reliefIn = m.relief89 ?? 0;
  const relief = reliefIn > 0 ? (reliefIn < annualTax ? reliefIn : annualTax) : 0;
  const due = annualTax - relief - m.previousEmployerTds - m.tdsSoFar;
  // (due ÷ months) to whole rupees, half up, as monthlyTds.
  let regular = 0;
  if (due > 0) {
    const d = months * 100;
    const q = Math.floor(due / d);
    regular = (2 * (due - q * d) >= d ? q + 1 : q) * 100;
  }
  const oneOff = annualTaxWithOneOff > annualTax ? annualTaxWithOneOff - annualTax : 0;
  const tds = regular + oneOff;
  // splitTds without its object: the surcharge's share, then the cess's within what is left.
  const surcharge = shareN(tds, parts.surcharge, parts.beforeRounding);
  const cessShare = shareN(tds, parts.cess, parts.beforeRounding);
  const cess = cessShare < tds - surcharge ? cessShare : tds - surcharge;
  if (!out) return { annualTax, annualTaxWithOneOff, regular, oneOff, tds, surcharge, cess, hraExempt };
  out.annualTax = annualTax;
  out.annualTaxWithOneOff = annualTaxWithOneOff;
  out.regular = regular;
  out.oneOff = oneOff;
  out.tds = tds;
  out.surcharge = surcharge;
  out.cess = cess;
  out.hraExempt = hraExempt;
  return out;
}
