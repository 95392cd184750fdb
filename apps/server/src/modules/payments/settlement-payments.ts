// Full and final settlements paid as a month's salary is: the same bank layouts and file writer, the same checks of
// bank details (refused whole with the employees to fix), the same payment status (marked paid with the value date
// and UTR or cheque, or read from the bank's response file: paid lines marked paid, returned ones pending with the
// bank's reason). Only an approved settlement with a net to pay is paid; one the employee owes is never in a file.
import type { TBankLayout, TSettlementMarkPaid } from '@hr/contract';
import { toDecimalString } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { exitSettlementPayments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { type BankFileRow, renderBankFile } from './bank-file';
import { bankProblems, bankRows, type PaymentRow } from './data';
import { BankDetailsMissing, debitAccounts } from './files';
import { type Change, parseResponse } from './status';

/** A settlement's payment row (the run id of PaymentRow is 0: a settlement is paid outside the month's runs). */
export interface SettlementPaymentRow extends PaymentRow {
  settlementId: number;
  settlementStatus: string;
  lastDay: string;
}

const MODE_OF: Record<number, PaymentRow['mode']> = { 1: 'cash', 2: 'bank', 3: 'cheque' };

/** The settlements matching `where` (SQL on `x` exit_settlements, `e` employees) as payments, by unit then code. */
export async function settlementPaymentRows(db: Db | Tx, where: SQL): Promise<SettlementPaymentRow[]> {
  const rows = await queryRows<
    Omit<SettlementPaymentRow, 'amount' | 'mode' | 'status' | 'runId'> & { amount: string; payModeId: number; status: string | null }
  >(
    db,
    sql`select x.id as "settlementId", x.status as "settlementStatus", x.last_day::text as "lastDay", x.unit_id as "unitId",
          u.name as "unitName", x.employee_id as "employeeId", e.employee_code as "employeeCode", e.name, e.pay_mode_id as "payModeId",
          nullif(trim(e.bank_account_no), '') as "accountNumber", nullif(trim(e.ifsc), '') as ifsc, e.email, e.mobile,
          e.bank_name as "bankName", e.bank_branch as "bankBranch", x.net::text as amount, p.status, p.value_date::text as "valueDate",
          p.reference, p.cheque_no as "chequeNo", p.cheque_date::text as "chequeDate", p.failure_reason as "failureReason"
        from exit_settlements x join employees e on e.id = x.employee_id join units u on u.id = x.unit_id
        left join exit_settlement_payments p on p.settlement_id = x.id
        where x.is_active and ${where}
        order by u.name, e.employee_code`,
  );
  return rows.map(({ payModeId, amount, status, ...r }) => ({
    ...r,
    runId: 0,
    mode: MODE_OF[payModeId] ?? 'cash',
    amount: Number(amount),
    status: status === 'paid' ? 'paid' : 'pending',
  }));
}

/** 409 unless every settlement is approved (locked) with a net to pay. */
function assertPayable(rows: readonly SettlementPaymentRow[]): void {
  for (const r of rows) {
    if (r.settlementStatus !== 'approved')
      throw new Conflict(`The settlement of ${r.employeeCode} ${r.name} is ${r.settlementStatus}: it is paid once approved`);
    if (r.amount <= 0)
      throw new Conflict(
        `The settlement of ${r.employeeCode} ${r.name} is not paid: the employee owes ₹${toDecimalString(BigInt(-r.amount))}`,
      );
  }
}

export interface SettlementBankFile {
  text: string;
  fileName: string;
  mime: string;
  count: number;
  total: number;
}

/**
 * The bank file of settlements (one, or a unit's pending approved ones): refused whole with the employees whose bank
 * details need correcting; only those paid by bank, not yet paid, with a net to pay.
 */
export async function makeSettlementBankFile(
  db: Db,
  rows: readonly SettlementPaymentRow[],
  layout: TBankLayout,
  opts: { valueDate?: string; narration?: string; stem: string },
): Promise<SettlementBankFile> {
  assertPayable(rows);
  const problems = bankProblems(rows);
  if (problems.length) throw new BankDetailsMissing(problems);
  const paying = bankRows(rows, true);
  if (!paying.length) throw new Conflict('Nothing to pay by bank: the settlement is paid, or paid by cash or cheque');
  const unitIds = [...new Set(paying.map((r) => r.unitId))];
  const accounts = await debitAccounts(db, unitIds);
  const needsDebit =
    layout.columns.some((c) => c.source === 'debitAccount' || c.source === 'debitIfsc') ||
    layout.headerRows.some((h) => /\{(debitAccount|debitIfsc|clientCode)\}/.test(h));
  const missing = paying.filter((r) => !accounts.has(r.unitId));
  if (needsDebit && missing.length)
    throw new Conflict(`The layout "${layout.name}" needs the debit account: enter the salary account of ${missing[0].unitName}`);
  const account = accounts.get(paying[0].unitId);
  const fileRows: BankFileRow[] = paying.map((r) => ({
    employeeCode: r.employeeCode,
    name: r.name,
    accountNumber: r.accountNumber ?? '',
    ifsc: r.ifsc ?? '',
    amount: r.amount,
    email: r.email,
    mobile: r.mobile,
    bankName: r.bankName,
    bankBranch: r.bankBranch,
    debitAccount: accounts.get(r.unitId)?.accountNo,
    debitIfsc: accounts.get(r.unitId)?.ifsc,
  }));
  const today = orgToday();
  const text = renderBankFile(layout, fileRows, {
    debitAccount: account?.accountNo ?? '',
    debitIfsc: account?.ifsc ?? '',
    clientCode: account?.clientCode ?? '',
    valueDate: opts.valueDate ?? today,
    narration: opts.narration ?? 'Full and final settlement',
  });
  const slug = layout.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return {
    text,
    fileName: `Bank_File_FnF_${opts.stem.replace(/[^A-Za-z0-9_-]/g, '_')}_${today}_${slug}.${layout.fileExtension}`,
    mime: layout.fileExtension === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    count: fileRows.length,
    total: fileRows.reduce((s, r) => s + r.amount, 0),
  };
}

async function writeChanges(tx: Tx, changes: readonly Change[], userId: number): Promise<void> {
  const today = orgToday();
  for (const c of changes) {
    const row = c.row as SettlementPaymentRow;
    const values = {
      status: c.status,
      mode: c.chequeNo ? 'cheque' : row.mode,
      amount: row.amount,
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
      .insert(exitSettlementPayments)
      .values({ settlementId: row.settlementId, ...values })
      .onConflictDoUpdate({ target: exitSettlementPayments.settlementId, set: values });
  }
}

/** Marks an approved settlement paid; 409 when it is not approved, already paid, or the employee owes. */
export async function markSettlementPaid(db: Db, auth: AuthContext, settlementId: number, body: TSettlementMarkPaid, requestId: string) {
  await db.transaction(async (tx) => {
    const [row] = await settlementPaymentRows(tx, sql`x.id = ${settlementId}`);
    assertPayable([row]);
    if (row.status === 'paid') throw new Conflict(`Already paid on ${row.valueDate}`);
    if (body.valueDate < row.lastDay)
      throw new BadRequest('The value date is before the last working day', { valueDate: ['Before the last working day'] });
    await writeChanges(
      tx,
      [
        {
          row,
          status: 'paid',
          valueDate: body.chequeDate ?? body.valueDate,
          reference: body.reference ?? null,
          chequeNo: body.chequeNo ?? null,
          chequeDate: body.chequeDate ?? (body.chequeNo ? body.valueDate : null),
          failureReason: null,
        },
      ],
      auth.userId,
    );
    await writeAudit(tx, {
      entity: 'exit_settlement_payments',
      entityId: settlementId,
      action: 'mark-paid',
      after: { valueDate: body.valueDate, reference: body.reference, chequeNo: body.chequeNo, amount: row.amount },
      userId: auth.userId,
      requestId,
    });
  });
}

/** The bank's response file for settlements: its lines matched to the approved settlements within `where`, all or nothing. */
export async function importSettlementResponse(db: Db, auth: AuthContext, where: SQL, content: string, requestId: string) {
  return db.transaction(async (tx) => {
    const rows = await settlementPaymentRows(tx, sql`x.status = 'approved' and x.net > 0 and ${where}`);
    const changes = parseResponse(content, rows);
    await writeChanges(tx, changes, auth.userId);
    const paid = changes.filter((c) => c.status === 'paid').length;
    await writeAudit(tx, {
      entity: 'exit_settlement_payments',
      entityId: changes.map((c) => (c.row as SettlementPaymentRow).settlementId).join(','),
      action: 'bank-response',
      after: changes.map((c) => ({ code: c.row.employeeCode, status: c.status, utr: c.reference, reason: c.failureReason })),
      userId: auth.userId,
      requestId,
    });
    return { rows: changes.length, paid, failed: changes.length - paid };
  });
}
