// The leave ledger: credits due (yearly allocation or monthly accrual, pro-rated for joiners, capped at the
// type's maximum), the carry-forward into a new financial year with lapse or encashment, and balances as the sum
// of the lines. System lines carry a `period`, so posting them again adds nothing (a unique index says so).
import {
  type BalanceSummary,
  capCredit,
  creditsDue,
  type LedgerKind,
  leaveDates,
  rosterDay,
  type ShiftAssignment,
  summarizeLedger,
  weeklyOffsOf,
  yearEnd,
} from '@hr/attendance';
import { financialYearOf, financialYearStarting, type IsoDate } from '@hr/calendar';
import type { TLeaveBalance } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { leaveLedger } from '../../db/schema';

export interface LeavePolicy {
  id: number;
  code: string;
  name: string;
  isPaid: boolean;
  yearlyQuota: number;
  accrual: 'yearly' | 'monthly';
  carryForwardLimit: number;
  isEncashable: boolean;
  halfDayAllowed: boolean;
  applicableGender: string;
  maxBalance: number;
  sandwich: boolean;
  minNoticeDays: number;
  maxConsecutiveDays: number;
  attachmentAfterDays: number;
  excessAsLwop: boolean;
  isActive: boolean;
}

const policySelect = sql`select id, code, name, is_paid as "isPaid", yearly_quota::float8 as "yearlyQuota", accrual,
  carry_forward_limit::float8 as "carryForwardLimit", is_encashable as "isEncashable", half_day_allowed as "halfDayAllowed",
  applicable_gender as "applicableGender", max_balance::float8 as "maxBalance", sandwich, min_notice_days as "minNoticeDays",
  max_consecutive_days::float8 as "maxConsecutiveDays", attachment_after_days::float8 as "attachmentAfterDays",
  excess_as_lwop as "excessAsLwop", is_active as "isActive" from leave_types`;

export async function leavePolicies(db: Db | Tx): Promise<LeavePolicy[]> {
  return queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} order by name`);
}

export async function leavePolicy(db: Db | Tx, id: number): Promise<LeavePolicy | null> {
  const [p] = await queryRows<LeavePolicy & Record<string, unknown>>(db, sql`${policySelect} where id = ${id}`);
  return p ?? null;
}

export interface StaffFacts {
  id: number;
  unitId: number;
  gender: string;
  joined: IsoDate;
  exited: IsoDate | null;
  managerId: number | null;
  name: string;
  code: string;
}

export async function staffFacts(db: Db | Tx, employeeId: number): Promise<StaffFacts | null> {
  const [e] = await queryRows<StaffFacts & Record<string, unknown>>(
    db,
    sql`select id, unit_id as "unitId", lower(gender) as gender, date_of_joining::text as joined, exit_date::text as exited,
          reporting_manager_id as "managerId", name, employee_code as code
        from employees where id = ${employeeId}`,
  );
  return e ?? null;
}

export const appliesTo = (p: LeavePolicy, e: StaffFacts) => p.applicableGender === 'all' || p.applicableGender === e.gender;

const fyOf = (day: IsoDate) => financialYearOf(day).startYear;

export { fyOf };

async function sums(db: Db | Tx, employeeId: number, fy: number) {
  return queryRows<{ leaveTypeId: number; kind: LedgerKind; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", kind, sum(days)::float8 as days from leave_ledger
        where employee_id = ${employeeId} and financial_year = ${fy} group by leave_type_id, kind`,
  );
}

/**
 * Posts what is due to an employee in financial year `fy` up to `asOf` and not yet posted: the carry-forward from
 * the year before (when that year has lines and has ended) with its lapse or encashment, then the credits.
 */
export async function ensureLedger(tx: Db | Tx, employee: StaffFacts, fy: number, asOf: IsoDate, depth = 0): Promise<void> {
  const span = financialYearStarting(fy);
  if (asOf < span.startDate && depth === 0) return;
  const policies = (await leavePolicies(tx)).filter((p) => p.isActive && appliesTo(p, employee));
  const [prev] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from leave_ledger where employee_id = ${employee.id} and financial_year = ${fy - 1}`,
  );
  if (prev.n > 0 && depth < 5 && asOf >= span.startDate) {
    // The year before must be complete before its balance is carried.
    await ensureLedger(tx, employee, fy - 1, financialYearStarting(fy - 1).endDate, depth + 1);
    const before = await sums(tx, employee.id, fy - 1);
    for (const p of policies) {
      const lines = before.filter((l) => l.leaveTypeId === p.id);
      if (lines.length === 0) continue;
      const balance = summarizeLedger(lines).balance;
      const end = yearEnd(balance, p);
      const rows: (typeof leaveLedger.$inferInsert)[] = [
        {
          employeeId: employee.id,
          leaveTypeId: p.id,
          financialYear: fy,
          kind: 'opening',
          days: String(end.carry),
          period: 'carry',
          reason: `Carried forward from ${financialYearStarting(fy - 1).name}`,
        },
      ];
      if (end.lapse > 0)
        rows.push({
          employeeId: employee.id,
          leaveTypeId: p.id,
          financialYear: fy - 1,
          kind: 'lapse',
          days: String(-end.lapse),
          period: 'yearend',
          reason: `Beyond the carry-forward limit of ${p.carryForwardLimit}`,
        });
      if (end.encash > 0)
        rows.push({
          employeeId: employee.id,
          leaveTypeId: p.id,
          financialYear: fy - 1,
          kind: 'encash',
          days: String(-end.encash),
          period: 'yearend',
          reason: `Beyond the carry-forward limit of ${p.carryForwardLimit}: to be encashed`,
        });
      for (const r of rows) await tx.insert(leaveLedger).values(r).onConflictDoNothing();
    }
  }
  const current = await sums(tx, employee.id, fy);
  const posted = await queryRows<{ leaveTypeId: number; period: string }>(
    tx,
    sql`select leave_type_id as "leaveTypeId", period from leave_ledger
        where employee_id = ${employee.id} and financial_year = ${fy} and kind = 'credit' and period is not null`,
  );
  const have = new Set(posted.map((r) => `${r.leaveTypeId}:${r.period}`));
  for (const p of policies) {
    const due = creditsDue(p, fy, { joined: employee.joined, exited: employee.exited }, asOf).filter(
      (c) => !have.has(`${p.id}:${c.period}`),
    );
    if (due.length === 0) continue;
    let balance = summarizeLedger(current.filter((l) => l.leaveTypeId === p.id)).balance;
    for (const c of due) {
      const days = capCredit(balance, c.days, p.maxBalance);
      balance += days;
      await tx
        .insert(leaveLedger)
        .values({
          employeeId: employee.id,
          leaveTypeId: p.id,
          financialYear: fy,
          kind: 'credit',
          days: String(days),
          period: c.period,
          reason: c.period === 'year' ? 'Yearly allocation' : `Accrual for ${c.period}`,
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * Credits that will be due by `asOf` (a future leave's start) and are not posted yet: a request for a later month
 * may count on the accrual of the months before it, without posting them ahead of time.
 */
export async function upcomingCredits(db: Db | Tx, employee: StaffFacts, policy: LeavePolicy, fy: number, asOf: IsoDate): Promise<number> {
  const posted = await queryRows<{ period: string }>(
    db,
    sql`select period from leave_ledger where employee_id = ${employee.id} and leave_type_id = ${policy.id}
          and financial_year = ${fy} and kind = 'credit' and period is not null`,
  );
  const have = new Set(posted.map((r) => r.period));
  return creditsDue(policy, fy, { joined: employee.joined, exited: employee.exited }, asOf)
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

/** Every type that applies to the employee (or has lines): opening, accrued, taken, pending, balance. */
export async function balancesOf(db: Db | Tx, employee: StaffFacts, fy: number): Promise<TLeaveBalance[]> {
  const policies = await leavePolicies(db);
  const lines = await sums(db, employee.id, fy);
  const pending = await pendingByType(db, employee.id, fy);
  const withLines = new Set(lines.map((l) => l.leaveTypeId));
  return policies
    .filter((p) => withLines.has(p.id) || pending.has(p.id) || (p.isActive && appliesTo(p, employee)))
    .map((p) => {
      const s = summarizeLedger(
        lines.filter((l) => l.leaveTypeId === p.id),
        pending.get(p.id) ?? 0,
      );
      return { leaveTypeId: p.id, leaveTypeName: p.name, leaveTypeCode: p.code, isPaid: p.isPaid, ...s };
    });
}

/** The employee's days off (national holidays of the unit, weekly offs from the roster) between two dates. */
export async function offDays(db: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
  const [e] = await queryRows<{ unitId: number; shiftId: number | null; weeklyOffs: number[] }>(
    db,
    sql`select unit_id as "unitId", shift_id as "shiftId", weekly_offs as "weeklyOffs" from employees where id = ${employeeId}`,
  );
  const out = new Set<IsoDate>();
  if (!e) return out;
  const holidays = await queryRows<{ day: string }>(
    db,
    sql`select distinct h.holiday_date::text as day from holidays h left join holiday_units hu on hu.holiday_id = h.id
        where h.is_active and h.holiday_type = 'national' and h.holiday_date between ${from}::date and ${to}::date
          and (hu.unit_id is null or hu.unit_id = ${e.unitId})`,
  );
  for (const h of holidays) out.add(h.day);
  const assignments = await queryRows<{ [K in keyof ShiftAssignment]: ShiftAssignment[K] }>(
    db,
    sql`select id, from_date::text as "fromDate", to_date::text as "toDate", kind, pattern from shift_assignments
        where is_active and employee_id = ${employeeId} and from_date <= ${to}::date and (to_date is null or to_date >= ${from}::date)`,
  );
  const weeklyOffs = weeklyOffsOf(e.weeklyOffs);
  for (const d of leaveDates({ from, to, isOff: () => false })) {
    if (rosterDay(d.day, assignments, { shiftId: e.shiftId, weeklyOffs }).isWeeklyOff) out.add(d.day);
  }
  return out;
}
