// Employees' State Insurance under the ESI Act, 1948: coverage by the wage ceiling judged per contribution
// period (section 2(9) and its explanation), contributions rounded up to the next rupee (ESI (Central) Rules,
// rule 51), and no employee's share on an average daily wage at or under the exempt figure (rule 50).
import type { Paise } from '../money';
import { type Dated, divide, monthStart, percentOf, rupees } from './dated';

export interface EsiParameters extends Dated {
  /** How a change of rate or ceiling taking effect after the 1st applies to that month (month-rules.ts; missing: the authority's rule). */
  midMonthRule?: 'nextMonth' | 'wholeMonth';
  /** Employee's share, % of gross wages (0.75). */
  employeeRate: number;
  /** Employer's share, % of gross wages (3.25). */
  employerRate: number;
  /** Monthly wages at most this at the start of a contribution period bring coverage (21,000). */
  wageCeiling: number;
  /** The same for a person with disability (25,000). */
  disabledWageCeiling: number;
  /** No employee's share when the average daily wage is at most this (176). */
  employeeExemptDailyWage: number;
  /** The months contribution periods start in ([4, 10]: April–September, October–March). */
  periodStartMonths: number[];
}

/** The contribution period holding a month: its first and last day ('YYYY-MM-DD'). */
export function esiContributionPeriod(p: EsiParameters, year: number, month: number): { start: string; end: string } {
  const starts = [...p.periodStartMonths].sort((a, b) => a - b);
  // The latest start month not after `month`, else the last start of the previous year.
  const within = starts.filter((s) => s <= month);
  const startMonth = within.length ? within[within.length - 1] : starts[starts.length - 1];
  const startYear = within.length ? year : year - 1;
  const next = starts.find((s) => s > startMonth);
  const [nextYear, nextMonth] = next ? [startYear, next] : [startYear + 1, starts[0]];
  // Day 0 of the next period's month is the last day of this period.
  const end = new Date(Date.UTC(nextYear, nextMonth - 1, 0)).toISOString().slice(0, 10);
  return { start: monthStart(startYear, startMonth), end };
}

/**
 * Whether an employee is covered in a month. `wagesThisPeriod` are the monthly wages (overtime left out, as
 * coverage is judged) from the start of the contribution period — or from joining — up to this month: an
 * employee whose wages were within the ceiling at any point of the period is covered to its end, however the
 * wages rise afterwards.
 */
export function esiCovered(p: EsiParameters, wagesThisPeriod: readonly Paise[], disabled = false): boolean {
  const ceiling = rupees(disabled ? p.disabledWageCeiling : p.wageCeiling);
  return wagesThisPeriod.some((w) => w <= ceiling);
}

export interface EsiInput {
  covered: boolean;
  /** Gross wages paid for the month, paise. */
  grossWages: Paise;
  /** Days for which wages were paid this month (the divisor of the average daily wage). */
  paidDays: number;
}

export interface EsiResult {
  employee: Paise;
  employer: Paise;
  /** Gross wages ÷ paid days, paise (rounded down). */
  averageDailyWage: Paise;
}

export function computeEsi(p: EsiParameters, input: EsiInput): EsiResult {
  if (!input.covered || input.grossWages <= 0n || input.paidDays <= 0) return { employee: 0n, employer: 0n, averageDailyWage: 0n };
  const averageDailyWage = divide(input.grossWages * 2n, BigInt(Math.round(input.paidDays * 2)), 'down');
  const exempt = averageDailyWage <= rupees(p.employeeExemptDailyWage);
  return {
    employee: exempt ? 0n : percentOf(input.grossWages, p.employeeRate, 'up', 'rupee'),
    employer: percentOf(input.grossWages, p.employerRate, 'up', 'rupee'),
    averageDailyWage,
  };
}
