// The attendance screens' shared reads: reaching an employee, one employee's month, a day as the API shows it, the
// staff of a day or roster, and whether a day is still open. Each reads attendance only through computeAttendance (compute.ts).
import { clockOf, type DayResult, summarize } from '@hr/attendance';
import { addDays, daysInMonth, type IsoDate, isoDate, zonedInstant } from '@hr/calendar';
import type { TAttendanceDay, TPeriodSummary } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { orgZone } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, hasAction, selfScope, unitScope } from '../access/context';
import { type ComputedDay, computeAttendance } from './compute';
import { dayKey, frozenEmployeeDays } from './frozen';
import { listPunches } from './punches';

export interface ReachedEmployee {
  id: number;
  unitId: number;
  code: string;
  name: string;
  unitName: string;
  reportingManagerId: number | null;
}

/**
 * An employee the caller may see attendance of: oneself; or, with `menu`'s view action, an employee of one's
 * units. Anyone else is 404, like a missing record.
 */
export async function reachEmployee(db: Db | Tx, auth: AuthContext, employeeId: number, menu: string | null): Promise<ReachedEmployee> {
  const [e] = await queryRows<{
    id: number;
    unitId: number;
    code: string;
    name: string;
    unitName: string;
    reportingManagerId: number | null;
  }>(
    db,
    sql`select e.id, e.unit_id as "unitId", e.employee_code as code, e.name, u.name as "unitName",
          e.reporting_manager_id as "reportingManagerId"
        from employees e join units u on u.id = e.unit_id where e.id = ${employeeId}`,
  );
  if (!e) throw new NotFound('Employee not found');
  if (auth.employeeId === e.id) return e;
  if (auth.isSelfService || !canReachUnit(auth, e.unitId)) throw new NotFound('Employee not found');
  if (menu && !(await hasAction(db as Db, auth, menu, 'view'))) throw new Forbidden('Your role may not see the attendance of others');
  return e;
}

export function ownEmployeeId(auth: AuthContext): number {
  if (auth.employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  return auth.employeeId;
}

/** Shift codes by id (for display): the one reader of them in this area. */
export async function shiftCodes(db: Db | Tx): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; code: string }>(db, sql`select id, code from shifts`);
  return new Map(rows.map((r) => [r.id, r.code]));
}

export function dayView(d: ComputedDay, codes: Map<number, string>): TAttendanceDay {
  return {
    day: d.day,
    status: d.status,
    shiftId: d.shiftId,
    shiftCode: d.shiftId !== null ? (codes.get(d.shiftId) ?? null) : null,
    firstIn: d.firstIn === null ? null : clockOf(d.firstIn),
    lastOut: d.lastOut === null ? null : clockOf(d.lastOut),
    workedMinutes: d.workedMin,
    lateMinutes: d.lateMin,
    earlyMinutes: d.earlyMin,
    otMinutes: d.otMin,
    present: d.present,
    leave: d.leave,
    lwop: d.lwop,
    payable: d.payable,
    missedPunch: d.missedPunch,
    isManual: d.isManual,
    frozen: d.frozen,
  };
}

export function summaryOf(days: readonly DayResult[], monthDays: number): TPeriodSummary {
  const s = summarize(days);
  return {
    monthDays,
    payableDays: s.payableDays,
    presentDays: s.presentDays,
    lwopDays: s.lwopDays,
    leaveDays: s.leaveDays,
    absentDays: s.absentDays,
    holidays: s.holidays,
    weeklyOffs: s.weeklyOffs,
    lateCount: s.lateCount,
    earlyCount: s.earlyCount,
    otHours: s.otHours,
  };
}

/** One employee's month: days, summary and punches. */
export async function employeeMonth(db: Db, e: ReachedEmployee, year: number, month: number) {
  const tz = orgZone();
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  const [computed] = await computeAttendance(db, { employeeIds: [e.id] }, first, last, { persist: false });
  const codes = await shiftCodes(db);
  const days = computed?.days ?? [];
  const punches = await listPunches(
    db,
    sql`p.employee_id = ${e.id} and p.punched_at >= ${zonedInstant(first, 0, tz).toISOString()}::timestamptz
        and p.punched_at < ${zonedInstant(addDays(last, 1), 360, tz).toISOString()}::timestamptz`,
  );
  return {
    employee: { id: e.id, code: e.code, name: e.name, unitName: e.unitName },
    year,
    month,
    days: days.map((d) => dayView(d, codes)),
    summary: summaryOf(days, daysInMonth(year, month)),
    punches,
  };
}

export async function assertDayOpen(db: Db | Tx, unitId: number, day: IsoDate, what: string) {
  const [run] = await queryRows<{ status: string }>(
    db,
    sql`select status from payroll_runs where unit_id = ${unitId} and year = ${Number(day.slice(0, 4))} and month = ${Number(day.slice(5, 7))}
          and ${finalStatus(sql`status`)}`,
  );
  if (run) throw new Conflict(`${what}: the salary of ${day.slice(0, 7)} is ${run.status}, so its attendance is frozen`);
}

/**
 * An employee's day is frozen (409) when the salary month that paid them is approved or locked: the run holding
 * their slip of that month, wherever they work now; without a slip, the run of the unit they were in on the day
 * (the stored day's unit, else today's). The same rule as computeAttendance's frozen days.
 */
export async function assertEmployeeDayOpen(db: Db | Tx, employeeId: number, day: IsoDate, what: string) {
  const status = (await frozenEmployeeDays(db, [{ employeeId, day }])).get(dayKey(employeeId, day));
  if (status) throw new Conflict(`${what}: the salary of ${day.slice(0, 7)} is ${status}, so its attendance is frozen`);
}

export type StaffRow = {
  id: number;
  code: string;
  name: string;
  unitId: number;
  unitName: string;
  departmentName: string;
  shiftId: number | null;
  weeklyOffs: number[];
};

/** The employees in the caller's units (or oneself) employed on some day of `from`–`to`, filtered. */
export async function staffIn(
  db: Db | Tx,
  auth: AuthContext,
  from: IsoDate,
  to: IsoDate,
  f: { unitId?: number; departmentId?: number; search?: string; employeeId?: number },
): Promise<StaffRow[]> {
  if (f.unitId !== undefined && !canReachUnit(auth, f.unitId)) throw new NotFound('Unit not found');
  const conds = [sql`e.date_of_joining <= ${to}::date`, sql`(e.exit_date is null or e.exit_date >= ${from}::date)`];
  const scope = auth.isSelfService ? selfScope(auth, sql`e.id`) : unitScope(auth, sql`e.unit_id`);
  if (scope) conds.push(scope);
  if (f.unitId !== undefined) conds.push(sql`e.unit_id = ${f.unitId}`);
  if (f.departmentId !== undefined) conds.push(sql`e.department_id = ${f.departmentId}`);
  if (f.employeeId !== undefined) conds.push(sql`e.id = ${f.employeeId}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(e.name ilike ${like} or e.employee_code ilike ${like})`);
  }
  return queryRows<StaffRow>(
    db,
    sql`select e.id, e.employee_code as code, e.name, e.unit_id as "unitId", u.name as "unitName", d.name as "departmentName",
          e.shift_id as "shiftId", e.weekly_offs as "weeklyOffs"
        from employees e join units u on u.id = e.unit_id join departments d on d.id = e.department_id
        where ${sql.join(conds, sql` and `)}
        order by e.employee_code, e.id`,
  );
}

/** Who of these employees is at work now, by the one rule (atWork, packages/attendance): their punches of its window. */
