// The payment status of a run's slips (issue 26): marked paid (some employees or the rest of the run) with the value
// date and the bank's UTR or a cheque; the bank's response file (paid with UTR, failed with a reason → back to
// pending); a bad response file changes nothing; a draft run refuses both (409); the payslip record (and so its PDF),
// the employee's own payslip and the salary register show paid on / pending, with the bank account and IFSC columns.
// Runs against PGlite and PostgreSQL.
import type { TRunPayments, TSalarySlip } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from '../payroll/months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
type Run = { id: number; unitId: number; year: number; month: number };
let run: Run;
let draft: Run;
let blr: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const M = await seededMonths(admin);
  [{ id: blr }] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
  const pick = async (m: { year: number; month: number }) =>
    (
      await queryRows<Run>(
        t.db,
        sql`select id, unit_id as "unitId", year, month from payroll_runs where unit_id = ${blr} and year = ${m.year} and month = ${m.month}`,
      )
    )[0];
  run = await pick(M.prev1);
  draft = await pick(M.cur);
});
afterAll(async () => {
  await t?.close();
});

const valueDate = () => `${run.year}-${String(run.month).padStart(2, '0')}-28`;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

async function payments(): Promise<TRunPayments> {
  const res = await payroll.get(`/api/payroll/runs/${run.id}/payments`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function register() {
  const res = await payroll.get('/api/reports/salary-register/run', { unitId: blr, year: run.year, month: run.month, pageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { columns: { key: string; label: string }[]; rows: Record<string, unknown>[] };
}

describe('payment status', () => {
  it('starts pending for everyone; the register carries the bank account, IFSC and "Pending"', async () => {
    const p = await payments();
    expect(p.rows.length).toBeGreaterThan(2);
    expect(p.rows.every((r) => r.status === 'pending')).toBe(true);
    expect(p.totals.amount).toBe(p.totals.pending);
    const reg = await register();
    expect(reg.columns.map((c) => c.label)).toEqual(expect.arrayContaining(['Bank A/c No.', 'IFSC', 'Paid On']));
    const [e] = await queryRows<{ code: string; account: string; ifsc: string }>(
      t.db,
      sql`select employee_code as code, bank_account_no as account, ifsc from employees where employee_code = 'BLR0002'`,
    );
    const row = reg.rows.find((r) => r.employeeCode === 'BLR0002');
    expect(row).toMatchObject({ bankAccountNo: e.account, ifsc: e.ifsc, paymentStatus: 'Pending' });
  });

  it('refuses a draft run (409) and bad input (400) without changing anything', async () => {
    const d = await payroll.post(`/api/payroll/runs/${draft.id}/payments/mark-paid`, { valueDate: valueDate() });
    expect(d.statusCode, d.body).toBe(409);
    const r = await payroll.post(`/api/payroll/runs/${draft.id}/payments/bank-response`, {
      content: 'Employee Code,Amount,Status\nBLR0001,1.00,paid',
    });
    expect(r.statusCode).toBe(409);
    expect((await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, { valueDate: '2026-02-30' })).statusCode).toBe(400);
    expect((await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, { valueDate: '2001-01-01' })).statusCode).toBe(400);
    expect(
      (await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, { valueDate: valueDate(), employeeIds: [99999] })).statusCode,
    ).toBe(400);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from salary_payments`);
    expect(n).toBe(0);
  });

  it('marks one employee paid with the UTR; the payslip record, the employee’s own payslip and the register show the date', async () => {
    const priya = (await payments()).rows.find((r) => r.employeeCode === 'BLR0002');
    expect(priya).toBeTruthy();
    const res = await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, {
      employeeIds: [priya?.employeeId],
      valueDate: valueDate(),
      reference: 'HDFCN52026102800001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as TRunPayments).rows.find((r) => r.employeeCode === 'BLR0002');
    expect(row).toMatchObject({ status: 'paid', valueDate: valueDate(), reference: 'HDFCN52026102800001' });
    // Twice is a conflict.
    const again = await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, {
      employeeIds: [priya?.employeeId],
      valueDate: valueDate(),
    });
    expect(again.statusCode).toBe(409);

    const slips = (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as TSalarySlip[];
    expect(slips.find((s) => s.employeeCode === 'BLR0002')?.paymentStatus).toBe(`Paid on ${dmy(valueDate())}`);
    expect(slips.find((s) => s.employeeCode !== 'BLR0002')?.paymentStatus ?? null).toBeNull();
    const mine = await employee1.get('/api/payroll/payslips/me', { year: run.year, month: run.month });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().paymentStatus).toBe(`Paid on ${dmy(valueDate())}`);
    const reg = await register();
    expect(reg.rows.find((r) => r.employeeCode === 'BLR0002')?.paymentStatus).toBe(dmy(valueDate()));
  });

  it('reads the bank’s response file: paid lines with their UTR, a returned one back to pending with the reason', async () => {
    const before = await payments();
    const [a, b] = before.rows.filter((r) => r.status === 'pending');
    // A line the file cannot take (an amount that is not the slip's) refuses the whole file; nothing changes.
    const bad = [
      'Employee Code,Account Number,Amount,Status,UTR,Reason',
      `${a.employeeCode},${a.accountNumber},${a.amount.toFixed(2)},Success,UTR0001,`,
      `${b.employeeCode},${b.accountNumber},${(b.amount + 1).toFixed(2)},Success,UTR0002,`,
      'NOBODY1,,10.00,Success,UTR0003,',
    ].join('\r\n');
    const refused = await payroll.post(`/api/payroll/runs/${run.id}/payments/bank-response`, { content: bad });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['line 3', 'line 4']);
    expect((await payments()).rows.filter((r) => r.status === 'paid')).toHaveLength(1);
    expect((await payroll.post(`/api/payroll/runs/${run.id}/payments/bank-response`, { content: 'Name,Value\nx,y' })).statusCode).toBe(400);

    // Matched by account number alone for one line; Priya's earlier transfer is returned by the bank.
    const good = [
      'Account Number,Employee Code,Amount,Status,UTR,Reason,Value Date',
      `${a.accountNumber},,${a.amount.toFixed(2)},Executed,HDFCN52026102800002,,${dmy(valueDate())}`,
      `,${b.employeeCode},"${b.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}",success,HDFCN52026102800003,,`,
      `,BLR0002,${before.rows.find((r) => r.employeeCode === 'BLR0002')?.amount.toFixed(2)},Returned,,"Account closed, beneficiary to update",`,
    ].join('\n');
    const res = await payroll.post(`/api/payroll/runs/${run.id}/payments/bank-response`, { content: good, fileName: 'response.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, paid: 2, failed: 1 });
    const after = await payments();
    expect(after.rows.find((r) => r.employeeCode === a.employeeCode)).toMatchObject({
      status: 'paid',
      reference: 'HDFCN52026102800002',
      valueDate: valueDate(),
    });
    expect(after.rows.find((r) => r.employeeCode === b.employeeCode)).toMatchObject({ status: 'paid', reference: 'HDFCN52026102800003' });
    const priya = after.rows.find((r) => r.employeeCode === 'BLR0002');
    expect(priya).toMatchObject({ status: 'pending', failureReason: 'Account closed, beneficiary to update', reference: null });
    const mine = (await employee1.get('/api/payroll/payslips/me', { year: run.year, month: run.month })).json();
    expect(mine.paymentStatus).toBe('Pending (returned: Account closed, beneficiary to update)');

    // The returned transfer is sent again: a file of the pending ones, then the rest of the run is marked paid.
    const again = await payroll.get(`/api/payroll/runs/${run.id}/bank-file`, { format: 'csv', pendingOnly: 'true' });
    expect(again.statusCode).toBe(200);
    const codes = again.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(codes).toContain('BLR0002');
    expect(codes).not.toContain(a.employeeCode);
    const rest = await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, { valueDate: valueDate(), reference: 'BATCH-2' });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json() as TRunPayments;
    expect(done.rows.every((r) => r.status === 'paid')).toBe(true);
    expect(done.totals.paid).toBe(done.totals.amount);
    expect((await payroll.post(`/api/payroll/runs/${run.id}/payments/mark-paid`, { valueDate: valueDate() })).statusCode).toBe(409);
    const [audit] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where entity = 'salary_payments'`);
    expect(audit.n).toBe(3);
  });

  it('issues a cheque to one employee paid by cheque: the number and date appear on the cash / cheque list', async () => {
    const [slip] = await queryRows<{ runId: number; employeeId: number; code: string }>(
      t.db,
      sql`select s.run_id as "runId", s.employee_id as "employeeId", s.employee_code as code from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.unit_id = ${blr} and r.status = 'locked' and r.id <> ${run.id} order by s.employee_code limit 1`,
    );
    // The lists read the pay mode the slip was processed with (issue 26): the slip is the one paid by cheque.
    const theSlip = sql`run_id = ${slip.runId} and employee_id = ${slip.employeeId}`;
    const [before] = await queryRows<{ mode: number | null }>(t.db, sql`select pay_mode_id as mode from salary_slips where ${theSlip}`);
    await t.db.execute(sql`update salary_slips set pay_mode_id = 3 where ${theSlip}`);
    try {
      const list = (await payroll.get(`/api/payroll/runs/${slip.runId}/cash-cheque`)).json();
      expect(list).toEqual([expect.objectContaining({ employeeCode: slip.code, mode: 'cheque', status: 'pending', chequeNo: null })]);
      const bad = await payroll.post(`/api/payroll/runs/${slip.runId}/payments/mark-paid`, { valueDate: valueDate(), chequeNo: '12345' });
      expect(bad.statusCode).toBe(400);
      const res = await payroll.post(`/api/payroll/runs/${slip.runId}/payments/mark-paid`, {
        employeeIds: [slip.employeeId],
        valueDate: valueDate(),
        chequeNo: '004512',
        chequeDate: valueDate(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await payroll.get(`/api/payroll/runs/${slip.runId}/cash-cheque`)).json();
      expect(after).toEqual([
        expect.objectContaining({ employeeCode: slip.code, status: 'paid', chequeNo: '004512', chequeDate: valueDate() }),
      ]);
    } finally {
      await t.db.execute(sql`update salary_slips set pay_mode_id = ${before.mode} where ${theSlip}`);
    }
  });
});
