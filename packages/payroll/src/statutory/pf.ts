// Provident Fund under the Employees' Provident Funds and Miscellaneous Provisions Act, 1952 and its three
// schemes (EPF 1952, EPS 1995, EDLI 1976). Every figure is per member and month, on the PF wages earned for
// the paid days, each contribution rounded to the rupee (EPFO's ECR rounds half up).
import type { Paise } from '../money';
import { type Dated, divide, maxPaise, minPaise, percentOf, rupees } from './dated';

/**
 * How a row that takes effect after the 1st of a month applies to that month: from the next month ('nextMonth',
 * the default: the month keeps the row in force on its 1st), to the whole month ('wholeMonth'), or by days
 * ('dayWeighted': each row's ceilings and rates for the days it is in force, as EPFO applied the ceiling of
 * 17 September 2026). pfParametersForMonth reads it.
 */
export type MidMonthRule = 'nextMonth' | 'wholeMonth' | 'dayWeighted';

export interface PfParameters extends Dated {
  /** How this row applies to the month it takes effect in when that is not the 1st (default 'nextMonth'). */
  midMonthRule?: MidMonthRule;
  /** Member's share, % of PF wages (12). */
  employeeRate: number;
  /** Employer's share, % of PF wages (12), of which EPS takes `epsRate` and EPF the rest. */
  employerRate: number;
  /** Pension (EPS) share, % of wages up to the ceiling (8.33). */
  epsRate: number;
  /** The statutory wage ceiling, rupees a month (15,000). */
  wageCeiling: number;
  /** EDLI, % of wages up to `edliWageCeiling` (0.5). */
  edliRate: number;
  edliWageCeiling: number;
  /** Administration charges, % of the establishment's EPF wages (0.5), at least `adminChargeMinimum` a month. */
  adminChargeRate: number;
  adminChargeMinimum: number;
  /** A member stops contributing to EPS from this age (58). */
  epsMaxAge: number;
  /** Members first joining on or after this day with wages above the ceiling are not in EPS ('2014-09-01'). */
  epsHighWageJoinerFrom: string;
}

export interface PfInput {
  /** PF wages earned this month (basic + DA + retaining allowance for the paid days), paise. */
  pfWages: Paise;
  /** Contribute on wages up to the ceiling only (else on the full wages). */
  restrictToCeiling: boolean;
  /** The member is in the pension scheme (see `epsEligibility`). */
  epsEligible: boolean;
}

export interface PfResult {
  /** Wages the EPF contributions are on, paise. */
  epfWages: Paise;
  /** Wages the EPS contribution is on (0 for a member outside EPS). */
  epsWages: Paise;
  edliWages: Paise;
  /** Member's contribution (the ECR's "EPF contribution remitted"). */
  employee: Paise;
  /** Employer's pension share. */
  eps: Paise;
  /** Employer's EPF share: the employer's contribution less EPS (the ECR's "EPF–EPS difference"). */
  epf: Paise;
  /** Employer's EDLI contribution. */
  edli: Paise;
}

/** Wages of a month reduced to the paid days (leave without pay reduces PF wages), to the paise, half up. */
export function earnedWages(monthlyWages: Paise, paidDays: number, daysInMonth: number): Paise {
  if (!(daysInMonth > 0) || paidDays < 0 || paidDays > daysInMonth)
    throw new RangeError('Paid days must lie between 0 and the days of the month');
  // Half days are common: count in half-day steps so the arithmetic stays whole.
  const halfDays = BigInt(Math.round(paidDays * 2));
  return divide(monthlyWages * halfDays, BigInt(daysInMonth) * 2n, 'nearest');
}

export function computePf(p: PfParameters, input: PfInput): PfResult {
  const wages = maxPaise(input.pfWages, 0n);
  const ceiling = rupees(p.wageCeiling);
  const epfWages = input.restrictToCeiling ? minPaise(wages, ceiling) : wages;
  const epsWages = input.epsEligible ? minPaise(wages, ceiling) : 0n;
  const edliWages = minPaise(wages, rupees(p.edliWageCeiling));
  const employee = percentOf(epfWages, p.employeeRate, 'nearest', 'rupee');
  const employer = percentOf(epfWages, p.employerRate, 'nearest', 'rupee');
  const eps = minPaise(percentOf(epsWages, p.epsRate, 'nearest', 'rupee'), employer);
  return {
    epfWages,
    epsWages,
    edliWages,
    employee,
    eps,
    epf: employer - eps,
    edli: percentOf(edliWages, p.edliRate, 'nearest', 'rupee'),
  };
}

/** An establishment's administration charges for a month: a share of its members' EPF wages, at least the minimum. */
export function pfAdminCharges(p: PfParameters, totalEpfWages: Paise): Paise {
  if (totalEpfWages <= 0n) return 0n;
  return maxPaise(percentOf(totalEpfWages, p.adminChargeRate, 'nearest', 'rupee'), rupees(p.adminChargeMinimum));
}

export interface EpsFacts {
  /** First day of the wage month, 'YYYY-MM-DD'. */
  wageMonthStart: string;
  /** 'YYYY-MM-DD'; unknown: age does not exclude. */
  dateOfBirth?: string | null;
  /** The day the member first joined EPF anywhere (date of joining of the first PF membership). */
  firstJoinedEpf?: string | null;
  /** Monthly PF wages when first joining, paise. */
  wagesAtJoining?: Paise | null;
  /** Already an EPS member before (carries a pension account from an earlier employment). */
  priorEpsMember?: boolean;
  /**
   * The wage ceiling (rupees) in force when the member first joined: the 2014 rule compares the wages at joining
   * with it, not with a later ceiling (default: the ceiling of `p`).
   */
  ceilingAtJoining?: number | null;
}

export type EpsExclusion = 'age' | 'high-wage-joiner';

/**
 * Whether a member contributes to EPS in a wage month. Not from the month after the one in which the member
 * turns `epsMaxAge` (the month of the birthday still contributes), and not for a member who first joined on or
 * after `epsHighWageJoinerFrom` with wages above the ceiling then in force and no earlier EPS membership (EPS
 * amendment of 22 August 2014, G.S.R. 609(E), effective 1 September 2014).
 */
export function epsEligibility(p: PfParameters, facts: EpsFacts): { eligible: boolean; reason: EpsExclusion | null } {
  if (facts.dateOfBirth) {
    const [y, m] = facts.dateOfBirth.split('-').map(Number);
    const lastMonth = (y + p.epsMaxAge) * 12 + (m - 1);
    const [wy, wm] = facts.wageMonthStart.split('-').map(Number);
    if (wy * 12 + (wm - 1) > lastMonth) return { eligible: false, reason: 'age' };
  }
  if (
    !facts.priorEpsMember &&
    facts.firstJoinedEpf &&
    facts.firstJoinedEpf >= p.epsHighWageJoinerFrom &&
    facts.wagesAtJoining != null &&
    facts.wagesAtJoining > rupees(facts.ceilingAtJoining ?? p.wageCeiling)
  ) {
    return { eligible: false, reason: 'high-wage-joiner' };
  }
  return { eligible: true, reason: null };
}
