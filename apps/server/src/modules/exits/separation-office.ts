// Separations as the office and the employee work them: the list (unit and self scoped, paged) and the decision on a
// pending one (approve, optionally agreeing the last working day; reject; withdraw) through the approvals module.
import type { TSeparation, TSeparationAction, ZSeparationListQuery } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { separations } from '../../db/schema';
import { BadRequest } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { officePage } from './office-list';
import { loadSeparation, separationRows, separationView } from './separations';

/** A page of the separations within reach, newest first, with the total. */
export async function listSeparations(db: Db, auth: AuthContext, q: z.infer<typeof ZSeparationListQuery>) {
  return officePage(db, auth, { table: 'separations', alias: 's', rows: separationRows }, q, [
    q.mine ? sql`s.employee_id = ${auth.employeeId ?? 0}` : undefined,
    q.unitId ? sql`s.unit_id = ${Number(q.unitId)}` : undefined,
    q.status ? sql`s.status = ${q.status}` : undefined,
  ]);
}

/** A separation as the approvals module decides it: a pending one, answered as it is then. */
const SEPARATION_DECISION: RecordKind<Awaited<ReturnType<typeof loadSeparation>>, TSeparation> = {
  load: loadSeparation,
  waiting: (s) => (s.status === 'pending' ? s.approvalId : null),
  refusal: (s) => `This separation is ${s.status}`,
  view: (db, auth, s) => separationView(db, auth, s.id),
};

/** Approves, rejects or withdraws a pending separation; answers it as it is then. */
export async function actOnSeparation(
  db: Db,
  auth: AuthContext,
  id: number,
  b: TSeparationAction,
  requestId: string,
): Promise<TSeparation> {
  return decideRecord(db, auth, id, b, requestId, {
    ...SEPARATION_DECISION,
    around: async (act, s) => {
      if (b.action !== 'approve' || !b.lastDay || b.lastDay === s.lastDay) return act(db);
      if (b.lastDay < s.noticeGivenOn)
        throw new BadRequest('Before the notice', { lastDay: ['The last working day cannot be before the notice is given'] });
      // The agreed day goes in before the decision (onApproved reads it) and back out if the decision is refused.
      await db.update(separations).set({ lastDay: b.lastDay, updatedBy: auth.userId, updatedAt: new Date() }).where(eq(separations.id, id));
      try {
        return await act(db);
      } catch (e) {
        await db.update(separations).set({ lastDay: s.lastDay }).where(eq(separations.id, id));
        throw e;
      }
    },
  });
}
