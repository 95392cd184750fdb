// Issue 23, hostile input, through the API on the real database:
// 1. new passwords: the guessable ones (Password1!, Admin@12345, Welcome@2026, Employee@1234, 1122334455, zero-width
//    padding, the person's or the organisation's name) are refused wherever a password is set; seeded sign-ins stay;
// 2. control characters (CR, LF, NUL, tab, DEL, C0, C1, U+2028/2029) are refused in one-line fields everywhere with
//    the field named (every master resource's text fields, employees, visitors, sign-in accounts), multi-line fields
//    keep line breaks but nothing else, and a free-text value no schema checks meets the floor (lib/control-chars.ts);
// 3. formula-looking text (= + - @, and those after a tab or CR) reaches every Excel export — employees' names, the
//    organisation's, masters', visitors' — and comes out quoted as text, never a formula (lib/xlsx/cells.ts xlsxText).
import { LINE_CONTROL_MESSAGE, RESOURCES, TEXT_CONTROL_MESSAGE, type TReportMeta, type TResource } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { xlsxText } from '../../src/lib/xlsx';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { createSample, samplePayload, uniq } from '../masters/fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
let roleEmployee = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [{ id: roleEmployee }] = await queryRows<{ id: number }>(t.db, sql`select id from roles where name = 'Employee'`);
});
afterAll(() => t?.close());

const json = (res: LightMyRequestResponse) => res.json() as { fieldErrors?: Record<string, string[]> };

/** An employee without a sign-in account (for POST /api/employees/{id}/user-account). */
async function freeEmployee(): Promise<number> {
  const [e] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from employees e where status = 'active' and not exists (select 1 from users u where u.employee_id = e.id) order by id limit 1`,
  );
  return e.id;
}

// ------------------------------------------------------------------------------------------------ 1. passwords

describe('new passwords are judged by their strength (item 1)', () => {
  const GUESSABLE = [
    'Password1!',
    'Admin@12345',
    'Welcome@2026',
    'Employee@1234',
    '1122334455',
    'a\u200bb\u200bc\u200bd\u200b\u200b\u200b\u200b\u200b\u200b', // abcd padded with zero-width spaces
    'Tiffin-Box-42\u202e', // a right-to-left override
  ];

  it('refuses the guessable ones in the user master, an employee’s sign-in account and a change of one’s own, changing nothing', async () => {
    const employeeId = await freeEmployee();
    const emp2 = api(t.app, await signIn(t.app, 'employee2'));
    const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`);
    for (const password of GUESSABLE) {
      const user = await admin.post('/api/resources/user', {
        userName: 'hygiene.user',
        fullName: 'Hygiene Tester',
        roleId: roleEmployee,
        password,
      });
      expect(user.statusCode, `${JSON.stringify(password)}: ${user.body}`).toBe(400);
      expect(json(user).fieldErrors?.password?.[0]).toBeTruthy();
      const account = await admin.post(`/api/employees/${employeeId}/user-account`, { userName: 'hygiene.staff', password });
      expect(account.statusCode, `${JSON.stringify(password)}: ${account.body}`).toBe(400);
      expect(json(account).fieldErrors?.password?.[0]).toBeTruthy();
      const own = await emp2.post('/api/auth/password', { currentPassword: 'Employee@123', newPassword: password });
      expect(own.statusCode, `${JSON.stringify(password)}: ${own.body}`).toBe(400);
      expect(json(own).fieldErrors?.newPassword?.[0]).toBeTruthy();
    }
    const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`);
    expect(after.n).toBe(before.n);
    // The seeded accounts keep their passwords: the policy is for new ones.
    for (const [userName, password] of [
      ['admin', 'Admin@123'],
      ['employee2', 'Employee@123'],
    ])
      expect((await api(t.app).post('/api/auth/sign-in', { userName, password })).statusCode).toBe(200);
    // A strong one passes everywhere.
    expect(
      (
        await admin.post('/api/resources/user', {
          userName: 'hygiene.user',
          fullName: 'Hygiene Tester',
          roleId: roleEmployee,
          password: 'Tiffin-Box-42',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await admin.post(`/api/employees/${employeeId}/user-account`, { userName: 'hygiene.staff', password: 'Brinjal-Kite-93' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a password built from the person’s own name or the organisation’s name', async () => {
    await t.db.execute(sql`update organisation set name = 'Sunbeam Textiles Private Limited'`);
    const organisational = 'Sunbeam@Textiles1';
    const res = await admin.post('/api/resources/user', {
      userName: 'rkumar',
      fullName: 'Ravichandran Kumaraswamy',
      roleId: roleEmployee,
      password: 'Kumaraswamy#2026',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).fieldErrors?.password).toEqual(['Do not build the password from your name, user name or the organisation’s name']);
    const org = await admin.post('/api/resources/user', {
      userName: 'rkumar',
      fullName: 'Ravi',
      roleId: roleEmployee,
      password: organisational,
    });
    expect(json(org).fieldErrors?.password).toEqual(['Do not build the password from your name, user name or the organisation’s name']);
    const account = await admin.post(`/api/employees/${await freeEmployee()}/user-account`, {
      userName: 'sunbeam.staff',
      password: organisational,
    });
    expect(json(account).fieldErrors?.password).toEqual(['Do not build the password from your name, user name or the organisation’s name']);
    // (hygiene.user, made above: the demo employees keep their passwords for the tests below.)
    const signedIn = await api(t.app).post('/api/auth/sign-in', { userName: 'hygiene.user', password: 'Tiffin-Box-42' });
    const me = api(t.app, (signedIn.json() as { token: string }).token);
    const own = await me.post('/api/auth/password', { currentPassword: 'Tiffin-Box-42', newPassword: organisational });
    expect(json(own).fieldErrors?.newPassword).toEqual(['Do not build the password from your name, user name or the organisation’s name']);
    // The same password is fine where the organisation is another.
    await t.db.execute(sql`update organisation set name = 'Acme Engineering Works'`);
    expect((await me.post('/api/auth/password', { currentPassword: 'Tiffin-Box-42', newPassword: organisational })).statusCode).toBe(204);
  });
});

// ------------------------------------------------------------------------------------------ 2. control characters

/** In no one-line field: line breaks, tab, NUL, the other C0 controls, DEL, C1, line and paragraph separators. */
const LINE_BREAKERS: [string, string][] = [
  ['CRLF and a header', '\r\nBcc: victim@example.com'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['tab', '\t'],
  ['NUL', '\u0000'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['C1 end', '\u009f'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
];
/** In no field at all (multi-line ones keep CR, LF and tab). */
const CONTROLS = LINE_BREAKERS.filter(([what]) => !['CRLF and a header', 'LF', 'CR', 'tab'].includes(what));

const creatable = RESOURCES.filter((r) => r.canCreate && !r.mapping) as readonly TResource[];
const textFields = (r: TResource, kind: 'text' | 'textarea') => Object.entries(r.fields).filter(([, d]) => d.kind === kind);

describe('control characters are refused with the field named (item 2)', () => {
  it('in every one-line text field of every master resource (users and roles included), and nothing is stored', async () => {
    let checked = 0;
    for (const r of creatable) {
      for (const [field] of textFields(r, 'text')) {
        for (const [what, c] of LINE_BREAKERS) {
          const body = { ...r.sample(uniq()), [field]: `Hostile${c}value` };
          const res = await admin.post(`/api/resources/${r.name}`, body);
          expect(res.statusCode, `${r.name}.${field} with ${what}: ${res.body}`).toBe(400);
          expect(json(res).fieldErrors?.[field]?.[0], `${r.name}.${field} with ${what}: ${res.body}`).toBeTruthy();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The plain text fields answer with the one message (an e-mail or a coded field may say its own).
    const dept = await admin.post('/api/resources/department', { name: 'Accounts\r\nBcc: victim@example.com' });
    expect(json(dept).fieldErrors?.name).toEqual([LINE_CONTROL_MESSAGE]);
    const [stored] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from departments where name like 'Hostile%'`);
    expect(stored.n).toBe(0);
  });

  it('multi-line fields of the masters keep line breaks and tabs but refuse the other controls', async () => {
    const withArea = creatable.filter((r) => textFields(r, 'textarea').length > 0);
    expect(withArea.length).toBeGreaterThan(0);
    for (const r of withArea) {
      const [field] = textFields(r, 'textarea')[0];
      for (const [what, c] of CONTROLS) {
        const res = await admin.post(`/api/resources/${r.name}`, { ...r.sample(uniq()), [field]: `Line one${c}line two` });
        expect(res.statusCode, `${r.name}.${field} with ${what}`).toBe(400);
        expect(json(res).fieldErrors?.[field], `${r.name}.${field} with ${what}: ${res.body}`).toEqual([TEXT_CONTROL_MESSAGE]);
      }
      const { row } = await createSample(admin, r, { [field]: 'Line one\r\n\tline two' });
      expect(row[field]).toBe('Line one\r\n\tline two');
    }
  });

  it('in an employee’s names and contacts (addresses keep line breaks), and a sign-in account’s user name', async () => {
    for (const [what, c] of LINE_BREAKERS) {
      const res = await admin.post('/api/employees', {
        name: `Meera${c}Iyer`,
        fatherName: `Raman${c}Iyer`,
        emergencyContactName: `Lakshmi${c}Iyer`,
        emergencyContactRelation: `Mo${c}ther`,
        bankName: `HDFC${c}Bank`,
        bankBranch: `Kora${c}mangala`,
        pfNumber: `KA/BNG${c}/1`,
        presentAddress: '12, 4th Cross\nKoramangala',
      });
      expect(res.statusCode, what).toBe(400);
      const fe = json(res).fieldErrors ?? {};
      for (const field of ['name', 'fatherName', 'emergencyContactName', 'emergencyContactRelation', 'bankName', 'bankBranch', 'pfNumber'])
        expect(fe[field], `${field} with ${what}: ${res.body}`).toContain(LINE_CONTROL_MESSAGE);
      expect(fe.presentAddress, `an address with a line break: ${res.body}`).toBeUndefined();
      const account = await admin.post(`/api/employees/${await freeEmployee()}/user-account`, {
        userName: `staff${c}x`,
        password: 'Brinjal-Kite-93',
      });
      expect(account.statusCode, what).toBe(400);
      expect(json(account).fieldErrors?.userName, what).toContain(LINE_CONTROL_MESSAGE);
    }
    const nul = await admin.post('/api/employees', { presentAddress: '12, 4th Cross\u0000Koramangala' });
    expect(json(nul).fieldErrors?.presentAddress).toContain(TEXT_CONTROL_MESSAGE);
  });

  it('in a visitor’s details (the purpose keeps line breaks) and in a decision’s remark, and nothing is stored', async () => {
    const emp1 = api(t.app, await signIn(t.app, 'employee1'));
    const visitor = (over: Record<string, unknown>) =>
      emp1.post('/api/requests', {
        kind: 'visitor',
        visitorName: 'Anand Rao',
        mobile: '9845012345',
        company: 'Rao Traders',
        purpose: 'Meeting about the audit',
        expectedDate: '2030-01-15',
        expectedTime: '10:30',
        ...over,
      });
    const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests`);
    for (const [what, c] of LINE_BREAKERS) {
      const res = await visitor({ visitorName: `Anand${c}Rao`, company: `Rao${c}Traders`, mobileCode: `+9${c}1` });
      expect(res.statusCode, what).toBe(400);
      const fe = json(res).fieldErrors ?? {};
      for (const field of ['visitorName', 'company', 'mobileCode'])
        expect(fe[field], `${field} with ${what}: ${res.body}`).toContain(LINE_CONTROL_MESSAGE);
    }
    for (const [what, c] of CONTROLS) {
      const res = await visitor({ purpose: `Audit${c}meeting` });
      expect(json(res).fieldErrors?.purpose, what).toEqual([TEXT_CONTROL_MESSAGE]);
    }
    const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests`);
    expect(after.n).toBe(before.n);
    const ok = await visitor({ purpose: 'Audit meeting:\n1. ledgers\n2. vouchers' });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = (ok.json() as { id: number }).id;
    const reject = await admin.post(`/api/requests/${id}/reject`, { remark: 'No\u0000' });
    expect(json(reject).fieldErrors?.remark).toEqual([TEXT_CONTROL_MESSAGE]);
  });

  it('in a value no field schema checks for controls: the floor under every request answers 400 naming the field, and stores nothing', async () => {
    const emp1 = api(t.app, await signIn(t.app, 'employee1'));
    const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from employee_change_requests`);
    const res = await emp1.post('/api/me/employee/change-requests', { changes: { bankName: 'HDFC\u0000Bank' }, reason: 'New bank' });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).fieldErrors?.['changes.bankName']).toEqual([TEXT_CONTROL_MESSAGE]);
    const query = await admin.get('/api/requests', { kind: 'visitor', sort: 'pendingFirst', from: '2030-01-01\u0085' });
    expect(query.statusCode).toBe(400);
    const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from employee_change_requests`);
    expect(after.n).toBe(before.n);
  });
});

// ------------------------------------------------------------------------------------------ 3. Excel exports

/** Text a spreadsheet could read as a formula, as the hostile data below starts. */
// (A CR is read back from the sheet's XML as LF, so a leading LF counts too.)
const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEGATIVE_NUMBER = /^-\d+(?:,\d+)*(?:\.\d+)?$/;
const PREFIXES = ['=', '+', '-', '@', '\t=', '\r='];

interface Sheetful {
  cells: number;
  /** Text cells that start with the quote in front of a formula character: hostile data that reached the file. */
  quoted: string[];
  /** What is wrong: a formula cell, or text that starts like a formula without the quote. */
  problems: string[];
}

async function readWorkbook(buffer: Buffer): Promise<Sheetful> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: Sheetful = { cells: 0, quoted: [], problems: [] };
  for (const ws of wb.worksheets) {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        out.cells++;
        const where = `${ws.name}!${cell.address}`;
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) out.problems.push(`${where} is a formula: ${cell.formula}`);
        const v = cell.value;
        const text =
          typeof v === 'string'
            ? v
            : v && typeof v === 'object' && 'richText' in v
              ? (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('')
              : null;
        if (text === null) return;
        if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text))
          out.problems.push(`${where} starts like a formula: ${JSON.stringify(text)}`);
        if (/^'[=+\-@\t\r\n]/.test(text)) out.quoted.push(text);
      });
    });
  }
  return out;
}

async function download(res: LightMyRequestResponse, what: string): Promise<Sheetful> {
  expect(res.statusCode, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(200);
  expect(String(res.headers['content-type'])).toContain('spreadsheetml');
  return readWorkbook(res.rawPayload);
}

/** Downloads, reads and checks one export: no formula, no unquoted formula text, and (`reached`) hostile text in it. */
async function checkExport(res: LightMyRequestResponse, what: string, reached = true) {
  const book = await download(res, what);
  expect(book.problems, what).toEqual([]);
  if (reached) expect(book.quoted.length, `${what}: no hostile text reached the file`).toBeGreaterThan(0);
  return book;
}

describe('formula-looking text in every Excel export is written as text (item 3)', () => {
  let run: { id: number; unitId: number; year: number; month: number };

  beforeAll(async () => {
    // Formula-looking text everywhere it can be typed or imported: the organisation's name (every report's title
    // lines), every employee's name and a salary slip's copy of it, units, departments, designations, shifts and
    // leave types — each of the six ways a formula may start, the tab and CR ones only possible from old data.
    const hostile = (col: string) =>
      sql.raw(`(array['=', '+', '-', '@', E'\\t=', E'\\r='])[id % 6 + 1] || 'HYPERLINK("http://evil.example/?x","' || ${col} || '")'`);
    await t.db.execute(sql`update organisation set name = '=HYPERLINK("http://evil.example/?org","Org")'`);
    await t.db.execute(sql`update employees set name = left(${hostile('name')}, 150)`);
    await t.db.execute(sql`update salary_slips set name = left(${hostile('name')}, 150)`);
    await t.db.execute(sql`update units set name = '@SUM(1+1)*cmd|'' /C calc''!A0 ' || name`);
    await t.db.execute(sql`update departments set name = E'\\t=1+1 ' || name`);
    await t.db.execute(sql`update designations set name = E'\\r=2+2 ' || name`);
    await t.db.execute(sql`update shifts set name = '+cmd|'' /C calc''!A0 ' || name, code = '-' || code`);
    await t.db.execute(sql`update leave_types set name = '-2+3 ' || name, code = '+' || code`);
    [run] = await queryRows<{ id: number; unitId: number; year: number; month: number }>(
      t.db,
      sql`select id, unit_id as "unitId", year, month from payroll_runs where status in ('approved', 'locked')
          order by year desc, month desc, id limit 1`,
    );
    // The ESI file lists the run's ESI-covered staff, each with a 10-digit IP number.
    await t.db.execute(sql`update salary_slips set statutory = coalesce(statutory, '{}'::jsonb) || '{"esiCovered": true}'::jsonb
      where run_id = ${run.id} and coalesce((statutory->>'esiCovered')::boolean, false) = false
        and id = (select min(id) from salary_slips where run_id = ${run.id})`);
    await t.db.execute(sql`update employees e set esi_number = lpad(e.id::text, 10, '3') from salary_slips s
      where s.employee_id = e.id and s.run_id = ${run.id} and (s.statutory->>'esiCovered')::boolean`);
    // A visitor whose details look like formulas, raised through the API (trimmed: no tab or CR in front).
    const emp1 = api(t.app, await signIn(t.app, 'employee1'));
    const raised = await emp1.post('/api/requests', {
      kind: 'visitor',
      visitorName: '=HYPERLINK("http://evil.example/?v","Visitor")',
      mobile: '9845012345',
      company: "+cmd|' /C calc'!A0",
      purpose: "@SUM(1+1)*cmd|' /C calc'!A0",
      expectedDate: '2030-02-01',
      expectedTime: '11:00',
    });
    expect(raised.statusCode, raised.body).toBe(201);
  });

  it('writes text that starts like a formula with a quote in front, and nothing else', () => {
    for (const p of PREFIXES) expect(xlsxText(`${p}HYPERLINK("x")`)).toBe(`'${p}HYPERLINK("x")`);
    for (const plain of ['Anand Rao', "'=already quoted", ' =leading space', '12', '-12', '-1,234.50', '', 'a=b'])
      expect(xlsxText(plain)).toBe(plain);
    expect(xlsxText('-1+1')).toBe("'-1+1");
    expect(xlsxText('-12 apples')).toBe("'-12 apples");
  });

  it('the employee list', async () => {
    await checkExport(await admin.get('/api/employees/export'), 'employees export');
  });

  it('the employee import template (fixed text) and an import’s error file (the uploaded values)', async () => {
    await checkExport(await admin.get('/api/employees/import/template'), 'import template', false);
    const errors = PREFIXES.map((p, i) => ({ row: i + 2, column: 'Name', value: `${p}HYPERLINK("http://evil.example")`, message: 'Bad' }));
    const book = await checkExport(await admin.post('/api/employees/import/error-report', { errors }), 'import errors');
    expect(book.quoted.length).toBeGreaterThanOrEqual(PREFIXES.length);
  });

  it('every master resource’s list', async () => {
    let reached = 0;
    for (const r of RESOURCES) {
      // A record whose label looks like a formula, through the API, where the resource takes new records.
      const label = (r.fields as Record<string, TResource['fields'][string]>)[r.labelField];
      let hostile = false;
      if (r.canCreate && !r.mapping && label?.kind === 'text') {
        const res = await admin.post(`/api/resources/${r.name}`, {
          ...(await samplePayload(admin, r)),
          [r.labelField]: `=${uniq()}`.slice(0, 8),
        });
        // A label with a format of its own (a mobile code such as +91) may refuse it: that list is still checked.
        hostile = res.statusCode === 201;
        if (!hostile) expect(res.statusCode, `${r.name}: ${res.body}`).toBe(400);
      }
      const book = await download(await admin.get(`/api/resources/${r.name}/export.xlsx`, { pageSize: 500 }), `${r.name} export`);
      expect(book.problems, r.name).toEqual([]);
      if (hostile) expect(book.quoted.length, `${r.name}: hostile label`).toBeGreaterThan(0);
      if (hostile) reached++;
    }
    expect(reached).toBeGreaterThan(20);
  });

  it('the requests list, the leave openings template and the roster template', async () => {
    await checkExport(await admin.get('/api/requests/export', { kind: 'visitor' }), 'requests export');
    await checkExport(await admin.get('/api/leave/openings/template'), 'leave openings template');
    await checkExport(
      await admin.get('/api/attendance/roster/template', { unitId: run.unitId, year: run.year, month: run.month }),
      'roster template',
    );
  });

  it('the payroll templates, the ESI file and the salary register', async () => {
    await checkExport(await admin.get('/api/payroll/structures/template', { unitId: run.unitId }), 'structure template');
    await checkExport(
      await admin.get('/api/payroll/attendance/template', { unitId: run.unitId, year: run.year, month: run.month }),
      'attendance template',
    );
    // The ESI portal's IP name keeps letters and spaces only: no formula character can reach that file at all.
    await checkExport(await admin.get(`/api/payroll/runs/${run.id}/esi`), 'ESI file', false);
    await checkExport(await admin.get(`/api/payroll/runs/${run.id}/register`), 'salary register');
  });

  it('the attendance register and the shift comparison', async () => {
    const mm = String(run.month).padStart(2, '0');
    const range = { from: `${run.year}-${mm}-01`, to: `${run.year}-${mm}-10`, unitId: run.unitId, format: 'xlsx' };
    await checkExport(await admin.get('/api/attendance/register/export', range), 'attendance register');
    await checkExport(await admin.get('/api/attendance/shift-compare/export', range), 'shift comparison');
    await checkExport(await admin.get('/api/attendance/shift-compare/export', { ...range, kind: 'summary' }), 'shift comparison summary');
  });

  it('every report of the registry', async () => {
    const metas = (await admin.get('/api/reports')).json() as TReportMeta[];
    expect(metas.length).toBeGreaterThan(10);
    const fy = run.month >= 4 ? run.year : run.year - 1;
    const reached: string[] = [];
    for (const meta of metas) {
      const kinds = new Set(meta.filters.map((f) => f.kind));
      const q: Record<string, string | number> = { format: 'xlsx' };
      if (kinds.has('month')) Object.assign(q, { year: run.year, month: run.month });
      else if (kinds.has('dateRange')) {
        const mm = String(run.month).padStart(2, '0');
        Object.assign(q, { from: `${run.year}-${mm}-01`, to: `${run.year}-${mm}-14` });
      }
      if (kinds.has('financialYear')) q.financialYear = fy;
      if (kinds.has('quarter')) q.quarter = run.month >= 4 ? Math.ceil((run.month - 3) / 3) : 4;
      // A report of no rows this month carries no hostile name (its title line starts with the report's title).
      const book = await checkExport(await admin.get(`/api/reports/${meta.id}/export`, q), `report ${meta.id}`, false);
      if (book.quoted.length) reached.push(meta.id);
    }
    expect(reached.length, `reached: ${reached.join(', ')}`).toBeGreaterThan(metas.length / 2);
  });
});
