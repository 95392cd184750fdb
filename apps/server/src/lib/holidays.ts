// Which national holidays a unit observes: an active national holiday with no unit rows is every unit's, one with
// unit rows is those units'. The one place this rule is written in SQL.
import type { IsoDate } from '@hr/calendar';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/client';

/**
 * The condition that the holiday aliased `h` in the query is an active national holiday observed by `unit`
 * (a unit id, or an SQL expression such as `e.unit_id`).
 */
export function observedBy(unit: number | SQL): SQL {
  return sql`h.is_active and h.holiday_type = 'national'
    and (not exists (select 1 from holiday_units hu where hu.holiday_id = h.id)
         or exists (select 1 from holiday_units hu where hu.holiday_id = h.id and hu.unit_id = ${unit}))`;
}

/** The national holidays a unit observes between two dates (inclusive). */
export async function unitHolidays(db: Db | Tx, unitId: number, from: IsoDate, to: IsoDate): Promise<Set<IsoDate>> {
  const rows = await queryRows<{ day: IsoDate }>(
    db,
    sql`select distinct h.holiday_date::text as day from holidays h
        where h.holiday_date between ${from}::date and ${to}::date and ${observedBy(unitId)}`,
  );
  return new Set(rows.map((r) => r.day));
}
