// The slips of final runs as payments: who is paid how (the pay mode and bank details the slip was processed with,
// salary_slips.pay_mode_id …; slips processed before those were kept read the employee's as they stand), the
// amount paid (the payslip's rounded net, hr_slip_net_paid through netPaidSql — the same figure as the run's total,
// the register and the payslip) and whether it is paid. The checks a bank file needs are made here, row by row.
import { IFSC_PATTERN, type TBankProblem, type TPaymentMode, type TSlipPayment } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { netPaidSql } from '../payroll/net-paid';

/** One payment: a slip of a run (`runId`) or a full and final settlement (`settlementId`). */
export interface PaymentRow {
  runId: number | null;
  settlementId: number | null;
  unitId: number;
  unitName: string;
  employeeId: number;
  employeeCode: string;
  name: string;
  mode: TPaymentMode;
  accountNumber: string | null;
  ifsc: string | null;
  email: string | null;
  mobile: string | null;
  bankName: string | null;
  bankBranch: string | null;
  /** The amount paid, paise. */
  amount: number;
  status: 'paid' | 'pending';
  valueDate: string | null;
  reference: string | null;
  chequeNo: string | null;
  chequeDate: string | null;
  failureReason: string | null;
}

const MODE_OF: Record<number, TPaymentMode> = { 1: 'cash', 2: 'bank', 3: 'cheque' };

/**
 * A payment particular of the slip s (pay mode, account, IFSC, bank): the slip's copy, taken when it was processed;
 * the employee e's as it stands only for slips processed before slips kept them (pay_mode_id null).
 */
export const ofSlip = (column: 'pay_mode_id' | 'bank_account_no' | 'ifsc' | 'bank_name' | 'bank_branch'): SQL =>
  sql`(case when s.pay_mode_id is null then e.${sql.raw(column)} else s.${sql.raw(column)} end)`;

/** The payments of the slips matching `where` (SQL on `r` payroll_runs, `s` salary_slips, `e` employees), by unit then code. */
export async function paymentRows(db: Db | Tx, where: SQL): Promise<PaymentRow[]> {
  const rows = await queryRows<
    Omit<PaymentRow, 'amount' | 'mode' | 'status' | 'settlementId'> & { amount: string; payModeId: number; status: string | null }
  >(
    db,
    sql`select r.id as "runId", r.unit_id as "unitId", u.name as "unitName", s.employee_id as "employeeId",
          s.employee_code as "employeeCode", s.name, ${ofSlip('pay_mode_id')} as "payModeId",
          nullif(trim(${ofSlip('bank_account_no')}), '') as "accountNumber", nullif(trim(${ofSlip('ifsc')}), '') as ifsc, e.email, e.mobile,
          ${ofSlip('bank_name')} as "bankName", ${ofSlip('bank_branch')} as "bankBranch",
          ${netPaidSql(sql`s.net`)}::text as amount, p.status, p.value_date::text as "valueDate", p.reference,
          p.cheque_no as "chequeNo", p.cheque_date::text as "chequeDate", p.failure_reason as "failureReason"
        from salary_slips s
        join payroll_runs r on r.id = s.run_id
        join units u on u.id = r.unit_id
        join employees e on e.id = s.employee_id
        left join salary_payments p on p.run_id = s.run_id and p.employee_id = s.employee_id
        where ${where}
        order by u.name, s.employee_code`,
  );
  return rows.map((r) => ({ ...paymentOf(r), settlementId: null }));
}

/** A row as read (pay mode id, amount as text, the payment's status or null) as a payment. */
export function paymentOf<R extends { payModeId: number; amount: string; status: string | null }>({ payModeId, amount, status, ...r }: R) {
  return {
    ...r,
    mode: MODE_OF[payModeId] ?? 'cash',
    amount: Number(amount),
    status: (status === 'paid' ? 'paid' : 'pending') as PaymentRow['status'],
  };
}

/** What stops a bank transfer to this employee (null: nothing). */
export function bankProblem(r: PaymentRow): string | null {
  if (r.mode !== 'bank') return null;
  const problems: string[] = [];
  if (!r.accountNumber) problems.push('no bank account number');
  else if (!/^[0-9A-Za-z]{6,34}$/.test(r.accountNumber))
    problems.push(`account number "${r.accountNumber}" is not 6 to 34 letters or digits`);
  if (!r.ifsc) problems.push('no IFSC');
  else if (!IFSC_PATTERN.test(r.ifsc)) problems.push(`IFSC "${r.ifsc}" is not four letters, a zero and six letters or digits`);
  if (r.amount < 0) problems.push('the net pay is negative');
  return problems.length ? problems.join('; ') : null;
}

/** The rows a bank file carries: employees paid by bank with something to pay. */
export function bankRows(rows: readonly PaymentRow[], pendingOnly = false): PaymentRow[] {
  return rows.filter((r) => r.mode === 'bank' && r.amount > 0 && (!pendingOnly || r.status === 'pending'));
}

/** The employees to fix before a bank file is made: bank details missing or malformed. */
export function bankProblems(rows: readonly PaymentRow[]): TBankProblem[] {
  return rows.flatMap((r) => {
    const problem = bankProblem(r);
    return problem ? [{ employeeId: r.employeeId, employeeCode: r.employeeCode, name: r.name, unitName: r.unitName, problem }] : [];
  });
}

export function paymentView(r: PaymentRow): TSlipPayment {
  return {
    employeeId: r.employeeId,
    employeeCode: r.employeeCode,
    name: r.name,
    unitName: r.unitName,
    mode: r.mode,
    accountNumber: r.accountNumber,
    ifsc: r.ifsc,
    amount: toRupees(r.amount),
    status: r.status,
    valueDate: r.valueDate,
    reference: r.reference,
    chequeNo: r.chequeNo,
    chequeDate: r.chequeDate,
    failureReason: r.failureReason,
    problem: bankProblem(r),
  };
}
