// The bank file pays the account the slip was processed with (issue 26): processing copies each employee's pay mode,
// account, IFSC and bank onto the slip; an employee whose account changes after the run is approved is still paid,
// in the bank file, the payment list, the advice letter and the salary register, to the slip's account; a change of
// pay mode after approval does not move the employee out of the file either. Slips processed before slips kept the
// details (pay_mode_id null) read the employee's. Runs against PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from '../payroll/months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let run: { id: number; year: number; month: number; unitId: number };
let slip: { employeeId: number; code: string; account: string; ifsc: string; bankName: string | null };

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  const M = await seededMonths(payroll);
  [run] = await queryRows<typeof run>(
    t.db,
    sql`select r.id, r.year, r.month, r.unit_id as "unitId" from payroll_runs r join units u on u.id = r.unit_id
        where u.code = 'HO-BLR' and r.year = ${M.prev1.year} and r.month = ${M.prev1.month}`,
  );
  [slip] = await queryRows<typeof slip>(
    t.db,
    sql`select s.employee_id as "employeeId", s.employee_code as code, s.bank_account_no as account, s.ifsc, s.bank_name as "bankName"
        from salary_slips s where s.run_id = ${run.id} and s.pay_mode_id = 2 and s.net > 0 order by s.employee_code limit 1`,
  );
});
afterAll(() => t?.close());

const csvRow = (body: string, code: string) => {
  const lines = body.trim().split(/\r?\n/);
  const header = lines[0].split(',');
  const line = lines.slice(1).find((l) => l.split(',')[header.indexOf('Employee Code')] === code);
  return line ? Object.fromEntries(line.split(',').map((v, i) => [header[i], v])) : undefined;
};

describe('the slip keeps how it is paid', () => {
  it('processing copied the employee’s pay mode, account, IFSC and bank onto every slip of the run', async () => {
    const differ = await queryRows<{ n: number; total: number }>(
      t.db,
      sql`select count(*) filter (where s.pay_mode_id is distinct from e.pay_mode_id or s.bank_account_no is distinct from nullif(trim(e.bank_account_no), '')
            or s.ifsc is distinct from nullif(upper(trim(e.ifsc)), '') or s.bank_name is distinct from e.bank_name)::int as n, count(*)::int as total
          from salary_slips s join employees e on e.id = s.employee_id where s.run_id = ${run.id}`,
    );
    expect(differ[0].total).toBeGreaterThan(1);
    expect(differ[0].n).toBe(0);
    expect(slip.account).toMatch(/^\d+$/);
  });

  it('an account changed after approval: the file, the payment list, the advice and the register keep the slip’s account', async () => {
    // The employee's record changes after the month was approved and locked: a new account at another bank, paid by cheque.
    await t.db.execute(
      sql`update employees set bank_account_no = '999988887777', ifsc = 'SBIN0001234', bank_name = 'State Bank', pay_mode_id = 3
          where id = ${slip.employeeId}`,
    );
    const file = await payroll.get(`/api/payroll/runs/${run.id}/bank-file`, { format: 'csv' });
    expect(file.statusCode, file.body).toBe(200);
    const row = csvRow(file.body, slip.code);
    expect(row?.['Account Number']).toBe(slip.account);
    expect(row?.IFSC).toBe(slip.ifsc);
    expect(file.body).not.toContain('999988887777');

    const payments = await payroll.get(`/api/payroll/runs/${run.id}/payments`);
    expect(payments.statusCode, payments.body).toBe(200);
    const listed = (payments.json().rows as { employeeCode: string; accountNumber: string; mode: string }[]).find(
      (r) => r.employeeCode === slip.code,
    );
    expect(listed).toMatchObject({ accountNumber: slip.account, mode: 'bank' });
    // Not among the cash / cheque payees: the slip was approved to be paid by bank.
    const others = (await payroll.get(`/api/payroll/runs/${run.id}/cash-cheque`)).json() as { employeeCode: string }[];
    expect(others.map((r) => r.employeeCode)).not.toContain(slip.code);

    const advice = await payroll.get(`/api/payroll/runs/${run.id}/bank-advice`, { valueDate: '2026-11-01' });
    expect(advice.statusCode).toBe(200);

    const register = await payroll.get('/api/reports/salary-register/run', {
      unitId: run.unitId,
      year: run.year,
      month: run.month,
      pageSize: 500,
    });
    expect(register.statusCode, register.body).toBe(200);
    const line = (register.json().rows as { employeeCode: string; bankAccountNo: string; ifsc: string }[]).find(
      (r) => r.employeeCode === slip.code,
    );
    expect(line).toMatchObject({ bankAccountNo: slip.account, ifsc: slip.ifsc });
  });

  it('a slip processed before slips kept the details reads the employee’s', async () => {
    await t.db.execute(sql`update salary_slips set pay_mode_id = null where run_id = ${run.id} and employee_id = ${slip.employeeId}`);
    await t.db.execute(sql`update employees set pay_mode_id = 2 where id = ${slip.employeeId}`);
    const file = await payroll.get(`/api/payroll/runs/${run.id}/bank-file`, { format: 'csv' });
    expect(file.statusCode, file.body).toBe(200);
    expect(csvRow(file.body, slip.code)?.['Account Number']).toBe('999988887777');
  });
});
