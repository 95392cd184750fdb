// Statutory figures are dated data, never constants: every rate, slab, ceiling and date arrives as a parameter
// row with the day it takes effect, and the rules pick the row in force. Amounts in the rows are rupees and
// rates are percentages, as the notifications print them; the rules turn them into paise and basis points so
// no figure passes through floating-point arithmetic.
import { type Paise, toPaise } from '../money';

/** A parameter row: in force from `effectiveFrom` ('YYYY-MM-DD') until the next row of its kind. */
export interface Dated {
  effectiveFrom: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The row in force on `on` ('YYYY-MM-DD'): the latest `effectiveFrom` not after it; undefined before the first. */
export function inForce<T extends Dated>(rows: readonly T[], on: string): T | undefined {
  if (!ISO_DATE.test(on)) throw new RangeError(`Not a date: '${on}'`);
  let best: T | undefined;
  for (const row of rows) {
    if (row.effectiveFrom <= on && (!best || row.effectiveFrom > best.effectiveFrom)) best = row;
  }
  return best;
}

/** The first day of a month as 'YYYY-MM-DD'. */
export function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

// Parameter figures are few and read for every employee of a run: their conversions are remembered.
const rupeeCache = new Map<number, Paise>();
const basisPointCache = new Map<number, bigint>();

/** A rupee figure of a parameter row in paise. */
export function rupees(amount: number): Paise {
  let p = rupeeCache.get(amount);
  if (p === undefined) {
    p = toPaise(amount);
    if (rupeeCache.size < 4096) rupeeCache.set(amount, p);
  }
  return p;
}

/** A percentage (at most two decimals, e.g. 8.33) as basis points (833n). */
export function basisPoints(percent: number): bigint {
  const known = basisPointCache.get(percent);
  if (known !== undefined) return known;
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(bp - percent * 100) > 1e-6) {
    throw new RangeError(`A rate must be a percentage with at most two decimals, got ${percent}`);
  }
  const out = BigInt(bp);
  if (basisPointCache.size < 4096) basisPointCache.set(percent, out);
  return out;
}

export type RoundMode = 'nearest' | 'up' | 'down';

/** numerator ÷ denominator for a non-negative numerator, rounded half up ('nearest'), up or down. */
export function divide(numerator: bigint, denominator: bigint, mode: RoundMode): bigint {
  if (numerator < 0n) return -divide(-numerator, denominator, mode === 'up' ? 'down' : mode === 'down' ? 'up' : mode);
  const q = numerator / denominator;
  const r = numerator % denominator;
  if (r === 0n) return q;
  if (mode === 'down') return q;
  if (mode === 'up') return q + 1n;
  return 2n * r >= denominator ? q + 1n : q;
}

/** `percent` % of an amount in paise, rounded to whole rupees or to paise as the law asks. */
export function percentOf(amount: Paise, percent: number, mode: RoundMode, to: 'rupee' | 'paise'): Paise {
  const numerator = amount * basisPoints(percent);
  return to === 'rupee' ? divide(numerator, 1_000_000n, mode) * 100n : divide(numerator, 10_000n, mode);
}

/** Rounds paise to whole rupees. */
export function toRupee(amount: Paise, mode: RoundMode): Paise {
  return divide(amount, 100n, mode) * 100n;
}

export const minPaise = (a: Paise, b: Paise): Paise => (a < b ? a : b);
export const maxPaise = (a: Paise, b: Paise): Paise => (a > b ? a : b);

/** A slab row: applies to an amount up to `upTo` rupees (inclusive); null is the open top slab. */
export interface UpTo {
  upTo: number | null;
}

/** The first slab whose `upTo` holds the amount (slabs in ascending order, the last one open). */
export function slabFor<T extends UpTo>(slabs: readonly T[], amount: Paise): T | undefined {
  return slabs.find((s) => s.upTo === null || amount <= rupees(s.upTo));
}
