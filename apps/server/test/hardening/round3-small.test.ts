/**
 * Four small faults (issue 23), each refused or fixed and checked here on the same database:
 * 1. a unit-limited caller sees only the holidays of their units (and those of every unit): list, options, detail,
 *    export; another unit's holiday answers 404 like a missing one;
 * 2. another unit's or employee's document, attendance correction or profile change request answers exactly what a
 *    missing one answers (same status, same body), not "Employee not found" / another wording;
 * 3. the income-tax proof window closes at the organisation's midnight, not UTC's (5½ hours late in India);
 * 4. the e-mailed payslip is AES-256, printable and readable by a screen reader, nothing more.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { pdfEncryption } from '@hr/documents/testing/pdf-encryption';
import { hasPoppler } from '@hr/documents/testing/poppler';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
import { payslipAttachment, payslipPassword } from '../../src/modules/payroll/email';
import { slipRecords } from '../../src/modules/payroll/slips';
import { currentFinancialYear, proofWindowClosed } from '../../src/modules/tax/proofs';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import { multipart, PDF } from '../employees/fixtures';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
/** A custom role limited to the first two units (the manager's), with the screens these checks need. */
let clerk: ReturnType<typeof api>;
let unitIds: number[] = [];
const PASSWORD = 'Round3#Caller2026';
const MISSING = 2_000_000_000;

async function tokenOf(userName: string, password = PASSWORD) {
  const res = await api(t.app).post('/api/auth/sign-in', { userName, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** The error body without the request's own id: what tells one 404 from another. */
function answer(res: LightMyRequestResponse) {
  const { requestId: _, ...body } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, body };
}

async function employeeOf(unitId: number, skip = 0): Promise<{ id: number; code: string }> {
  const rows = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select e.id, e.employee_code as code from employees e
        where e.unit_id = ${unitId} and e.status = 'active' and not exists (select 1 from users u where u.employee_id = e.id)
        order by e.id offset ${skip} limit 1`,
  );
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  const role = await createRole(t.db, { name: 'Round 3 unit clerk' });
  await grantMenus(t.db, role, {
    [MENU.holiday]: ['view'],
    [MENU.employee]: ['view', 'edit', 'approve'],
    [MENU.attendance]: ['view', 'edit', 'approve'],
    [MENU.dashboard]: ['view'],
  });
  await createUser(t.db, {
    userName: 'round3.clerk',
    password: PASSWORD,
    fullName: 'Round 3 Clerk',
    roleId: role,
    unitIds: unitIds.slice(0, 2),
  });
  clerk = api(t.app, await tokenOf('round3.clerk'));
});
afterAll(() => t?.close());

describe('holidays of units beyond a unit-limited caller', () => {
  const names = { far: 'Mysuru day (far)', near: 'Head office day (near)', shared: 'Shared day (near and far)', all: 'Everyone day' };
  const ids: Record<keyof typeof names, number> = { far: 0, near: 0, shared: 0, all: 0 };

  beforeAll(async () => {
    const [u1, , u3] = unitIds;
    const units: Record<keyof typeof names, number[]> = { far: [u3], near: [u1], shared: [u1, u3], all: [] };
    let day = 1;
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      const res = await admin.post('/api/resources/holiday', {
        holidayDate: `2027-02-0${day++}`,
        name: names[key],
        holidayType: 'national',
        unitIds: units[key],
        description: '',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().id;
    }
  });

  async function exported(who: ReturnType<typeof api>): Promise<string[]> {
    const res = await who.get('/api/resources/holiday/export.xlsx', { search: 'day', pageSize: 100 });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const nameCol = (ws.getRow(1).values as unknown[]).indexOf('Name');
    const out: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) out.push(String(row.getCell(nameCol).value));
    });
    return out;
  }

  async function sees(who: ReturnType<typeof api>) {
    const list = await who.get('/api/resources/holiday', { pageSize: 100, search: 'day' });
    expect(list.statusCode, list.body).toBe(200);
    const options = await who.get('/api/resources/holiday/options', { search: 'day', limit: 200 });
    expect(options.statusCode, options.body).toBe(200);
    // A form's current value asked by id is not a way round the reach either.
    const byId = await who.get('/api/resources/holiday/options', { ids: String(ids.far), limit: 1 });
    expect(byId.statusCode, byId.body).toBe(200);
    return {
      list: (list.json().rows as { name: string }[]).map((r) => r.name).filter((n) => Object.values(names).includes(n)),
      total: list.json().total as number,
      options: (options.json() as { label: string }[]).map((o) => o.label).filter((n) => Object.values(names).includes(n)),
      byId: (byId.json() as { id: number }[]).map((o) => o.id),
      exported: (await exported(who)).filter((n) => Object.values(names).includes(n)),
    };
  }

  it('a custom unit-limited role sees its units’ and every unit’s holidays, not another unit’s (404 like a missing one)', async () => {
    const seen = await sees(clerk);
    const mine = [names.near, names.shared, names.all].sort();
    expect(seen.list.sort()).toEqual(mine);
    expect(seen.options.sort()).toEqual(mine);
    expect(seen.exported.sort()).toEqual(mine);
    expect(seen.byId).not.toContain(ids.far);
    const far = await clerk.get(`/api/resources/holiday/${ids.far}`);
    const missing = await clerk.get(`/api/resources/holiday/${MISSING}`);
    expect(far.statusCode).toBe(404);
    expect(answer(far)).toEqual(answer(missing));
    for (const key of ['near', 'shared', 'all'] as const) {
      expect((await clerk.get(`/api/resources/holiday/${ids[key]}`)).statusCode).toBe(200);
    }
    // The seeded holidays of the clerk's units stay in sight: the count is the list's, not a page's.
    const all = await clerk.get('/api/resources/holiday', { pageSize: 100 });
    const adminAll = await admin.get('/api/resources/holiday', { pageSize: 100 });
    expect(all.json().total).toBe(adminAll.json().total - 1);
  });

  it('the administrator sees them all', async () => {
    const seen = await sees(admin);
    expect(seen.list.sort()).toEqual(Object.values(names).sort());
    expect(seen.exported.sort()).toEqual(Object.values(names).sort());
    expect(seen.byId).toContain(ids.far);
    expect((await admin.get(`/api/resources/holiday/${ids.far}`)).statusCode).toBe(200);
  });

  it('the manager without the holiday screen is refused (403); given it, sees only the holidays of their units', async () => {
    expect((await manager.get('/api/resources/holiday')).statusCode).toBe(403);
    expect((await manager.get(`/api/resources/holiday/${ids.near}`)).statusCode).toBe(403);
    expect((await manager.get('/api/resources/holiday/export.xlsx')).statusCode).toBe(403);
    expect((await manager.get('/api/resources/holiday/options')).statusCode).toBe(403);
    const [{ id: managerRole }] = await queryRows<{ id: number }>(t.db, sql`select id from roles where name = 'Manager'`);
    await grantMenus(t.db, managerRole, { [MENU.holiday]: ['view'] });
    const seen = await sees(manager);
    const mine = [names.near, names.shared, names.all].sort();
    expect(seen.list.sort()).toEqual(mine);
    expect(seen.options.sort()).toEqual(mine);
    expect(seen.exported.sort()).toEqual(mine);
    expect(answer(await manager.get(`/api/resources/holiday/${ids.far}`))).toEqual(
      answer(await manager.get(`/api/resources/holiday/${MISSING}`)),
    );
  });
});

describe('another’s record answers like a missing one', () => {
  it('an employee document: same 404 body for another unit’s, another employee’s and a missing one', async () => {
    const [docType] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from employee_doc_types where is_active and (allowed_file_types is null or allowed_file_types ilike '%pdf%') order by id limit 1`,
    );
    const upload = async (employeeId: number) => {
      const body = multipart({ name: 'proof.pdf', type: 'application/pdf', data: PDF });
      const res = await admin.post(`/api/employees/${employeeId}/documents?docTypeId=${docType.id}`, body.payload, {
        headers: body.headers,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const far = await upload((await employeeOf(unitIds[2])).id);
    const near = await upload((await employeeOf(unitIds[0])).id);
    for (const who of [clerk, manager, employee1]) {
      const missing = answer(await who.get(`/api/employee-documents/${MISSING}/download`));
      expect(missing.status).toBe(404);
      expect(answer(await who.get(`/api/employee-documents/${far}/download`))).toEqual(missing);
      expect(answer(await who.delete(`/api/employee-documents/${far}`))).toEqual(
        answer(await who.delete(`/api/employee-documents/${MISSING}`)),
      );
    }
    // Another employee's document, to a self-service caller.
    expect(answer(await employee1.get(`/api/employee-documents/${near}/download`))).toEqual(
      answer(await employee1.get(`/api/employee-documents/${MISSING}/download`)),
    );
    // Within reach it is there: the checks above are about reach, not a broken download.
    expect((await clerk.get(`/api/employee-documents/${near}/download`)).statusCode).toBe(200);
    expect((await manager.get(`/api/employee-documents/${near}/download`)).statusCode).toBe(200);
    // Nothing was removed by the refused deletes.
    const left = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from employee_documents where id in (${far}, ${near})`);
    expect(left[0].n).toBe(2);
  });

  it('an attendance correction: same 404 body for another unit’s, another employee’s and a missing one', async () => {
    const day = orgToday();
    const enter = async (employeeId: number) => {
      const res = await admin.post('/api/attendance/regularisations', {
        employeeId,
        day,
        inTime: '09:30',
        outTime: '18:00',
        reason: 'Forgot to punch in and out',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const far = await enter((await employeeOf(unitIds[2])).id);
    const near = await enter((await employeeOf(unitIds[0], 1)).id);
    const decide = (who: ReturnType<typeof api>, id: number, action: string) =>
      who.post(`/api/attendance/regularisations/${id}/decide`, { action, remark: 'Not like this' });
    for (const who of [clerk, manager, employee1]) {
      for (const action of ['approve', 'reject', 'cancel']) {
        const missing = answer(await decide(who, MISSING, action));
        expect(missing.status).toBe(404);
        expect(answer(await decide(who, far, action))).toEqual(missing);
      }
    }
    expect(answer(await decide(employee1, near, 'approve'))).toEqual(answer(await decide(employee1, MISSING, 'approve')));
    const states = await queryRows<{ status: string }>(t.db, sql`select status from regularisations where id in (${far}, ${near})`);
    expect(states.map((s) => s.status)).toEqual(['pending', 'pending']);
  });

  it('a profile change request: same 404 body for another unit’s and a missing one', async () => {
    const far = await employeeOf(unitIds[2], 1);
    const account = await admin.post(`/api/employees/${far.id}/user-account`, { userName: 'round3.far', password: PASSWORD });
    expect(account.statusCode, account.body).toBe(201);
    const farApi = api(t.app, await tokenOf('round3.far'));
    const req = await farApi.post('/api/me/employee/change-requests', { changes: { ifsc: 'SBIN0001234' }, reason: 'New bank branch' });
    expect(req.statusCode, req.body).toBe(201);
    const id = req.json().id as number;
    const decide = (rid: number) => clerk.post(`/api/employee-change-requests/${rid}/decide`, { approve: true });
    const missing = answer(await decide(MISSING));
    expect(missing.status).toBe(404);
    expect(answer(await decide(id))).toEqual(missing);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from employee_change_requests where id = ${id}`);
    expect(row.status).toBe('pending');
  });
});

describe('the income-tax proof window', () => {
  it('closes at the organisation’s midnight after the cut-off day, not UTC’s', () => {
    const cutoff = '2027-01-31';
    // 23:59:59 on the cut-off day in India: still open.
    expect(proofWindowClosed(cutoff, new Date('2027-01-31T18:29:59Z'))).toBe(false);
    // 00:00 and 05:29 on the next day in India (still the cut-off day in UTC): closed.
    expect(proofWindowClosed(cutoff, new Date('2027-01-31T18:30:00Z'))).toBe(true);
    expect(proofWindowClosed(cutoff, new Date('2027-01-31T23:59:59Z'))).toBe(true);
    expect(proofWindowClosed(null, new Date('2027-01-31T23:59:59Z'))).toBe(false);
  });

  it('takes the new financial year from 1 April in India, not UTC', () => {
    expect(currentFinancialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(currentFinancialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
  });

  it('refuses an employee’s declaration after a cut-off of yesterday and takes it up to a cut-off of today', async () => {
    const fy = currentFinancialYear();
    const body = { financialYear: fy, regime: 'old', lines: [], rentPerMonth: 0, metro: false };
    // Written directly: a cut-off of yesterday may fall in the year before (on 1 April), which the screen refuses.
    const setCutoff = (proofCutoff: string) =>
      t.db.execute(sql`insert into tax_proof_windows (financial_year, proof_cutoff) values (${fy}, ${proofCutoff}::date)
        on conflict (financial_year) do update set proof_cutoff = excluded.proof_cutoff, is_active = true`);
    await setCutoff(addDays(orgToday(), -1));
    const late = await employee1.put('/api/payroll/tax-declarations/me', body);
    expect(late.statusCode, late.body).toBe(409);
    expect((await employee1.get('/api/payroll/tax-declarations/me')).json().afterCutoff).toBe(true);
    await setCutoff(orgToday());
    const onTime = await employee1.put('/api/payroll/tax-declarations/me', body);
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect(onTime.json().afterCutoff).toBe(false);
  });
});

describe('the e-mailed payslip', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-round3-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is AES-256 (/V 5, AESV3), allows printing and accessibility extraction, not copying or changing', async () => {
    const [slip] = await queryRows<{ runId: number; employeeId: number; pan: string; dob: string }>(
      t.db,
      sql`select s.run_id as "runId", s.employee_id as "employeeId", e.pan, e.date_of_birth::text as dob
          from salary_slips s join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
          where r.status = 'locked' and e.pan is not null order by r.id, s.id limit 1`,
    );
    const record = (await slipRecords(t.db, sql`r.id = ${slip.runId}`)).find((r) => r.employeeId === slip.employeeId);
    expect(record).toBeDefined();
    const pdf = await payslipAttachment(record!, { pan: slip.pan, dateOfBirth: slip.dob });
    const enc = pdfEncryption(pdf);
    expect(enc).not.toBeNull();
    expect({ v: enc?.v, cfm: enc?.cfm, bits: enc?.lengthBits }).toEqual({ v: 5, cfm: 'AESV3', bits: 256 });
    expect([5, 6]).toContain(enc?.r);
    // /P bits by the specification's numbering: 3 print, 10 extract for accessibility, 12 print in high quality.
    expect([3, 10, 12].map((b) => enc?.allows(b))).toEqual([true, true, true]);
    // 4 modify, 5 copy, 6 annotate, 11 assemble: not without the owner password.
    expect([4, 5, 6, 11].map((b) => enc?.allows(b))).toEqual([false, false, false, false]);
    // Unprotected when not asked.
    expect(pdfEncryption(await payslipAttachment(record!, null))).toBeNull();
    if (hasPoppler) {
      const file = path.join(dir, 'slip.pdf');
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', ['-upw', payslipPassword(slip.pan, slip.dob), file], { encoding: 'utf8' });
      expect(info).toMatch(/algorithm:AES-256/);
      expect(execFileSync('pdftotext', ['-upw', payslipPassword(slip.pan, slip.dob), file, '-'], { encoding: 'utf8' })).toContain(
        record!.name,
      );
    }
  });
});
