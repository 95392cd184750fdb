// The decisions on a request, through the approvals module: approve or reject (one, or several each on its own),
// withdraw, cancel (an approved leave returns to the balance).
import type { TRequest } from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { cancelApproval, cancelDecided, decide } from '../approvals/service';
import { requestView } from './lists';
import { reachRequest } from './request-rules';

export async function decideRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  action: 'approve' | 'reject',
  remark: string | null | undefined,
  requestId?: string,
): Promise<TRequest> {
  const r = await reachRequest(db, auth, id);
  if (r.approvalId === null) throw new NotFound('Request not found');
  if (r.status !== 'pending') throw new Conflict(`This request was already ${r.status}`);
  await decide(db, auth, r.approvalId, action, remark ?? null, requestId);
  return requestView(db, auth, id);
}

export async function withdrawRequest(db: Db, auth: AuthContext, id: number, requestId?: string): Promise<TRequest> {
  const r = await reachRequest(db, auth, id);
  if (r.requestedBy !== auth.userId) throw new Forbidden('Only the requester may withdraw a request');
  if (r.status !== 'pending' || r.approvalId === null) throw new Conflict(`This request was already ${r.status}`);
  await cancelApproval(db, auth, r.approvalId, null, requestId);
  return requestView(db, auth, id);
}

/**
 * Cancels a request: a pending one (the requester: a withdrawal; an approver: with a reason), or an approved one
 * (the requester before it starts; an approver with a reason). An approved leave's days return to the balance and
 * the days are worked out again.
 */
export async function cancelRequest(db: Db, auth: AuthContext, id: number, reason: string | null | undefined, requestId?: string) {
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
  requestId?: string,
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
