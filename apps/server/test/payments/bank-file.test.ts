// The bank file of a salary run (issue 26): the contract's CSV (Employee Code, Account Number, IFSC, Amount; one row
// per employee paid by bank; each amount the payslip's rounded net, their sum the run's total), the checks before the
// file (bad IFSC, missing account: refused with the employees to fix, never a file with holes), the month lock (409
// for a draft run), who may have it (self-service 403, a unit-limited role 404 outside its units), the banks' layouts
// (built-in and one an administrator adds, fixed width), a batch of several units, and the advice letter.
// Runs against PGlite and PostgreSQL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENU, type TBankLayout, type TSalarySlip } from '@hr/contract';
import { amountInWords, payslipFigures } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from '../payroll/months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let units: Record<string, number>;
type Run = { id: number; unitId: number; year: number; month: number; status: string };
let locked: Run;
let draft: Run;
let chennai: Run;
const dir = mkdtempSync(join(tmpdir(), 'bank-file-'));
const hasPoppler = !spawnSync('pdftotext', ['-v']).error;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const rows = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  units = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const M = await seededMonths(admin);
  const run = async (unit: string, m: { year: number; month: number }) =>
    (
      await queryRows<Run>(
        t.db,
        sql`select id, unit_id as "unitId", year, month, status from payroll_runs where unit_id = ${units[unit]} and year = ${m.year} and month = ${m.month}`,
      )
    )[0];
  locked = await run('HO-BLR', M.prev1);
  draft = await run('HO-BLR', M.cur);
  chennai = await run('BR-CHN', M.prev1);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const paise = (rupees: string | number) => Math.round(Number(rupees) * 100);

function parseCsv(body: string): { header: string[]; rows: Record<string, string>[] } {
  const lines = body.trim().split(/\r?\n/);
  const header = lines[0].split(',');
  return { header, rows: lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v]))) };
}

describe('the bank file of a run (the contract: GET /api/payroll/runs/{id}/bank-file?format=csv)', () => {
  it('has the headings, one row per employee paid by bank, each amount the payslip’s rounded net, summing to the run’s total', async () => {
    expect(locked.status).toBe('locked');
    const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const { header, rows } = parseCsv(res.body);
    for (const h of ['Employee Code', 'Account Number', 'IFSC', 'Amount']) expect(header).toContain(h);

    const bank = await queryRows<{ code: string; account: string; ifsc: string }>(
      t.db,
      sql`select s.employee_code as code, e.bank_account_no as account, e.ifsc from salary_slips s join employees e on e.id = s.employee_id
          where s.run_id = ${locked.id} and e.pay_mode_id = 2 order by s.employee_code`,
    );
    expect(bank.length).toBeGreaterThan(1);
    expect(rows.map((r) => r['Employee Code'])).toEqual(bank.map((b) => b.code));
    for (const [i, r] of rows.entries()) {
      expect(r['Account Number']).toBe(bank[i].account);
      expect(r.IFSC).toBe(bank[i].ifsc);
      expect(r.Amount, 'rupees with two decimals').toMatch(/^\d+\.\d{2}$/);
    }

    // Each amount is the payslip's printed net (the PDF builder's own figures), and the sum is the run's total.
    const records = (await payroll.get(`/api/payroll/runs/${locked.id}/slips`)).json() as TSalarySlip[];
    const payslip = new Map(
      records.map((r) => [r.employeeCode, Number(payslipFigures(r.salaryProcessDetailRequestList).rounding.rounded)]),
    );
    for (const r of rows) expect(paise(r.Amount), r['Employee Code']).toBe(payslip.get(r['Employee Code']));
    const sum = rows.reduce((s, r) => s + paise(r.Amount), 0);
    const view = (await payroll.get(`/api/payroll/runs/${locked.id}`)).json() as { net: number };
    expect(sum).toBe(paise(view.net));
    const [kept] = await queryRows<{ paid: string }>(t.db, sql`select net_paid::text as paid from payroll_runs where id = ${locked.id}`);
    expect(sum).toBe(Number(kept.paid));
    // Priya Sharma's exact net is not a multiple of ₹10: the file pays the rounded figure.
    const priya = rows.find((r) => r['Employee Code'] === 'BLR0002');
    expect(paise(priya?.Amount ?? 0) % 1000).toBe(0);
  });

  it('is refused for a run that is not approved or locked (409), and for an unknown run (404)', async () => {
    expect(draft.status).toBe('draft');
    const res = await payroll.get(`/api/payroll/runs/${draft.id}/bank-file`, { format: 'csv' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/approved or locked/);
    expect((await payroll.get('/api/payroll/runs/999999/bank-file', { format: 'csv' })).statusCode).toBe(404);
    expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'xml' })).statusCode).toBe(400);
    expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: '0x1' })).statusCode).toBe(400);
    expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: '99999' })).statusCode).toBe(404);
  });

  it('is refused whole, listing each employee to fix, when an IFSC is malformed or an account number missing', async () => {
    const [a, b] = await queryRows<{ id: number; code: string; name: string; ifsc: string; account: string }>(
      t.db,
      sql`select e.id, e.employee_code as code, e.name, s.ifsc, s.bank_account_no as account from salary_slips s
          join employees e on e.id = s.employee_id where s.run_id = ${locked.id} order by e.employee_code limit 2`,
    );
    // The file pays the bank details the slip was processed with (issue 26), so the bad details are the slip's.
    const slipOf = (id: number) => sql`run_id = ${locked.id} and employee_id = ${id}`;
    await t.db.execute(sql`update salary_slips set ifsc = 'HDFC1234567' where ${slipOf(a.id)}`);
    await t.db.execute(sql`update salary_slips set bank_account_no = null where ${slipOf(b.id)}`);
    try {
      const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.headers['content-type']).toMatch(/json/);
      const body = res.json() as { message: string; problems: { employeeCode: string; name: string; problem: string }[] };
      expect(body.problems.map((p) => p.employeeCode).sort()).toEqual([a.code, b.code].sort());
      expect(body.problems.find((p) => p.employeeCode === a.code)).toMatchObject({
        name: a.name,
        problem: expect.stringMatching(/IFSC "HDFC1234567"/),
      });
      expect(body.problems.find((p) => p.employeeCode === b.code)?.problem).toMatch(/no bank account number/);
      expect(body.message).toContain(a.code);
      // The advice letter is refused the same way, and the payment list shows the problem on the row.
      expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-advice`)).statusCode).toBe(409);
      const list = (await payroll.get(`/api/payroll/runs/${locked.id}/payments`)).json() as {
        rows: { employeeCode: string; problem: string | null }[];
      };
      expect(list.rows.find((r) => r.employeeCode === a.code)?.problem).toMatch(/IFSC/);
    } finally {
      await t.db.execute(sql`update salary_slips set ifsc = ${a.ifsc} where ${slipOf(a.id)}`);
      await t.db.execute(sql`update salary_slips set bank_account_no = ${b.account} where ${slipOf(b.id)}`);
    }
    expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' })).statusCode).toBe(200);
  });

  it('leaves out employees paid by cash or cheque, who have their own list', async () => {
    const [c] = await queryRows<{ id: number; code: string; ifsc: string; account: string }>(
      t.db,
      sql`select e.id, e.employee_code as code, s.ifsc, s.bank_account_no as account from salary_slips s join employees e on e.id = s.employee_id
          where s.run_id = ${locked.id} order by e.employee_code desc limit 1`,
    );
    const slip = sql`run_id = ${locked.id} and employee_id = ${c.id}`;
    await t.db.execute(sql`update salary_slips set pay_mode_id = 3, ifsc = null, bank_account_no = null where ${slip}`);
    try {
      const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' });
      expect(res.statusCode, res.body).toBe(200);
      expect(parseCsv(res.body).rows.map((r) => r['Employee Code'])).not.toContain(c.code);
      const list = (await payroll.get(`/api/payroll/runs/${locked.id}/cash-cheque`)).json() as { employeeCode: string; mode: string }[];
      expect(list).toEqual([expect.objectContaining({ employeeCode: c.code, mode: 'cheque' })]);
      const filtered = (await payroll.get(`/api/payroll/runs/${locked.id}/payments`, { mode: 'cashCheque' })).json();
      expect(filtered.rows.map((r: { employeeCode: string }) => r.employeeCode)).toEqual([c.code]);
    } finally {
      await t.db.execute(sql`update salary_slips set pay_mode_id = 2, ifsc = ${c.ifsc}, bank_account_no = ${c.account} where ${slip}`);
    }
  });
});

describe('who may have the bank file', () => {
  it('self-service is refused (403); a unit-limited role gets its own units’ runs and 404 for the others', async () => {
    expect((await employee1.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' })).statusCode).toBe(403);
    expect((await employee1.get(`/api/payroll/runs/${locked.id}/bank-advice`)).statusCode).toBe(403);
    expect((await employee1.get(`/api/payroll/runs/${locked.id}/payments`)).statusCode).toBe(403);
    expect((await employee1.post(`/api/payroll/runs/${locked.id}/payments/mark-paid`, { valueDate: '2026-01-01' })).statusCode).toBe(403);
    const limited = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [units['BR-CHN']] });
    expect((await limited.api.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' })).statusCode).toBe(404);
    expect((await limited.api.get(`/api/payroll/runs/${locked.id}/bank-advice`)).statusCode).toBe(404);
    expect((await limited.api.get(`/api/payroll/runs/${locked.id}/payments`)).statusCode).toBe(404);
    const own = await limited.api.get(`/api/payroll/runs/${chennai.id}/bank-file`, { format: 'csv' });
    expect(own.statusCode, own.body).toBe(200);
    const codes = parseCsv(own.body).rows.map((r) => r['Employee Code']);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from salary_slips where run_id = ${chennai.id}`);
    expect(codes).toHaveLength(n);
    // A batch naming a unit out of reach is 404; the view-only role may not mark payments (403).
    const batch = await limited.api.get('/api/payments/bank-file', {
      year: chennai.year,
      month: chennai.month,
      unitIds: `${units['BR-CHN']},${units['HO-BLR']}`,
    });
    expect(batch.statusCode).toBe(404);
    expect((await limited.api.post(`/api/payroll/runs/${chennai.id}/payments/mark-paid`, { valueDate: '2026-01-01' })).statusCode).toBe(
      403,
    );
    expect((await limited.api.post('/api/payments/layouts', {})).statusCode).toBe(403);
  });
});

describe('bank layouts', () => {
  it('offers the generic CSV and at least three banks’ bulk-upload layouts, each citing its source', async () => {
    const layouts = (await payroll.get('/api/payments/layouts')).json() as TBankLayout[];
    const banks = layouts.filter((l) => l.bankName);
    expect(banks.length).toBeGreaterThanOrEqual(3);
    for (const l of layouts) expect(l.source, l.name).toBeTruthy();
    // HDFC Bank ENet: no heading row, seven comma-separated fields, the amount with decimals, value date YYYYMMDD.
    const hdfc = layouts.find((l) => l.bankName === 'HDFC Bank') as TBankLayout;
    const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: String(hdfc.id), valueDate: '2026-10-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.trim().split('\r\n');
    const first = lines[0].split(',');
    expect(first).toHaveLength(7);
    expect(first[0]).toMatch(/^[A-Z]+\d+$/);
    expect(first[3]).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
    expect(first[5]).toMatch(/^\d+\.\d{2}$/);
    expect(first[6]).toBe('20261031');
    // Union Bank of India: the FILEHDR line with the unit's client code, then pipe-separated payments from the debit account.
    const ubi = layouts.find((l) => l.bankName === 'Union Bank of India') as TBankLayout;
    const u = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: String(ubi.id) });
    expect(u.statusCode, u.body).toBe(200);
    const ul = u.body.trim().split('\r\n');
    expect(ul[0]).toBe('FILEHDR|HRDEMO|1');
    expect(ul[1].split('|').slice(0, 3)).toEqual(['NEFT', 'HDFC0000053', '50200012345678']);
  });

  it('an administrator adds a fixed-width layout and the file is written in it; others may not add one; bad layouts are 400', async () => {
    const layout = {
      name: 'Test Co-operative Bank fixed width',
      bankName: 'Test Co-operative Bank',
      fileType: 'fixed',
      headingRow: false,
      headerRows: ['H{debitAccount}{count}'],
      columns: [
        { heading: 'Code', source: 'employeeCode', width: 10 },
        { heading: 'Account', source: 'accountNumber', width: 20 },
        { heading: 'IFSC', source: 'ifsc', width: 11 },
        { heading: 'Amount', source: 'amount', width: 15, align: 'right', pad: '0', format: 'paise' },
        { heading: 'Type', source: 'constant', value: 'SAL', width: 3 },
      ],
      fileExtension: 'txt',
      source: 'The bank’s branch circular',
    };
    expect((await payroll.post('/api/payments/layouts', layout)).statusCode).toBe(403);
    const bad = await admin.post('/api/payments/layouts', {
      ...layout,
      name: 'No amount',
      columns: layout.columns.filter((c) => c.source !== 'amount'),
    });
    expect(bad.statusCode).toBe(400);
    const noWidth = await admin.post('/api/payments/layouts', {
      ...layout,
      name: 'No width',
      columns: [{ heading: 'Amount', source: 'amount' }],
    });
    expect(noWidth.statusCode).toBe(400);
    const created = await admin.post('/api/payments/layouts', layout);
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin.post('/api/payments/layouts', layout)).statusCode).toBe(409);
    const id = created.json().id as number;

    const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: String(id) });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n');
    const csv = parseCsv((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { format: 'csv' })).body).rows;
    expect(lines[0]).toBe(`H50200012345678${csv.length}`);
    expect(lines).toHaveLength(csv.length + 1);
    for (const [i, line] of lines.slice(1).entries()) {
      expect(line).toHaveLength(59);
      expect(line.slice(0, 10).trim()).toBe(csv[i]['Employee Code']);
      expect(line.slice(30, 41)).toBe(csv[i].IFSC);
      expect(Number(line.slice(41, 56))).toBe(paise(csv[i].Amount));
      expect(line.slice(56)).toBe('SAL');
    }
    // Retired, it is no longer offered or used.
    expect((await admin.delete(`/api/payments/layouts/${id}`)).statusCode).toBe(204);
    expect((await payroll.get(`/api/payroll/runs/${locked.id}/bank-file`, { layout: String(id) })).statusCode).toBe(404);
  });
});

describe('a batch of several units and the advice letter', () => {
  it('puts one month’s runs of several units in one file; a unit whose run is not final refuses the batch', async () => {
    const res = await payroll.get('/api/payments/bank-file', {
      year: locked.year,
      month: locked.month,
      unitIds: `${units['HO-BLR']},${units['BR-CHN']}`,
      format: 'csv',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body).rows;
    const [{ n, paid }] = await queryRows<{ n: number; paid: string }>(
      t.db,
      sql`select count(*)::int as n, sum(hr_slip_net_paid(s.net))::text as paid from salary_slips s where s.run_id in (${locked.id}, ${chennai.id})`,
    );
    expect(rows).toHaveLength(n);
    expect(rows.reduce((s, r) => s + paise(r.Amount), 0)).toBe(Number(paid));
    const refused = await payroll.get('/api/payments/bank-file', { year: draft.year, month: draft.month, unitIds: `${units['HO-BLR']}` });
    expect(refused.statusCode).toBe(409);
    expect((await payroll.get('/api/payments/bank-file', { year: 2001, month: 1, unitIds: `${units['HO-BLR']}` })).statusCode).toBe(404);
    expect((await payroll.get('/api/payments/bank-file', { year: 2026, month: 13, unitIds: 'x' })).statusCode).toBe(400);
  });

  it('writes the advice letter to the branch with the debit account, the total in figures and words, and the list', async () => {
    const res = await payroll.get(`/api/payroll/runs/${locked.id}/bank-advice`, { valueDate: '2026-11-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await payroll.get(`/api/payroll/runs/${draft.id}/bank-advice`)).statusCode).toBe(409);
    if (!hasPoppler) return;
    const file = join(dir, 'advice.pdf');
    writeFileSync(file, res.rawPayload);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const [kept] = await queryRows<{ paid: string }>(t.db, sql`select net_paid::text as paid from payroll_runs where id = ${locked.id}`);
    expect(text).toContain('50200012345678');
    expect(text).toContain('Jayanagar Branch');
    expect(text).toContain('01/11/2026');
    expect(text).toContain(amountInWords(BigInt(kept.paid)));
    expect(text).toContain('BLR0002');
  });
});
