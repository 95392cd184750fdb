import {
  BANK_STATUTORY_FIELDS,
  MENU,
  maskAadhaar,
  type TProfileChangeRequest,
  type TProfileChangeRequestInput,
  ZEmployeeBase,
} from '@hr/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { approvals, employeeChangeRequests, employees, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { FieldErrors } from '../../lib/errors';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { type ApprovalRow, approvalOf, defineApprovalKind, historyOf, submitApproval } from '../approvals/service';
import { loadEmployeeRow } from './read';

type ChangeValue = string | number | null;

/** The signed-in user's own employee id; 404 when the account is not linked to an employee (there is no record). */
export function ownEmployeeId(auth: AuthContext): number {
  if (auth.employeeId == null) throw new NotFound('Your sign-in is not linked to an employee record');
  return auth.employeeId;
}

/**
 * Validates requested bank / statutory changes field by field with the record's own rules.
 * Aadhaar is reduced to its last four digits here: the full number is never stored.
 */
export function validateChanges(input: TProfileChangeRequestInput['changes']): Record<string, ChangeValue> {
  const out: Record<string, ChangeValue> = {};
  const fe: FieldErrors = {};
  const entries = Object.entries(input).filter(([k]) => (BANK_STATUTORY_FIELDS as readonly string[]).includes(k));
  if (entries.length === 0) throw new BadRequest('Nothing to change', { changes: ['Change at least one field'] });
  const shape = ZEmployeeBase.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }
  >;
  for (const [field, value] of entries) {
    const r = shape[field].safeParse(value);
    if (!r.success) {
      fe[field] = r.error!.issues.map((i) => i.message);
      continue;
    }
    if (field === 'aadhaar') {
      if (!r.data) fe.aadhaar = ['Enter the new Aadhaar number'];
      else out.aadhaarLast4 = String(r.data).slice(-4);
    } else out[field] = r.data as ChangeValue;
  }
  if (Object.keys(fe).length) throw new BadRequest('Please correct the highlighted fields', fe);
  return out;
}

const decider = alias(users, 'decider');

/**
 * Bank and statutory changes an employee asks for go through the approvals module: approvers hold the
 * approve action on the employee screen and reach the employee's unit (role-wise menu access and user-wise
 * unit mapping decide who, not a role's name); the employee never approves their own.
 */
export const profileChangeApproval = defineApprovalKind({
  kind: 'employee.profileChange',
  menu: MENU.employee,
  async onApproved(tx, approval, actor, remark) {
    const [req] = await tx.select().from(employeeChangeRequests).where(eq(employeeChangeRequests.id, approval.subjectId));
    const before = await loadEmployeeRow(tx, actor, req.employeeId);
    const changes = req.changes as Record<string, ChangeValue>;
    const merged = { ...before, ...changes } as typeof before;
    if (merged.payModeId === 2 && (!merged.bankAccountNo || !merged.ifsc)) {
      throw new Conflict('Approving would leave bank payment without an account number or IFSC');
    }
    const [after] = await tx
      .update(employees)
      .set({ ...(changes as object), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(employees.id, req.employeeId))
      .returning();
    await writeAudit(tx, { entity: 'employees', entityId: req.employeeId, action: 'update', before, after, userId: actor.userId });
    await tx
      .update(employeeChangeRequests)
      .set({ status: 'approved', decidedBy: actor.userId, decidedAt: sql`now()`, decisionNote: remark })
      .where(eq(employeeChangeRequests.id, req.id));
  },
  async onRejected(tx, approval, actor, remark) {
    await tx
      .update(employeeChangeRequests)
      .set({ status: 'rejected', decidedBy: actor.userId, decidedAt: sql`now()`, decisionNote: remark })
      .where(eq(employeeChangeRequests.id, approval.subjectId));
  },
});

type RequestRow = {
  req: typeof employeeChangeRequests.$inferSelect;
  employeeCode: string;
  employeeName: string;
  decidedByName: string | null;
  approvalId: number | null;
};

async function toRequests(db: Db, rows: RequestRow[]): Promise<TProfileChangeRequest[]> {
  const history = await historyOf(
    db,
    rows.map((r) => r.approvalId).filter((x): x is number => x !== null),
  );
  return rows.map((r) => {
    const changes = { ...(r.req.changes as Record<string, ChangeValue>) };
    if ('aadhaarLast4' in changes) {
      changes.aadhaar = maskAadhaar(String(changes.aadhaarLast4));
      delete changes.aadhaarLast4;
    }
    return {
      id: r.req.id,
      employeeId: r.req.employeeId,
      employeeCode: r.employeeCode,
      employeeName: r.employeeName,
      changes,
      reason: r.req.reason,
      status: r.req.status as TProfileChangeRequest['status'],
      requestedAt: r.req.requestedAt.toISOString(),
      decidedAt: r.req.decidedAt?.toISOString() ?? null,
      decidedByName: r.decidedByName,
      decisionNote: r.req.decisionNote,
      history: (r.approvalId !== null ? (history.get(r.approvalId) ?? []) : []) as TProfileChangeRequest['history'],
    };
  });
}

function requestQuery(db: Db) {
  return db
    .select({
      req: employeeChangeRequests,
      employeeCode: employees.employeeCode,
      employeeName: employees.name,
      decidedByName: decider.fullName,
      approvalId: approvals.id,
    })
    .from(employeeChangeRequests)
    .innerJoin(employees, eq(employees.id, employeeChangeRequests.employeeId))
    .leftJoin(decider, eq(decider.id, employeeChangeRequests.decidedBy))
    .leftJoin(approvals, and(eq(approvals.kind, profileChangeApproval.kind), eq(approvals.subjectId, employeeChangeRequests.id)));
}

export async function createChangeRequest(db: Db, auth: AuthContext, input: TProfileChangeRequestInput, requestId?: string) {
  const employeeId = ownEmployeeId(auth);
  const changes = validateChanges(input.changes);
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: employeeChangeRequests.id })
      .from(employeeChangeRequests)
      .where(and(eq(employeeChangeRequests.employeeId, employeeId), eq(employeeChangeRequests.status, 'pending')))
      .limit(1);
    if (pending) throw new Conflict('You already have a change request waiting for approval');
    const [emp] = await tx.select({ unitId: employees.unitId }).from(employees).where(eq(employees.id, employeeId));
    const [row] = await tx
      .insert(employeeChangeRequests)
      .values({ employeeId, changes, reason: input.reason ?? null, requestedBy: auth.userId })
      .returning();
    await submitApproval(tx, profileChangeApproval, {
      subjectId: row.id,
      employeeId,
      unitId: emp?.unitId ?? null,
      requestedBy: auth.userId,
      remark: input.reason ?? null,
    });
    await writeAudit(tx, {
      entity: 'employee_change_requests',
      entityId: row.id,
      action: 'create',
      after: row,
      userId: auth.userId,
      requestId,
    });
    return row.id;
  });
}

export async function listOwnChangeRequests(db: Db, auth: AuthContext): Promise<TProfileChangeRequest[]> {
  const employeeId = ownEmployeeId(auth);
  const rows = await requestQuery(db)
    .where(eq(employeeChangeRequests.employeeId, employeeId))
    .orderBy(desc(employeeChangeRequests.id))
    .limit(50);
  return toRequests(db, rows);
}

export async function listChangeRequests(db: Db, auth: AuthContext, status: 'pending' | 'all'): Promise<TProfileChangeRequest[]> {
  const rows = await requestQuery(db)
    .where(and(status === 'pending' ? eq(employeeChangeRequests.status, 'pending') : undefined, unitScope(auth, employees.unitId)))
    .orderBy(desc(employeeChangeRequests.id))
    .limit(200);
  return toRequests(db, rows);
}

/** A change request as it is decided: its approval, whose own state answers 409 once decided (the remark's 400 first). */
const CHANGE_REQUEST_DECISION: RecordKind<ApprovalRow, void> = {
  async load(db, auth, id) {
    const approval = await approvalOf(db, profileChangeApproval, id);
    // One answer for a missing request and another unit's (decide's own 404 would name it differently).
    if (!approval || !canReachUnit(auth, approval.unitId)) throw new NotFound('Change request not found');
    return approval;
  },
  waiting: (a) => a.id,
  refusal: (a) => `This request was already ${a.state}`,
  view: async () => undefined,
};

/** Approve (apply) or reject (with a remark) through the approvals module. */
export async function decideChangeRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  approve: boolean,
  note: string | undefined,
  requestId: string,
) {
  await decideRecord(db, auth, id, { action: approve ? 'approve' : 'reject', remark: note }, requestId, CHANGE_REQUEST_DECISION);
}
