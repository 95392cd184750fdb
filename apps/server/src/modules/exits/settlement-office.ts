// Settlements as the payroll office works them: the list (unit and self scoped, open ones first by due date), the
// decision on a computed one, and the other recoveries or payments added to or removed from it (each with its
// reason, audited), after which the settlement is computed again.
import type { TSettlement, TSettlementAdjustment, ZSettlementAction, ZSettlementListQuery } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { exitAdjustments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { officePage } from './office-list';
import { loadSeparation } from './separations';
import { computeSettlement, loadSettlement, settlementOfSeparation, settlementRows, settlementView } from './settlements';

/** A page of the settlements within reach, with the total. */
export async function listSettlements(db: Db, auth: AuthContext, q: z.infer<typeof ZSettlementListQuery>) {
  return officePage(db, auth, { table: 'exit_settlements', alias: 'x', rows: settlementRows }, q, [
    q.unitId ? sql`x.unit_id = ${Number(q.unitId)}` : undefined,
    q.status ? sql`x.status = ${q.status}` : undefined,
  ]);
}

/** A settlement as the approvals module decides it: a computed one, answered as the office sees it. */
const SETTLEMENT_DECISION: RecordKind<Awaited<ReturnType<typeof loadSettlement>>, TSettlement> = {
  load: loadSettlement,
  waiting: (x) => (x.status === 'computed' ? x.approvalId : null),
  refusal: (x) => `This settlement is ${x.status}`,
  view: (db, auth, x) => settlementView(db, auth, x.id),
};

/** Approves (locks) or rejects a computed settlement through the approvals module. */
export async function decideSettlement(
  db: Db,
  auth: AuthContext,
  id: number,
  b: z.infer<typeof ZSettlementAction>,
  requestId: string,
): Promise<TSettlement> {
  return decideRecord(db, auth, id, b, requestId, SETTLEMENT_DECISION);
}

/** The separation within reach and its settlement, which must be computed and not yet approved. */
async function openSettlement(db: Db, auth: AuthContext, separationId: number) {
  const sep = await loadSeparation(db, auth, separationId);
  const open = await settlementOfSeparation(db, sep.id);
  if (!open) throw new Conflict('Compute the settlement first');
  if (open.status === 'approved') throw new Conflict('The settlement is approved and locked');
  return { sep, open };
}

/** Computes the settlement again with its notice waiver as it stands; answers it. */
async function computeAgain(db: Db, auth: AuthContext, separationId: number, settlementId: number, requestId: string) {
  const x = await loadSettlement(db, auth, settlementId);
  const id = await computeSettlement(db, auth, separationId, { noticeWaived: x.noticeWaived, waiverReason: x.waiverReason }, requestId);
  return settlementView(db, auth, id);
}

/** Adds another recovery or payment to the settlement of a separation, which is computed again. */
export async function addAdjustment(
  db: Db,
  auth: AuthContext,
  separationId: number,
  b: TSettlementAdjustment,
  requestId: string,
): Promise<TSettlement> {
  const { sep, open } = await openSettlement(db, auth, separationId);
  const [row] = await db
    .insert(exitAdjustments)
    .values({
      separationId: sep.id,
      side: b.side,
      label: b.label,
      amount: Number(toPaise(b.amount)),
      reason: b.reason,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning();
  await writeAudit(db, { entity: 'exit_adjustments', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
  return computeAgain(db, auth, sep.id, open.id, requestId);
}

/** Removes an adjustment of a separation's settlement (404 when it is not one of its own); computed again. */
export async function removeAdjustment(
  db: Db,
  auth: AuthContext,
  separationId: number,
  adjustmentId: number,
  requestId: string,
): Promise<TSettlement> {
  const { sep, open } = await openSettlement(db, auth, separationId);
  const [gone] = await db
    .update(exitAdjustments)
    .set({ isActive: false, updatedBy: auth.userId, updatedAt: new Date() })
    .where(and(eq(exitAdjustments.id, adjustmentId), eq(exitAdjustments.separationId, sep.id), eq(exitAdjustments.isActive, true)))
    .returning();
  if (!gone) throw new NotFound('Adjustment not found');
  await writeAudit(db, { entity: 'exit_adjustments', entityId: gone.id, action: 'delete', before: gone, userId: auth.userId, requestId });
  return computeAgain(db, auth, sep.id, open.id, requestId);
}
