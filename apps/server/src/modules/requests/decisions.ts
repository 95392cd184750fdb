// The decisions on a request, through the approvals module: approve or reject (one, or several each on its own),
// withdraw, cancel (an approved leave returns to the balance).
import type { TRequest } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { cancelApproval, cancelDecided } from '../approvals/service';
import { requestView } from './lists';
import { type RequestRow, reachRequest } from './request-rules';

/** A request as it is decided: one that waits on its pending approval, answered as the lists show it. */
const REQUEST_DECISION: RecordKind<RequestRow, TRequest> = {
  load: async (db, auth, id) => {
    const r = await reachRequest(db, auth, id);
    if (r.approvalId === null) throw new NotFound('Request not found');
    return r;
  },
  waiting: (r) => (r.status === 'pending' ? r.approvalId : null),
  refusal: (r) => `This request was already ${r.status}`,
  view: (db, auth, r) => requestView(db, auth, r.id),
};

/** The requester's own withdrawal (403 for anyone else, before the request's state). */
const REQUEST_WITHDRAWAL: RecordKind<RequestRow, TRequest> = {
  load: async (db, auth, id) => {
    const r = await reachRequest(db, auth, id);
    if (r.requestedBy !== auth.userId) throw new Forbidden('Only the requester may withdraw a request');
    return r;
  },
  waiting: (r) => (r.status === 'pending' ? r.approvalId : null),
  refusal: REQUEST_DECISION.refusal,
  view: REQUEST_DECISION.view,
};

export async function decideRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  action: 'approve' | 'reject',
  remark: string | null | undefined,
  requestId: string,
): Promise<TRequest> {
  return decideRecord(db, auth, id, { action, remark }, requestId, REQUEST_DECISION);
}

export async function withdrawRequest(db: Db, auth: AuthContext, id: number, requestId: string): Promise<TRequest> {
  return decideRecord(db, auth, id, { action: 'withdraw' }, requestId, REQUEST_WITHDRAWAL);
}

/**
 * Cancels a request: a pending one (the requester: a withdrawal; an approver: with a reason), or an approved one
 * (the requester before it starts; an approver with a reason). An approved leave's days return to the balance and
 * the days are worked out again.
 */
export async function cancelRequest(db: Db, auth: AuthContext, id: number, reason: string | null | undefined, requestId: string) {
  const r = await reachRequest(db, auth, id);
  const note = reason?.trim() || null;
  if (r.status === 'pending') {
    if (r.requestedBy === auth.userId) return withdrawRequest(db, auth, id, requestId);
    if (r.approvalId === null) throw new NotFound('Request not found');
    if (r.employeeId === auth.employeeId) throw new Forbidden('Only the requester may withdraw this');
    if (!note) throw new BadRequest('Say why the request is cancelled', { reason: ['A reason is required'] });
    await cancelApproval(db, auth, r.approvalId, note, requestId);
    return requestView(db, auth, id);
  }
  if (r.status !== 'approved' || r.approvalId === null) throw new Conflict(`This request was already ${r.status}`);
  await cancelDecided(db, auth, r.approvalId, note, requestId);
  return requestView(db, auth, id);
}

/** Approves or rejects several requests, each on its own: those done, and why each other one was refused. */
export async function bulkDecide(
  db: Db,
  auth: AuthContext,
  body: { ids: number[]; action: 'approve' | 'reject'; remark?: string | null },
  requestId: string,
) {
  const { ids, action, remark } = body;
  if (action === 'reject' && !remark?.trim())
    throw new BadRequest('Say why the requests are rejected', { remark: ['A remark is required to reject'] });
  const done: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await decideRequest(db, auth, id, action, remark, requestId);
      done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ id, message: err.message });
    }
  }
  return { done, failed };
}
