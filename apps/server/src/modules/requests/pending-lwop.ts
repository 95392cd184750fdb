// Leave waiting for approval that would be without pay (issue 28: the leave summary counts pending LWOP). The
// balance's `pending` holds the paid days only (what a new request may not take twice); these are the rest.
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

/** Days without pay of an employee's pending leave requests in a financial year, by leave type (types with any). */
export async function pendingLwopByType(db: Db | Tx, employeeId: number, fy: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ leaveTypeId: number; days: number }>(
    db,
    sql`select leave_type_id as "leaveTypeId", sum(lwop_days)::float8 as days from requests
        where kind = 'leave' and status = 'pending' and employee_id = ${employeeId} and financial_year = ${fy} and lwop_days > 0
        group by leave_type_id`,
  );
  return new Map(rows.map((r) => [r.leaveTypeId, r.days]));
}
