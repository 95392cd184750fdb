// Going live mid-year (issue 26): the salary of the year paid before the product, once imported, counts in the run's
// TDS (the whole year projected: earlier months' income and tax deducted included, the rest of the tax spread over the
// months left), in the regime comparison of the declaration, and in Form 16 / 130 (this employer's earlier months in
// item 1 and in the months of Part A; a previous employer's Form 12B in its own item, in place of the declared one).
// Figures worked by hand below. Runs against PGlite and PostgreSQL.
import { financialYearOf, remainingMonthsOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { loadForm16Records } from '../../src/modules/form16/data';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { EARLIER_HEADERS, earlierSheet, type SheetRow, uploadEarlier } from './earlier-salary-helpers';
import { type Month, seededMonths } from './months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let token: string;
let M: Awaited<ReturnType<typeof seededMonths>>;
let unitId: number;
let joinerId: number;
const ym = (m: { year: number; month: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** The months of the financial year of `m` before it: April … the month before. */
function monthsBefore(m: Month): string[] {
  const start = m.month >= 4 ? m.year : m.year - 1;
  const out: string[] = [];
  for (let k = 0; ; k++) {
    const y = start + Math.floor((3 + k) / 12);
    const mo = ((3 + k) % 12) + 1;
    if (y * 100 + mo >= m.year * 100 + m.month) break;
    out.push(ym({ year: y, month: mo }));
  }
  return out;
}

async function upload(fy: string, rows: SheetRow[]) {
  const template = await payroll.get('/api/tax/earlier-salary/template', { unitId, financialYear: fy });
  expect(template.statusCode, template.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  // The template's own headings, then the rows.
  const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(EARLIER_HEADERS);
  return uploadEarlier(t, token, fy, await earlierSheet(rows, headers));
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'payroll');
  payroll = api(t.app, token);
  M = await seededMonths(payroll);
  [{ id: unitId }] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'CMP-MYS'`);
  // A joiner of April who is paid here from this month on: a copy of one of the unit's staff, structure ₹1,50,000 basic.
  const fyStart = M.cur.month >= 4 ? M.cur.year : M.cur.year - 1;
  [{ id: joinerId }] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into employees select (jsonb_populate_record(null::employees, to_jsonb(e) || jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('employees', 'id')), 'employee_code', 'GOLIVE01', 'name', 'Going Live',
          'date_of_joining', ${`${fyStart}-04-01`}::text, 'exit_date', null, 'status', 'active', 'device_user_id', null,
          'esi_applicable', false))).*
        from employees e where e.unit_id = ${unitId} and e.status <> 'exited' order by e.id limit 1
        returning id`,
  );
  await t.db.execute(
    sql`insert into salary_structures (employee_id, effective_from, amounts) values (${joinerId}, ${`${fyStart}-04`}, '{"1": 15000000}'::jsonb)`,
  );
  await t.db.execute(sql`delete from tax_declarations where employee_id = ${joinerId}`);
});
afterAll(() => t?.close());

/** Processes the draft run (the whole unit the first time, then the joiner alone) and reads the joiner's slip. */
async function processJoiner(whole = false) {
  const [run] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from payroll_runs where unit_id = ${unitId} and year = ${M.cur.year} and month = ${M.cur.month} and parent_run_id is null`,
  );
  const res = await payroll.post(`/api/payroll/runs/${run.id}/process`, whole ? undefined : { employeeIds: [joinerId] });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const [slip] = await queryRows<{ gross: string; tds: string; annual: string }>(
    t.db,
    sql`select s.gross::text as gross, (s.statutory->>'tds') as tds, (s.statutory->>'tdsAnnualTax') as annual
        from salary_slips s where s.run_id = ${run.id} and s.employee_id = ${joinerId}`,
  );
  return { gross: Number(slip.gross), tds: Number(slip.tds), annual: Number(slip.annual) };
}

describe('the TDS of a run projects the whole year with the salary paid before going live', () => {
  it('a ₹1,50,000-a-month employee paid here from this month: earlier months’ income and TDS included', async () => {
    const earlier = monthsBefore(M.cur);
    const left = remainingMonthsOf(M.cur.month);
    expect(earlier.length + left).toBe(12);
    const fy = financialYearOf(M.cur.year, M.cur.month);

    // Without the earlier months the run sees ₹1,50,000 × the months left. In November: 5 × 1,50,000 = 7,50,000;
    // less the standard deduction 75,000 = 6,75,000; new regime: 5 % of (6,75,000 − 4,00,000) = 13,750, all rebated
    // under s.87A (income up to 12 L): no tax. (₹40,000 a month is tax-free either way under the 2026-27 rebate, so
    // the figures here use ₹1,50,000 to show the arithmetic.)
    const before = await processJoiner(true);
    expect(before.gross).toBe(15_000_000);
    if (left * 150_000 - 75_000 <= 1_200_000) expect(before.tds).toBe(0);

    // Imported: each earlier month ₹1,50,000 gross and ₹10,000 TDS deducted, one row a month.
    if (earlier.length === 0) return; // April: no earlier month in the year.
    const res = await upload(
      fy,
      earlier.map((m) => ['GOLIVE01', 'Going Live', m, m, 150000, 0, 0, 0, null, 1800, 200, 10000, 0, 0, 0, 0]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ saved: earlier.length, employees: 1 });

    // The year: 12 × 1,50,000 = 18,00,000; less 75,000 = 17,25,000 taxable (new regime; PT is no deduction in it).
    // Slabs: 4–8 L 5 % = 20,000; 8–12 L 10 % = 40,000; 12–16 L 15 % = 60,000; 16–17.25 L 20 % = 25,000; total
    // 1,45,000; cess 4 % = 5,800; tax 1,50,800. Deducted before: 10,000 × earlier months (November: 7 → 70,000).
    // This month: (1,50,800 − 70,000) ÷ 5 months left = 16,160.
    const annual = 15_080_000;
    const due = annual - 1_000_000 * earlier.length;
    const expected = Math.round(due / left / 100) * 100;
    const after = await processJoiner();
    expect(after.annual).toBe(annual);
    expect(after.tds).toBe(expected);
    if (M.cur.month === 11) expect(after.tds).toBe(1_616_000);
  });

  it('the regime comparison counts the earlier months', async () => {
    const fy = financialYearOf(M.cur.year, M.cur.month);
    const res = await payroll.get(`/api/payroll/tax-declarations/${joinerId}`, { financialYear: fy });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().comparison as { estimatedAnnualSalary: number; netTax: { new: number } };
    // The slip of this month and the months left projected, plus the imported months: 12 × 1,50,000.
    if (monthsBefore(M.cur).length) {
      expect(c.estimatedAnnualSalary).toBe(1_800_000);
      expect(c.netTax.new).toBe(150_800);
    }
  });
});

describe('Form 16 / 130 with the salary paid before going live', () => {
  it('this employer’s earlier months are salary of item 1 and months of Part A; Form 12B is the previous employer', async () => {
    // An employee of the unit paid in the seeded (locked) months; the import covers the year's months before the first.
    const [first] = await queryRows<{ employeeId: number; code: string; ym: string }>(
      t.db,
      sql`select s.employee_id as "employeeId", s.employee_code as code, min(r.year * 100 + r.month)::text as ym
          from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.unit_id = ${unitId} and r.status in ('approved', 'locked') and r.year = ${M.prev1.year} and r.month = ${M.prev1.month}
          group by s.employee_id, s.employee_code order by s.employee_code limit 1`,
    );
    const fy = financialYearOf(M.prev1.year, M.prev1.month);
    const [firstPaid] = await queryRows<{ ym: number }>(
      t.db,
      sql`select min(r.year * 100 + r.month)::int as ym from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = ${first.employeeId} and r.year * 100 + r.month >= ${Number(fy.slice(0, 4)) * 100 + 4}`,
    );
    const earlier = monthsBefore({ year: Math.floor(firstPaid.ym / 100), month: firstPaid.ym % 100, ym: '' });
    // A previous employer declared by the employee (₹1,00,000, TDS ₹1,000): the imported Form 12B takes its place.
    await t.db.execute(sql`delete from tax_declarations where employee_id = ${first.employeeId} and financial_year = ${fy}`);
    await t.db.execute(
      sql`insert into tax_declarations (employee_id, financial_year, previous_employer_income, previous_employer_tds)
          values (${first.employeeId}, ${fy}, 10000000, 100000)`,
    );
    const baseline = (await loadForm16Records(t.db, [first.employeeId], fy))[0];
    expect(baseline.previousEmployer).toEqual({ salary: 10_000_000n, tds: 100_000n });
    // A year-to-date row (₹3,00,001 over the earlier months, TDS ₹1,501) and a Form 12B row (₹2,00,000, TDS ₹5,000).
    const rows: SheetRow[] = [[first.code, '', null, null, 0, 0, 0, 0, null, 0, 0, 0, 200000, 0, 0, 5000]];
    if (earlier.length) rows.push([first.code, '', earlier[0], earlier[earlier.length - 1], 300001, 0, 0, 0, null, 0, 0, 1501, 0, 0, 0, 0]);
    const res = await upload(fy, rows);
    expect(res.statusCode, res.body).toBe(200);
    const [record] = await loadForm16Records(t.db, [first.employeeId], fy);
    expect(record.previousEmployer).toEqual({ salary: 20_000_000n, tds: 500_000n });
    const sum = (f: (m: (typeof record.months)[number]) => bigint) => record.months.reduce((a, m) => a + f(m), 0n);
    const gross = (m: (typeof record.months)[number]) => m.earnings.reduce((a, e) => a + e.amount, 0n);
    if (earlier.length) {
      // Spread evenly: 3,00,001.00 = 30,000,100 paise over n months, the paise left over in the last month.
      expect(sum(gross) - baseline.months.reduce((a, m) => a + m.earnings.reduce((x, e) => x + e.amount, 0n), 0n)).toBe(30_000_100n);
      expect(sum((m) => m.tds) - baseline.months.reduce((a, m) => a + m.tds, 0n)).toBe(150_100n);
      expect(record.months.length).toBe(baseline.months.length + earlier.length);
      expect(record.months.map((m) => m.year * 100 + m.month)).toEqual(
        [...record.months.map((m) => m.year * 100 + m.month)].sort((a, b) => a - b),
      );
    }
  });
});
