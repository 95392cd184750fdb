// Every report of the registry, run as an administrator, a manager (only their mapped units' rows) and an
// employee (refused, or their own rows only): the grand total equals the sum of the rows, the groups' subtotals
// add up to it, and the Excel (read back with exceljs) and PDF (read back with pdftotext) exports carry the same
// row count and totals. Then the framework's own rules: unknown report 404, a role without the report's menu
// 403, bad filters / sort / grouping 400, and a large export as a job with its file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TReportMeta, TReportResult } from '@hr/contract';
import { formatINR } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { allReports } from '../../src/modules/reports/define';
import { REPORTS } from '../../src/modules/reports/registry';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let own: { id: number; code: string };
let month: { year: number; month: number };
let fy = 0;
let managerUnits: string[] = [];
let otherUnit = 0;
/** A custom role holding every report's menu, of units 1 and 2. */
let limited: ReturnType<typeof api>;
let limitedUnits: string[] = [];
let blr: { id: number; departmentId: number };
const tmp = mkdtempSync(path.join(tmpdir(), 'reports-test-'));

/** Paise of a JSON rupee amount (money columns) or the number itself. */
const exact = (c: { type: string }, v: unknown) => (c.type === 'money' ? Math.round(Number(v ?? 0) * 100) : Number(v ?? 0));
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** A valid query of each report's declared filters on the seeded data. */
function filtersFor(meta: TReportMeta): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  const kinds = new Set(meta.filters.map((f) => f.kind));
  if (kinds.has('month')) Object.assign(q, month);
  else if (kinds.has('dateRange')) {
    const last = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
    q.from = `${month.year}-${String(month.month).padStart(2, '0')}-01`;
    q.to = `${month.year}-${String(month.month).padStart(2, '0')}-${String(Math.min(last, 14)).padStart(2, '0')}`;
  }
  if (kinds.has('financialYear')) q.financialYear = fy;
  // The quarter of the financial year holding the month (1 = April – June … 4 = January – March).
  if (kinds.has('quarter')) q.quarter = month.month >= 4 ? Math.ceil((month.month - 3) / 3) : 4;
  return q;
}

async function grant(role: string, menu: string) {
  await t.db.execute(sql`insert into role_menu_access (role_id, menu_id, can_view)
    select r.id, m.id, true from roles r, menus m where r.name = ${role} and m.action_url = ${menu}
    on conflict (role_id, menu_id) do update set can_view = true`);
}

/**
 * What the demo seed leaves out, so every register has rows in every unit: a statutory bonus of the financial
 * year for every unit (two employees each, one paid with the locked month's run), an arrear paid and one pending
 * per unit, and a joiner and a leaver of the month per unit.
 */
async function seedReportData() {
  const [run] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from payroll_runs where year = ${month.year} and month = ${month.month} order by id limit 1`,
  );
  const units = await queryRows<{ id: number }>(t.db, sql`select id from units order by id`);
  const mm = String(month.month).padStart(2, '0');
  for (const [i, u] of units.entries()) {
    const staff = await queryRows<{ id: number }>(
      t.db,
      sql`select id from employees where unit_id = ${u.id} and id <> ${own.id} order by id limit 3`,
    );
    if (staff.length < 2) continue;
    const [bonus] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into bonuses (unit_id, financial_year, kind, rate_percent, pay_with, pay_year, pay_month, status, total)
        values (${u.id}, ${fy}, 'statutory', 8.33, 'salary', ${month.year}, ${month.month}, 'paid', 0) returning id`,
    );
    const lines = [staff[0].id, staff[1].id, ...(i === 0 ? [own.id] : [])];
    for (const [j, e] of lines.entries()) {
      await t.db.execute(sql`insert into bonus_lines (bonus_id, employee_id, basis, months_worked, days_worked, eligible, amount, paid_run_id)
        values (${bonus.id}, ${e}, ${8_400_000 + j * 12_345}, 12, ${300 + j}, true, ${699_720 + j * 1_029}, ${j === 0 ? run.id : null})`);
    }
    const [structure] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from salary_structures where employee_id = ${staff[0].id} limit 1`,
    );
    if (structure) {
      await t.db.execute(sql`insert into salary_arrears (employee_id, for_month, amount, structure_id, paid_run_id)
        values (${staff[0].id}, ${`${month.year}-${mm}`}, ${150_050 + i}, ${structure.id}, ${run.id}),
               (${staff[0].id}, ${`${month.year}-${mm}`}, ${25_025 + i}, ${structure.id}, null)`);
    }
    await t.db.execute(sql`update employees set date_of_joining = ${`${month.year}-${mm}-03`} where id = ${staff[1].id}`);
    await t.db.execute(
      sql`update employees set exit_date = ${`${month.year}-${mm}-10`}, exit_reason = 'Resigned', status = 'exited' where id = ${staff[2]?.id ?? staff[1].id}`,
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  [own] = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select e.id, e.employee_code as code from users u join employees e on e.id = u.employee_id where u.user_name = 'employee1'`,
  );
  [month] = await queryRows<{ year: number; month: number }>(
    t.db,
    sql`select year, month from payroll_runs where status in ('approved', 'locked') order by year desc, month desc limit 1`,
  );
  expect(month, 'the seed holds a locked month').toBeDefined();
  fy = month.month >= 4 ? month.year : month.year - 1;
  managerUnits = (
    await queryRows<{ name: string }>(
      t.db,
      sql`select un.name from user_unit_map m join users u on u.id = m.user_id join units un on un.id = m.unit_id where u.user_name = 'manager'`,
    )
  ).map((r) => r.name);
  await seedReportData();
  limited = (await createUnitLimitedUser(t, { menus: [...new Set(allReports().map((d) => d.menu))], unitIds: [1, 2] })).api;
  limitedUnits = (await queryRows<{ name: string }>(t.db, sql`select name from units where id in (1, 2)`)).map((r) => r.name);
  [blr] = await queryRows<{ id: number; departmentId: number }>(
    t.db,
    sql`select id, department_id as "departmentId" from employees where employee_code = 'BLR0002'`,
  );
  [{ id: otherUnit }] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from units where name not in (select un.name from user_unit_map m join users u on u.id = m.user_id join units un on un.id = m.unit_id where u.user_name = 'manager') order by id limit 1`,
  );
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

describe('the registry', () => {
  it('lists every declared report to an administrator, and only the granted ones to others', async () => {
    const res = await admin.get('/api/reports');
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as TReportMeta[]).map((m) => m.id).sort();
    expect(ids).toEqual(
      allReports()
        .map((d) => d.id)
        .sort(),
    );
    // The register picker: kind=register only.
    const registers = (await admin.get('/api/reports', { kind: 'register' })).json() as TReportMeta[];
    expect(registers.length).toBeGreaterThanOrEqual(10);
    expect(registers.every((m) => m.kind === 'register' && m.menu.startsWith('/outlet/various-registertype-report/'))).toBe(true);
    // The payroll office holds the registers and the bonus report, not the attendance reports.
    const forPayroll = ((await payroll.get('/api/reports')).json() as TReportMeta[]).map((m) => m.id);
    expect(forPayroll).toContain('salary-register');
    expect(forPayroll).not.toContain('attendance-register');
    // An employee holds none of them.
    expect((await emp1.get('/api/reports')).json()).toEqual([]);
  });

  it('answers 401 without a sign-in, 404 for an unknown report, 403 without the report’s menu', async () => {
    expect((await api(t.app).get('/api/reports')).statusCode).toBe(401);
    expect((await admin.get('/api/reports/no-such-report/run')).statusCode).toBe(404);
    expect((await admin.get('/api/reports/NOT VALID/run')).statusCode).toBe(400);
    for (const url of [
      '/api/reports/attendance-register',
      '/api/reports/attendance-register/run',
      '/api/reports/attendance-register/export',
    ]) {
      expect((await payroll.get(url, { from: '2026-07-01', to: '2026-07-07' })).statusCode, url).toBe(403);
    }
    expect((await emp1.get('/api/reports/salary-register/run', month)).statusCode).toBe(403);
  });

  it('refuses missing required filters, a bad sort or grouping and an unknown status (400 with field errors)', async () => {
    const noMonth = await admin.get('/api/reports/salary-register/run');
    expect(noMonth.statusCode).toBe(400);
    expect(noMonth.json().fieldErrors.year).toBeDefined();
    expect((await admin.get('/api/reports/leave-register/run')).json().fieldErrors.financialYear).toBeDefined();
    const sort = await admin.get('/api/reports/form-a/run', { sort: 'password' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().fieldErrors.sort).toBeDefined();
    expect((await admin.get('/api/reports/form-a/run', { groupBy: 'name' })).statusCode).toBe(400);
    expect((await admin.get('/api/reports/form-a/run', { status: 'sleeping' })).json().fieldErrors.status).toBeDefined();
    expect((await admin.get('/api/reports/form-a/run', { unitId: 'x' })).statusCode).toBe(400);
    expect((await admin.get('/api/reports/form-a/run', { unitId: 999999 })).statusCode).toBe(404);
    expect((await admin.get('/api/reports/form-a/export', { format: 'csv' })).statusCode).toBe(400);
    const cols = await admin.get('/api/reports/form-a/export', { columns: 'employeeCode,passwordHash' });
    expect(cols.statusCode).toBe(400);
    expect(cols.json().fieldErrors.columns).toBeDefined();
    expect((await admin.get('/api/reports/form-d/run', { from: '2026-07-10', to: '2026-07-01' })).json().fieldErrors.to).toBeDefined();
  });
});

describe.each(REPORTS.map((d) => [d.id]))('report %s', (id) => {
  let meta: TReportMeta;
  let q: Record<string, string | number>;
  let result: TReportResult;

  beforeAll(async () => {
    meta = (await admin.get(`/api/reports/${id}`)).json();
    q = filtersFor(meta);
  });

  it('runs for an administrator with totals equal to the sum of the rows (and the groups adding up)', async () => {
    const res = await admin.get(`/api/reports/${id}/run`, { ...q, pageSize: 500 });
    expect(res.statusCode, res.body).toBe(200);
    result = res.json();
    // A day-wise report pages by employee: every row of a page's employees comes together.
    if (result.pageUnit === 'employee') expect(result.total).toBe(new Set(result.rows.map((r) => r.employeeCode)).size);
    else expect(result.total).toBe(result.rows.length);
    for (const c of result.columns.filter((c) => c.total)) {
      const sum = result.rows.reduce((s, r) => s + exact(c, r[c.key]), 0);
      expect(near(sum, exact(c, result.grandTotal[c.key])), `${id} ${c.key}`).toBe(true);
    }
    if (meta.groupBy.length) {
      const grouped = (
        await admin.get(`/api/reports/${id}/run`, { ...q, pageSize: 500, groupBy: meta.groupBy[0].key })
      ).json() as TReportResult;
      expect(grouped.groups.reduce((s, g) => s + g.count, 0)).toBe(result.total);
      for (const c of result.columns.filter((c) => c.total)) {
        const sum = grouped.groups.reduce((s, g) => s + exact(c, g.totals[c.key]), 0);
        expect(near(sum, exact(c, result.grandTotal[c.key])), `${id} group ${c.key}`).toBe(true);
      }
      // The rows come group by group.
      const values = grouped.rows.map((r) => String(r[meta.groupBy[0].key] ?? ''));
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    // A second page holds the rows after the first (same order, same totals).
    if (result.total > 2 && result.pageUnit === 'row') {
      const p2 = (await admin.get(`/api/reports/${id}/run`, { ...q, pageSize: 2, page: 2 })).json() as TReportResult;
      expect(p2.rows).toEqual(result.rows.slice(2, 4));
      expect(p2.grandTotal).toEqual(result.grandTotal);
    }
  });

  it("gives a manager only their mapped units' rows, and 404 for another unit", async () => {
    const res = await manager.get(`/api/reports/${id}/run`, { ...q, pageSize: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TReportResult;
    expect(body.total).toBeLessThanOrEqual(result.total);
    if (body.columns.some((c) => c.key === 'unitName')) {
      expect(
        body.rows.every((r) => managerUnits.includes(String(r.unitName))),
        id,
      ).toBe(true);
      const theirs = result.rows.filter((r) => managerUnits.includes(String(r.unitName)));
      expect(body.rows.length).toBe(theirs.length);
    }
    if (body.columns.some((c) => c.key === 'employeeCode')) {
      expect(
        body.rows.every((r) => /^(BLR|CHN)/.test(String(r.employeeCode))),
        id,
      ).toBe(true);
    }
    if (meta.filters.some((f) => f.kind === 'unit')) {
      expect((await manager.get(`/api/reports/${id}/run`, { ...q, unitId: otherUnit })).statusCode).toBe(404);
    }
  });

  it('runs, filters and exports for the payroll officer and a custom unit-limited role: the administrator’s rows of their units', async () => {
    const kinds = new Set(meta.filters.map((f) => f.kind));
    const cases: Record<string, number>[] = [{}];
    if (kinds.has('unit')) cases.push({ unitId: 2 });
    if (kinds.has('department')) cases.push({ departmentId: blr.departmentId });
    if (kinds.has('employee')) cases.push({ employeeId: blr.id });
    const prefixes = { payroll: /^(BLR|CHN|MYS)/, limited: /^(BLR|CHN)/ };
    const callers = [
      { who: 'payroll' as const, api: payroll, units: null as string[] | null },
      { who: 'limited' as const, api: limited, units: limitedUnits },
    ];
    for (const c of callers) {
      // The payroll officer holds the registers and the bonus report only.
      if ((await c.api.get(`/api/reports/${id}`)).statusCode === 403) continue;
      for (const extra of cases) {
        const what = `${id} ${c.who} ${JSON.stringify(extra)}`;
        const all = Object.keys(extra).length
          ? ((await admin.get(`/api/reports/${id}/run`, { ...q, ...extra, pageSize: 500 })).json() as TReportResult)
          : result;
        const res = await c.api.get(`/api/reports/${id}/run`, { ...q, ...extra, pageSize: 500 });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const body = res.json() as TReportResult;
        expect(body.columns, what).toEqual(all.columns);
        const hasUnit = body.columns.some((col) => col.key === 'unitName');
        const hasCode = body.columns.some((col) => col.key === 'employeeCode');
        const inReach = (r: Record<string, unknown>) =>
          (!hasUnit || !c.units || c.units.includes(String(r.unitName))) && (!hasCode || prefixes[c.who].test(String(r.employeeCode)));
        if (hasUnit || hasCode) expect(body.rows, what).toEqual(all.rows.filter(inReach));
        else expect(body.total, what).toBeLessThanOrEqual(all.total);
      }
      if (kinds.has('unit') && c.who === 'limited')
        expect((await c.api.get(`/api/reports/${id}/run`, { ...q, unitId: 3 })).statusCode).toBe(404);
      // The Excel download holds the rows of their screen.
      for (const extra of cases.slice(0, 2)) {
        const what = `${id} ${c.who} export ${JSON.stringify(extra)}`;
        const screen = (await c.api.get(`/api/reports/${id}/run`, { ...q, ...extra, pageSize: 500 })).json() as TReportResult;
        const xlsx = await c.api.get(`/api/reports/${id}/export`, { ...q, ...extra, format: 'xlsx' });
        expect(xlsx.statusCode, `${what}: ${xlsx.body}`).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(xlsx.rawPayload as never);
        const totals = screen.columns.some((col) => col.total);
        expect(wb.worksheets[0].actualRowCount - 2 - (totals ? 1 : 0), what).toBe(screen.rows.length);
      }
    }
  });

  it('refuses an employee, or shows only their own rows once the menu is granted', async () => {
    expect((await emp1.get(`/api/reports/${id}/run`, q)).statusCode).toBe(403);
    await grant('Employee', meta.menu);
    const res = await emp1.get(`/api/reports/${id}/run`, { ...q, pageSize: 500 });
    if (meta.selfService === 'refuse') {
      expect(res.statusCode).toBe(403);
      expect((await emp1.get(`/api/reports/${id}/export`, q)).statusCode).toBe(403);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TReportResult;
    expect(body.rows.every((r) => r.employeeCode === own.code)).toBe(true);
    expect(body.rows.length).toBe(result.rows.filter((r) => r.employeeCode === own.code).length);
  });

  it('exports to Excel and PDF with the same rows and totals as the screen', async () => {
    const totals = result.columns.filter((c) => c.total);
    const xlsx = await admin.get(`/api/reports/${id}/export`, { ...q, format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(String(ws.getCell('A1').value)).toContain(meta.title);
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(3)).toEqual(result.columns.map((c) => c.label));
    const n = result.rows.length;
    const dataRows = ws.actualRowCount - 2 - (totals.length ? 1 : 0);
    expect(dataRows).toBe(n);
    if (totals.length) {
      const last = values(3 + n + 1);
      expect(String(last[0])).toContain(`Grand Total (${n} row`);
      for (const c of totals) {
        const i = result.columns.indexOf(c);
        expect(near(exact(c, last[i]), exact(c, result.grandTotal[c.key])), `${id} xlsx ${c.key}`).toBe(true);
      }
    }
    // The first row as on the screen (money in rupees; dates are date cells shown DD/MM/YYYY, issue 28).
    if (result.rows.length) {
      const first = values(4);
      result.columns.forEach((c, i) => {
        const v = result.rows[0][c.key];
        if (c.type === 'date') {
          expect(first[i] ?? null).toEqual(v ? new Date(`${String(v)}T00:00:00.000Z`) : null);
          if (v) expect(ws.getRow(4).getCell(i + 1).numFmt).toBe('dd/mm/yyyy');
        } else if (c.type === 'money' || c.type === 'number') expect(Number(first[i] ?? 0)).toBeCloseTo(Number(v ?? 0), 6);
      });
    }

    const pdf = await admin.get(`/api/reports/${id}/export`, { ...q, format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(tmp, `${id}.pdf`);
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(meta.title.split(' — ')[0]);
    expect(text).toContain(`${n} ${n === 1 ? 'row' : 'rows'}`);
    expect(text).toMatch(/Page 1 \/ \d+/);
    if (totals.length) {
      const line = text.split('\n').find((l) => l.includes('Grand Total')) ?? '';
      expect(line, `${id} pdf grand total line`).not.toBe('');
      for (const c of totals) {
        const v = result.grandTotal[c.key];
        const printed = c.type === 'money' ? formatINR(BigInt(Math.round(v * 100))) : String(v);
        expect(text, `${id} pdf ${c.key}`).toContain(printed);
      }
    }
  });
});

describe('seeded registers hold rows', () => {
  it('the employee, wage, salary and headcount registers are not empty on the demo data', async () => {
    for (const id of [
      'form-a',
      'form-b',
      'form-c',
      'form-d',
      'salary-register',
      'headcount',
      'leave-register',
      'advance-outstanding',
      'arrears',
      'employee-bonus',
      'joiners-leavers',
    ]) {
      const meta = (await admin.get(`/api/reports/${id}`)).json() as TReportMeta;
      const body = (await admin.get(`/api/reports/${id}/run`, filtersFor(meta))).json() as TReportResult;
      expect(body.total, id).toBeGreaterThan(0);
    }
    // The salary register's columns are the run's heads between the days and the totals.
    const sr = (await admin.get('/api/reports/salary-register/run', month)).json() as TReportResult;
    expect(sr.columns.filter((c) => /^h\d+$/.test(c.key)).length).toBeGreaterThan(2);
  });
});

describe('the column chooser', () => {
  it('exports only the chosen columns, grouped by a column not shown', async () => {
    const res = await admin.get('/api/reports/salary-register/export', { ...month, columns: 'name,employeeCode,net', groupBy: 'unitName' });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(['Employee Code', 'Name', 'Net']);
    const screen = (
      await admin.get('/api/reports/salary-register/run', { ...month, groupBy: 'unitName', pageSize: 500 })
    ).json() as TReportResult;
    // Rows, a subtotal per unit and the grand total.
    expect(ws.actualRowCount - 2).toBe(screen.total + screen.groups.length + 1);
    const labels = Array.from({ length: ws.actualRowCount + 1 }, (_, i) => String(ws.getRow(i + 1).getCell(1).value ?? ''));
    for (const g of screen.groups) expect(labels.some((l) => l.startsWith(`Unit: ${g.value} (${g.count} row`))).toBe(true);
  });
});

describe('export jobs', () => {
  it('runs a large export as a job and serves its file to the starter', async () => {
    const res = await admin.get('/api/reports/form-a/export', { format: 'xlsx', job: 'always' });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json() as { jobId: number };
    await t.app.jobs.drain();
    const job = (await admin.get(`/api/jobs/${jobId}`)).json();
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    const file = await admin.get(`/api/jobs/${jobId}/file`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const screen = (await admin.get('/api/reports/form-a/run', { pageSize: 1 })).json() as TReportResult;
    expect(wb.worksheets[0].actualRowCount - 2).toBe(screen.total);
    // Another user may not download it.
    expect((await manager.get(`/api/jobs/${jobId}/file`)).statusCode).toBe(404);
  });
});

describe('the payroll run’s salary register', () => {
  it('is the framework’s salary register of the run’s unit and month', async () => {
    const [run] = await queryRows<{ id: number; unitId: number; code: string }>(
      t.db,
      sql`select r.id, r.unit_id as "unitId", u.code from payroll_runs r join units u on u.id = r.unit_id
        where r.year = ${month.year} and r.month = ${month.month} and r.status in ('approved', 'locked') order by r.id limit 1`,
    );
    const res = await admin.get(`/api/payroll/runs/${run.id}/register`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Salary_Register_${run.code}_${month.year}_${String(month.month).padStart(2, '0')}.xlsx"`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const screen = (
      await admin.get('/api/reports/salary-register/run', { ...month, unitId: run.unitId, pageSize: 500 })
    ).json() as TReportResult;
    expect(screen.total).toBeGreaterThan(0);
    expect(ws.actualRowCount - 3).toBe(screen.total); // title, headings and the grand total
    const last = (ws.getRow(3 + screen.total + 1).values as unknown[]).slice(1);
    expect(String(last[0])).toContain(`Grand Total (${screen.total} row`);
    const net = screen.columns.findIndex((c) => c.key === 'net');
    expect(Math.round(Number(last[net]) * 100)).toBe(Math.round(screen.grandTotal.net * 100));
  });
});
