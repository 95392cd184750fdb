// The PF parameters of a wage month. A row taking effect on the 1st governs the month; a row taking effect later
// in the month applies as its own `midMonthRule` says: from the next month (the default), to the whole month, or
// day-weighted — the month's ceilings and rates are each row's figures weighted by the days it is in force
// (September 2026: ₹15,000 × 16/30 + ₹25,000 × 14/30 = ₹19,666.67, so the member's share is at most ₹2,360,
// as frappe/india-payroll#110 and EPFO's FAQ on S.O. 5109(E) apply it). Every rule that picks PF parameters
// for a month (the salary run, the administration charges, the calculator, statutory arrears) asks this.
import { type Dated, divide, monthStart } from './dated';
import type { PfParameters } from './pf';

/** One row and the days of the month it governs. */
export interface MonthSegment<T> {
  row: T;
  /** First and last day of the month it governs (1-based) and their count. */
  from: number;
  to: number;
  days: number;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The rows governing the days of a month, in order, by their `midMonthRule` (missing: `defaultRule`, 'nextMonth'
 * unless the kind's law says otherwise: month-rules.ts). Empty when no row is in force on any day of the month that
 * counts.
 */
export function monthSegments<T extends Dated & { midMonthRule?: string }>(
  rows: readonly T[],
  year: number,
  month: number,
  defaultRule = 'nextMonth',
): MonthSegment<T>[] {
  const first = monthStart(year, month);
  const last = `${first.slice(0, 8)}${String(daysIn(year, month)).padStart(2, '0')}`;
  const sorted = [...rows].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  // Where each row starts to govern within the month (day 1 for rows from before the month or applied to all of it).
  const starts: { row: T; day: number }[] = [];
  for (const row of sorted) {
    if (row.effectiveFrom > last) break;
    if (row.effectiveFrom <= first) {
      starts.length = 0;
      starts.push({ row, day: 1 });
      continue;
    }
    const rule = row.midMonthRule ?? defaultRule;
    if (rule === 'nextMonth') continue;
    if (rule === 'wholeMonth') {
      starts.length = 0;
      starts.push({ row, day: 1 });
      continue;
    }
    const day = Number(row.effectiveFrom.slice(8, 10));
    while (starts.length && starts[starts.length - 1].day >= day) starts.pop();
    starts.push({ row, day });
  }
  const end = daysIn(year, month);
  return starts.map((s, i) => {
    const to = i + 1 < starts.length ? starts[i + 1].day - 1 : end;
    return { row: s.row, from: s.day, to, days: to - s.day + 1 };
  });
}

/** A figure with at most two decimals (rupees, or a percentage) weighted by days, to two decimals (half up). */
function weighted(values: number[], days: number[], total: number): number {
  let sum = 0n;
  for (let i = 0; i < values.length; i++) sum += BigInt(Math.round(values[i] * 100)) * BigInt(days[i]);
  return Number(divide(sum, BigInt(total), 'nearest')) / 100;
}

// Ceilings and the charges' minimum are rupees, rates percentages: both weighted to two decimals.
const WEIGHTED = [
  'wageCeiling',
  'edliWageCeiling',
  'adminChargeMinimum',
  'employeeRate',
  'employerRate',
  'epsRate',
  'edliRate',
  'adminChargeRate',
] as const;

/**
 * The PF parameters of a wage month: the one row governing it, or the day-weighted blend of the rows that share
 * it (ceilings to the paise, rates to two decimals; the age and the 2014 joiner rule from the row governing the
 * most days, the later on a tie). Undefined when no row is in force in the month.
 */
export function pfParametersForMonth(rows: readonly PfParameters[], year: number, month: number): PfParameters | undefined {
  const segments = monthSegments(rows, year, month);
  if (segments.length === 0) return undefined;
  if (segments.length === 1) return segments[0].row;
  const days = segments.map((s) => s.days);
  const total = days.reduce((a, b) => a + b, 0);
  const main = segments.reduce((best, s) => (s.days >= best.days ? s : best)).row;
  const out: PfParameters = { ...main, effectiveFrom: segments[segments.length - 1].row.effectiveFrom };
  for (const k of WEIGHTED) {
    const values = segments.map((s) => s.row[k]);
    out[k] = weighted(values, days, total);
  }
  return out;
}
