// The payment status of a final run's slips: marked paid (value date, the bank's UTR, or a cheque's number and date),
// or read from the bank's response file — a paid line marks the slip paid with its UTR, a failed (returned) one puts
// it back to pending with the bank's reason. A response file is taken whole or not at all (400 naming each bad line).
import type { TMarkPaid } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { salaryPayments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import type { RunRow } from '../payroll/runs';
import { type PaymentRow, paymentRows } from './data';
import { assertFinal } from './files';

export interface Change {
  row: PaymentRow;
  status: 'paid' | 'pending';
  valueDate: string | null;
  reference: string | null;
  chequeNo?: string | null;
  chequeDate?: string | null;
  failureReason: string | null;
}

async function writeChanges(tx: Tx, runId: number, changes: readonly Change[], userId: number): Promise<void> {
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
    await tx
      .insert(salaryPayments)
      .values({ runId, employeeId: c.row.employeeId, ...values })
      .onConflictDoUpdate({ target: [salaryPayments.runId, salaryPayments.employeeId], set: values });
  }
}

async function runRows(db: Db | Tx, run: RunRow): Promise<PaymentRow[]> {
  return paymentRows(db, sql`r.id = ${run.id}`);
}

/** Marks the run's pending slips (or the chosen employees') paid; 409 for a run that is not final or a slip already paid. */
export async function markPaid(db: Db, auth: AuthContext, run: RunRow, body: TMarkPaid, requestId: string): Promise<number> {
  assertFinal([run], 'payment');
  if (body.valueDate < `${run.year}-${String(run.month).padStart(2, '0')}-01`)
    throw new BadRequest('The value date is before the wage month', { valueDate: ['The value date is before the wage month'] });
  return db.transaction(async (tx) => {
    const rows = await runRows(tx, run);
    let chosen: PaymentRow[];
    if (body.employeeIds) {
      const byId = new Map(rows.map((r) => [r.employeeId, r]));
      const unknown = body.employeeIds.filter((id) => !byId.has(id));
      if (unknown.length)
        throw new BadRequest('Some employees are not in this run', { employeeIds: [`Not in this run: ${unknown.join(', ')}`] });
      chosen = body.employeeIds.map((id) => byId.get(id) as PaymentRow);
      const paid = chosen.filter((r) => r.status === 'paid');
      if (paid.length) throw new Conflict(`Already paid: ${paid.map((r) => `${r.employeeCode} ${r.name}`).join(', ')}`);
    } else {
      chosen = rows.filter((r) => r.status === 'pending' && r.amount > 0);
    }
    if (!chosen.length) throw new Conflict('Every employee of this run is already marked paid');
    await writeChanges(
      tx,
      run.id,
      chosen.map((row) => ({
        row,
        status: 'paid',
        valueDate: body.chequeDate ?? body.valueDate,
        reference: body.reference ?? null,
        chequeNo: body.chequeNo ?? null,
        chequeDate: body.chequeDate ?? (body.chequeNo ? body.valueDate : null),
        failureReason: null,
      })),
      auth.userId,
    );
    await writeAudit(tx, {
      entity: 'salary_payments',
      entityId: run.id,
      action: 'mark-paid',
      after: {
        employees: chosen.map((r) => r.employeeCode),
        valueDate: body.valueDate,
        reference: body.reference,
        chequeNo: body.chequeNo,
      },
      userId: auth.userId,
      requestId,
    });
    return chosen.length;
  });
}

/** A simple CSV line split: commas (or the delimiter), double quotes around a field, "" inside quotes. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Headings a bank's response file uses for each field (lower case, letters and digits only). */
const HEADINGS: Record<string, string[]> = {
  code: ['employeecode', 'empcode', 'code', 'customerreferenceno', 'customerreference', 'beneficiarycode', 'reference'],
  account: ['accountnumber', 'accountno', 'beneaccountno', 'beneficiaryaccountnumber', 'beneficiaryacno', 'account'],
  amount: ['amount', 'amt', 'transactionamount', 'instrumentamount'],
  status: ['status', 'transactionstatus', 'paymentstatus'],
  utr: ['utr', 'utrno', 'utrnumber', 'bankrefno', 'bankreference', 'bankreferenceno'],
  reason: ['reason', 'rejectreason', 'returnreason', 'remarks', 'failurereason'],
  valueDate: ['valuedate', 'date', 'transactiondate'],
};
const PAID = new Set(['paid', 'success', 'successful', 'executed', 'e', 'processed', 'credited', 'settled']);
const FAILED = new Set(['failed', 'failure', 'rejected', 'r', 'returned', 'return', 'f']);

function columnsOf(header: string[]): Record<string, number> {
  const norm = header.map((h) => h.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const out: Record<string, number> = {};
  for (const [field, names] of Object.entries(HEADINGS)) {
    const i = norm.findIndex((h) => names.includes(h));
    if (i >= 0) out[field] = i;
  }
  return out;
}

function isoDate(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return text;
  m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** One line of the response file as a change of the slip's payment, or what is wrong with it. */
function responseChange(row: PaymentRow, cell: (field: string) => string): Change | string {
  let amount: number;
  try {
    amount = Number(toPaise(cell('amount').replace(/,/g, '')));
  } catch {
    return `"${cell('amount')}" is not an amount`;
  }
  if (amount !== row.amount) return `${row.employeeCode}: the amount ${cell('amount')} is not the amount paid of the slip`;
  const status = cell('status').toLowerCase();
  const valueDate = cell('valueDate') ? isoDate(cell('valueDate')) : orgToday();
  if (!valueDate) return `"${cell('valueDate')}" is not a date`;
  if (PAID.has(status)) {
    if (!cell('utr')) return `${row.employeeCode}: a paid line needs the bank's reference (UTR)`;
    return { row, status: 'paid', valueDate, reference: cell('utr').slice(0, 40), failureReason: null };
  }
  if (FAILED.has(status))
    return {
      row,
      status: 'pending',
      valueDate: null,
      reference: null,
      failureReason: (cell('reason') || 'Returned by the bank').slice(0, 300),
    };
  return `"${cell('status')}" is not a status the file can give (paid / success / executed, failed / rejected / returned)`;
}

/** Reads the bank's response file into changes, or a 400 naming every line that cannot be taken. */
export function parseResponse(content: string, rows: readonly PaymentRow[]): Change[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  const col = columnsOf(header);
  if ((col.code === undefined && col.account === undefined) || col.amount === undefined || col.status === undefined)
    throw new BadRequest('The response file needs a heading row with the employee code (or account number), amount and status', {
      content: ['Headings expected: Employee Code or Account Number, Amount, Status, UTR, Reason'],
    });
  const byCode = new Map(rows.map((r) => [r.employeeCode.toUpperCase(), r]));
  const byAccount = new Map(rows.filter((r) => r.accountNumber).map((r) => [r.accountNumber as string, r]));
  const errors: Record<string, string[]> = {};
  const changes: Change[] = [];
  lines.slice(1).forEach((text, i) => {
    if (!text.trim()) return;
    const cells = splitCsvLine(text);
    const cell = (f: string) => (col[f] === undefined ? '' : (cells[col[f]] ?? ''));
    const row = (cell('code') && byCode.get(cell('code').toUpperCase())) || byAccount.get(cell('account'));
    const got = row ? responseChange(row, cell) : `No employee of this run has the code or account "${cell('code') || cell('account')}"`;
    if (typeof got === 'string') errors[`line ${i + 2}`] = [got];
    else changes.push(got);
  });
  if (Object.keys(errors).length) throw new BadRequest('The response file has lines that cannot be read; nothing was changed', errors);
  if (!changes.length) throw new BadRequest('The response file has no payment lines', { content: ['No payment lines'] });
  return changes;
}

export async function importResponse(db: Db, auth: AuthContext, run: RunRow, content: string, requestId: string) {
  assertFinal([run], 'payment');
  return db.transaction(async (tx) => {
    const changes = parseResponse(content, await runRows(tx, run));
    await writeChanges(tx, run.id, changes, auth.userId);
    const paid = changes.filter((c) => c.status === 'paid').length;
    await writeAudit(tx, {
      entity: 'salary_payments',
      entityId: run.id,
      action: 'bank-response',
      after: changes.map((c) => ({ code: c.row.employeeCode, status: c.status, utr: c.reference, reason: c.failureReason })),
      userId: auth.userId,
      requestId,
    });
    return { rows: changes.length, paid, failed: changes.length - paid };
  });
}
