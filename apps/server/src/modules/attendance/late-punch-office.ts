// The payroll office's work on late punches (late-punch-routes.ts): listing those of the caller's reach, and applying a
// month's whose days are open again (audited). What a late punch is and how it moves: late-punches.ts.
import { daysInMonth, isoDate } from '@hr/calendar';
import type { TLatePunch, ZApplyLatePunches, ZLatePunchesQuery } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, selfScope, unitScope } from '../access/context';
import { applyLatePunches, listLatePunches } from './late-punches';

/** The caller's reach over late punches: their units' employees (by the employee's unit); self-service: their own. */
function reach(auth: AuthContext): SQL {
  return (auth.isSelfService ? selfScope(auth, sql`l.employee_id`) : unitScope(auth, sql`e.unit_id`)) ?? sql`true`;
}

function monthRange(year: number, month: number): SQL {
  return sql`l.day between ${isoDate(year, month, 1)}::date and ${isoDate(year, month, daysInMonth(year, month))}::date`;
}

/** The late punches of the caller's reach, by unit (404 outside reach), employee, year and month. */
export async function latePunchesOf(db: Db, auth: AuthContext, q: z.infer<typeof ZLatePunchesQuery>): Promise<TLatePunch[]> {
  const conds: SQL[] = [reach(auth)];
  if (q.unitId !== undefined) {
    if (!canReachUnit(auth, Number(q.unitId))) throw new NotFound('Unit not found');
    conds.push(sql`e.unit_id = ${Number(q.unitId)}`);
  }
  if (q.employeeId !== undefined) conds.push(sql`l.employee_id = ${Number(q.employeeId)}`);
  if (q.year !== undefined && q.month !== undefined) conds.push(monthRange(q.year, q.month));
  else if (q.year !== undefined) conds.push(sql`extract(year from l.day)::int = ${q.year}`);
  return listLatePunches(db, sql.join(conds, sql` and `));
}

/** Applies a month's late punches of the caller's reach (or one unit: 404 outside it) whose days are open again; audited. */
export async function applyMonthLatePunches(
  db: Db,
  auth: AuthContext,
  b: z.infer<typeof ZApplyLatePunches>,
  requestId: string,
): Promise<{ applied: number; stillFrozen: number }> {
  if (b.unitId !== undefined && !canReachUnit(auth, b.unitId)) throw new NotFound('Unit not found');
  const where = sql.join(
    [reach(auth), monthRange(b.year, b.month), ...(b.unitId !== undefined ? [sql`e.unit_id = ${b.unitId}`] : [])],
    sql` and `,
  );
  return db.transaction(async (tx) => {
    const result = await applyLatePunches(tx, where);
    if (result.applied > 0) {
      await writeAudit(tx, {
        entity: 'late_punches',
        entityId: `${b.year}-${String(b.month).padStart(2, '0')}`,
        action: 'apply',
        after: { unitId: b.unitId ?? null, ...result },
        userId: auth.userId,
        requestId,
      });
    }
    return result;
  });
}
