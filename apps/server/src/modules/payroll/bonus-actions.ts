// Employee bonus changes: a bonus computed or given (sent for approval), a change to one not yet paid, and the actions
// on one — approve / reject (the approvals module), mark a separately paid bonus paid, or cancel a draft.
import { MENU, type TSaveBonus, type ZBonusAction } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { bonuses, bonusLines, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import { type AuthContext, canReachUnit, hasAction } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { submitApproval, withdrawApproval } from '../approvals/service';
import { assertPayMonthOpen, bonusApproval, bonusLinesFor, type ComputedLine, loadBonus, updateBonus } from './bonuses';

type BonusAction = z.output<typeof ZBonusAction>;

/** Writes a new bonus with its lines and sends it for approval; one statutory bonus per unit and year. */
async function insertBonus(tx: Tx, auth: AuthContext, b: TSaveBonus, lines: ComputedLine[], requestId: string): Promise<number> {
  // One statutory bonus per unit and year: a second would pay the Act's bonus twice (cancel the first to redo it).
  if (b.kind === 'statutory') {
    const [dup] = await queryRows<{ id: number }>(
      tx,
      sql`select id from bonuses where unit_id = ${b.unitId} and financial_year = ${b.financialYear} and kind = 'statutory'
          and status <> 'cancelled' and is_active limit 1`,
    );
    if (dup) throw new Conflict('This unit already has a statutory bonus for the year; cancel it to compute it again', 'financialYear');
  }
  if (b.payWith === 'salary') await assertPayMonthOpen(tx, b.unitId, b.payYear!, b.payMonth!);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const [row] = await tx
    .insert(bonuses)
    .values({
      unitId: b.unitId,
      financialYear: b.financialYear,
      kind: b.kind,
      ratePercent: b.kind === 'statutory' ? String(b.ratePercent) : null,
      payWith: b.payWith,
      payYear: b.payWith === 'salary' ? b.payYear : null,
      payMonth: b.payWith === 'salary' ? b.payMonth : null,
      total,
      remarks: b.remarks ?? null,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning();
  await bulkInsert(
    tx,
    bonusLines,
    lines.map((l) => ({ ...l, bonusId: row.id })),
  );
  const a = await submitApproval(tx, bonusApproval, {
    subjectId: row.id,
    employeeId: null,
    unitId: b.unitId,
    requestedBy: auth.userId,
    remark: b.remarks ?? null,
  });
  await tx.update(bonuses).set({ approvalId: a.id }).where(eq(bonuses.id, row.id));
  await writeAudit(tx, {
    entity: 'bonuses',
    entityId: row.id,
    action: 'create',
    after: { ...row, lines: lines.length },
    userId: auth.userId,
    requestId,
  });
  return row.id;
}

/** Computes a statutory bonus for a unit and year, or records ad hoc amounts (sent for approval); answers its id. */
export async function createBonus(db: Db, auth: AuthContext, b: TSaveBonus, requestId: string): Promise<number> {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, b.unitId));
  if (!unit) throw new BadRequest('Unknown unit', { unitId: ['No such unit'] });
  if (!canReachUnit(auth, b.unitId)) throw new Forbidden('This unit is not one of yours');
  const lines = await bonusLinesFor(db, b);
  return db.transaction((tx) => insertBonus(tx, auth, b, lines, requestId));
}

/** Changes a bonus not yet paid (rate or amounts, pay month, remarks); it goes back for approval. */
export async function changeBonus(db: Db, auth: AuthContext, id: number, b: TSaveBonus, requestId: string): Promise<void> {
  await loadBonus(db, auth, id);
  if (!canReachUnit(auth, b.unitId)) throw new BadRequest('Unknown unit', { unitId: ['No such unit in your reach'] });
  const lines = await bonusLinesFor(db, b);
  await db.transaction((tx) => updateBonus(tx, auth, id, b, lines, requestId));
}

/** A bonus as the approvals module decides it: one with its approval (whose own state answers 409 once decided). */
const BONUS_DECISION: RecordKind<Awaited<ReturnType<typeof loadBonus>>, void> = {
  load: loadBonus,
  waiting: (x) => x.approvalId ?? null,
  refusal: () => 'This bonus has no approval pending',
  view: async () => undefined,
};

/** Approve or reject (approvers); mark a separately paid bonus paid, or cancel a draft (the edit action); audited. */
export async function actOnBonus(db: Db, auth: AuthContext, id: number, b: BonusAction, requestId: string): Promise<void> {
  if (b.action === 'approve' || b.action === 'reject') return decideRecord(db, auth, id, b, requestId, BONUS_DECISION);
  await loadBonus(db, auth, id);
  if (!(await hasAction(db, auth, MENU.employeeBonus, 'edit'))) throw new Forbidden('Your role may not change bonuses');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
    if (b.action === 'paid') {
      if (before.payWith !== 'separate') throw new Conflict('This bonus is paid with the salary of its month');
      if (before.status !== 'approved') throw new Conflict(`Only an approved bonus is paid; this one is ${before.status}`);
      await tx
        .update(bonuses)
        .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date(), updatedBy: auth.userId })
        .where(eq(bonuses.id, id));
    } else {
      if (before.status !== 'draft' && before.status !== 'approved') throw new Conflict(`A ${before.status} bonus cannot be cancelled`);
      const [paid] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bonus_lines where bonus_id = ${id} and paid_run_id is not null`,
      );
      if (paid.n > 0) throw new Conflict('A salary run has paid this bonus; reprocess that month first');
      await tx.update(bonuses).set({ status: 'cancelled', updatedAt: new Date(), updatedBy: auth.userId }).where(eq(bonuses.id, id));
      if (before.approvalId) await withdrawApproval(tx, before.approvalId, auth.userId, null);
    }
    const [after] = await tx.select().from(bonuses).where(eq(bonuses.id, id));
    await writeAudit(tx, { entity: 'bonuses', entityId: id, action: b.action, before, after, userId: auth.userId, requestId });
  });
}
