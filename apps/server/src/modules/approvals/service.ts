// The one approvals module. It knows states, levels and approvers, not domains: a domain registers its kind
// (the menu whose approve action qualifies approvers, how many levels, who may act at a level, what happens
// on approve / reject / cancel) and this module runs the state machine under SELECT … FOR UPDATE, refuses
// self-approval and decisions out of level order, and writes the history lines and the audit trail.
// Maker-checker: nobody decides a request they made (its requester, whoever made or changed its subject since:
// `resubmitApproval`), one about themselves, or a payment that includes their own employee record (`beneficiaries`).
import type { TMenuPath } from '@hr/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { approvalHistory, approvals, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, hasAction } from '../access/context';

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalAction = 'approve' | 'reject';

export interface ApprovalKind {
  /** e.g. 'employee.profileChange', 'leave', 'salaryRun' */
  kind: string;
  /** Approvers hold the approve action on this menu (role-wise menu access) and reach the request's unit. */
  menu: TMenuPath;
  /** How many levels the request passes, decided in order (default 1); may depend on the request. */
  levels?: (tx: Tx, request: { unitId: number | null; employeeId: number | null }) => Promise<number>;
  /**
   * Who may act at a level beyond holding the approve action within the unit: the reporting manager, the
   * unit's salary approver of that level… Administrators pass this check (never the self-approval one).
   */
  mayApprove?: (tx: Tx, actor: AuthContext, approval: ApprovalRow, level: number) => Promise<boolean>;
  /** When set, administrators pass `mayApprove` like anyone else (a salary run: only the unit's mapped approvers). */
  strict?: boolean;
  /**
   * The employees the subject pays, as one query selecting `employee_id` (every slip of a salary run, every line of a
   * bonus with an amount, the advance's employee): nobody decides a subject that includes their own employee record
   * (403), whatever else they may approve. Without it, the subject is about the approval's `employeeId` alone (a leave,
   * a correction, a profile change), which the self-approval check covers. A kind whose subject pays anyone declares it.
   */
  beneficiaries?: (approval: ApprovalRow) => SQL;
  /** The domain's part of a final approval (in the same transaction). */
  onApproved?: (tx: Tx, approval: ApprovalRow, actor: AuthContext, remark: string | null) => Promise<void>;
  onRejected?: (tx: Tx, approval: ApprovalRow, actor: AuthContext, remark: string) => Promise<void>;
  /**
   * The domain's part of a cancellation (same transaction); `from` is the state cancelled: 'pending' (a withdrawal or
   * an approver's cancellation before the decision) or 'approved' (`cancelDecided`: undo what `onApproved` did).
   */
  onCancelled?: (tx: Tx, approval: ApprovalRow, actor: AuthContext, remark: string | null, from: 'pending' | 'approved') => Promise<void>;
  /**
   * Whether the requester may still cancel an approved request (e.g. a leave before it starts): throws the refusal
   * (409). Without it, only approvers cancel a decided request.
   */
  requesterMayCancel?: (tx: Tx, approval: ApprovalRow) => Promise<void>;
  /**
   * How its waiting approvals read in an approver's inbox (GET /api/approvals/waiting): a title ("Salary run · Head
   * Office, Oct 2026") and a line of detail per approval, one query for the lot. Without it the title is the kind's name.
   */
  describe?: (db: Db, approvals: ApprovalRow[]) => Promise<Map<number, ApprovalDescription>>;
}

/** How one waiting approval reads (its kind's `describe`). */
export interface ApprovalDescription {
  title: string;
  detail?: string | null;
}

const kinds = new Map<string, ApprovalKind>();

/** An approval kind's declaration (pure); its module's manifest registers it with registerApprovalKind. */
export function defineApprovalKind(kind: ApprovalKind): ApprovalKind {
  return kind;
}

/** Makes a kind known by name (called once, from its module's manifest). */
export function registerApprovalKind(kind: ApprovalKind): ApprovalKind {
  const known = kinds.get(kind.kind);
  if (known && known !== kind) throw new Error(`Approval kind '${kind.kind}' is registered twice`);
  kinds.set(kind.kind, kind);
  return kind;
}

/** Every registered kind (the test that each one refuses a decision by a party to it loops over them). */
export function approvalKinds(): ApprovalKind[] {
  return [...kinds.values()];
}

function kindOf(name: string): ApprovalKind {
  const k = kinds.get(name);
  if (!k) throw new Error(`Unknown approval kind '${name}'`);
  return k;
}

/** Opens an approval for a domain record (in the domain's transaction); writes the 'submitted' line. */
export async function submitApproval(
  tx: Tx,
  kind: ApprovalKind,
  request: { subjectId: number; employeeId: number | null; unitId: number | null; requestedBy: number; remark?: string | null },
): Promise<ApprovalRow> {
  const levels = kind.levels ? await kind.levels(tx, request) : 1;
  if (!Number.isInteger(levels) || levels < 1) throw new Error(`Approval kind '${kind.kind}' gave ${levels} levels`);
  const [row] = await tx
    .insert(approvals)
    .values({
      kind: kind.kind,
      subjectId: request.subjectId,
      employeeId: request.employeeId,
      unitId: request.unitId,
      requestedBy: request.requestedBy,
      levels,
    })
    .returning();
  await tx
    .insert(approvalHistory)
    .values({ approvalId: row.id, level: 0, action: 'submitted', actorId: request.requestedBy, remark: request.remark ?? null });
  return row;
}

/**
 * How the subject changed under its approval, which says who its makers are now (none of them may decide it):
 * 'remade' — the actor made it again wholly (a whole reprocess): the actor is the maker, earlier makers' work is gone;
 * 'amended' — the actor made part of it again (some employees reprocessed): the actor joins the makers;
 * 'reopened' — the subject is unchanged, only its decisions start over (a month unlocked): the makers stay.
 */
export type ResubmitChange = 'remade' | 'amended' | 'reopened';
const RESUBMIT_ACTION: Record<ResubmitChange, string> = { remade: 'resubmitted', amended: 'amended', reopened: 'reopened' };

/**
 * The domain record changed under a pending or decided approval (a salary run reprocessed or unlocked): the
 * approval starts over at level 1, pending, with a history line saying how ('resubmitted', 'amended', 'reopened').
 * Whoever remade or amended it becomes its requester (the maker, who may not approve it). Call in the domain's
 * transaction.
 */
export async function resubmitApproval(
  tx: Tx,
  approvalId: number,
  actorId: number,
  remark: string | null,
  change: ResubmitChange,
): Promise<ApprovalRow> {
  const [after] = await tx
    .update(approvals)
    .set({ state: 'pending', level: 1, decidedAt: null, ...(change === 'reopened' ? {} : { requestedBy: actorId }) })
    .where(eq(approvals.id, approvalId))
    .returning();
  await tx.insert(approvalHistory).values({ approvalId, level: 0, action: RESUBMIT_ACTION[change], actorId, remark });
  return after;
}

/**
 * The domain withdrew its record inside its own transaction (an advance or a bonus cancelled): a pending approval
 * ends as cancelled, with its history line. Nothing happens to an approval already decided.
 */
export async function withdrawApproval(tx: Tx, approvalId: number, actorId: number, remark: string | null): Promise<void> {
  const [a] = await tx
    .update(approvals)
    .set({ state: 'cancelled', decidedAt: new Date() })
    .where(sql`${approvals.id} = ${approvalId} and ${approvals.state} = 'pending'`)
    .returning({ id: approvals.id, level: approvals.level });
  if (a) await tx.insert(approvalHistory).values({ approvalId, level: a.level, action: 'cancelled', actorId, remark });
}

/** The approval of a domain record, or null. */
export async function approvalOf(db: Db | Tx, kind: ApprovalKind, subjectId: number): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(approvals).where(sql`${approvals.kind} = ${kind.kind} and ${approvals.subjectId} = ${subjectId}`);
  return row ?? null;
}

/** Whether the actor is the requester or the person the request is about. */
const isOwn = (actor: AuthContext, a: ApprovalRow) =>
  a.requestedBy === actor.userId || (a.employeeId !== null && a.employeeId === actor.employeeId);

/**
 * Why the actor may not decide this approval, or null: it is about them; they made its subject (its requester, the last
 * maker, or anyone who submitted, remade or amended it whose work is still in it: the history lines from the last
 * whole make on); or the subject pays their own employee record (the kind's `beneficiaries`). At most one query.
 * `decide` refuses with this message (403); screens use it to offer the approve button.
 */
export async function conflictOfInterest(db: Db | Tx, actor: AuthContext, a: ApprovalRow): Promise<string | null> {
  if (a.employeeId !== null && a.employeeId === actor.employeeId) return 'Nobody approves their own request';
  const maker = 'You prepared or changed this: someone else must approve it (maker-checker)';
  if (a.requestedBy === actor.userId) return maker;
  const kind = kindOf(a.kind);
  const pays = kind.beneficiaries && actor.employeeId != null;
  const [r] = await queryRows<{ maker: boolean; pays: boolean }>(
    db,
    sql`select exists (select 1 from approval_history h
                       where h.approval_id = ${a.id} and h.actor_id = ${actor.userId}
                         and h.action in ('submitted', 'resubmitted', 'amended')
                         and h.id >= coalesce((select max(l.id) from approval_history l
                                               where l.approval_id = ${a.id} and l.action in ('submitted', 'resubmitted')), 0)) as maker,
               ${pays ? sql`exists (select 1 from (${kind.beneficiaries!(a)}) b where b.employee_id = ${actor.employeeId})` : sql`false`} as pays`,
  );
  if (r.maker) return maker;
  if (r.pays) return 'This pays your own employee record: someone else must approve it';
  return null;
}

/**
 * Approves or rejects the current level. Checks, under a row lock so two approvers at once cannot both
 * succeed (the second gets 409): the request exists within the actor's reach (404), it is pending (409), the actor
 * is no party to it (403: `conflictOfInterest` — requester, maker, the person it is about or an employee it pays),
 * a rejection has a remark (400), the actor holds the approve action on the kind's
 * menu (403) and may act at this level (403: levels are decided in order).
 */
export async function decide(
  db: Db,
  actor: AuthContext,
  approvalId: number,
  action: ApprovalAction,
  remark: string | null | undefined,
  requestId?: string,
): Promise<ApprovalRow> {
  const note = remark?.trim() || null;
  if (action === 'reject' && !note) throw new BadRequest('Say why the request is rejected', { remark: ['A remark is required to reject'] });
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
    if (!a || !canReachUnit(actor, a.unitId)) throw new NotFound('Request not found');
    const kind = kindOf(a.kind);
    if (a.state !== 'pending') throw new Conflict(`This request was already ${a.state}`);
    const conflict = await conflictOfInterest(tx, actor, a);
    if (conflict) throw new Forbidden(conflict);
    if (!(await hasAction(tx as unknown as Db, actor, kind.menu, 'approve'))) throw new Forbidden('Your role may not approve this');
    if ((kind.strict || !actor.isAdmin) && kind.mayApprove && !(await kind.mayApprove(tx, actor, a, a.level))) {
      throw new Forbidden(
        a.levels > 1
          ? `This request is waiting for level ${a.level} of ${a.levels}, which is not yours`
          : 'You are not an approver of this request',
      );
    }
    const final = action === 'reject' || a.level >= a.levels;
    const [after] = await tx
      .update(approvals)
      .set(final ? { state: action === 'approve' ? 'approved' : 'rejected', decidedAt: new Date() } : { level: a.level + 1 })
      .where(eq(approvals.id, a.id))
      .returning();
    await tx.insert(approvalHistory).values({
      approvalId: a.id,
      level: a.level,
      action: action === 'approve' ? 'approved' : 'rejected',
      actorId: actor.userId,
      remark: note,
    });
    if (final && action === 'approve') await kind.onApproved?.(tx, after, actor, note);
    if (action === 'reject') await kind.onRejected?.(tx, after, actor, note!);
    await writeAudit(tx, {
      entity: 'approvals',
      entityId: a.id,
      action: action === 'approve' ? (final ? 'approve' : `approve level ${a.level}`) : 'reject',
      before: a,
      after,
      userId: actor.userId,
      requestId,
    });
    return after;
  });
}

/** The requester withdraws a pending request (or an approver cancels it, with a reason). */
export async function cancelApproval(db: Db, actor: AuthContext, approvalId: number, remark: string | null, requestId?: string) {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
    if (!a || (a.requestedBy !== actor.userId && !canReachUnit(actor, a.unitId))) throw new NotFound('Request not found');
    const kind = kindOf(a.kind);
    if (a.state !== 'pending') throw new Conflict(`This request was already ${a.state}`);
    if (a.requestedBy !== actor.userId) {
      if (!(await hasAction(tx as unknown as Db, actor, kind.menu, 'approve'))) throw new Forbidden('Only the requester may withdraw this');
      if (!remark?.trim()) throw new BadRequest('Say why the request is cancelled', { remark: ['A remark is required'] });
    }
    const [after] = await tx.update(approvals).set({ state: 'cancelled', decidedAt: new Date() }).where(eq(approvals.id, a.id)).returning();
    await tx
      .insert(approvalHistory)
      .values({ approvalId: a.id, level: a.level, action: 'cancelled', actorId: actor.userId, remark: remark?.trim() || null });
    await kind.onCancelled?.(tx, after, actor, remark?.trim() || null, 'pending');
    await writeAudit(tx, { entity: 'approvals', entityId: a.id, action: 'cancel', before: a, after, userId: actor.userId, requestId });
    return after;
  });
}

/**
 * Cancels an approved request, under the row lock: by an approver (the approve action on the kind's menu within the
 * unit, and the kind's `mayApprove` at the last level unless an administrator of a non-strict kind) with a reason, or
 * by the requester where the kind's `requesterMayCancel` allows it. 404 out of reach, 409 unless approved, 403 for
 * anyone else, 400 without an approver's reason. Writes the 'cancelled' history line and the audit, and runs the
 * kind's `onCancelled` (from 'approved') so the domain undoes its part in the same transaction.
 */
export async function cancelDecided(
  db: Db,
  actor: AuthContext,
  approvalId: number,
  remark: string | null | undefined,
  requestId?: string,
): Promise<ApprovalRow> {
  const note = remark?.trim() || null;
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
    const own = a ? isOwn(actor, a) : false;
    if (!a || (!own && !canReachUnit(actor, a.unitId))) throw new NotFound('Request not found');
    const kind = kindOf(a.kind);
    if (a.state !== 'approved') throw new Conflict(`This request is ${a.state}, not approved`);
    if (own) {
      if (!kind.requesterMayCancel) throw new Forbidden('Only an approver may cancel a decided request');
      await kind.requesterMayCancel(tx, a);
    } else {
      if (!(await hasAction(tx as unknown as Db, actor, kind.menu, 'approve'))) throw new Forbidden('Your role may not cancel this');
      if ((kind.strict || !actor.isAdmin) && kind.mayApprove && !(await kind.mayApprove(tx, actor, a, a.levels))) {
        throw new Forbidden('You are not an approver of this request');
      }
      if (!note) throw new BadRequest('Say why the request is cancelled', { reason: ['A reason is required'] });
    }
    const [after] = await tx.update(approvals).set({ state: 'cancelled', decidedAt: new Date() }).where(eq(approvals.id, a.id)).returning();
    await tx
      .insert(approvalHistory)
      .values({ approvalId: a.id, level: a.levels, action: 'cancelled', actorId: actor.userId, remark: note });
    await kind.onCancelled?.(tx, after, actor, note, 'approved');
    await writeAudit(tx, {
      entity: 'approvals',
      entityId: a.id,
      action: 'cancel approved',
      before: a,
      after,
      userId: actor.userId,
      requestId,
    });
    return after;
  });
}

export interface HistoryLine {
  level: number;
  action: string;
  actorName: string;
  remark: string | null;
  at: string;
}

/** The history lines of some approvals (one query), oldest first. */
export async function historyOf(db: Db, approvalIds: number[]): Promise<Map<number, HistoryLine[]>> {
  const out = new Map<number, HistoryLine[]>();
  if (approvalIds.length === 0) return out;
  const rows = await db
    .select({
      approvalId: approvalHistory.approvalId,
      level: approvalHistory.level,
      action: approvalHistory.action,
      actorName: users.fullName,
      remark: approvalHistory.remark,
      at: approvalHistory.at,
    })
    .from(approvalHistory)
    .innerJoin(users, eq(users.id, approvalHistory.actorId))
    .where(sql`${approvalHistory.approvalId} in (select jsonb_array_elements_text(${JSON.stringify(approvalIds)}::jsonb)::int)`)
    .orderBy(asc(approvalHistory.id));
  for (const r of rows) {
    const list = out.get(r.approvalId) ?? [];
    list.push({ level: r.level, action: r.action, actorName: r.actorName, remark: r.remark, at: r.at.toISOString() });
    out.set(r.approvalId, list);
  }
  return out;
}
