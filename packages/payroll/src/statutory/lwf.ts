// Labour Welfare Fund under each state's Labour Welfare Fund Act: fixed employee and employer amounts,
// deducted in the months the Act names (every month, June and December, or December for the calendar year).
import type { Paise } from '../money';
import { type Dated, rupees, slabFor, type UpTo } from './dated';

export interface LwfBand extends UpTo {
  /** Rupees per due month. */
  employee: number;
  employer: number;
}

export interface LwfParameters extends Dated {
  /** How a change of the contributions taking effect after the 1st applies to that month (month-rules.ts; missing: the authority's rule). */
  midMonthRule?: 'nextMonth' | 'wholeMonth';
  stateCode: string;
  frequency: 'monthly' | 'half-yearly' | 'yearly';
  /** Months the contribution is deducted in (all twelve for monthly). */
  dueMonths: number[];
  /** Amounts by the month's wages (one open band where the Act has a flat amount). */
  bands: LwfBand[];
}

export interface LwfResult {
  employee: Paise;
  employer: Paise;
}

/** The month's contributions, paise (nothing for a state without a row, outside the due months or without wages). */
export function computeLwf(p: LwfParameters | undefined, input: { month: number; grossWages: Paise }): LwfResult {
  if (!p || input.grossWages <= 0n || !p.dueMonths.includes(input.month)) return { employee: 0n, employer: 0n };
  const band = slabFor(p.bands, input.grossWages);
  if (!band) return { employee: 0n, employer: 0n };
  return { employee: rupees(band.employee), employer: rupees(band.employer) };
}
