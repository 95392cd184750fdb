// The year's total tax in safe JS integers: a salary run works it out for every employee every month, and bigint
// arithmetic is several times slower. Exact while every amount is at most SAFE_AMOUNT paise (₹100 crore), so that
// an amount times a rate in basis points (≤ 10,000) stays below 2^53; above it, or for a rate with more than two
// decimals, computeIncomeTax itself. A test compares the two over many figures of both regimes.
import type { Paise } from '../../money';
import { basisPoints, maxPaise, rupees } from '../dated';
import { capBySalaryShare, parametersForAge } from '../tax-person';
import { computeIncomeTax, type TaxInput } from './income-tax';
import { HOUSE_PROPERTY_SECTION, type IncomeTaxParameters, UnknownSectionError } from './parameters';

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
export function pctN(amount: number, bp: number): number {
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
  if (tooBig || !f) return exactIncomeTax(p, grossSalary, exemptionsIn, professionalTax, claimed, otherIncomeIn, parts);
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

/** totalIncomeTaxN by computeIncomeTax (bigint): beyond ₹100 crore, or for parameters the fast path cannot take. */
function exactIncomeTax(
  p: IncomeTaxParameters,
  grossSalary: number,
  exemptionsIn: number,
  professionalTax: number,
  claimed: Readonly<Record<string, number>>,
  otherIncomeIn: number,
  parts: TaxParts | undefined,
): number {
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
