import { count, like, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { employees } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { type ImportRefs, importCsv, importRow, importWorkbook, multipart } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
const refs: ImportRefs = {
  // by code and by name, mixed, as a real file would have them
  units: ['HO-BLR', 'Chennai Branch', 'cmp-mys'],
  departments: ['ADM', 'Finance & Accounts'],
  designations: ['Administrative Executive', 'OFA', 'ace'],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const countPrefix = async (prefix: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(employees)
      .where(like(employees.employeeCode, `${prefix}%`))
  )[0].n;
/**
 * Posts an import and, when it starts a job (202), runs the job and answers with the job's outcome as the
 * old synchronous route did (200 and the import result), so each test reads the result directly.
 */
async function upload(data: Buffer, name = 'staff.xlsx', type = XLSX) {
  const res = await admin.post('/api/employees/import', undefined, multipart({ name, type, data }));
  if (res.statusCode !== 202) return res;
  const { jobId } = res.json() as { jobId: number };
  await t.app.jobs.drain();
  const job = (await admin.get(`/api/jobs/${jobId}`)).json();
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
  return { statusCode: 200, body: JSON.stringify(job.result), json: () => job.result };
}

describe('bulk import', () => {
  it('serves a template with a header row and an explanations sheet', async () => {
    const res = await admin.get('/api/employees/import/template');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Employees', 'Explanations']);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Employee Code*');
    expect(wb.worksheets[1].rowCount).toBeGreaterThan(40);
  });

  it("refuses the template's own example row as a real employee; the row made a person's imports (its unit, department and designation exist)", async () => {
    const template = await admin.get('/api/employees/import/template');
    const refused = await upload(template.rawPayload);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      ok: false,
      imported: 0,
      errors: [{ row: 2, column: 'Employee Code', message: expect.stringContaining('example row') }],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0].getRow(2);
    row.getCell(1).value = 'EXR-0001';
    row.getCell(2).value = 'Kavya Menon';
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, rowsRead: 1, imported: 1, errors: [] });
  });

  it('imports a clean 1,000-row file in one go', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => importRow(i + 1, refs, 'CLN'));
    const res = await upload(await importWorkbook(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, rowsRead: 1000, imported: 1000, errors: [] });
    expect(await countPrefix('CLN')).toBe(1000);
  });

  it('keeps what the triggers keep for the imported employees (its insert checks the foreign keys once, triggers on)', async () => {
    // The seeded units each have mandatory documents: every imported employee misses them (kept per employee and counted).
    const rows = Array.from({ length: 300 }, (_, i) => importRow(i + 1, refs, 'KPT'));
    expect((await upload(await importWorkbook(rows))).json()).toMatchObject({ ok: true, imported: 300 });
    const [docs] = await queryRows<{ wrong: number; missing: number }>(
      t.db,
      sql`select count(*) filter (where missing_mandatory_docs <> hr_missing_docs(id, unit_id))::int as wrong,
            count(*) filter (where missing_mandatory_docs > 0)::int as missing
          from employees where employee_code like 'KPT%'`,
    );
    expect(docs.wrong).toBe(0);
    expect(docs.missing).toBeGreaterThan(0);
    const differ = async (kept: SQL, direct: SQL) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from ((${kept} except ${direct}) union all (${direct} except ${kept})) d`,
        )
      )[0].n;
    expect(
      await differ(
        sql`select unit_id, department_id, weekly_offs, n from employee_counts where n <> 0`,
        sql`select unit_id, department_id, weekly_offs, count(*)::int from employees where exit_date is null and status <> 'exited' group by 1, 2, 3`,
      ),
    ).toBe(0);
    expect(
      await differ(
        sql`select unit_id, status, missing_docs, n from employee_status_counts where n <> 0`,
        sql`select unit_id, status, missing_mandatory_docs > 0, count(*)::int from employees group by 1, 2, 3`,
      ),
    ).toBe(0);
  });

  it('imports nothing when rows 3 and 700 have errors, and reports exactly those rows', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => importRow(i + 1, refs, 'ERR'));
    rows[1].PAN = 'NOT-A-PAN'; // spreadsheet row 3 (row 1 is the header)
    rows[698].Unit = 'Atlantis Branch'; // spreadsheet row 700
    rows[698].IFSC = 'HDFC1234567';
    const res = await upload(await importWorkbook(rows));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.imported).toBe(0);
    expect([...new Set(body.errors.map((e: { row: number }) => e.row))]).toEqual([3, 700]);
    expect(
      body.errors
        .filter((e: { row: number }) => e.row === 700)
        .map((e: { column: string }) => e.column)
        .sort(),
    ).toEqual(['IFSC', 'Unit']);
    expect(body.errors.find((e: { row: number }) => e.row === 3).column).toBe('PAN');
    expect(await countPrefix('ERR')).toBe(0);

    const report = await admin.post('/api/employees/import/error-report', { errors: body.errors });
    expect(report.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe(3);
  });

  it('reports duplicate codes within the file and against the database', async () => {
    const rows = [importRow(1, refs, 'CLN'), importRow(5, refs, 'DUP'), importRow(5, refs, 'DUP')];
    const body = (await upload(await importWorkbook(rows))).json();
    expect(body.ok).toBe(false);
    expect(body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual(['2:Employee Code', '4:Employee Code']);
    expect(body.errors[0].message).toMatch(/already used/);
    expect(body.errors[1].message).toMatch(/row 3/);
  });

  it('accepts CSV with DD-MM-YYYY dates and resolves reporting managers within the file', async () => {
    const rows = [importRow(1, refs, 'CSV'), importRow(2, refs, 'CSV')];
    rows[0]['Date of Joining'] = '01-04-2021';
    rows[1]['Reporting Manager Code'] = rows[0]['Employee Code'];
    const res = await upload(importCsv(rows), 'staff.csv', 'text/csv');
    expect(res.json(), res.body).toMatchObject({ ok: true, imported: 2 });
    const list = (await admin.get('/api/employees', { search: 'CSV0000' })).json();
    expect(list.total).toBe(2);
  });

  it('refuses something that is neither xlsx nor csv', async () => {
    const res = await upload(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]), 'staff.xlsx', XLSX);
    expect(res.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('refuses the template, the import and the error report to a role without add on the employee screen', async () => {
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expect((await manager.get('/api/employees/import/template')).statusCode).toBe(403);
    const file = importCsv([importRow(1, refs, 'MGR')]);
    expect(
      (await manager.post('/api/employees/import', undefined, multipart({ name: 'staff.csv', type: 'text/csv', data: file }))).statusCode,
    ).toBe(403);
    expect((await manager.post('/api/employees/import/error-report', { errors: [] })).statusCode).toBe(403);
    expect(await countPrefix('MGR')).toBe(0);
  });

  it('answers 400 for an empty file', async () => {
    const res = await upload(Buffer.alloc(0), 'staff.csv', 'text/csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is empty');
  });
});

describe('unit-wise maps', () => {
  it('refuses a department or designation the unit does not use', async () => {
    const row = importRow(1, refs, 'MAP');
    row.Unit = 'CMP-MYS';
    row.Department = 'Nursing'; // mapped to Chennai only
    row.Designation = 'Staff Nurse';
    const body = (await upload(await importWorkbook([row]))).json();
    expect(body.ok).toBe(false);
    expect(body.errors.map((e: { column: string }) => e.column).sort()).toEqual(['Department', 'Designation']);
  });
});

describe('weekly offs and device PINs', () => {
  it('reads weekly offs written as occurrences of the month, and plain day names as before', async () => {
    const rows = [importRow(1, refs, 'WOF'), importRow(2, refs, 'WOF'), importRow(3, refs, 'WOF')];
    rows[0]['Weekly Offs'] = 'Sun, 2nd Sat, 4th Sat, last Fri';
    rows[1]['Weekly Offs'] = 'Sun Sat';
    rows[2]['Weekly Offs'] = null;
    rows[0]['Device PIN'] = '70001';
    const res = await upload(await importWorkbook(rows));
    expect(res.json(), res.body).toMatchObject({ ok: true, imported: 3 });
    const saved = await t.db
      .select({ code: employees.employeeCode, weeklyOffs: employees.weeklyOffs, pin: employees.deviceUserId })
      .from(employees)
      .where(like(employees.employeeCode, 'WOF%'))
      .orderBy(employees.employeeCode);
    expect(saved.map((e) => [e.weeklyOffs, e.pin])).toEqual([
      [[0, 26, 46, 65], '70001'],
      [[0, 6], null],
      [[0], null],
    ]);
  });

  it('names the row and column of weekly offs it cannot read', async () => {
    const rows = [importRow(1, refs, 'WOB'), importRow(2, refs, 'WOB')];
    rows[1]['Weekly Offs'] = 'Sun, 6th Sat';
    const body = (await upload(await importWorkbook(rows))).json();
    expect(body.ok).toBe(false);
    expect(body.errors).toMatchObject([{ row: 3, column: 'Weekly Offs', value: 'Sun, 6th Sat' }]);
    expect(body.errors[0].message).toMatch(/6th Sat/);
    expect(await countPrefix('WOB')).toBe(0);
  });

  it('refuses a device PIN used twice in the file or already given to an employee', async () => {
    const rows = [importRow(1, refs, 'PIN'), importRow(2, refs, 'PIN'), importRow(3, refs, 'PIN')];
    rows[0]['Device PIN'] = '70001'; // given to WOF0…1 above
    rows[1]['Device PIN'] = '80001';
    rows[2]['Device PIN'] = 80001; // a number cell: the same PIN
    const body = (await upload(await importWorkbook(rows))).json();
    expect(body.ok).toBe(false);
    expect(body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual(['2:Device PIN', '4:Device PIN']);
    expect(body.errors[0].message).toMatch(/already used by employee WOF/);
    expect(body.errors[1].message).toMatch(/row 3/);
    expect(await countPrefix('PIN')).toBe(0);
  });

  it('refuses a device PIN that is not letters and digits', async () => {
    const row = importRow(1, refs, 'PNB');
    row['Device PIN'] = '12-34';
    const body = (await upload(await importWorkbook([row]))).json();
    expect(body.errors).toMatchObject([{ row: 2, column: 'Device PIN' }]);
  });

  it('explains both columns in the template', async () => {
    const res = await admin.get('/api/employees/import/template');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('Device PIN');
    const help = wb.worksheets[1].getColumn(3).values.map(String).join('\n');
    expect(help).toMatch(/2nd Sat/);
  });
});
