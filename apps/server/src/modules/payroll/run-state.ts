// A salary run's state after processing: approved level by level (without its failed employees only with a
// reason), locked with its date of payment, that date corrected, and reopened by an administrator.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payrollRuns } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { isFinalRunStatus } from '../../lib/month-lock';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit } from '../access/context';
import { decide, resubmitApproval } from '../approvals/service';
import { applyLatePunches } from '../attendance/late-punches';
import { makersOf } from './run-approval-kind';
import { notifyRunWaiting } from './run-notify';
import { activeJob, loadRun, type RunRow, runSummary } from './run-record';

/**
 * Approves the run's current level. A run with failed employees is refused (409 naming them) unless the approver
 * approves without them and says why (`withoutFailed`): the reason goes into the approval's history, and the left-out
 * employees are paid by an off-cycle run once corrected (off-cycle.ts). The next level's approvers are told.
 */
export async function approveRun(
  db: Db,
  auth: AuthContext,
  id: number,
  remark: string | null,
  requestId?: string,
  withoutFailed?: string | null,
) {
  const run = await loadRun(db, auth, id);
  if (await activeJob(db, run)) throw new Conflict('This run is being processed; approve it when it is done');
  if (run.status !== 'processed' || !run.approvalId) {
    throw new Conflict(run.status === 'draft' ? 'Process the run before approving it' : `The month is already ${run.status}`);
  }
  let note = remark;
  if (run.errors.length) {
    const who = run.errors.map((e) => `${e.employeeCode} ${e.name}`).join(', ');
    if (!withoutFailed?.trim()) {
      throw new Conflict(
        `${run.errors.length} employee(s) failed: ${who}. Correct and reprocess them, or approve without them with a reason`,
        'withoutFailed',
      );
    }
    note = `Approved without ${run.errors.length} failed employee(s) (${who}): ${withoutFailed.trim()}${remark ? ` — ${remark}` : ''}`;
  }
  const after = await decide(db, auth, run.approvalId, 'approve', note?.slice(0, 1000) ?? null, requestId);
  if (after.state === 'pending') await notifyRunWaiting(db, run, after.level, after.levels, makersOf(run, after));
  return loadRun(db, auth, id);
}

/**
 * 400 on `paidOn` when the date of payment is before the wage month or later than today: wages are paid for a month
 * once it has begun (advance payment within the month is allowed) and a date to come is not a payment made.
 */
function assertPaidOn(run: RunRow, paidOn: string) {
  const first = `${run.year}-${String(run.month).padStart(2, '0')}-01`;
  if (paidOn < first) throw new BadRequest('The date of payment is before the wage month', { paidOn: [`Not before ${first}`] });
  if (paidOn > orgToday()) throw new BadRequest('The date of payment is in the future', { paidOn: ['Not after today'] });
}

/**
 * One change of a run's state, in a transaction: the run read for update (404 out of reach), `change` checks it
 * (throwing 409 / 400 / 403) and says what to set and what the audit line keeps; the row after is returned.
 */
async function changeRun(
  db: Db,
  auth: AuthContext,
  id: number,
  action: string,
  requestId: string | undefined,
  change: (
    run: RunRow,
    tx: Tx,
  ) => Promise<{
    set: Partial<typeof payrollRuns.$inferInsert>;
    audit?: (after: RunRow) => { before: unknown; after: unknown };
    /** Work that follows the change in its transaction (unlocking applies the month's late punches); kept in the audit. */
    followUp?: (after: RunRow) => Promise<Record<string, unknown>>;
  }>,
) {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id)).for('update');
    if (!run || !canReachUnit(auth, run.unitId)) throw new NotFound('Salary run not found');
    const { set, audit, followUp } = await change(run, tx);
    const [after] = await tx
      .update(payrollRuns)
      .set({ ...set, updatedAt: new Date(), updatedBy: auth.userId })
      .where(eq(payrollRuns.id, id))
      .returning();
    const followed = followUp ? await followUp(after) : null;
    const base = audit ? audit(after) : { before: runSummary(run), after: runSummary(after) };
    const lines = followed ? { ...base, after: { ...(base.after as object), ...followed } } : base;
    await writeAudit(tx, { entity: 'payroll_runs', entityId: id, action, ...lines, userId: auth.userId, requestId });
    return after;
  });
}

/** Locks an approved run; the date of payment is the one given, else one set before, else today (the org's zone). */
export async function lockRun(db: Db, auth: AuthContext, id: number, requestId?: string, paidOn?: string) {
  return changeRun(db, auth, id, 'lock', requestId, async (run) => {
    if (run.status === 'locked') throw new Conflict('The month is already locked');
    if (run.status !== 'approved') throw new Conflict('Every approval level must approve the run before it is locked');
    const paid = paidOn ?? run.paidOn ?? orgToday();
    assertPaidOn(run, paid);
    return { set: { status: 'locked', lockedAt: new Date(), lockedBy: auth.userId, paidOn: paid } };
  });
}

/** Sets or corrects the date of payment of an approved or locked run (audited); the figures stay as they are. */
export async function setRunPaymentDate(db: Db, auth: AuthContext, id: number, paidOn: string, requestId?: string) {
  return changeRun(db, auth, id, 'payment-date', requestId, async (run) => {
    if (!isFinalRunStatus(run.status)) {
      throw new Conflict(`The month is ${run.status}: the date of payment is given once it is approved`);
    }
    assertPaidOn(run, paidOn);
    return { set: { paidOn }, audit: () => ({ before: { paidOn: run.paidOn }, after: { paidOn } }) };
  });
}

/**
 * An administrator reopens an approved or locked month, with a reason: back to processed, approvals start over. The
 * punches that arrived for its days meanwhile (late punches) go into the punch log and their days are worked out again,
 * in the same transaction (those still frozen by another run that paid the employee stay apart).
 */
export async function unlockRun(db: Db, auth: AuthContext, id: number, reason: string, requestId?: string) {
  if (!auth.isAdmin) throw new Forbidden('Only an administrator unlocks a salary month');
  return changeRun(db, auth, id, 'unlock', requestId, async (run, tx) => {
    if (!isFinalRunStatus(run.status)) throw new Conflict(`The month is ${run.status}, not approved or locked`);
    if (run.approvalId) await resubmitApproval(tx, run.approvalId, auth.userId, `Unlocked: ${reason}`, 'reopened');
    return {
      set: { status: 'processed', lockedAt: null, lockedBy: null },
      audit: (after) => ({ before: runSummary(run), after: { ...runSummary(after), reason } }),
      // The month's late punches of the unit's staff and of the employees the run paid.
      followUp: async (after) => {
        const first = `${after.year}-${String(after.month).padStart(2, '0')}-01`;
        const late = await applyLatePunches(
          tx,
          sql`l.day >= ${first}::date and l.day < (${first}::date + interval '1 month')::date
              and (e.unit_id = ${after.unitId} or exists (select 1 from salary_slips s where s.run_id = ${after.id} and s.employee_id = l.employee_id))`,
        );
        return { latePunchesApplied: late.applied };
      },
    };
  });
}
