// What of a year's income-tax parameters depends on the person: the slabs by age (the old regime's higher
// exemption for resident senior citizens, 60–79, and very senior citizens, 80 or more) and the deductions capped
// at a share of the employee's salary (section 80CCD(2): the employer's contribution to the NPS, up to 14 % of
// salary in the new regime and 10 % in the old; "salary" = basic + dearness allowance, Explanation to s.80CCD).
// Both figures are the parameter row's data (`ageSlabs`, `deductions.salaryShare`); these functions only apply them.
//
// Age: the Act's "of the age of sixty years or more … at any time during the previous year" (s.2(45)/(46) of the
// Finance Acts' Part I, Part III of the First Schedule) is the age on the year's last day, 31 March; a person
// attains an age on the day before the birthday (CBDT Circular 28/2016 of 27 July 2016, after Prabhu Dayal Sesma
// v. State of Rajasthan, AIR 1986 SC 1948), so one born on 1 April 1966 is 60 in the year ending 31 March 2026.
import type { Paise } from '../money';
import { maxPaise, minPaise, percentOf } from './dated';
import type { IncomeTaxParameters } from './tds';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The age (whole years) a person born on `dateOfBirth` ('YYYY-MM-DD') reaches at some time during the financial
 * year ('2025-26'): the years completed on the day after its last day (1 April), by the day-before-birthday rule.
 */
export function taxAgeInYear(dateOfBirth: string, financialYear: string): number {
  const m = DAY.exec(dateOfBirth);
  if (!m) throw new RangeError(`Not a date: ${dateOfBirth}`);
  const endYear = Number(financialYear.slice(0, 4)) + 1;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Completed years on 1 April of endYear: a birthday on or before 1 April counts in that calendar year.
  return endYear - y - (mo > 4 || (mo === 4 && d > 1) ? 1 : 0);
}

const byAge = new WeakMap<IncomeTaxParameters, Map<number, IncomeTaxParameters>>();

/**
 * The parameters for a person of `age` in the year: the row itself, or (where it has slabs for that age and above)
 * a copy with those slabs. One copy per row and band, so the integer fast path's cache keeps working.
 */
export function parametersForAge(p: IncomeTaxParameters, age: number | undefined): IncomeTaxParameters {
  if (age === undefined || !p.ageSlabs?.length) return p;
  let band: NonNullable<IncomeTaxParameters['ageSlabs']>[number] | undefined;
  for (const b of p.ageSlabs) if (age >= b.fromAge && (!band || b.fromAge > band.fromAge)) band = b;
  if (!band) return p;
  let cache = byAge.get(p);
  if (!cache) {
    cache = new Map();
    byAge.set(p, cache);
  }
  let q = cache.get(band.fromAge);
  if (!q) {
    q = { ...p, slabs: band.slabs };
    cache.set(band.fromAge, q);
  }
  return q;
}

/**
 * The claimed deductions with those capped at a share of salary cut to that share (the sections' own caps and
 * groups are applied after, by capDeductions). The same object when nothing is cut.
 */
export function capBySalaryShare<T extends Paise | number>(
  p: IncomeTaxParameters,
  claimed: Readonly<Record<string, T>>,
  salary: T,
): Readonly<Record<string, T>> {
  const shares = p.deductions.salaryShare;
  if (!shares) return claimed;
  let out: Record<string, T> | null = null;
  for (const section in shares) {
    const amount = claimed[section];
    if (amount === undefined) continue;
    const cap = percentOf(maxPaise(BigInt(salary), 0n), shares[section], 'nearest', 'paise');
    const allowed = minPaise(BigInt(amount), cap);
    if (allowed === BigInt(amount)) continue;
    out ??= { ...claimed };
    out[section] = (typeof amount === 'bigint' ? allowed : Number(allowed)) as T;
  }
  return out ?? claimed;
}
