// Issue 26: the payslip stays as specified by default; the organisation may choose the wage slip of the Code on Wages
// (Central) Rules instead, which downloaded and e-mailed slips follow. And the payslip on screen: an employee's own,
// or (payroll staff) an employee of their units; anyone else gets 404.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU } from '@hr/contract';
import { renderSalarySlipPdf } from '@hr/documents/node';
import { hasPoppler } from '@hr/documents/testing/poppler';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { payslipAttachment } from '../../src/modules/payroll/email';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'hr-wage-slip-'));
let t: TestApp;
let admin: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let own: { employeeId: number; unitId: number };
let other: { employeeId: number; unitId: number };
let otherUnitEmployee: { employeeId: number; unitId: number } | undefined;
let month: { year: number; month: number };

const pdfText = (name: string, pdf: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
};

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  [month] = (await employee1.get('/api/payroll/payslips/me/months')).json();
  const slips = await queryRows<{ employeeId: number; unitId: number; userName: string | null }>(
    t.db,
    sql`select s.employee_id as "employeeId", r.unit_id as "unitId", u.user_name as "userName"
        from salary_slips s join payroll_runs r on r.id = s.run_id left join users u on u.employee_id = s.employee_id
        where r.year = ${month.year} and r.month = ${month.month} and r.status in ('approved', 'locked') order by s.employee_id`,
  );
  own = slips.find((s) => s.userName === 'employee1')!;
  other = slips.find((s) => s.employeeId !== own.employeeId && s.unitId === own.unitId)!;
  otherUnitEmployee = slips.find((s) => s.unitId !== own.unitId);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('payslip on screen: who may read whose slip', () => {
  it("the employee reads their own slip by id, the same record as /me; another employee's answers 404", async () => {
    const q = { year: month.year, month: month.month };
    const mine = await employee1.get(`/api/payroll/payslips/employee/${own.employeeId}`, q);
    expect(mine.statusCode).toBe(200);
    // The /me record, plus the days the screen shows (the PDF's layout stays the organisation's: standard here).
    const { wageSlip, ...rest } = mine.json();
    expect(rest).toEqual((await employee1.get('/api/payroll/payslips/me', q)).json());
    expect(rest.payslipLayout ?? 'standard').toBe('standard');
    expect(wageSlip).toMatchObject({ paidDays: expect.any(Number), lopDays: expect.any(Number), daysInPeriod: expect.any(Number) });
    expect(mine.json()).toMatchObject({ netPay: expect.any(Number), roundOff: expect.any(Number) });
    expect((await employee1.get(`/api/payroll/payslips/employee/${other.employeeId}`, q)).statusCode).toBe(404);
    expect((await employee1.get('/api/payroll/payslips/employee/999999', q)).statusCode).toBe(404);
    expect((await employee1.get(`/api/payroll/payslips/employee/${own.employeeId}`, { year: month.year, month: 13 })).statusCode).toBe(400);
  });

  it('payroll staff read the slips of their units only; the same role without the salary process gets 404', async () => {
    const q = { year: month.year, month: month.month };
    expect((await admin.get(`/api/payroll/payslips/employee/${other.employeeId}`, q)).statusCode).toBe(200);
    const staff = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [own.unitId] });
    const seen = await staff.api.get(`/api/payroll/payslips/employee/${other.employeeId}`, q);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().employeeId).toBe(other.employeeId);
    if (otherUnitEmployee) {
      expect((await staff.api.get(`/api/payroll/payslips/employee/${otherUnitEmployee.employeeId}`, q)).statusCode).toBe(404);
    }
    const noPayroll = await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: [own.unitId] });
    expect((await noPayroll.api.get(`/api/payroll/payslips/employee/${other.employeeId}`, q)).statusCode).toBe(404);
    expect((await api(t.app).get(`/api/payroll/payslips/employee/${other.employeeId}`, q)).statusCode).toBe(401);
  });
});

describe('the organisation payslip layout', () => {
  it('is the payslip as specified by default: records carry no wage slip', async () => {
    expect((await admin.get('/api/payroll/payslip-layout')).json()).toEqual({ layout: 'standard' });
    const record = (await employee1.get('/api/payroll/payslips/me', month)).json();
    expect(record.payslipLayout ?? 'standard').toBe('standard');
    expect(record.wageSlip ?? null).toBeNull();
  });

  it('is changed only by a salary-process editor of every unit; bad input is 400', async () => {
    expect((await employee1.put('/api/payroll/payslip-layout', { layout: 'wageSlip' })).statusCode).toBe(403);
    const limited = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], actions: ['view', 'edit'], unitIds: [own.unitId] });
    expect((await limited.api.put('/api/payroll/payslip-layout', { layout: 'wageSlip' })).statusCode).toBe(403);
    expect((await limited.api.get('/api/payroll/payslip-layout')).statusCode).toBe(200);
    const bad = await admin.put('/api/payroll/payslip-layout', { layout: 'fancy' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('layout');
    expect((await admin.get('/api/payroll/payslip-layout')).json()).toEqual({ layout: 'standard' });
  });

  it('the wage slip: records carry paid and loss-of-pay days, gross, deductions, identity and leave, and the change is audited', async () => {
    const res = await admin.put('/api/payroll/payslip-layout', { layout: 'wageSlip' });
    expect(res.json()).toEqual({ layout: 'wageSlip' });
    const [audit] = await queryRows<{ after: { payslipLayout: string } }>(
      t.db,
      sql`select after from audit_log where entity = 'organisation' order by id desc limit 1`,
    );
    expect(audit.after).toEqual({ payslipLayout: 'wageSlip' });

    const record = (await employee1.get('/api/payroll/payslips/me', month)).json();
    const [stored] = await queryRows<{ gross: string; deductions: string; payable: number; lwop: number; pan: string | null; doj: string }>(
      t.db,
      sql`select s.gross::text, s.deductions::text, (s.attendance->>'payableDays')::float8 as payable,
            coalesce((s.attendance->>'lwopDays')::float8, 0) as lwop, e.pan, e.date_of_joining::text as doj
          from salary_slips s join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
          where s.employee_id = ${own.employeeId} and r.year = ${month.year} and r.month = ${month.month}`,
    );
    expect(record.payslipLayout).toBe('wageSlip');
    expect(record.wageSlip).toMatchObject({
      gross: toRupees(stored.gross),
      totalDeductions: toRupees(stored.deductions),
      paidDays: stored.payable,
      lopDays: stored.lwop,
      pan: stored.pan,
      dateOfJoining: stored.doj,
    });
    expect(record.wageSlip.daysInPeriod).toBe(new Date(Date.UTC(month.year, month.month, 0)).getUTCDate());
    expect(Array.isArray(record.wageSlip.leaveBalances)).toBe(true);
    // The batch (payroll users) follows it too.
    const batch = (await admin.get('/api/payroll/payslips', { unitIds: String(own.unitId), ...month })).json();
    expect(batch.every((r: { payslipLayout: string; wageSlip: unknown }) => r.payslipLayout === 'wageSlip' && r.wageSlip)).toBe(true);

    if (hasPoppler) {
      const downloaded = pdfText('downloaded.pdf', await renderSalarySlipPdf([record]));
      expect(downloaded).toContain('WAGE SLIP');
      expect(downloaded).toContain('Loss-of-pay days');
      expect(downloaded).toContain(`Net wages paid ${record.netPay.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
      // The e-mailed slip is built by the same switch.
      const mailed = pdfText('mailed.pdf', await payslipAttachment(record, null));
      expect(mailed).toContain('WAGE SLIP');
      expect(mailed).toContain(record.name);
    }

    const reset = await admin.put('/api/payroll/payslip-layout', { layout: 'standard' });
    expect(reset.statusCode, reset.body).toBe(200);
    const back = (await employee1.get('/api/payroll/payslips/me', month)).json();
    expect(back.payslipLayout ?? 'standard').toBe('standard');
  });
});
