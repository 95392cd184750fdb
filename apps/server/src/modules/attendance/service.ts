// The attendance screens' reads and writes: one employee's month, a manager's day, manual marking, rosters
// and shift assignments. Each reads attendance only through computeAttendance (compute.ts).
import {
  AT_WORK_WITHIN_MS,
  atWork,
  clockOf,
  type DayResult,
  patternProblem,
  rosterDay,
  type ShiftAssignment,
  summarize,
  weeklyOffsOf,
} from '@hr/attendance';
import { addDays, daysInMonth, eachDay, type IsoDate, isoDate, weekday, zonedInstant } from '@hr/calendar';
import type { TAttendanceDay, TDayView, TPeriodSummary, TRoster, ZAssignShifts, ZDayViewQuery, ZMarkDay, ZRosterQuery } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { dailyAttendance, shiftAssignments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { orgToday, orgZone } from '../../lib/org-zone';
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

type StaffRow = {
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
async function staffIn(
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
async function atWorkNow(db: Db, employeeIds: readonly number[]): Promise<Set<number>> {
  const rows = await queryRows<{ employeeId: number; at: Date; direction: 'in' | 'out' | null }>(
    db,
    sql`select employee_id as "employeeId", punched_at as at, direction from punches
        where employee_id = any(${`{${employeeIds.join(',')}}`}::int[])
          and punched_at > now() - ${AT_WORK_WITHIN_MS}::int * interval '1 millisecond' and punched_at <= now()
        order by employee_id, punched_at, id`,
  );
  const byEmployee = new Map<number, { at: number; direction: 'in' | 'out' | null }[]>();
  for (const r of rows) {
    const list = byEmployee.get(r.employeeId) ?? [];
    list.push({ at: new Date(r.at).getTime(), direction: r.direction });
    byEmployee.set(r.employeeId, list);
  }
  const now = Date.now();
  return new Set([...byEmployee].filter(([, punches]) => atWork(punches, now)).map(([id]) => id));
}

/** A manager's day: every employee in reach with the day's status, counts and who is at work now (today only). */
export async function dayViewOf(db: Db, auth: AuthContext, q: z.infer<typeof ZDayViewQuery>): Promise<TDayView> {
  const staff = await staffIn(db, auth, q.date, q.date, {
    unitId: q.unitId === undefined ? undefined : Number(q.unitId),
    departmentId: q.departmentId === undefined ? undefined : Number(q.departmentId),
    search: q.search,
  });
  const tz = orgZone();
  const computed = staff.length
    ? await computeAttendance(db, { employeeIds: staff.map((s) => s.id) }, q.date, q.date, { persist: false })
    : [];
  const byId = new Map(computed.map((c) => [c.employeeId, c.days[0] ?? null]));
  const counts = staff.length
    ? await queryRows<{ employeeId: number; n: number }>(
        db,
        sql`select employee_id as "employeeId", count(*)::int as n from punches
            where employee_id = any(${`{${staff.map((s) => s.id).join(',')}}`}::int[])
              and punched_at >= ${zonedInstant(q.date, 0, tz).toISOString()}::timestamptz
              and punched_at < ${zonedInstant(addDays(q.date, 1), 0, tz).toISOString()}::timestamptz
            group by employee_id`,
      )
    : [];
  const punchCount = new Map(counts.map((c) => [c.employeeId, c.n]));
  const atWork =
    q.date === orgToday() && staff.length
      ? await atWorkNow(
          db,
          staff.map((s) => s.id),
        )
      : new Set<number>();
  const codes = await shiftCodes(db);
  const all = staff.map((s) => {
    const d = byId.get(s.id) ?? null;
    const n = punchCount.get(s.id) ?? 0;
    return {
      employeeId: s.id,
      employeeCode: s.code,
      name: s.name,
      unitName: s.unitName,
      departmentName: s.departmentName,
      day: d ? dayView(d, codes) : null,
      onDuty: atWork.has(s.id),
      punchCount: n,
    };
  });
  const is = (st: string) => all.filter((r) => r.day?.status === st).length;
  const summary = {
    employees: all.length,
    present: all.filter((r) => r.day && r.day.present > 0).length,
    absent: is('A'),
    halfDay: is('HD') + is('HL'),
    late: all.filter((r) => (r.day?.lateMinutes ?? 0) > 0).length,
    onLeave: is('L') + is('HL'),
    holiday: is('H'),
    weeklyOff: is('WO'),
    wfh: is('WFH'),
    onDuty: is('OD'),
    onDutyNow: all.filter((r) => r.onDuty).length,
  };
  const filtered =
    q.status === undefined
      ? all
      : all.filter((r) =>
          q.status === 'late'
            ? (r.day?.lateMinutes ?? 0) > 0
            : q.status === 'in'
              ? r.onDuty
              : q.status === 'notIn'
                ? r.punchCount === 0
                : r.day?.status === q.status,
        );
  const start = (q.page - 1) * q.pageSize;
  return {
    date: q.date,
    counts: summary,
    rows: filtered.slice(start, start + q.pageSize),
    total: filtered.length,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The payroll month of a day is approved or locked: its attendance is frozen (409). */
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

const MARKED: Record<string, { present: number; leave: number; lwop: number; payable: number }> = {
  P: { present: 1, leave: 0, lwop: 0, payable: 1 },
  A: { present: 0, leave: 0, lwop: 1, payable: 0 },
  HD: { present: 0.5, leave: 0, lwop: 0.5, payable: 0.5 },
  L: { present: 0, leave: 1, lwop: 0, payable: 1 },
  WFH: { present: 1, leave: 0, lwop: 0, payable: 1 },
  OD: { present: 1, leave: 0, lwop: 0, payable: 1 },
};

/** Marks a day by hand (audited), or removes the marking so the day is worked out again. */
export async function markDay(
  db: Db,
  auth: AuthContext,
  input: z.infer<typeof ZMarkDay>,
  requestId?: string,
): Promise<TAttendanceDay | null> {
  const e = await reachEmployee(db, auth, input.employeeId, null);
  if (auth.employeeId === e.id && !auth.isAdmin) throw new Forbidden('Nobody marks their own attendance');
  if (auth.isSelfService) throw new NotFound('Employee not found');
  const today = orgToday();
  if (input.day > today) throw new BadRequest('A day in the future cannot be marked', { day: ['Choose today or an earlier day'] });
  return db.transaction(async (tx) => {
    await assertEmployeeDayOpen(tx, e.id, input.day, 'The day cannot be marked');
    const [before] = await tx.select().from(dailyAttendance).where(sql`employee_id = ${e.id} and day = ${input.day}`);
    if (input.status === null) {
      if (!before?.isManual) throw new Conflict('The day is not marked by hand');
      // The day is worked out again from its punches (today, with none yet, has no status until it has).
      await tx.delete(dailyAttendance).where(sql`employee_id = ${e.id} and day = ${input.day}`);
    } else {
      const f = MARKED[input.status];
      const values = {
        employeeId: e.id,
        day: input.day,
        unitId: e.unitId,
        status: input.status,
        present: String(f.present),
        leave: String(f.leave),
        lwop: String(f.lwop),
        payable: String(f.payable),
        lateMinutes: 0,
        earlyMinutes: 0,
        missedPunch: false,
        isManual: true,
        remark: input.remark,
        updatedBy: auth.userId,
        computedAt: new Date(),
      };
      await tx
        .insert(dailyAttendance)
        .values(values)
        .onConflictDoUpdate({ target: [dailyAttendance.employeeId, dailyAttendance.day], set: values });
    }
    const [computed] = await computeAttendance(tx, { employeeIds: [e.id] }, input.day, input.day, { persist: true, today });
    const [after] = await tx.select().from(dailyAttendance).where(sql`employee_id = ${e.id} and day = ${input.day}`);
    await writeAudit(tx, {
      entity: 'daily_attendance',
      entityId: e.id,
      action: input.status === null ? 'unmark' : 'mark',
      before: before ?? null,
      after: after ?? null,
      userId: auth.userId,
      requestId,
    });
    const d = computed?.days[0];
    if (!d && input.status !== null) throw new BadRequest('The employee was not employed on that day', { day: ['Not an employed day'] });
    return d ? dayView(d, await shiftCodes(tx)) : null;
  });
}

// ---- rosters ----

type HolidayRow = { day: string; name: string; unitId: number | null };

async function holidaysIn(db: Db | Tx, from: IsoDate, to: IsoDate): Promise<HolidayRow[]> {
  return queryRows<HolidayRow>(
    db,
    sql`select h.holiday_date::text as day, h.name, hu.unit_id as "unitId"
        from holidays h left join holiday_units hu on hu.holiday_id = h.id
        where h.is_active and h.holiday_type = 'national' and h.holiday_date between ${from}::date and ${to}::date`,
  );
}

async function assignmentsOf(db: Db | Tx, ids: readonly number[], from: IsoDate, to: IsoDate) {
  if (!ids.length) return new Map<number, ShiftAssignment[]>();
  const rows = await queryRows<{
    id: number;
    employeeId: number;
    fromDate: string;
    toDate: string | null;
    kind: ShiftAssignment['kind'];
    pattern: (number | null)[];
  }>(
    db,
    sql`select id, employee_id as "employeeId", from_date::text as "fromDate", to_date::text as "toDate", kind, pattern
        from shift_assignments
        where is_active and employee_id = any(${`{${ids.join(',')}}`}::int[]) and from_date <= ${to}::date
          and (to_date is null or to_date >= ${from}::date)`,
  );
  const m = new Map<number, ShiftAssignment[]>();
  for (const r of rows) {
    const list = m.get(r.employeeId) ?? [];
    list.push(r);
    m.set(r.employeeId, list);
  }
  return m;
}

/** The roster grid of a month: employees × days, paged on the server. */
export async function rosterOf(db: Db, auth: AuthContext, q: z.infer<typeof ZRosterQuery>, onlySelf = false): Promise<TRoster> {
  const first = isoDate(q.year, q.month, 1);
  const last = isoDate(q.year, q.month, daysInMonth(q.year, q.month));
  let staff = await staffIn(db, auth, first, last, {
    unitId: q.unitId === undefined ? undefined : Number(q.unitId),
    departmentId: q.departmentId === undefined ? undefined : Number(q.departmentId),
    search: q.search,
    employeeId: onlySelf ? ownEmployeeId(auth) : undefined,
  });
  const days = eachDay(first, last);
  const holidays = await holidaysIn(db, first, last);
  const shifts = await queryRows<{ id: number; code: string; name: string; startTime: string; endTime: string }>(
    db,
    sql`select id, code, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime"
        from shifts where is_active order by start_time, code`,
  );
  const codes = new Map(shifts.map((s) => [s.id, s.code]));
  const build = (s: StaffRow, mine: ShiftAssignment[]) => {
    const offs = weeklyOffsOf(s.weeklyOffs);
    return days.map((d) => {
      const r = rosterDay(d, mine, { shiftId: s.shiftId, weeklyOffs: offs });
      const h = holidays.find((x) => x.day === d && (x.unitId === null || x.unitId === s.unitId));
      return {
        shiftId: r.shiftId,
        code: r.isWeeklyOff ? 'WO' : r.shiftId !== null ? (codes.get(r.shiftId) ?? '?') : 'GEN',
        weeklyOff: r.isWeeklyOff,
        holiday: h?.name ?? null,
      };
    });
  };
  if (q.shiftId !== undefined) {
    // Who works the shift on some day of the month: the roster decides, so filter after building it.
    const all = await assignmentsOf(
      db,
      staff.map((s) => s.id),
      first,
      last,
    );
    const want = Number(q.shiftId);
    staff = staff.filter((s) => build(s, all.get(s.id) ?? []).some((c) => c.shiftId === want && !c.weeklyOff));
  }
  const start = (q.page - 1) * q.pageSize;
  const page = staff.slice(start, start + q.pageSize);
  const assigned = await assignmentsOf(
    db,
    page.map((s) => s.id),
    first,
    last,
  );
  return {
    year: q.year,
    month: q.month,
    days: days.map((d) => ({
      date: d,
      weekday: weekday(d),
      holiday: holidays.find((h) => h.day === d && h.unitId === null)?.name ?? null,
    })),
    rows: page.map((s) => ({
      employeeId: s.id,
      employeeCode: s.code,
      name: s.name,
      departmentName: s.departmentName,
      cells: build(s, assigned.get(s.id) ?? []),
    })),
    shifts,
    total: staff.length,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Assigns shifts to employees (a list, or a unit / department) for a date range; works out the past days again. */
export async function assignShifts(db: Db, auth: AuthContext, input: z.infer<typeof ZAssignShifts>, requestId?: string) {
  const problem = patternProblem(input.kind, input.pattern);
  if (problem) throw new BadRequest('Invalid shift pattern', { pattern: [problem] });
  const to = input.toDate ?? null;
  if (to && to < input.fromDate) throw new BadRequest('Invalid dates', { toDate: ['Must not be before the start date'] });
  const wanted = [...new Set(input.pattern.filter((p): p is number => p !== null))];
  const known = await queryRows<{ id: number }>(
    db,
    sql`select id from shifts where is_active and id = any(${`{${wanted.join(',')}}`}::int[])`,
  );
  if (known.length !== wanted.length)
    throw new BadRequest('Invalid shift pattern', { pattern: ['A shift in the pattern does not exist or is inactive'] });
  if (!input.employeeIds?.length && input.unitId === undefined) {
    throw new BadRequest('Say who the shifts are for', { employeeIds: ['Choose employees, or a unit'] });
  }
  if (input.unitId !== undefined && !canReachUnit(auth, input.unitId)) throw new NotFound('Unit not found');
  const conds = [sql`e.status <> 'exited'`];
  if (input.employeeIds?.length) conds.push(sql`e.id = any(${`{${input.employeeIds.join(',')}}`}::int[])`);
  if (input.unitId !== undefined) conds.push(sql`e.unit_id = ${input.unitId}`);
  if (input.departmentId !== undefined) conds.push(sql`e.department_id = ${input.departmentId}`);
  const staff = await queryRows<{ id: number; unitId: number }>(
    db,
    sql`select e.id, e.unit_id as "unitId" from employees e where ${sql.join(conds, sql` and `)}`,
  );
  if (input.employeeIds?.length && staff.length !== new Set(input.employeeIds).size) throw new NotFound('Employee not found');
  if (staff.some((s) => !canReachUnit(auth, s.unitId))) throw new NotFound('Employee not found');
  if (!staff.length) throw new BadRequest('Nobody matches', { unitId: ['No active employee in that unit or department'] });
  const today = orgToday();
  return db.transaction(async (tx) => {
    // A month whose salary is approved or locked keeps its roster.
    const units = [...new Set(staff.map((s) => s.unitId))];
    const [frozen] = await queryRows<{ unitId: number; year: number; month: number }>(
      tx,
      sql`select unit_id as "unitId", year, month from payroll_runs
          where ${finalStatus(sql`status`)} and unit_id = any(${`{${units.join(',')}}`}::int[])
            and make_date(year, month, 1) + interval '1 month' > ${input.fromDate}::date
            ${to ? sql`and make_date(year, month, 1) <= ${to}::date` : sql``}
          limit 1`,
    );
    if (frozen) {
      throw new Conflict(
        `The salary of ${frozen.year}-${String(frozen.month).padStart(2, '0')} is approved or locked: its roster cannot change`,
        'fromDate',
      );
    }
    const rows = await bulkInsert(
      tx,
      shiftAssignments,
      staff.map((s) => ({
        employeeId: s.id,
        fromDate: input.fromDate,
        toDate: to,
        kind: input.kind,
        pattern: input.pattern as number[],
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })),
      { returning: ['id'] },
    );
    await writeAudit(tx, {
      entity: 'shift_assignments',
      entityId: rows[0]?.id ?? 0,
      action: 'create',
      after: { ...input, employees: staff.length },
      userId: auth.userId,
      requestId,
    });
    let recomputed = 0;
    if (input.fromDate <= today) {
      const until = to && to < today ? to : today;
      const from = input.fromDate < addDays(until, -92) ? addDays(until, -92) : input.fromDate;
      const out = await computeAttendance(tx, { employeeIds: staff.map((s) => s.id) }, from, until, { persist: true, today });
      recomputed = out.reduce((n, e) => n + e.days.filter((d) => !d.frozen && !d.isManual).length, 0);
    }
    return { count: staff.length, recomputedDays: recomputed };
  });
}

export async function listAssignments(db: Db, auth: AuthContext, employeeId: number) {
  await reachEmployee(db, auth, employeeId, null);
  const codes = await shiftCodes(db);
  const rows = await queryRows<{
    id: number;
    employeeId: number;
    fromDate: string;
    toDate: string | null;
    kind: ShiftAssignment['kind'];
    pattern: (number | null)[];
    createdAt: string;
  }>(
    db,
    sql`select id, employee_id as "employeeId", from_date::text as "fromDate", to_date::text as "toDate", kind, pattern,
          created_at as "createdAt"
        from shift_assignments where is_active and employee_id = ${employeeId} order by id desc`,
  );
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    patternCodes: r.pattern.map((p) => (p === null ? 'OFF' : (codes.get(p) ?? '?'))),
  }));
}

export async function deleteAssignment(db: Db, auth: AuthContext, id: number, requestId?: string) {
  const [a] = await queryRows<{ id: number; employeeId: number; unitId: number; fromDate: string; toDate: string | null }>(
    db,
    sql`select a.id, a.employee_id as "employeeId", e.unit_id as "unitId", a.from_date::text as "fromDate", a.to_date::text as "toDate"
        from shift_assignments a join employees e on e.id = a.employee_id where a.id = ${id} and a.is_active`,
  );
  if (!a || !canReachUnit(auth, a.unitId) || auth.isSelfService) throw new NotFound('Assignment not found');
  const today = orgToday();
  await db.transaction(async (tx) => {
    if (a.fromDate <= today) await assertEmployeeDayOpen(tx, a.employeeId, a.fromDate, 'The assignment cannot be removed');
    await tx.update(shiftAssignments).set({ isActive: false, updatedBy: auth.userId, updatedAt: new Date() }).where(sql`id = ${id}`);
    await writeAudit(tx, { entity: 'shift_assignments', entityId: id, action: 'delete', before: a, userId: auth.userId, requestId });
    if (a.fromDate <= today) {
      const until = a.toDate && a.toDate < today ? a.toDate : today;
      const from = a.fromDate < addDays(until, -92) ? addDays(until, -92) : a.fromDate;
      await computeAttendance(tx, { employeeIds: [a.employeeId] }, from, until, { persist: true, today });
    }
  });
}

/** One shift's rules and who is on it on a date (roster or default shift), paged. */
export async function shiftDetails(
  db: Db,
  auth: AuthContext,
  shiftId: number,
  date: IsoDate,
  unitId: number | undefined,
  page: number,
  pageSize: number,
) {
  const [shift] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
          grace_minutes as "graceMinutes", early_grace_minutes as "earlyGraceMinutes", half_day_min_hours::text as "halfDayMinHours",
          full_day_min_hours::text as "fullDayMinHours", break_minutes as "breakMinutes", overtime_after_minutes as "overtimeAfterMinutes",
          is_night_shift as "isNightShift"
        from shifts where id = ${shiftId}`,
  );
  if (!shift) throw new NotFound('Shift not found');
  const staff = await staffIn(db, auth, date, date, { unitId });
  const assigned = await assignmentsOf(
    db,
    staff.map((s) => s.id),
    date,
    date,
  );
  const on = staff
    .map((s) => {
      const mine = assigned.get(s.id) ?? [];
      const r = rosterDay(date, mine, { shiftId: s.shiftId, weeklyOffs: weeklyOffsOf(s.weeklyOffs) });
      return { s, r };
    })
    .filter(({ r }) => r.shiftId === shiftId && !r.isWeeklyOff);
  const start = (page - 1) * pageSize;
  return {
    shift: shift as never,
    date,
    employees: on.slice(start, start + pageSize).map(({ s, r }) => ({
      employeeId: s.id,
      employeeCode: s.code,
      name: s.name,
      unitName: s.unitName,
      viaRoster: r.assignmentId !== null,
    })),
    total: on.length,
  };
}
