// A salary month's TDS (section 192) on the engine's JS-integer paise: the year projected from the earlier slips and
// this month, the month's share of what is left of the year's tax, and its Form 24Q split.
import { basisPoints } from '../dated';
import { capBySalaryShare, parametersForAge } from '../tax-person';
import { pctN, type TaxParts, totalIncomeTaxN } from './fast';
import type { IncomeTaxParameters } from './parameters';

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

/** The surcharge and cess of the call in progress (one object, reset each call: nothing keeps it). */
const PARTS: TaxParts = { beforeRounding: 0, surcharge: 0, cess: 0 };

/**
 * A salary month's TDS under section 192 — monthlyTds on the year projected from the earlier slips and this
 * month's regular salary over the remaining months (the HRA exemption and professional tax alike), a previous
 * employer's salary and tax added: (annual tax − tax deducted so far) ÷ remaining months, never negative, and a
 * one-off payment's extra tax in its own month. In JS integers for the run (see totalIncomeTaxN).
 * `out`: an object to fill and answer instead of a new one (the engine's, one per run).
 */
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
