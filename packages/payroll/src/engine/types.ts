// The engine's public shapes: the heads it is compiled from, the employees and parameters it computes from, and the
// slips it answers (see engine.ts for the rules).
import type { EsiParameters } from '../statutory/esi';
import type { LwfParameters } from '../statutory/lwf';
import type { PfParameters } from '../statutory/pf';
import type { PtParameters } from '../statutory/pt';
import type { IncomeTaxParameters, TaxRegime } from '../statutory/tds';
import type { CodeWagesRule, WageClass } from '../statutory/wages';

/** How a head is computed by the statutory rules instead of a formula. */
export type StatutoryHeadKind = 'pf_employee' | 'esi_employee' | 'pt' | 'lwf_employee' | 'tds';
export const STATUTORY_HEAD_KINDS: readonly StatutoryHeadKind[] = ['pf_employee', 'esi_employee', 'pt', 'lwf_employee', 'tds'];

export interface EngineHead {
  id: number;
  /** The name formulas use, e.g. 'BASIC'. */
  code: string;
  isEarning: boolean;
  /** Computed by `formula`. */
  isCalculative: boolean;
  /** Required when isCalculative (except for the net-pay head, which is GROSS − DEDUCTIONS without one). */
  formula: string | null;
  isNetPayHead: boolean;
  isOverTimeHead: boolean;
  isTotalLWOPHead: boolean;
  /** Computed by the statutory rules (see the header); null or absent for the others. */
  statutory?: StatutoryHeadKind | null;
  /** An earning that is PF wages / ESI wages. */
  isPfWage?: boolean;
  isEsiWage?: boolean;
  /** The house rent allowance (section 10(13A) for the TDS head). */
  isHra?: boolean;
  /**
   * An earning's class under the Labour Codes' definition of wages (statutory/wages.ts); null or absent: by its flags
   * (defaultWageClass). Given for any head (even null), the PF and ESI heads are computed after every earning they
   * can be (for the Code's wages).
   */
  wageClass?: WageClass | null;
}

/** The parameters in force for the month and the unit's state (computeSlips' third argument). */
export interface EngineStatutory {
  /** The wage month, 1–12 (PT and LWF are due in some months only). */
  month: number;
  pf?: PfParameters;
  esi?: EsiParameters;
  /** The unit's state's rows; absent: the state levies none. */
  pt?: PtParameters;
  lwf?: LwfParameters;
  /** The financial year's income-tax parameters of both regimes (the TDS head). */
  tds?: { new?: IncomeTaxParameters; old?: IncomeTaxParameters };
  /** The Labour Codes' wages for the month (codeWagesRuleFor); absent before 21 Nov 2025. */
  wages?: CodeWagesRule;
}

/** An employee's figures for the TDS head, paise: the declaration and the earlier slips of the financial year. */
export interface EmployeeTds {
  regime: TaxRegime;
  /** Declared rent a month (0: none or not counted) and whether the city is a metro. */
  rentPerMonth: number;
  metro: boolean;
  /** Declared deductions by section as the Act names them, before the caps. */
  deductions: Record<string, number>;
  previousEmployerIncome: number;
  previousEmployerTds: number;
  /** The earlier slips of this financial year with this employer. */
  earlierRegular: number;
  earlierOneOff: number;
  earlierHraExempt: number;
  earlierPt: number;
  tdsSoFar: number;
  /** Basic + DA of the earlier slips (80CCD(2)'s cap), and the age reached in the year (the old regime's senior slabs). */
  earlierBasicPlusDa?: number;
  age?: number;
  /** Declared: income from other sources reported to the employer and relief under section 89 (paise). */
  otherIncome?: number;
  relief89?: number;
  /**
   * This month is prorated for joining: the months after it are projected from the full month's salary (the
   * structure for every day of the month), not from this one.
   */
  joinedThisMonth?: boolean;
}

/** An employee's statutory particulars for the month (default: PF on wages up to the ceiling, in EPS, not disabled). */
export interface EmployeeStatutory {
  pfRestrictToCeiling: boolean;
  epsEligible: boolean;
  disabled: boolean;
  /** ESI coverage wages (paise, overtime left out) of the earlier months of the contribution period. */
  esiEarlierWages: readonly number[];
  /** For the TDS head; absent: new regime, nothing declared, no earlier slips. */
  tds?: EmployeeTds;
  /**
   * For a state whose PT slabs are of a half-year's salary: the gross of the half-year's earlier slips (paise) and
   * the other months of the half-year this month's gross stands for (ptPeriodGross); absent: the month's gross × 6.
   */
  ptPeriod?: { earlierGross: number; otherMonths: number };
}

/** A slip's statutory figures, paise (zero where the plan has no such head or the employee is not applicable). */
export interface SlipStatutory {
  pfWages: number;
  epfWages: number;
  epsWages: number;
  edliWages: number;
  pfEmployee: number;
  eps: number;
  epf: number;
  edli: number;
  esiWages: number;
  esiCoverageWages: number;
  esiCovered: boolean;
  esiEmployee: number;
  esiEmployer: number;
  pt: number;
  lwfEmployee: number;
  lwfEmployer: number;
  /** TDS (when the plan has a TDS head): the month's tax, its one-off part, the year's projected tax and the regime. */
  tds?: number;
  tdsOneOff?: number;
  tdsAnnualTax?: number;
  tdsRegime?: TaxRegime;
  /** The slip's gross split for tax: regular salary and one-off payments; the month's HRA exemption. */
  taxableRegular?: number;
  taxableOneOff?: number;
  hraExempt?: number;
  /** The month's TDS split for Form 24Q: its surcharge and cess (whole rupees); the rest is income tax. */
  tdsSurcharge?: number;
  tdsCess?: number;
  /**
   * Under the Labour Codes' wages rule (EngineStatutory.wages): the month's wages (basic, DA, retaining allowance and
   * the excess of the excluded payments over the limit), that excess, and how much the rule raised the PF wages
   * (and ESI wages where the rule's row says) above the PF- (ESI-) wage heads.
   */
  codeWages?: number;
  codeWagesAddedBack?: number;
  pfWagesRaise?: number;
  esiWagesRaise?: number;
}

export const ATTENDANCE_NAMES = ['MONTH_DAYS', 'PAYABLE_DAYS', 'PRESENT_DAYS', 'LWOP_DAYS', 'OT_HOURS', 'HOLIDAYS', 'WEEKLY_OFFS'] as const;
export const FACT_NAMES = ['AGE', 'YEARS_OF_SERVICE', 'GENDER', 'IS_PF_APPLICABLE', 'IS_ESI_APPLICABLE', 'IS_PT_APPLICABLE'] as const;
export const VIRTUAL_NAMES = ['GROSS', 'DEDUCTIONS'] as const;

export interface AttendanceFigures {
  monthDays: number;
  payableDays: number;
  presentDays: number;
  lwopDays: number;
  otHours: number;
  holidays: number;
  weeklyOffs: number;
}

export interface EngineFacts {
  AGE: number;
  YEARS_OF_SERVICE: number;
  GENDER: string;
  IS_PF_APPLICABLE: number;
  IS_ESI_APPLICABLE: number;
  IS_PT_APPLICABLE: number;
}

export interface EngineEmployee {
  employeeId: number;
  /** Head id → monthly fixed amount in paise (the salary structure). */
  fixed: Map<number, number>;
  /** Head id → paise added this month by the system (advance instalment, arrears, bonus): adds to the head's amount. */
  extra: Map<number, number>;
  attendance: AttendanceFigures;
  facts: EngineFacts;
  /** For the statutory heads; absent: PF up to the ceiling, in EPS, not disabled, no earlier ESI wages. */
  statutory?: EmployeeStatutory;
}

export interface EngineSlip {
  employeeId: number;
  /** Head id → paise, for every head of the plan. */
  amounts: Map<number, number>;
  gross: number;
  deductions: number;
  net: number;
  /** The statutory figures, when the plan has statutory heads; else null. */
  statutory: SlipStatutory | null;
  error: null;
}

export interface EngineFailure {
  employeeId: number;
  /** e.g. "PF: division by zero" or "No salary structure for the month". */
  error: string;
}
