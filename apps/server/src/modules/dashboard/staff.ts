// The staff dashboard's widgets: the caller's own figures, each from one or two small queries on their own
// employee id (stored daily rows and today's punches; no attendance is worked out here).
import { rosterDay, weeklyOffsOf } from '@hr/attendance';
import { addDays, monthOf, zonedInstant } from '@hr/calendar';
import type { TMyHolidays, TMyMonth, TMyPayslip, TMyPendingRequests, TMyToday } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { observedBy } from '../../lib/holidays';
import { FINAL_RUN } from '../../lib/month-lock';
import { netPaidSql } from '../payroll/net-paid';
import { approvalLabel } from './admin';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** Today's shift (stored day, else the roster: assignments, default shift and weekly offs), holiday, status and punches. */
export async function myToday(db: Db, employeeId: number, today: string, timeZone: string): Promise<TMyToday> {
  const [e] = await queryRows<{
    unitId: number;
    shiftId: number | null;
    weeklyOffs: number[];
    status: string | null;
    dayShiftId: number | null;
    lateMinutes: number | null;
    holiday: string | null;
    assignments: {
      id: number;
      fromDate: string;
      toDate: string | null;
      kind: 'fixed' | 'weekly' | 'rotation';
      pattern: (number | null)[];
    }[];
  }>(
    db,
    sql`select e.unit_id as "unitId", e.shift_id as "shiftId", e.weekly_offs as "weeklyOffs",
          d.status, d.shift_id as "dayShiftId", d.late_minutes as "lateMinutes",
          (select h.name from holidays h where h.holiday_date = ${today}::date and ${observedBy(sql`e.unit_id`)}
            order by h.id limit 1) as holiday,
          coalesce((select json_agg(json_build_object('id', a.id, 'fromDate', a.from_date::text, 'toDate', a.to_date::text,
                      'kind', a.kind, 'pattern', a.pattern))
                    from shift_assignments a
                    where a.is_active and a.employee_id = e.id and a.from_date <= ${today}::date
                      and (a.to_date is null or a.to_date >= ${today}::date)), '[]') as assignments
        from employees e left join daily_attendance d on d.employee_id = e.id and d.day = ${today}::date
        where e.id = ${employeeId}`,
  );
  if (!e) throw new NotFound('Employee not found');
  const roster = rosterDay(today, e.assignments, { shiftId: e.shiftId, weeklyOffs: weeklyOffsOf(e.weeklyOffs) });
  const shiftId = e.dayShiftId ?? roster.shiftId;
  const [shift] = shiftId
    ? await queryRows<{ id: number; code: string; name: string; startTime: string; endTime: string }>(
        db,
        sql`select id, code, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime"
            from shifts where id = ${shiftId}`,
      )
    : [];
  const punches = await queryRows<{ at: string; source: string; direction: string | null }>(
    db,
    sql`select ${iso('punched_at')} as at, source, direction from punches
        where employee_id = ${employeeId}
          and punched_at >= ${zonedInstant(today, 0, timeZone).toISOString()}::timestamptz
          and punched_at < ${zonedInstant(addDays(today, 1), 0, timeZone).toISOString()}::timestamptz
        order by punched_at limit 50`,
  );
  return {
    date: today,
    shift: shift ?? null,
    weeklyOff: e.status ? e.status === 'WO' : roster.isWeeklyOff,
    holiday: e.holiday,
    status: e.status,
    lateMinutes: e.lateMinutes ?? 0,
    punches,
  };
}

/** This month so far (to today): the stored daily rows counted in one aggregate. */
export async function myMonth(db: Db, employeeId: number, today: string): Promise<TMyMonth> {
  const { month, startDate } = monthOf(today);
  const [r] = await queryRows<Omit<TMyMonth, 'month'>>(
    db,
    sql`select count(*)::int as "recordedDays",
          coalesce(sum(present), 0)::float8 as present,
          count(*) filter (where status = 'A')::int as absent,
          coalesce(sum(leave), 0)::float8 as leave,
          count(*) filter (where status in ('WFH', 'OD'))::int as wfh,
          count(*) filter (where status = 'H')::int as holidays,
          count(*) filter (where status = 'WO')::int as "weeklyOffs",
          count(*) filter (where late_minutes > 0)::int as "lateDays",
          coalesce(sum(payable), 0)::float8 as payable
        from daily_attendance
        where employee_id = ${employeeId} and day >= ${startDate}::date and day <= ${today}::date`,
  );
  return { month, ...r };
}

/** The caller's pending approvals of every kind, newest first, with the dates of a request or a correction. */
export async function myPending(db: Db, employeeId: number): Promise<TMyPendingRequests> {
  const rows = await queryRows<{ approvalId: number; kind: string; fromDate: string | null; toDate: string | null; createdAt: string }>(
    db,
    sql`select a.id as "approvalId", a.kind,
          coalesce(r.from_date, g.day)::text as "fromDate", coalesce(r.to_date, g.day)::text as "toDate",
          ${iso('a.created_at')} as "createdAt"
        from approvals a
        left join requests r on a.kind like 'request.%' and r.id = a.subject_id
        left join regularisations g on a.kind = 'attendance.regularisation' and g.id = a.subject_id
        where a.state = 'pending' and a.employee_id = ${employeeId}
        order by a.id desc limit 20`,
  );
  return { rows: rows.map((r) => ({ ...r, label: approvalLabel(r.kind) })) };
}

/** The latest approved or locked payslip's month and totals; net is the amount paid (rounded to ₹10 as the payslip prints it). */
export async function myPayslip(db: Db, employeeId: number): Promise<TMyPayslip> {
  const [r] = await queryRows<{ year: number; month: number; gross: string; deductions: string; net: string }>(
    db,
    sql`select r.year, r.month, s.gross::text as gross, s.deductions::text as deductions,
          ${netPaidSql(sql`s.net`)}::text as net
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where s.employee_id = ${employeeId} and ${FINAL_RUN}
        order by r.year desc, r.month desc limit 1`,
  );
  return {
    slip: r ? { year: r.year, month: r.month, gross: toRupees(r.gross), deductions: toRupees(r.deductions), net: toRupees(r.net) } : null,
  };
}

/** National holidays of the employee's unit (or of every unit) from today, the next 90 days, at most 10. */
export async function myHolidays(db: Db, employeeId: number, today: string): Promise<TMyHolidays> {
  const rows = await queryRows<{ date: string; name: string }>(
    db,
    sql`select h.holiday_date::text as date, h.name from holidays h, employees e
        where e.id = ${employeeId} and h.holiday_date >= ${today}::date and h.holiday_date < ${addDays(today, 90)}::date
          and ${observedBy(sql`e.unit_id`)}
        order by h.holiday_date, h.name limit 10`,
  );
  return { rows };
}
