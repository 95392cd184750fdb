// Leave balances as the sum of the ledger's lines (opening, credits, taken, lapse, encash, adjustments) per type and
// financial year, with what is pending. Reads never write: the poster (ledger-post.ts, the scheduled job `leave.post`)
// writes the system lines. Who a type applies to and on what terms: leave-terms.ts.
import { type BalanceSummary, type LedgerKind, summarizeLedger } from '@hr/attendance';
import type { IsoDate } from '@hr/calendar';
import type { TLeaveBalance } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { dueCredits, fyOf, policiesOf, type StaffFacts, type StaffPolicy, staffFacts } from './leave-terms';
import { pendingLwopByType } from './pending-lwop';

async function sums(db: Db | Tx, employeeId: number, fy: number) {
  return queryRows<{ leaveTypeId: number; kind: LedgerKind; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", kind, sum(days)::float8 as days from leave_ledger
        where employee_id = ${employeeId} and financial_year = ${fy} group by leave_type_id, kind`,
  );
}

/**
 * Credits that are due by `asOf` (a leave's start) on the employee's terms and not posted yet: a request may count on
 * the accrual of the months before it, and on credits the scheduled poster has not reached yet, without posting them.
 */
export async function upcomingCredits(db: Db | Tx, employee: StaffFacts, policy: StaffPolicy, fy: number, asOf: IsoDate): Promise<number> {
  const posted = await queryRows<{ period: string }>(
    db,
    sql`select period from leave_ledger where employee_id = ${employee.id} and leave_type_id = ${policy.id}
          and financial_year = ${fy} and kind = 'credit' and period is not null`,
  );
  const have = new Set(posted.map((r) => r.period));
  return dueCredits(policy, employee, fy, asOf)
    .filter((c) => !have.has(c.period))
    .reduce((sum, c) => sum + c.days, 0);
}

/** Pending leave (paid days) per type in a financial year, optionally leaving one request out. */
async function pendingByType(db: Db | Tx, employeeId: number, fy: number, except?: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ leaveTypeId: number; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", sum(days - lwop_days)::float8 as days from requests
        where kind = 'leave' and status = 'pending' and employee_id = ${employeeId} and financial_year = ${fy}
          and id <> ${except ?? 0}
        group by leave_type_id`,
  );
  return new Map(rows.map((r) => [r.leaveTypeId, r.days]));
}

/** One type's balance (ledger sum) and what is pending. */
export async function balanceOf(
  db: Db | Tx,
  employeeId: number,
  leaveTypeId: number,
  fy: number,
  except?: number,
): Promise<BalanceSummary> {
  const lines = (await sums(db, employeeId, fy)).filter((l) => l.leaveTypeId === leaveTypeId);
  const pending = (await pendingByType(db, employeeId, fy, except)).get(leaveTypeId) ?? 0;
  return summarizeLedger(lines, pending);
}

/**
 * Every type that applies to the employee on `onDay` on the unit's terms (or has lines, or pending days): opening,
 * accrued, taken, pending, balance (the sum of the posted lines).
 */
export async function balancesOf(db: Db | Tx, employee: StaffFacts, fy: number, onDay?: IsoDate): Promise<TLeaveBalance[]> {
  const policies = await policiesOf(db, employee, onDay ?? orgToday());
  const lines = await sums(db, employee.id, fy);
  const pending = await pendingByType(db, employee.id, fy);
  const pendingLwop = await pendingLwopByType(db, employee.id, fy);
  const withLines = new Set(lines.map((l) => l.leaveTypeId));
  return policies
    .filter((p) => withLines.has(p.id) || pending.has(p.id) || pendingLwop.has(p.id) || (p.isActive && p.notApplicable === null))
    .map((p) => {
      const s = summarizeLedger(
        lines.filter((l) => l.leaveTypeId === p.id),
        pending.get(p.id) ?? 0,
      );
      return {
        leaveTypeId: p.id,
        leaveTypeName: p.name,
        leaveTypeCode: p.code,
        isPaid: p.isPaid,
        ...s,
        pendingLwop: pendingLwop.get(p.id) ?? 0,
      };
    });
}

/**
 * An employee's balances per type for a financial year (default `today`'s), read from the ledger (the scheduled
 * `leave.post` job posts credits; reads never write): what `/api/leave/balances/me` and the staff dashboard's leave
 * widget answer.
 */
export async function employeeBalances(db: Db | Tx, employeeId: number, today: IsoDate, fy = fyOf(today)): Promise<TLeaveBalance[]> {
  const e = await staffFacts(db, employeeId);
  if (!e) throw new NotFound('Employee not found');
  return balancesOf(db, e, fy, today);
}
