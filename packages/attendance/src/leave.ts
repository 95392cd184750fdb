// Leave rules, pure: the days a request takes (holidays and weekly offs left out unless the sandwich rule counts
// them), credits due in a financial year (yearly allocation or monthly accrual, pro-rated for joiners), the year-end
// carry-forward with lapse or encashment, a balance from ledger lines, and a request's days split into paid leave
// and leave without pay (refused instead where the type does not allow a negative balance). Days are in halves.
import { addDays, daysInMonth, eachDay, type IsoDate } from '@hr/calendar';

/** To the nearest half day (halves round up: 1.25 → 1.5). */
export const roundHalf = (n: number): number => Math.round(n * 2 + 1e-9) / 2;
/** Down to a half day (what a balance can pay for). */
export const floorHalf = (n: number): number => Math.floor(n * 2 + 1e-9) / 2;

export interface LeaveDayInput {
  from: IsoDate;
  to: IsoDate;
  halfDayStart?: boolean;
  halfDayEnd?: boolean;
  /** A holiday or weekly off of the employee. */
  isOff: (day: IsoDate) => boolean;
  /** Off days lying between two leave days of the request count as leave. */
  sandwich?: boolean;
}

export interface LeaveDate {
  day: IsoDate;
  portion: 1 | 0.5;
}

/**
 * The days a request takes, in order. A working day counts 1 (0.5 for a half day at the start or the end; a
 * one-day request with either flag is a half day). An off day counts only under the sandwich rule, and only when
 * a working day of the request lies on both sides of it.
 */
export function leaveDates(input: LeaveDayInput): LeaveDate[] {
  if (input.to < input.from) return [];
  const days = eachDay(input.from, input.to);
  const working = days.map((d) => !input.isOff(d));
  const firstWork = working.indexOf(true);
  const lastWork = working.lastIndexOf(true);
  const out: LeaveDate[] = [];
  days.forEach((day, i) => {
    if (working[i]) {
      const half = (i === 0 && input.halfDayStart) || (i === days.length - 1 && input.halfDayEnd);
      out.push({ day, portion: half ? 0.5 : 1 });
    } else if (input.sandwich && firstWork !== -1 && i > firstWork && i < lastWork) {
      out.push({ day, portion: 1 });
    }
  });
  return out;
}

export const totalDays = (dates: readonly { portion: number }[]): number => dates.reduce((s, d) => s + d.portion, 0);

/** The longest run of consecutive calendar days in the dates (what 'maximum consecutive days' limits). */
export function longestRun(dates: readonly LeaveDate[]): number {
  let best = 0;
  let run = 0;
  let prev: IsoDate | null = null;
  for (const d of dates) {
    run = prev !== null && addDays(prev, 1) === d.day ? run + d.portion : d.portion;
    best = Math.max(best, run);
    prev = d.day;
  }
  return best;
}

// ---- credits ----

export interface AccrualPolicy {
  accrual: 'yearly' | 'monthly';
  /** Days a year. */
  yearlyQuota: number;
}

export interface Employment {
  joined: IsoDate;
  exited?: IsoDate | null;
}

/** The first of each month of the financial year starting in April of `fy`. */
function fyMonths(fy: number): { start: IsoDate; end: IsoDate }[] {
  const out: { start: IsoDate; end: IsoDate }[] = [];
  for (let i = 0; i < 12; i++) {
    const year = fy + Math.floor((3 + i) / 12);
    const month = ((3 + i) % 12) + 1;
    const mm = String(month).padStart(2, '0');
    out.push({ start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(daysInMonth(year, month)).padStart(2, '0')}` });
  }
  return out;
}

/** Whether a month counts for a joiner or leaver: employed on its first day, or joined by the 15th. */
function monthCounts(m: { start: IsoDate; end: IsoDate }, e: Employment): boolean {
  if (e.exited && e.exited < m.start) return false;
  if (e.joined <= m.start) return true;
  return e.joined <= `${m.start.slice(0, 8)}15`;
}

export interface Credit {
  /** 'year' for the yearly allocation, 'YYYY-MM' for a month's accrual. */
  period: string;
  /** The day it is credited on. */
  on: IsoDate;
  days: number;
}

/**
 * The credits due in financial year `fy` up to `asOf`. Yearly: the quota on the first day of the year (or on
 * joining), pro-rated by the months that count (a joining month counts when joined by the 15th). Monthly: a
 * twelfth of the quota on the first of each month that counts (a joiner's first month on joining), rounded so the
 * running total stays on half days and a full year makes the quota exactly.
 */
export function creditsDue(policy: AccrualPolicy, fy: number, employment: Employment, asOf: IsoDate): Credit[] {
  if (policy.yearlyQuota <= 0) return [];
  const months = fyMonths(fy);
  const counting = months.filter((m) => monthCounts(m, employment) && employment.joined <= m.end);
  if (counting.length === 0) return [];
  if (policy.accrual === 'yearly') {
    const first = counting[0];
    const on = employment.joined > first.start ? employment.joined : first.start;
    if (on > asOf) return [];
    // Pro-rated from the joining month to the year end (a leaver keeps the year's allocation).
    const fromIndex = months.indexOf(first);
    const days = roundHalf((policy.yearlyQuota * (12 - fromIndex)) / 12);
    return days > 0 ? [{ period: 'year', on, days }] : [];
  }
  const out: Credit[] = [];
  let k = 0;
  for (const m of counting) {
    const on = employment.joined > m.start ? employment.joined : m.start;
    if (on > asOf) break;
    const days = roundHalf((policy.yearlyQuota * (k + 1)) / 12) - roundHalf((policy.yearlyQuota * k) / 12);
    k++;
    if (days > 0) out.push({ period: m.start.slice(0, 7), on, days });
  }
  return out;
}

/** A credit limited so the balance does not pass the type's maximum (0 = no maximum). */
export function capCredit(balance: number, credit: number, maxBalance: number): number {
  if (maxBalance <= 0) return credit;
  return Math.max(0, Math.min(credit, floorHalf(maxBalance - balance)));
}

/** The year end: up to the limit carries forward; the rest is encashed where the type allows, else lapses. */
export function yearEnd(
  balance: number,
  policy: { carryForwardLimit: number; isEncashable: boolean },
): { carry: number; lapse: number; encash: number } {
  const left = Math.max(0, balance);
  const carry = Math.min(left, Math.max(0, policy.carryForwardLimit));
  const rest = left - carry;
  return { carry, lapse: policy.isEncashable ? 0 : rest, encash: policy.isEncashable ? rest : 0 };
}

// ---- balance ----

export type LedgerKind = 'opening' | 'credit' | 'debit' | 'lapse' | 'encash' | 'adjust';

export interface BalanceSummary {
  opening: number;
  accrued: number;
  taken: number;
  pending: number;
  adjusted: number;
  lapsed: number;
  encashed: number;
  /** The sum of the lines. */
  balance: number;
  /** balance − pending. */
  available: number;
}

/** A balance from signed ledger lines (opening, credit +; debit, lapse, encash −; adjust ±) and the pending days. */
export function summarizeLedger(lines: readonly { kind: LedgerKind; days: number }[], pending = 0): BalanceSummary {
  const s: BalanceSummary = { opening: 0, accrued: 0, taken: 0, pending, adjusted: 0, lapsed: 0, encashed: 0, balance: 0, available: 0 };
  for (const l of lines) {
    s.balance += l.days;
    if (l.kind === 'opening') s.opening += l.days;
    else if (l.kind === 'credit') s.accrued += l.days;
    else if (l.kind === 'debit') s.taken -= l.days;
    else if (l.kind === 'lapse') s.lapsed -= l.days;
    else if (l.kind === 'encash') s.encashed -= l.days;
    else s.adjusted += l.days;
  }
  s.available = s.balance - pending;
  return s;
}

export interface LeaveSplitDay extends LeaveDate {
  paid: boolean;
}

export type LeaveSplit = { ok: true; paid: number; lwop: number; days: LeaveSplitDay[] } | { ok: false; short: number; message: string };

/**
 * A request's days split into paid leave and leave without pay. An unpaid type: every day without pay. A paid
 * type: days are paid in order while the available balance covers them whole; the rest are without pay when the
 * type allows it (`excessAsLwop`), else the request is refused.
 */
export function splitLeave(dates: readonly LeaveDate[], available: number, policy: { isPaid: boolean; excessAsLwop: boolean }): LeaveSplit {
  const total = totalDays(dates);
  if (!policy.isPaid) return { ok: true, paid: 0, lwop: total, days: dates.map((d) => ({ ...d, paid: false })) };
  let left = Math.max(0, available);
  let paying = true;
  const days = dates.map((d) => {
    const paid = paying && left >= d.portion;
    if (paid) left -= d.portion;
    else paying = false;
    return { ...d, paid };
  });
  const paid = totalDays(days.filter((d) => d.paid));
  const lwop = total - paid;
  if (lwop > 0 && !policy.excessAsLwop) {
    return {
      ok: false,
      short: lwop,
      message: `The balance is ${Math.max(0, available)} ${Math.max(0, available) === 1 ? 'day' : 'days'}; the request takes ${total}`,
    };
  }
  return { ok: true, paid, lwop, days };
}

// ---- who a type applies to, and per unit ----

export interface Applicability {
  /** 'all' | 'male' | 'female' */
  applicableGender: string;
  /** null: every category. */
  applicableCategoryId: number | null;
  /** Only once confirmed (from the confirmation date). */
  afterProbation: boolean;
}

export interface StaffApplicability {
  /** Lower case; null when not recorded. */
  gender: string | null;
  categoryId: number | null;
  joined: IsoDate;
  /** The confirmation date (end of probation); null: still on probation. */
  confirmed: IsoDate | null;
}

export type NotApplicable = 'unit' | 'gender' | 'category' | 'probation';

/**
 * Why a type does not apply to an employee on a day, or null when it does: the unit does not offer it (its unit-wise
 * mapping leaves it out), another gender, another category, or still on probation that day.
 */
export function notApplicable(p: Applicability, e: StaffApplicability, onDay: IsoDate, offeredInUnit = true): NotApplicable | null {
  if (!offeredInUnit) return 'unit';
  if (p.applicableGender !== 'all' && p.applicableGender !== e.gender) return 'gender';
  if (p.applicableCategoryId !== null && p.applicableCategoryId !== e.categoryId) return 'category';
  if (p.afterProbation && (e.confirmed === null || e.confirmed > onDay)) return 'probation';
  return null;
}

/** When credits start: on joining, or, for a type after probation, on confirmation (null: not confirmed, none). */
export function creditStart(p: Pick<Applicability, 'afterProbation'>, e: Pick<StaffApplicability, 'joined' | 'confirmed'>): IsoDate | null {
  if (!p.afterProbation) return e.joined;
  if (e.confirmed === null) return null;
  return e.confirmed > e.joined ? e.confirmed : e.joined;
}

export interface UnitLeaveRow {
  leaveTypeId: number;
  /** null: the type's own. */
  yearlyQuota: number | null;
  carryForwardLimit: number | null;
  maxBalance: number | null;
  /** Absent or null: the type's own. */
  accrual?: 'yearly' | 'monthly' | null;
  maxConsecutiveDays?: number | null;
  minNoticeDays?: number | null;
}

/** What a unit-wise mapping row may give a unit on its own terms (the rest is the type's). */
export interface UnitOverridable {
  id: number;
  yearlyQuota: number;
  carryForwardLimit: number;
  maxBalance: number;
  accrual?: 'yearly' | 'monthly';
  maxConsecutiveDays?: number;
  minNoticeDays?: number;
}

const OVERRIDES = ['yearlyQuota', 'accrual', 'carryForwardLimit', 'maxBalance', 'maxConsecutiveDays', 'minNoticeDays'] as const;

/**
 * A type as a unit offers it: a unit without mapping rows offers every type as it is; a unit with rows offers only the
 * mapped types (null when this one is left out), each on the row's quota, accrual, carry-forward limit, maximum
 * balance, maximum consecutive days and minimum notice where the row gives them.
 */
export function policyForUnit<P extends UnitOverridable>(p: P, unitRows: readonly UnitLeaveRow[]): P | null {
  if (unitRows.length === 0) return p;
  const row = unitRows.find((r) => r.leaveTypeId === p.id);
  if (!row) return null;
  const out = { ...p };
  for (const k of OVERRIDES) {
    const v = row[k];
    if (v !== null && v !== undefined && k in p) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
