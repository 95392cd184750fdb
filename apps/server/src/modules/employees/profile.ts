import {
  BANK_STATUTORY_FIELDS,
  maskAadhaar,
  type TProfileChangeRequest,
  type TProfileChangeRequestInput,
  ZEmployeeBase,
} from '@hr/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { employeeChangeRequests, employees, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { FieldErrors } from '../../lib/errors';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, unitScope } from '../access/context';
import { loadEmployeeRow } from './service';

type ChangeValue = string | number | null;

/** The signed-in user's own employee id; 403 when the account is not linked to an employee. */
export function ownEmployeeId(auth: AuthContext): number {
  if (auth.employeeId == null) throw new Forbidden('Your account is not linked to an employee record');
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

function toRequest(r: {
  req: typeof employeeChangeRequests.$inferSelect;
  employeeCode: string;
  employeeName: string;
  decidedByName: string | null;
}): TProfileChangeRequest {
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
  };
}

function requestQuery(db: Db) {
  return db
    .select({
      req: employeeChangeRequests,
      employeeCode: employees.employeeCode,
      employeeName: employees.name,
      decidedByName: decider.fullName,
    })
    .from(employeeChangeRequests)
    .innerJoin(employees, eq(employees.id, employeeChangeRequests.employeeId))
    .leftJoin(decider, eq(decider.id, employeeChangeRequests.decidedBy));
}

export async function createChangeRequest(db: Db, auth: AuthContext, input: TProfileChangeRequestInput, requestId?: string) {
  const employeeId = ownEmployeeId(auth);
  const changes = validateChanges(input.changes);
  const [pending] = await db
    .select({ id: employeeChangeRequests.id })
    .from(employeeChangeRequests)
    .where(and(eq(employeeChangeRequests.employeeId, employeeId), eq(employeeChangeRequests.status, 'pending')))
    .limit(1);
  if (pending) throw new Conflict('You already have a change request waiting for approval');
  const [row] = await db
    .insert(employeeChangeRequests)
    .values({ employeeId, changes, reason: input.reason ?? null, requestedBy: auth.userId })
    .returning();
  await writeAudit(db, {
    entity: 'employee_change_requests',
    entityId: row.id,
    action: 'create',
    after: row,
    userId: auth.userId,
    requestId,
  });
  return row.id;
}

export async function listOwnChangeRequests(db: Db, auth: AuthContext): Promise<TProfileChangeRequest[]> {
  const employeeId = ownEmployeeId(auth);
  const rows = await requestQuery(db)
    .where(eq(employeeChangeRequests.employeeId, employeeId))
    .orderBy(desc(employeeChangeRequests.id))
    .limit(50);
  return rows.map(toRequest);
}

export async function listChangeRequests(db: Db, auth: AuthContext, status: 'pending' | 'all'): Promise<TProfileChangeRequest[]> {
  const rows = await requestQuery(db)
    .where(and(status === 'pending' ? eq(employeeChangeRequests.status, 'pending') : undefined, unitScope(auth, employees.unitId)))
    .orderBy(desc(employeeChangeRequests.id))
    .limit(200);
  return rows.map(toRequest);
}

export async function decideChangeRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  approve: boolean,
  note: string | undefined,
  requestId?: string,
) {
  if (!auth.isAdmin) throw new Forbidden('Only an administrator decides bank and statutory changes');
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(employeeChangeRequests).where(eq(employeeChangeRequests.id, id)).for('update').limit(1);
    if (!req) throw new NotFound('Change request not found');
    if (req.status !== 'pending') throw new Conflict(`This request was already ${req.status}`);
    const before = await loadEmployeeRow(tx, auth, req.employeeId);
    if (approve) {
      const changes = req.changes as Record<string, ChangeValue>;
      const merged = { ...before, ...changes } as typeof before;
      if (merged.payModeId === 2 && (!merged.bankAccountNo || !merged.ifsc)) {
        throw new Conflict('Approving would leave bank payment without an account number or IFSC');
      }
      const [after] = await tx
        .update(employees)
        .set({ ...(changes as object), updatedBy: auth.userId, updatedAt: new Date() })
        .where(eq(employees.id, req.employeeId))
        .returning();
      await writeAudit(tx, {
        entity: 'employees',
        entityId: req.employeeId,
        action: 'update',
        before,
        after,
        userId: auth.userId,
        requestId,
      });
    }
    await tx
      .update(employeeChangeRequests)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: auth.userId, decidedAt: sql`now()`, decisionNote: note ?? null })
      .where(eq(employeeChangeRequests.id, id));
    await writeAudit(tx, {
      entity: 'employee_change_requests',
      entityId: id,
      action: approve ? 'approve' : 'reject',
      before: req,
      userId: auth.userId,
      requestId,
    });
  });
}
