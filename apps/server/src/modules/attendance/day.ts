// A manager's day (who is in, at work now, the day's statuses) and marking a day by hand.
import { AT_WORK_WITHIN_MS, atWork } from '@hr/attendance';
import { addDays, zonedInstant } from '@hr/calendar';
import type { TAttendanceDay, TDayView, ZDayViewQuery, ZMarkDay } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { dailyAttendance } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { computeAttendance } from './compute';
import { assertEmployeeDayOpen, dayView, reachEmployee, shiftCodes, staffIn } from './service';

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
