// Whether the stored days of some employees are what a fresh computation of their punches gives: the check the
// device crash tests make after a resend (a batch whose punches were stored without their days worked out).
import { addDays, todayIn } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/client';
import { computeAttendance } from '../../src/modules/attendance/compute';

export const ZONE = 'Asia/Kolkata';

/** Two days of the current (open) salary month, up to today: the demo organisation locks only earlier months. */
export function openDays(): [string, string] {
  const today = todayIn(ZONE);
  return today.endsWith('-01') ? [today, today] : [addDays(today, -1), today];
}

/** A stored day; the first in and last out as epoch milliseconds. */
type DayRow = { employeeId: number; day: string; status: string; firstIn: number | null; lastOut: number | null; worked: number };

export async function storedDays(db: Db, employeeIds: number[], from: string, to: string): Promise<DayRow[]> {
  return queryRows<DayRow>(
    db,
    sql`select employee_id as "employeeId", day::text as day, status, (extract(epoch from first_in) * 1000)::float8 as "firstIn",
          (extract(epoch from last_out) * 1000)::float8 as "lastOut",
          worked_minutes as worked
        from daily_attendance
        where employee_id in (select unnest(${`{${employeeIds.join(',')}}`}::int[])) and day between ${from}::date and ${to}::date
        order by employee_id, day`,
  );
}

/**
 * The stored days of these employees, and the same days after working them out again from the punches: equal
 * when nothing was left stale. (The recomputation writes only rows whose figures change.)
 */
export async function staleDays(db: Db, employeeIds: number[], from: string, to: string): Promise<{ stored: DayRow[]; fresh: DayRow[] }> {
  const stored = await storedDays(db, employeeIds, from, to);
  await computeAttendance(db, { employeeIds }, from, to, { persist: true });
  return { stored, fresh: await storedDays(db, employeeIds, from, to) };
}
