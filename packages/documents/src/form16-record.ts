// What the salary TDS certificate (Form 16 / Form 130, form16.ts) is made from, one employee's year of slips
// and declaration (Form16Record), and the figures worked out of it (Form16Figures, form16-figures.ts).
import type { IncomeTaxParameters, Paise, TaxRegime, TaxResult } from '@hr/payroll';

/** One month's salary slip as Form 16 reads it: earnings by head (paise), professional tax and tax deducted. */
export interface Form16Month {
  year: number;
  month: number;
  /**
   * Earning heads paid that month (print name, amount in paise); `section` '17(2)' (a perquisite) or '17(3)' (profits
   * in lieu of salary) puts a head on its own line of Part B, else it is salary under section 17(1).
   */
  earnings: readonly { name: string; amount: Paise; section?: '17(2)' | '17(3)' | null }[];
  professionalTax: Paise;
  tds: Paise;
}

/** An exemption under section 10 as declared and allowed (e.g. HRA, '10(13A)'). */
export interface Form16Exemption {
  section: string;
  label: string;
  amount: Paise;
}

export interface Form16Record {
  /** '2026-27'. */
  financialYear: string;
  /** The deductor: the employer's name, the establishment's address, its TAN and the employer's PAN. */
  employer: { name: string; address: string; tan?: string | null; pan?: string | null };
  employee: { name: string; employeeCode: string; pan: string | null; designation: string; unitName: string };
  /** Period with the employer within the year, 'YYYY-MM-DD'. */
  periodFrom: string;
  periodTo: string;
  /** The year's income-tax parameters of the employee's regime (the regime is theirs: `tax.regime`). */
  tax: IncomeTaxParameters;
  /** The year's slips in month order. */
  months: readonly Form16Month[];
  /** Section 17(2) and 17(3) beyond the months' heads marked so (e.g. reported by hand); default none. */
  perquisites?: Paise;
  profitsInLieu?: Paise;
  /** Income from other sources reported by the employee (section 192(2B)). */
  otherIncome?: Paise;
  /** Declared exemptions under section 10 (counted in the old regime only). */
  exemptions?: readonly Form16Exemption[];
  /**
   * Chapter VI-A claims by section as declared, capped by the year's parameters; '24(b)' (interest on a housing
   * loan) is printed as the loss from house property, not as a deduction.
   */
  deductions?: Record<string, Paise>;
  /** Salary and tax deducted by a previous employer in the year, as declared. */
  previousEmployer?: { salary: Paise; tds: Paise } | null;
  /** Relief under section 89 (arrears of earlier years), as claimed. */
  relief89?: Paise;
  /** The year's basic + DA from this employer (80CCD(2)'s cap; absent: the gross salary). */
  basicAndDa?: Paise;
  /** The employee's age reached in the year (the old regime's senior citizens' slabs). */
  age?: number;
}

export interface Form16Figures {
  regime: TaxRegime;
  /** Earnings by head over the year, in the order first paid. */
  salaryHeads: { name: string; amount: Paise }[];
  /** Section 17(1): the sum of salaryHeads. */
  salary17_1: Paise;
  perquisites17_2: Paise;
  profits17_3: Paise;
  /** 17(1) + 17(2) + 17(3) from this employer. */
  grossSalary: Paise;
  previousEmployerSalary: Paise;
  /** Exemption lines as counted (none in the new regime); they add up to tax.exemptions. */
  exemptions: Form16Exemption[];
  /** Gross salary (this and a previous employer) less the exemptions. */
  salaryAfterExemptions: Paise;
  /** Part B item 3: the salary from this employer less the exemptions [1(d) − 2(h)]. */
  currentEmployerSalary: Paise;
  /** Professional tax paid in the year (the slips' PT), whether or not the regime deducts it. */
  professionalTaxPaid: Paise;
  /** Section 16: standard deduction + professional tax as counted. */
  section16Total: Paise;
  /** Income chargeable under the head "Salaries". */
  incomeChargeable: Paise;
  /** Income (or admissible loss, negative) from house property: the 24(b) interest as counted. */
  houseProperty: Paise;
  /** Income under the head "Other sources" as reported. */
  otherIncome: Paise;
  /** houseProperty + otherIncome (line 7). */
  otherIncomeTotal: Paise;
  /** incomeChargeable + otherIncomeTotal (line 8). */
  grossTotalIncome: Paise;
  /** Chapter VI-A deductions by section as counted (after the caps), in the order claimed. */
  deductions: { section: string; amount: Paise }[];
  tax: TaxResult;
  /** Tax on total income − rebate + surcharge + cess, before rounding under section 288B. */
  taxBeforeRounding: Paise;
  /** tax.totalTax − taxBeforeRounding. */
  rounding: Paise;
  relief89: Paise;
  /** Tax payable after relief under section 89. */
  netTaxPayable: Paise;
  /** This employer's TDS in the year (the slips' TDS). */
  tdsDeducted: Paise;
  previousEmployerTds: Paise;
  /** netTaxPayable − tdsDeducted − previousEmployerTds (negative: deducted in excess). */
  balance: Paise;
  /** Every month of the financial year in order (April first), with zero where no salary was paid. */
  months: { year: number; month: number; paid: boolean; gross: Paise; professionalTax: Paise; tds: Paise }[];
  quarters: { quarter: string; label: string; gross: Paise; tds: Paise }[];
  totals: { gross: Paise; professionalTax: Paise; tds: Paise };
}
