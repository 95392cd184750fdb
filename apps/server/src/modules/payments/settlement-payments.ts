// Full and final settlements paid as a month's salary is: the same bank layouts and file writer, the same checks of
// bank details (refused whole with the employees to fix), the same payment status (status.ts: marked paid with the
// value date and UTR or cheque, or read from the bank's response file). Only an approved settlement with a net to
// pay is paid; one the employee owes is never in a file.
import type { TBankLayout, TSettlementMarkPaid } from '@hr/contract';
import { toDecimalString } from '@hr/payroll';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, selfScope, unitScope } from '../access/context';
import { bankProblems, bankRows, type PaymentRow, paymentOf } from './data';
import { BankDetailsMissing, type BankFile, writeBankFile } from './files';
import { importResponse, markPaid } from './status';

/** A settlement's payment row (no run: a settlement is paid outside the month's runs). */
export interface SettlementPaymentRow extends PaymentRow {
  settlementId: number;
  settlementStatus: string;
  lastDay: string;
}

/** The settlements matching `where` (SQL on `x` exit_settlements, `e` employees, `p` the payment) as payments, by unit then code. */
async function settlementRows(db: Db | Tx, where: SQL): Promise<SettlementPaymentRow[]> {
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
        left join salary_payments p on p.settlement_id = x.id
        where x.is_active and ${where}
        order by u.name, e.employee_code`,
  );
  return rows.map((r) => ({ ...paymentOf(r), runId: null }));
}

/** One settlement as a payment (its id checked by the caller: loadSettlement). */
export function settlementPaymentRows(db: Db | Tx, settlementId: number): Promise<SettlementPaymentRow[]> {
  return settlementRows(db, sql`x.id = ${settlementId}`);
}

/** The approved settlements within the caller's reach (a unit's with `unitId`; 404 out of reach) paid by bank, not yet paid. */
export async function pendingBankSettlements(db: Db, auth: AuthContext, unitId?: number): Promise<SettlementPaymentRow[]> {
  if (unitId && !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const where = and(
    sql`x.status = 'approved' and x.net > 0 and e.pay_mode_id = 2 and coalesce(p.status, 'pending') = 'pending'`,
    unitScope(auth, sql`x.unit_id`),
    selfScope(auth, sql`x.employee_id`),
    unitId ? sql`x.unit_id = ${unitId}` : undefined,
  ) as SQL;
  return settlementRows(db, where);
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

/**
 * The bank file of settlements (one, or a unit's pending approved ones): refused whole with the employees whose bank
 * details need correcting; only those paid by bank, not yet paid, with a net to pay.
 */
export async function makeSettlementBankFile(
  db: Db,
  rows: readonly SettlementPaymentRow[],
  layout: TBankLayout,
  opts: { valueDate?: string; narration?: string; stem: string },
): Promise<BankFile> {
  assertPayable(rows);
  const problems = bankProblems(rows);
  if (problems.length) throw new BankDetailsMissing(problems);
  const paying = bankRows(rows, true);
  if (!paying.length) throw new Conflict('Nothing to pay by bank: the settlement is paid, or paid by cash or cheque');
  const today = orgToday();
  return writeBankFile(db, paying, layout, {
    unitIds: [...new Set(paying.map((r) => r.unitId))],
    valueDate: opts.valueDate ?? today,
    narration: opts.narration ?? 'Full and final settlement',
    stem: `Bank_File_FnF_${opts.stem.replace(/[^A-Za-z0-9_-]/g, '_')}_${today}`,
  });
}

/** Marks an approved settlement paid; 409 when it is not approved, already paid, or the employee owes. */
export async function markSettlementPaid(db: Db, auth: AuthContext, settlementId: number, body: TSettlementMarkPaid, requestId: string) {
  const subject = {
    entity: 'exit_settlement_payments',
    entityId: settlementId,
    async choose(tx: Tx) {
      const [row] = await settlementPaymentRows(tx, settlementId);
      assertPayable([row]);
      if (row.status === 'paid') throw new Conflict(`Already paid on ${row.valueDate}`);
      if (body.valueDate < row.lastDay)
        throw new BadRequest('The value date is before the last working day', { valueDate: ['Before the last working day'] });
      return [row];
    },
    audit: ([row]: readonly SettlementPaymentRow[]) => ({
      valueDate: body.valueDate,
      reference: body.reference,
      chequeNo: body.chequeNo,
      amount: row.amount,
    }),
  };
  await markPaid(db, auth, subject, body, requestId);
}

/** The bank's response file for settlements: its lines matched to the approved settlements in reach, all or nothing. */
export async function importSettlementResponse(db: Db, auth: AuthContext, content: string, requestId: string) {
  const where = and(sql`true`, unitScope(auth, sql`x.unit_id`), selfScope(auth, sql`x.employee_id`)) as SQL;
  return importResponse(
    db,
    auth,
    {
      entity: 'exit_settlement_payments',
      rows: (tx) => settlementRows(tx, sql`x.status = 'approved' and x.net > 0 and ${where}`),
      entityId: (changes) => changes.map((c) => c.row.settlementId).join(','),
    },
    content,
    requestId,
  );
}
