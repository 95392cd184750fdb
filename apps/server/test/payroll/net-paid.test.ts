// One net pay (issue 26): the amount paid is the payslip's net, rounded to the nearest ₹10 with its Round Off line
// (spec section 5). The server's one SQL expression for it (modules/payroll/net-paid.ts) agrees with the payslip's rule
// (@hr/payroll roundNetPay) on the edge cases; and for every slip of a run the payslip's net (as the PDF builder gets
// its figures), the salary register's and Form B's net (screen, Excel, PDF), the run's employee line, the run's total
// (run view and run list), the staff dashboard's last payslip and the admin dashboard's payroll cost are that amount.
// Priya Sharma (BLR0002, employee1) has an exact net that is not a multiple of ₹10. Runs against PGlite and PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSalarySlip } from '@hr/contract';
import { formatINR, payslipFigures, roundNetPay } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { netPaidSql } from '../../src/modules/payroll/net-paid';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let blr = 0;
let M: Awaited<ReturnType<typeof seededMonths>>;
const dir = mkdtempSync(join(tmpdir(), 'net-paid-'));
const hasPoppler = !spawnSync('pdftotext', ['-v']).error;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const [unit] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
  blr = unit.id;
  M = await seededMonths(admin);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const paise = (rupees: number) => Math.round(rupees * 100);

describe('the amount paid in SQL is the payslip’s rounding', () => {
  it('agrees with roundNetPay on x5 rupees, paise, negative nets, already round and large amounts', async () => {
    const values = [
      0, 1, 99, 100, 499, 500, 501, 999, 1000, 1001, 449_999, 450_000, 450_001, 1_234_499, 1_234_500, 1_234_501, 1_234_099, 1_234_999,
      1_234_000, 1_234_050, 3_638_800, 3_638_847, 3_638_500, 3_639_000, 3_639_499, 9_999_500, 99_999_999_999, -1, -99, -499, -500, -501,
      -1_234_500, -1_234_499, -1_234_000, -3_638_847, -99_999_999_999,
    ];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.sin(i + 1) * 10_000_000_00) + (i % 7) * 50);
    const rows = await queryRows<{ v: string; paid: string }>(
      t.db,
      sql`select v::text, ${netPaidSql(sql`v`)}::text as paid from unnest(${`{${values.join(',')}}`}::bigint[]) v`,
    );
    expect(rows).toHaveLength(values.length);
    for (const r of rows) expect(BigInt(r.paid), `net ${r.v} paise`).toBe(roundNetPay(BigInt(r.v)).rounded);
    // The spec's cases, in rupees: a last digit of 5 or more rounds up, paise never carry a figure over.
    const paid = new Map(rows.map((r) => [Number(r.v), Number(r.paid)]));
    expect(paid.get(1_234_500)).toBe(1_235_000);
    expect(paid.get(1_234_499)).toBe(1_234_000);
    expect(paid.get(1_234_050)).toBe(1_234_000);
    expect(paid.get(3_638_847)).toBe(3_639_000);
    expect(paid.get(-1_234_500)).toBe(-1_235_000);
    expect(paid.get(1_234_000)).toBe(1_234_000);
  });
});

type Register = {
  columns: { key: string; label: string }[];
  rows: Record<string, unknown>[];
  total: number;
  grandTotal: Record<string, number>;
};

/** Every place that shows the net pay of the run's slips, by employee code (paise), and the run's total ones. */
async function figures(run: { id: number; year: number; month: number; status: string }) {
  const records = (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as TSalarySlip[];
  // The payslip as printed: the figures the PDF builder (@hr/documents) gets from the record's heads.
  const payslip = new Map(
    records.map((r) => [r.employeeCode ?? '', Number(payslipFigures(r.salaryProcessDetailRequestList).rounding.rounded)]),
  );
  const record = new Map(records.map((r) => [r.employeeCode ?? '', r]));
  const employees = (await payroll.get(`/api/payroll/runs/${run.id}/employees`)).json() as {
    employeeCode: string;
    net: number;
    netExact: number;
    roundOff: number;
  }[];
  const q = {
    unitId: blr,
    year: run.year,
    month: run.month,
    pageSize: 500,
    ...(run.status === 'processed' ? { status: 'processed' } : {}),
  };
  const register = async (id: string) => {
    const res = await payroll.get(`/api/reports/${id}/run`, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Register;
  };
  const salary = await register('salary-register');
  const view = (await payroll.get(`/api/payroll/runs/${run.id}`)).json();
  const listed = (
    (await payroll.get('/api/payroll/runs', { unitId: blr, year: run.year, month: run.month })).json().rows as { id: number; net: number }[]
  ).find((r) => r.id === run.id);
  return { records, payslip, record, employees, salary, view, listed, q, register };
}

function netByCode(reg: Register): Map<string, number> {
  return new Map(reg.rows.map((r) => [String(r.employeeCode), paise(Number(r.net))]));
}

async function xlsxNets(res: { statusCode: number; body: string; rawPayload: Buffer }, columns: Register['columns']) {
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const ws = wb.worksheets[0];
  const code = columns.findIndex((c) => c.key === 'employeeCode') + 1;
  const net = columns.findIndex((c) => c.key === 'net') + 1;
  const out = new Map<string, number>();
  for (let n = 4; n <= ws.actualRowCount; n++) {
    const c = ws.getRow(n).getCell(code).value;
    if (typeof c === 'string' && /^[A-Z]+\d+$/.test(c)) out.set(c, paise(Number(ws.getRow(n).getCell(net).value)));
  }
  return out;
}

function expectSame(what: string, got: Map<string, number>, want: Map<string, number>) {
  expect(Object.fromEntries(got), what).toEqual(Object.fromEntries(want));
}

describe('the amount paid kept with each run', () => {
  it('equals the slips summed through netPaidSql, and migration 0030 fills it the same way for earlier runs', async () => {
    const expected = async () =>
      queryRows<{ id: number; paid: string }>(
        t.db,
        sql`select r.id, coalesce((select sum(${netPaidSql(sql`s.net`)}) from salary_slips s where s.run_id = r.id), 0)::text as paid
            from payroll_runs r order by r.id`,
      );
    const kept = async () =>
      queryRows<{ id: number; paid: string }>(t.db, sql`select id, net_paid::text as paid from payroll_runs order by id`);
    const want = await expected();
    expect(want.some((r) => Number(r.paid) > 0)).toBe(true);
    expect(await kept()).toEqual(want);
    // A slip changed in place: the run's kept figure follows it (the trigger), as the trigger-kept totals do.
    const [slip] = await queryRows<{ id: number }>(t.db, sql`select id from salary_slips order by id limit 1`);
    await t.db.execute(sql`update salary_slips set net = net + 123456 where id = ${slip.id}`);
    expect(await kept()).toEqual(await expected());
    // An installation upgraded from before the column: the migration's backfill gives the same figures.
    const migration = readFileSync(new URL('../../drizzle/0030_run_net_paid.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.lastIndexOf('UPDATE payroll_runs r SET net_paid'));
    const now = await expected();
    await t.db.execute(sql`update payroll_runs set net_paid = 0`);
    await t.db.execute(sql.raw(backfill));
    expect(await kept()).toEqual(now);
    await t.db.execute(sql`update salary_slips set net = net - 123456 where id = ${slip.id}`);
  });
});

describe('one net pay for every slip of a run', () => {
  it('a locked month: payslip = run screen = salary register (screen, Excel, PDF) = Form B = run total = dashboards', async () => {
    const [run] = await queryRows<{ id: number; year: number; month: number; status: string }>(
      t.db,
      sql`select id, year, month, status from payroll_runs where unit_id = ${blr} and year = ${M.prev1.year} and month = ${M.prev1.month}`,
    );
    expect(run.status).toBe('locked');
    const f = await figures(run);
    expect(f.records.length).toBeGreaterThan(1);

    // Priya Sharma: an exact net that is not a multiple of ₹10, paid rounded with the Round Off line.
    const priya = f.record.get('BLR0002');
    expect(priya?.name).toBe('Priya Sharma');
    const [exact] = await queryRows<{ net: string }>(
      t.db,
      sql`select s.net::text as net from salary_slips s where s.run_id = ${run.id} and s.employee_code = 'BLR0002'`,
    );
    expect(Number(exact.net) % 1000, 'Priya’s exact net is not a multiple of ₹10').not.toBe(0);
    const priyaPaid = Number(roundNetPay(BigInt(exact.net)).rounded);
    expect(f.payslip.get('BLR0002')).toBe(priyaPaid);
    expect(priya && paise(priya.netPay)).toBe(priyaPaid);
    expect(priya && paise(priya.netPayExact)).toBe(Number(exact.net));
    expect(priya && paise(priya.roundOff)).toBe(priyaPaid - Number(exact.net));

    // Every slip: the payslip's printed net is the amount paid everywhere.
    const want = f.payslip;
    for (const [code, r] of f.record) {
      expect(paise(r.netPay), code).toBe(want.get(code));
      expect(paise(r.netPayExact) + paise(r.roundOff), code).toBe(want.get(code));
    }
    expectSame('run screen', new Map(f.employees.map((e) => [e.employeeCode, paise(e.net)])), want);
    for (const e of f.employees) expect(paise(e.netExact) + paise(e.roundOff), e.employeeCode).toBe(paise(e.net));
    expectSame('salary register', netByCode(f.salary), want);
    const formB = await f.register('form-b');
    expectSame('Form B', netByCode(formB), want);

    // Totals: the run's total net and both registers' grand totals (read from the kept totals of a final run) add up
    // the amounts paid; the exact net and the round-off are shown beside it.
    const total = [...want.values()].reduce((s, x) => s + x, 0);
    const exactTotal = f.records.reduce((s, r) => s + paise(r.netPayExact), 0);
    expect(paise(f.view.net), 'run view').toBe(total);
    expect(paise(f.view.netExact)).toBe(exactTotal);
    expect(paise(f.view.roundOff)).toBe(total - exactTotal);
    expect(paise(f.listed?.net ?? -1), 'run list').toBe(total);
    expect(paise(f.salary.grandTotal.net), 'salary register total').toBe(total);
    expect(paise(formB.grandTotal.net), 'Form B total').toBe(total);

    // The downloads: Excel of the salary register (reports API and the run screen's register) and of Form B.
    expectSame(
      'salary register Excel',
      await xlsxNets(await payroll.get('/api/reports/salary-register/export', { ...f.q, format: 'xlsx' }), f.salary.columns),
      want,
    );
    expectSame('run register Excel', await xlsxNets(await payroll.get(`/api/payroll/runs/${run.id}/register`), f.salary.columns), want);
    expectSame(
      'Form B Excel',
      await xlsxNets(await payroll.get('/api/reports/form-b/export', { ...f.q, format: 'xlsx' }), formB.columns),
      want,
    );
    if (hasPoppler) {
      const pdf = await payroll.get('/api/reports/salary-register/export', { ...f.q, format: 'pdf' });
      expect(pdf.statusCode, pdf.body).toBe(200);
      const file = join(dir, 'register.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const line = text.split('\n').find((l) => l.includes('BLR0002')) ?? '';
      expect(line, 'Priya’s line of the register PDF').toContain(formatINR(BigInt(priyaPaid)));
      expect(line).not.toContain(formatINR(BigInt(exact.net)));
    }

    // Priya's dashboard: her last payslip's net is the amount paid.
    const mine = (await employee1.get('/api/dashboard/me/payslip')).json();
    expect(mine.slip).toMatchObject({ year: run.year, month: run.month });
    expect(paise(mine.slip.net)).toBe(priyaPaid);

    // The admin dashboard's payroll cost: the month's amounts paid over every unit's runs.
    const [all] = await queryRows<{ paid: string }>(
      t.db,
      sql`select sum(${netPaidSql(sql`s.net`)})::text as paid from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year = ${run.year} and r.month = ${run.month} and r.status in ('processed', 'approved', 'locked')`,
    );
    const cost = (await admin.get('/api/dashboard/admin/payroll-cost', { month: M.prev1.ym })).json();
    const month = cost.months.find((m: { month: string }) => m.month === M.prev1.ym);
    expect(paise(month.net)).toBe(Number(all.paid));
  });

  it('a run processed now: payslip = run screen = salary register (processed) = run total', async () => {
    const [draft] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = ${blr} and year = ${M.cur.year} and month = ${M.cur.month}`,
    );
    const res = await payroll.post(`/api/payroll/runs/${draft.id}/process`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const run = { id: draft.id, year: M.cur.year, month: M.cur.month, status: 'processed' };
    expect((await payroll.get(`/api/payroll/runs/${run.id}`)).json().status).toBe('processed');
    const f = await figures(run);
    expect(f.records.length).toBeGreaterThan(1);
    const want = f.payslip;
    expect(want.has('BLR0002')).toBe(true);
    for (const [code, r] of f.record) expect(paise(r.netPay), code).toBe(want.get(code));
    expectSame('run screen', new Map(f.employees.map((e) => [e.employeeCode, paise(e.net)])), want);
    expectSame('salary register (processed)', netByCode(f.salary), want);
    const total = [...want.values()].reduce((s, x) => s + x, 0);
    expect(paise(f.view.net)).toBe(total);
    expect(paise(f.listed?.net ?? -1)).toBe(total);
    expect(paise(f.salary.grandTotal.net)).toBe(total);
    // Last month's amount paid beside each line.
    const prev = await figures({
      ...(
        await queryRows<{ id: number; year: number; month: number; status: string }>(
          t.db,
          sql`select id, year, month, status from payroll_runs where unit_id = ${blr} and year = ${M.prev1.year} and month = ${M.prev1.month}`,
        )
      )[0],
    });
    for (const e of (await payroll.get(`/api/payroll/runs/${run.id}/employees`)).json() as {
      employeeCode: string;
      previousNet: number | null;
    }[])
      if (e.previousNet !== null) expect(paise(e.previousNet), e.employeeCode).toBe(prev.payslip.get(e.employeeCode));
  });
});
