// The figures of a run's employee lines: exact rupee sums (a bonus's lines too), the month-on-month change of net pay and its flag, sorting.
import type { TRunEmployee } from '@hr/contract';
import { sumPaise, toPaise, toRupees } from '@hr/payroll';

/** A month-on-month change of net pay above this share of last month's net is flagged for review. */
const CHANGE_LIMIT = 0.1;

/** Sums rupee amounts exactly: each read as whole paise by @hr/payroll's `toPaise` (half up), the sum back to rupees. */
export function sumRupees(values: Iterable<number>): number {
  return toRupees(sumPaise(Array.from(values, toPaise)));
}

export const change = (r: TRunEmployee) => (r.previousNet === null ? null : sumRupees([r.net, -r.previousNet]));
export const changeShare = (r: TRunEmployee) => {
  const c = change(r);
  if (c === null || r.previousNet === null) return null;
  return r.previousNet === 0 ? (c === 0 ? 0 : Number.POSITIVE_INFINITY) : c / r.previousNet;
};
/** Net pay moved by more than 10 % of last month's (a first month, without a previous net, is not flagged). */
export const isBigChange = (r: TRunEmployee) => {
  if (r.previousNet === null) return false;
  const c = change(r) ?? 0;
  return Math.abs(c) > CHANGE_LIMIT * Math.abs(r.previousNet);
};

export type SortKey = 'code' | 'name' | 'payable' | 'lwop' | 'gross' | 'deductions' | 'net' | 'previous' | 'change';
export const SORT_VALUE: Record<SortKey, (r: TRunEmployee) => string | number> = {
  code: (r) => r.employeeCode,
  name: (r) => r.name,
  payable: (r) => r.payableDays,
  lwop: (r) => r.lwopDays,
  gross: (r) => r.gross,
  deductions: (r) => r.deductions,
  net: (r) => r.net,
  previous: (r) => r.previousNet ?? Number.NEGATIVE_INFINITY,
  change: (r) => Math.abs(changeShare(r) ?? 0),
};
export const collator = new Intl.Collator('en-IN', { numeric: true, sensitivity: 'base' });
