// Professional Tax (article 276 of the Constitution; each state's own Act): slabs of the month's, half-year's
// or year's salary, some states with a separate table for women and a different amount in a stated month
// (e.g. February in Maharashtra and Karnataka, the twelfth month in Madhya Pradesh). A state without a row
// levies none.
import type { Paise } from '../money';
import { type Dated, rupees, slabFor, type UpTo } from './dated';

export interface PtSlab extends UpTo {
  /** Tax for the period, rupees. */
  amount: number;
  /** A different amount in a given month: { "2": 300 } for February. */
  months?: Record<string, number>;
}

export type StatutoryGender = 'male' | 'female' | 'other';

export interface PtParameters extends Dated {
  /** How a change of the slabs taking effect after the 1st applies to that month (month-rules.ts; missing: the authority's rule). */
  midMonthRule?: 'nextMonth' | 'wholeMonth';
  /** The state's code in the states look-up (e.g. 'KA'). */
  stateCode: string;
  /** How often it is deducted: every month, or in the `dueMonths` of each half-year / year. */
  frequency: 'monthly' | 'half-yearly' | 'yearly';
  /** For half-yearly and yearly: the months the deduction is made in (e.g. [9, 3]). */
  dueMonths?: number[];
  /** What the slabs are of: a month's salary, a half-year's or a year's. */
  basis: 'monthly' | 'half-yearly' | 'annual';
  /** The slabs (for men, and for everyone where the state has one table). */
  slabs: PtSlab[];
  /** A state's own table for women (Maharashtra). */
  femaleSlabs?: PtSlab[];
}

export interface PtInput {
  month: number;
  /** The month's gross salary, paise. */
  monthlyGross: Paise;
  /** For a half-yearly or annual basis: the period's salary, when known (ptPeriodGross); else the month's times 6 or 12. */
  periodGross?: Paise;
  gender?: StatutoryGender | null;
}

/** The professional tax of a month, paise (0 for a state without a row or outside its due months). */
export function computePt(p: PtParameters | undefined, input: PtInput): Paise {
  if (!p) return 0n;
  if (p.frequency !== 'monthly' && !(p.dueMonths ?? []).includes(input.month)) return 0n;
  const basis =
    p.basis === 'monthly' ? input.monthlyGross : (input.periodGross ?? input.monthlyGross * (p.basis === 'half-yearly' ? 6n : 12n));
  const slabs = input.gender === 'female' && p.femaleSlabs ? p.femaleSlabs : p.slabs;
  const slab = slabFor(slabs, basis);
  if (!slab) return 0n;
  return rupees(slab.months?.[String(input.month)] ?? slab.amount);
}

/**
 * The period a half-yearly or annual basis is of, holding a month: April–September or October–March (the
 * half-years of the financial year the states' Acts use), or the financial year; as year * 100 + month.
 * Null for a monthly basis.
 */
export function ptPeriodOf(p: Pick<PtParameters, 'basis'>, year: number, month: number): { from: number; to: number } | null {
  if (p.basis === 'monthly') return null;
  const fy = month >= 4 ? year : year - 1;
  if (p.basis === 'annual') return { from: fy * 100 + 4, to: (fy + 1) * 100 + 3 };
  return month >= 4 && month <= 9 ? { from: fy * 100 + 4, to: fy * 100 + 9 } : { from: fy * 100 + 10, to: (fy + 1) * 100 + 3 };
}

/**
 * The salary of a half-yearly (or annual) PT period as known in one of its months, paise: the earlier slips of
 * the period, this month's gross, and the month's regular salary (gross less one-off payments such as a bonus)
 * for each other month of the period in which the employee is employed and has no slip (`otherMonths`: those
 * still to come, and any earlier month paid before the slips began) — the Acts tax the period's salary, deducted
 * in the period's due month.
 */
export function ptPeriodGross(earlierGross: number, monthGross: number, otherMonths: number, regularGross = monthGross): number {
  return earlierGross + monthGross + regularGross * Math.max(0, otherMonths);
}
