// A financial year's income-tax parameters for one regime (the year's parameter row, parameters-tax.ts) and the
// names the calculator shares.
import type { Dated, UpTo } from '../dated';

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

/** A section claimed that the year's parameters do not know (answered 400 by an API). */
export class UnknownSectionError extends Error {
  constructor(readonly section: string) {
    super(`Unknown section '${section}'`);
  }
}
