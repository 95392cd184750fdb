// The earlier-salary API (issue 26, going live mid-year): the unit's template, the upload (row-level errors, all rows
// or none, an employee's rows of the year replaced by the file's), the list by unit and year, a row changed or removed
// until the year is closed (the unit's March run approved or locked: 409), who may (a self-service employee 403, a
// unit-limited role only its units: 404 beyond), and bad input 400, never 500. PGlite and PostgreSQL.
import { MENU } from '@hr/contract';
import { financialYearOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp, type UnitLimitedUser } from '../helpers';
import { EARLIER_HEADERS, earlierSheet, uploadEarlier } from './earlier-salary-helpers';
import { seededMonths } from './months';

let t: TestApp;
let payrollToken: string;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let limited: UnitLimitedUser;
let units: Record<string, number>;
let fy: string;
let fyStart: number;
/** Codes of staff of each unit with no slip in the first months of the year. */
let blr: string;
let mys: string;

beforeAll(async () => {
  t = await createTestApp();
  payrollToken = await signIn(t.app, 'payroll');
  payroll = api(t.app, payrollToken);
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const rows = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  units = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  limited = await createUnitLimitedUser(t, {
    menus: { [MENU.earlierSalary]: ['view', 'add', 'edit', 'delete'] },
    unitIds: [units['HO-BLR']],
    name: 'Earlier salary clerk',
  });
  const M = await seededMonths(payroll);
  fy = financialYearOf(M.cur.year, M.cur.month);
  fyStart = Number(fy.slice(0, 4));
  const code = async (unit: string) =>
    (
      await queryRows<{ code: string }>(
        t.db,
        sql`select employee_code as code from employees e where unit_id = ${units[unit]} and status <> 'exited'
            and not exists (select 1 from salary_slips s join payroll_runs r on r.id = s.run_id
              where s.employee_id = e.id and r.year = ${fyStart} and r.month in (4, 5))
            order by employee_code limit 1`,
      )
    )[0].code;
  blr = await code('HO-BLR');
  mys = await code('CMP-MYS');
});
afterAll(() => t?.close());

const apr = () => `${fyStart}-04`;
const may = () => `${fyStart}-05`;
const row = (code: string, from: string | null, to: string | null, gross: number, tds = 0) =>
  [code, '', from, to, gross, 0, 0, 0, null, 0, 0, tds, 0, 0, 0, 0] as (string | number | null)[];

describe('the template and the upload', () => {
  it('the template lists the unit’s staff under the columns; a unit out of reach is 404, a self-service caller 403', async () => {
    const res = await payroll.get('/api/tax/earlier-salary/template', { unitId: units['HO-BLR'], financialYear: fy });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(EARLIER_HEADERS);
    expect(ws.rowCount).toBeGreaterThan(2);
    expect((await limited.api.get('/api/tax/earlier-salary/template', { unitId: units['CMP-MYS'], financialYear: fy })).statusCode).toBe(
      404,
    );
    expect((await employee1.get('/api/tax/earlier-salary/template', { unitId: units['HO-BLR'], financialYear: fy })).statusCode).toBe(403);
    expect((await payroll.get('/api/tax/earlier-salary/template', { unitId: units['HO-BLR'], financialYear: '2026-28' })).statusCode).toBe(
      400,
    );
  });

  it('refuses the whole file with each bad row’s problems, and saves nothing', async () => {
    const file = await earlierSheet([
      row(blr, apr(), apr(), 40000, 1000), // fine
      row('NO-SUCH', apr(), apr(), 40000), // unknown employee
      row(mys, '2019-04', '2019-04', 40000), // outside the year
      [mys, '', may(), may(), 'forty', 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0], // not an amount
      [mys, '', apr(), apr(), 40000, 50000, 0, 0, null, 0, 0, 0, 0, 0, 0, 0], // exempt above gross
      [blr, '', null, null, 30000, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0], // this employer's salary without months
      [blr, '', apr(), apr(), 10000, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0], // the same month twice
      [blr, '', may(), may(), 10000, 0, 0, 500, null, 0, 0, 0, 0, 0, 0, 0], // other exempt without its section
    ]);
    const res = await uploadEarlier(t, payrollToken, fy, file);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().fieldErrors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 7', 'row 8', 'row 9']);
    expect(errors['row 3'].join(' ')).toMatch(/no such employee/);
    expect(errors['row 4'].join(' ')).toMatch(/within the financial year/);
    expect(errors['row 5'].join(' ')).toMatch(/Gross Salary: 'forty' is not an amount/);
    expect(errors['row 6'].join(' ')).toMatch(/exempt allowances are more than the gross/);
    expect(errors['row 7'].join(' ')).toMatch(/need the months/);
    expect(errors['row 8'].join(' ')).toMatch(/in another row/);
    expect(errors['row 9'].join(' ')).toMatch(/needs its section/);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from earlier_salaries`);
    expect(n).toBe(0);
  });

  it('refuses a file that is not the template’s, not a workbook, or empty (400), and a self-service caller (403)', async () => {
    const wrong = await uploadEarlier(t, payrollToken, fy, await earlierSheet([row(blr, apr(), apr(), 1)], ['Code', 'Amount']));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.columns.join(' ')).toMatch(/Expected: Employee Code/);
    expect((await uploadEarlier(t, payrollToken, fy, Buffer.from('not a workbook'))).statusCode).toBe(400);
    expect((await uploadEarlier(t, payrollToken, fy, await earlierSheet([[blr]]))).statusCode).toBe(400);
    expect((await uploadEarlier(t, payrollToken, 'FY26', await earlierSheet([row(blr, apr(), apr(), 1)]))).statusCode).toBe(400);
    expect((await uploadEarlier(t, await signIn(t.app, 'employee1'), fy, await earlierSheet([row(blr, apr(), apr(), 1)]))).statusCode).toBe(
      403,
    );
    expect((await uploadEarlier(t, null, fy, await earlierSheet([row(blr, apr(), apr(), 1)]))).statusCode).toBe(401);
  });

  it('a unit-limited role cannot import for another unit’s employee (row error, nothing saved)', async () => {
    const res = await uploadEarlier(t, limited.token, fy, await earlierSheet([row(blr, apr(), apr(), 1000), row(mys, apr(), apr(), 1000)]));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['row 3']);
  });

  it('saves all rows; a second file replaces the employees’ rows of the year', async () => {
    const first = await uploadEarlier(
      t,
      payrollToken,
      fy,
      await earlierSheet([row(blr, apr(), apr(), 40000, 1000), row(blr, may(), may(), 40000, 1000), row(mys, apr(), may(), 80000, 2000)]),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ saved: 3, employees: 2 });
    const again = await uploadEarlier(
      t,
      payrollToken,
      fy,
      await earlierSheet([[blr, '', apr(), may(), 80000.5, 1000, 0, 250, '10(14)', 9600, 400, 2000, 300000, 21600, 2400, 15000]]),
    );
    expect(again.statusCode, again.body).toBe(200);
    const list = await payroll.get('/api/tax/earlier-salary', { financialYear: fy });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().rows as {
      employeeCode: string;
      fromMonth: string;
      toMonth: string;
      gross: number;
      otherExemptSection: string;
    }[];
    expect(rows.filter((r) => r.employeeCode === blr)).toEqual([
      expect.objectContaining({
        fromMonth: apr(),
        toMonth: may(),
        gross: 80000.5,
        otherExemptSection: '10(14)',
        prevIncome: 300000,
        prevTds: 15000,
      }),
    ]);
    expect(rows.filter((r) => r.employeeCode === mys)).toHaveLength(1);
    const [stored] = await queryRows<{ gross: string }>(
      t.db,
      sql`select x.gross::text as gross from earlier_salaries x join employees e on e.id = x.employee_id where e.employee_code = ${blr}`,
    );
    expect(stored.gross).toBe('8000050');
  });
});

describe('the list, a change and a removal', () => {
  it('a unit-limited role sees only its units’ rows; a self-service caller is refused; bad filters are 400', async () => {
    const mine = (await limited.api.get('/api/tax/earlier-salary', { financialYear: fy })).json() as {
      rows: { unitId: number }[];
      total: number;
    };
    expect(mine.total).toBe(1);
    expect(mine.rows.every((r) => r.unitId === units['HO-BLR'])).toBe(true);
    expect((await limited.api.get('/api/tax/earlier-salary', { financialYear: fy, unitId: units['CMP-MYS'] })).statusCode).toBe(404);
    expect((await employee1.get('/api/tax/earlier-salary', { financialYear: fy })).statusCode).toBe(403);
    expect((await payroll.get('/api/tax/earlier-salary', { financialYear: 'x' })).statusCode).toBe(400);
    expect((await payroll.get('/api/tax/earlier-salary', { financialYear: fy, pageSize: 0 })).statusCode).toBe(400);
  });

  it('changes and removes a row within reach; another unit’s row is 404; bad input 400', async () => {
    const all = (await payroll.get('/api/tax/earlier-salary', { financialYear: fy })).json().rows as { id: number; employeeCode: string }[];
    const other = all.find((r) => r.employeeCode === mys)!;
    const own = all.find((r) => r.employeeCode === blr)!;
    const body = {
      fromMonth: apr(),
      toMonth: apr(),
      gross: 45000,
      hraExempt: 0,
      ltaExempt: 0,
      otherExempt: 0,
      otherExemptSection: null,
      pf: 1800,
      pt: 200,
      tds: 1500,
      prevIncome: 0,
      prevPf: 0,
      prevPt: 0,
      prevTds: 0,
    };
    expect((await limited.api.put(`/api/tax/earlier-salary/${other.id}`, body)).statusCode).toBe(404);
    expect((await limited.api.delete(`/api/tax/earlier-salary/${other.id}`)).statusCode).toBe(404);
    expect((await employee1.put(`/api/tax/earlier-salary/${own.id}`, body)).statusCode).toBe(403);
    expect((await limited.api.put(`/api/tax/earlier-salary/${own.id}`, { ...body, gross: -1 })).statusCode).toBe(400);
    expect((await limited.api.put(`/api/tax/earlier-salary/${own.id}`, { ...body, fromMonth: '2026-13' })).statusCode).toBe(400);
    const tooMuch = await limited.api.put(`/api/tax/earlier-salary/${own.id}`, { ...body, tds: 50000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors.row.join(' ')).toMatch(/more than the gross/);
    expect((await limited.api.put('/api/tax/earlier-salary/0', body)).statusCode).toBe(400);
    const ok = await limited.api.put(`/api/tax/earlier-salary/${own.id}`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ gross: 45000, tds: 1500, prevIncome: 0, closed: false });
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'earlier_salaries' and entity_id = ${String(own.id)} and action = 'update'`,
    );
    expect(audit[0].n).toBe(1);
    expect((await limited.api.delete(`/api/tax/earlier-salary/${own.id}`)).statusCode).toBe(204);
    expect((await limited.api.delete(`/api/tax/earlier-salary/${own.id}`)).statusCode).toBe(404);
  });

  it('once the unit’s March run is approved or locked the year is closed: no change (409), no import (row error)', async () => {
    const all = (await payroll.get('/api/tax/earlier-salary', { financialYear: fy })).json().rows as { id: number; employeeCode: string }[];
    const other = all.find((r) => r.employeeCode === mys)!;
    await t.db.execute(
      sql`insert into payroll_runs (unit_id, year, month, status) values (${units['CMP-MYS']}, ${fyStart + 1}, 3, 'locked')`,
    );
    const listed = (await payroll.get('/api/tax/earlier-salary', { financialYear: fy, unitId: units['CMP-MYS'] })).json().rows;
    expect(listed[0].closed).toBe(true);
    expect((await payroll.delete(`/api/tax/earlier-salary/${other.id}`)).statusCode).toBe(409);
    const res = await uploadEarlier(t, payrollToken, fy, await earlierSheet([row(mys, apr(), apr(), 1000)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['row 2'].join(' ')).toMatch(/closed/);
  });
});
