// Separations as the office and the employee work them: the list (unit and self scoped, paged) and the decision on a
// pending one (approve, optionally agreeing the last working day; reject; withdraw) through the approvals module.
import type { TSeparation, TSeparationAction, ZSeparationListQuery } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { separations } from '../../db/schema';
import { BadRequest, Conflict } from '../../lib/errors';
import { type AuthContext, selfScope, unitScope } from '../access/context';
import { cancelApproval, decide } from '../approvals/service';
import { loadSeparation, separationRows, separationView } from './separations';

/** A page of the separations within reach, newest first, with the total. */
export async function listSeparations(db: Db, auth: AuthContext, q: z.infer<typeof ZSeparationListQuery>) {
  const where = and(
    sql`true`,
    unitScope(auth, sql`s.unit_id`),
    selfScope(auth, sql`s.employee_id`),
    q.mine ? sql`s.employee_id = ${auth.employeeId ?? 0}` : undefined,
    q.unitId ? sql`s.unit_id = ${Number(q.unitId)}` : undefined,
    q.status ? sql`s.status = ${q.status}` : undefined,
  )!;
  const rows = await separationRows(db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from separations s where s.is_active and ${where}`);
  return { total: n, rows };
}

/** Approves, rejects or withdraws a pending separation; answers it as it is then. */
export async function actOnSeparation(
  db: Db,
  auth: AuthContext,
  id: number,
  b: TSeparationAction,
  requestId: string,
): Promise<TSeparation> {
  const s = await loadSeparation(db, auth, id);
  if (s.status !== 'pending' || !s.approvalId) throw new Conflict(`This separation is ${s.status}`);
  if (b.action === 'withdraw') {
    await cancelApproval(db, auth, s.approvalId, b.remark ?? null, requestId);
    return separationView(db, auth, id);
  }
  if (b.action === 'approve' && b.lastDay && b.lastDay !== s.lastDay) {
    if (b.lastDay < s.noticeGivenOn)
      throw new BadRequest('Before the notice', { lastDay: ['The last working day cannot be before the notice is given'] });
    // The agreed day goes in before the decision (onApproved reads it) and back out if the decision is refused.
    await db.update(separations).set({ lastDay: b.lastDay, updatedBy: auth.userId, updatedAt: new Date() }).where(eq(separations.id, id));
    try {
      await decide(db, auth, s.approvalId, 'approve', b.remark ?? null, requestId);
    } catch (e) {
      await db.update(separations).set({ lastDay: s.lastDay }).where(eq(separations.id, id));
      throw e;
    }
    return separationView(db, auth, id);
  }
  await decide(db, auth, s.approvalId, b.action, b.remark ?? null, requestId);
  return separationView(db, auth, id);
}
