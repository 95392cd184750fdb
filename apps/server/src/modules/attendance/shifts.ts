// Rosters and shift assignments: a month's roster, assigning shifts, patterns and rotations, a shift's details.
import { patternProblem, rosterDay, type ShiftAssignment, weeklyOffsOf } from '@hr/attendance';
import { addDays, daysInMonth, eachDay, type IsoDate, isoDate, weekday } from '@hr/calendar';
import type { TRoster, ZAssignShifts, ZRosterQuery } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { shiftAssignments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit } from '../access/context';
import { computeAttendance } from './compute';
import { assertEmployeeDayOpen, ownEmployeeId, reachEmployee, type StaffRow, shiftCodes, staffIn } from './service';

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
