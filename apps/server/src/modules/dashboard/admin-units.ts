// The unit set a dashboard widget counts over, and who is employed on a day (from the kept employee_counts).
import { type SQL, sql } from 'drizzle-orm';

/** The units a widget counts: every unit ('all', administrators without a unit filter) or a list. */
export type UnitSet = number[] | 'all';

export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A condition limiting a unit id column to the set. */
export function inUnits(units: UnitSet, column: SQL): SQL {
  if (units === 'all') return sql`true`;
  if (units.length === 0) return sql`false`;
  return sql`${column} = any(${intArray(units)}::int[])`;
}

/** Employed on `day`: joined on or before it and not exited before it (an exit date is the last day worked). */
export const employedOn = (day: string) =>
  sql`e.date_of_joining <= ${day}::date and (e.exit_date is null or e.exit_date >= ${day}::date)
      and not (e.status = 'exited' and e.exit_date is null)`;

/**
 * The employees employed on `day` in the units, as signed rows (unit, department, weekly offs, n) whose sums per key
 * are the counts: the kept employee_counts (migration 0026: everyone without an exit date and not exited, by unit,
 * department and weekly offs), less those of them who join after the day, plus those with an exit date who have
 * joined by the day and not left before it. The two corrections are read off partial indexes
 * (employees_future_joining_idx, employees_exit_idx): for today, the few who join later and the few with an exit
 * date still to come, never the 1,00,000 employees.
 */
export function employedRows(units: UnitSet, day: string): SQL {
  return sql`select c.unit_id, c.department_id, c.weekly_offs, c.n from employee_counts c
      where c.n <> 0 and ${inUnits(units, sql`c.unit_id`)}
    union all
    select e.unit_id, e.department_id, e.weekly_offs, -1 from employees e
      where e.exit_date is null and e.status <> 'exited' and e.date_of_joining > ${day}::date and ${inUnits(units, sql`e.unit_id`)}
    union all
    select e.unit_id, e.department_id, e.weekly_offs, 1 from employees e
      where e.exit_date >= ${day}::date and e.date_of_joining <= ${day}::date and ${inUnits(units, sql`e.unit_id`)}`;
}
