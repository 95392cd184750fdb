// An employee's days off between two dates: the unit's national holidays and the weekly offs of the roster (shift
// assignments, else the employee's own weekly offs). What a leave's days are counted against.
import { leaveDates, rosterDay, type ShiftAssignment, weeklyOffsOf } from '@hr/attendance';
import type { IsoDate } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { unitHolidays } from '../../lib/holidays';

/** The employee's days off (national holidays of the unit, weekly offs from the roster) between two dates. */
export async function offDays(db: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
  const [e] = await queryRows<{ unitId: number; shiftId: number | null; weeklyOffs: number[] }>(
    db,
    sql`select unit_id as "unitId", shift_id as "shiftId", weekly_offs as "weeklyOffs" from employees where id = ${employeeId}`,
  );
  const out = new Set<IsoDate>();
  if (!e) return out;
  for (const day of await unitHolidays(db, e.unitId, from, to)) out.add(day);
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
