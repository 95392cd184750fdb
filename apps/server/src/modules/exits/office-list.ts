// The exits office's lists (separations, settlements) page alike: the caller's reach (their units; self-service, their
// own record) and the list's filters on the table under its alias, a page of rows in the list's order, and the total
// of active rows under the same condition.
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type AuthContext, selfScope, unitScope } from '../access/context';

export interface OfficeList<T> {
  /** The table and the alias its rows query gives it; it has `unit_id`, `employee_id` and `is_active`. */
  table: 'separations' | 'exit_settlements';
  alias: string;
  /** A page of the active rows under a condition on the alias, in the list's order. */
  rows: (db: Db, where: SQL, page: { limit: number; offset: number }) => Promise<T[]>;
}

/** A page of the list within the caller's reach, narrowed by its filters (a condition each, or none), with the total. */
export async function officePage<T>(
  db: Db,
  auth: AuthContext,
  list: OfficeList<T>,
  q: { page: number; pageSize: number },
  filters: (SQL | undefined)[],
): Promise<{ total: number; rows: T[] }> {
  const column = (name: string) => sql.raw(`${list.alias}.${name}`);
  const where = and(sql`true`, unitScope(auth, column('unit_id')), selfScope(auth, column('employee_id')), ...filters)!;
  const rows = await list.rows(db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(`${list.table} ${list.alias}`)} where ${column('is_active')} and ${where}`,
  );
  return { total: n, rows };
}
