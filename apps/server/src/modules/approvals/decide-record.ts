// Deciding a domain record through its approval, the one shape every kind's "decide" endpoint takes: the record loaded
// within the caller's reach (the kind's loader: 404 outside it), its state checked (409 with the kind's words unless it
// waits on a pending approval), the approval decided here (`decide`, or `cancelApproval` for a withdrawal) — wrapped by
// the kind where it writes something with the decision — and the record answered as the kind shows it. The kinds pass
// their functions in: this module imports no domain.
import type { Db } from '../../db/client';
import { Conflict } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { type ApprovalAction, type ApprovalRow, cancelApproval, decide } from './service';

/** What the caller asks of the record: a decision, or (where the kind offers it) the requester's withdrawal. */
export interface RecordDecision<A extends ApprovalAction | 'withdraw' = ApprovalAction> {
  action: A;
  remark?: string | null;
}

export interface RecordKind<R, V> {
  /** The record within the caller's reach; throws the kind's 404 outside it. */
  load: (db: Db, auth: AuthContext, id: number) => Promise<R>;
  /** The approval the record waits on when it may be decided now, else null. */
  waiting: (record: R) => number | null;
  /** The refusal (409) when it does not wait on one, e.g. `This settlement is approved`. */
  refusal: (record: R) => string;
  /**
   * Runs the decision with what the kind writes beside it (e.g. in one transaction: `act(tx)`); without it the
   * decision runs on its own.
   */
  around?: (act: (db: Db) => Promise<ApprovalRow>, record: R) => Promise<unknown>;
  /** The record as the screen shows it after the decision. */
  view: (db: Db, auth: AuthContext, record: R) => Promise<V>;
}

/** Decides (or withdraws) a record's pending approval as its kind says; answers the record's view. */
export async function decideRecord<R, V>(
  db: Db,
  auth: AuthContext,
  id: number,
  decision: RecordDecision<ApprovalAction | 'withdraw'>,
  requestId: string,
  kind: RecordKind<R, V>,
): Promise<V> {
  const record = await kind.load(db, auth, id);
  const approvalId = kind.waiting(record);
  if (approvalId === null) throw new Conflict(kind.refusal(record));
  const remark = decision.remark ?? null;
  const act = (on: Db) =>
    decision.action === 'withdraw'
      ? cancelApproval(on, auth, approvalId, remark, requestId)
      : decide(on, auth, approvalId, decision.action, remark, requestId);
  await (kind.around ? kind.around(act, record) : act(db));
  return kind.view(db, auth, record);
}
