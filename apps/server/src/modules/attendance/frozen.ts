// Which employee-days are frozen: the one rule, read set-based. An employee's day is frozen when the salary month
// that paid them is approved or locked — the run holding their slip of that month, wherever they work now; without
// a slip, the run of the unit they were in on the day (the stored day's unit, else today's). The same rule as
// computeAttendance's frozen days. assertEmployeeDayOpen (service.ts) answers 409 with it; punches arriving for a
// frozen day are kept apart as late punches (late-punches.ts).
import type { IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { FINAL_RUN, finalStatus } from '../../lib/month-lock';

export const dayKey = (employeeId: number, day: IsoDate) => `${employeeId}|${day}`;

/**
 * Of the given employee-days, those that are frozen, keyed `dayKey(employeeId, day)` → the run's status
 * ('approved' | 'locked'). One statement whatever the number of days; none for an empty list.
 */
export async function frozenEmployeeDays(db: Db | Tx, days: readonly { employeeId: number; day: IsoDate }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = new Map<string, { employeeId: number; day: IsoDate }>();
  for (const d of days) unique.set(dayKey(d.employeeId, d.day), d);
  if (unique.size === 0) return out;
  const list = [...unique.values()];
  const rows = await queryRows<{ employeeId: number; day: string; status: string }>(
    db,
    sql`with k as (
          select q.e, q.d, extract(year from q.d)::int as y, extract(month from q.d)::int as m
          from unnest(${`{${list.map((d) => d.employeeId).join(',')}}`}::int[], ${`{${list.map((d) => d.day).join(',')}}`}::date[]) as q(e, d))
        select k.e as "employeeId", k.d::text as day, f.status
        from k cross join lateral (
          with paid as (
            select r.status from payroll_runs r join salary_slips s on s.run_id = r.id and s.employee_id = k.e
            where r.year = k.y and r.month = k.m)
          select status from paid where ${finalStatus(sql`status`)}
          union all
          select r.status from payroll_runs r
          where r.year = k.y and r.month = k.m and ${FINAL_RUN} and not exists (select 1 from paid)
            and r.unit_id = coalesce(
              (select unit_id from daily_attendance where employee_id = k.e and day = k.d),
              (select unit_id from employees where id = k.e))
          limit 1) f`,
  );
  for (const r of rows) out.set(dayKey(r.employeeId, r.day as IsoDate), r.status);
  return out;
}
