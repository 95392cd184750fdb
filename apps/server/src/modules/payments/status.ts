// The payment status of what is paid — the slips of a final run, or approved full and final settlements: marked paid
// (value date, the bank's UTR, or a cheque's number and date), or read from the bank's response file (a paid line
// marks the payment paid with its UTR, a failed one puts it back to pending with the bank's reason). One table
// (salary_payments, a row per slip or per settlement) and one writer; what is paid (its rows, its checks, its audit
// entry) is the subject, given by the caller (run-payments.ts, settlement-payments.ts).
import type { Db, Tx } from '../../db/client';
import { salaryPayments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { orgToday } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import type { PaymentRow } from './data';
import { type Change, parseResponse } from './response-file';

/** What a payment is marked paid with (a run's and a settlement's mark-paid bodies both carry these). */
export interface PaidWith {
  valueDate: string;
  reference?: string;
  chequeNo?: string;
  chequeDate?: string;
}

/** Marking paid: the rows to mark (checked by the subject, which throws 400 / 409) and the audit entry. */
export interface MarkPaidSubject<R extends PaymentRow> {
  entity: string;
  entityId: number;
  choose(tx: Tx): Promise<R[]>;
  audit(chosen: readonly R[]): Record<string, unknown>;
}

/** Reading a response file: the rows its lines may name and the audit entry's id. */
export interface ResponseSubject {
  entity: string;
  rows(tx: Tx): Promise<PaymentRow[]>;
  entityId(changes: readonly Change[]): string | number;
}

/** The row's key in salary_payments: its run and employee, or its settlement. */
function keyOf(row: PaymentRow) {
  return row.settlementId === null
    ? { key: { runId: row.runId, employeeId: row.employeeId }, target: [salaryPayments.runId, salaryPayments.employeeId] }
    : { key: { settlementId: row.settlementId, employeeId: row.employeeId }, target: [salaryPayments.settlementId] };
}

async function writeChanges(tx: Tx, changes: readonly Change[], userId: number): Promise<void> {
  const today = orgToday();
  for (const c of changes) {
    const values = {
      status: c.status,
      mode: c.chequeNo ? 'cheque' : c.row.mode,
      amount: c.row.amount,
      valueDate: c.valueDate,
      reference: c.reference,
      chequeNo: c.chequeNo ?? null,
      chequeDate: c.chequeDate ?? null,
      failureReason: c.failureReason,
      failedOn: c.failureReason ? today : null,
      updatedAt: new Date(),
      updatedBy: userId,
    };
    const { key, target } = keyOf(c.row);
    await tx
      .insert(salaryPayments)
      .values({ ...key, ...values })
      .onConflictDoUpdate({ target, set: values });
  }
}

/** The change that marks a row paid with the body's value date and UTR, or its cheque (dated the value date unless given). */
export function paidChange(row: PaymentRow, body: PaidWith): Change {
  return {
    row,
    status: 'paid',
    valueDate: body.chequeDate ?? body.valueDate,
    reference: body.reference ?? null,
    chequeNo: body.chequeNo ?? null,
    chequeDate: body.chequeDate ?? (body.chequeNo ? body.valueDate : null),
    failureReason: null,
  };
}

/** Marks the subject's chosen rows paid in one transaction with its audit entry; the number marked. */
export async function markPaid<R extends PaymentRow>(
  db: Db,
  auth: AuthContext,
  subject: MarkPaidSubject<R>,
  body: PaidWith,
  requestId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const chosen = await subject.choose(tx);
    await writeChanges(
      tx,
      chosen.map((row) => paidChange(row, body)),
      auth.userId,
    );
    await writeAudit(tx, {
      entity: subject.entity,
      entityId: subject.entityId,
      action: 'mark-paid',
      after: subject.audit(chosen),
      userId: auth.userId,
      requestId,
    });
    return chosen.length;
  });
}

/** Reads the bank's response file against the subject's rows: every line taken, or a 400 and nothing changed. */
export async function importResponse(db: Db, auth: AuthContext, subject: ResponseSubject, content: string, requestId: string) {
  return db.transaction(async (tx) => {
    const changes = parseResponse(content, await subject.rows(tx));
    await writeChanges(tx, changes, auth.userId);
    const paid = changes.filter((c) => c.status === 'paid').length;
    await writeAudit(tx, {
      entity: subject.entity,
      entityId: subject.entityId(changes),
      action: 'bank-response',
      after: changes.map((c) => ({ code: c.row.employeeCode, status: c.status, utr: c.reference, reason: c.failureReason })),
      userId: auth.userId,
      requestId,
    });
    return { rows: changes.length, paid, failed: changes.length - paid };
  });
}
