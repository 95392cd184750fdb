// A back-dated PF row added on the statutory parameters screen (issue 25) raises the arrears of the approved or
// locked months it reaches at once, not at the next start; a refused row raises nothing. Once approved with the
// members' share recovered from them, each member's share of the difference reaches pay the way loss-of-pay
// adjustments do: a line of kind 'pf' for the month it belongs to, deducted through the PF head of the next open
// month's run (not the ARREARS earning head), the same paise on the slip, the payslip record and the salary register;
// the locked month stays as it was. (statutory-arrears-member-share.test.ts: the figures and the employer's choice.)
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

const URL = '/api/statutory/parameters';
const notification = {
  notification: 'Test notification 7/2026',
  notificationDate: '2026-11-20',
  sourceUrl: 'https://example.in/gazette/7',
};

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let pfData: Record<string, unknown>;

const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from statutory_arrears`))[0].n;
const lockedSlips = async () =>
  queryRows(
    t.db,
    sql`select s.* from salary_slips s join payroll_runs r on r.id = s.run_id
        where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} order by s.id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  M = await seededMonths(payroll);
  const inForce = (await admin.get(URL, { kind: 'pf', on: `${M.prev1.ym}-01` })).json().inForce;
  pfData = { ...inForce[0].data, wageCeiling: 30000, edliWageCeiling: 30000, midMonthRule: 'dayWeighted' };
});
afterAll(() => t?.close());

describe('a PF row added through the API', () => {
  let before: unknown[];

  it('refused (bad figures, or a caller without the add action) raises nothing', async () => {
    before = await lockedSlips();
    const bad = await admin.post(URL, {
      kind: 'pf',
      effectiveFrom: `${M.prev1.ym}-10`,
      data: { ...pfData, wageCeiling: -1 },
      ...notification,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const refused = await employee1.post(URL, { kind: 'pf', effectiveFrom: `${M.prev1.ym}-10`, data: pfData, ...notification });
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('back-dated into a locked month, raises its arrears at once, listed for approval', async () => {
    // The payroll office adds it (an administrator approves the arrears: maker and checker differ).
    const res = await payroll.post(URL, { kind: 'pf', effectiveFrom: `${M.prev1.ym}-10`, data: pfData, ...notification });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await payroll.get('/api/payroll/statutory-arrears')).json() as { forMonth: string; payMonth: string; status: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) expect([a.forMonth, a.payMonth, a.status]).toEqual([M.prev1.ym, M.cur.ym, 'pending']);
    expect(await lockedSlips()).toEqual(before);
    // Nothing is left for the raise action.
    expect((await payroll.post('/api/payroll/statutory-arrears/raise')).json()).toEqual({ raised: [] });
  });
});

describe('approved arrears reach the next open month’s pay', () => {
  type Line = {
    employeeId: number;
    employeeCode: string;
    employeeShare: number;
    payAdjustment: { amount: number; paidIn: string | null } | null;
  };
  let record: { id: number; unitId: number; lines: Line[] };
  let runId: number;
  let pfHead: number;
  let before: unknown[];

  it('on approval, each member’s share becomes a recovery line of the month it belongs to', async () => {
    const [first] = (await payroll.get('/api/payroll/statutory-arrears')).json() as { id: number }[];
    before = await lockedSlips();
    const ok = await admin.post(`/api/payroll/statutory-arrears/${first.id}/decide`, { action: 'approve', memberShareBy: 'member' });
    expect(ok.statusCode, ok.body).toBe(200);
    record = (await payroll.get(`/api/payroll/statutory-arrears/${first.id}`)).json();
    expect(record.lines.length).toBeGreaterThan(0);
    const rows = await queryRows<{ employeeId: number; amount: number; forMonth: string; paidRunId: number | null }>(
      t.db,
      sql`select employee_id as "employeeId", amount::float8 as amount, for_month as "forMonth", paid_run_id as "paidRunId"
          from salary_arrears where kind = 'pf' order by employee_id`,
    );
    const want = record.lines
      .filter((l) => l.employeeShare !== 0)
      .map((l) => ({ employeeId: l.employeeId, amount: -Math.round(l.employeeShare * 100), forMonth: M.prev1.ym, paidRunId: null }))
      .sort((a, b) => a.employeeId - b.employeeId);
    expect(rows).toEqual(want);
    for (const l of record.lines)
      expect(l.payAdjustment).toEqual(l.employeeShare ? { amount: -l.employeeShare, paidIn: null, runStatus: null } : null);
  });

  it('the next run’s slip carries the line with the exact paise; payslip and register agree; the locked run is unchanged', async () => {
    const runs = (await payroll.get('/api/payroll/runs', { unitId: record.unitId, year: M.cur.year, month: M.cur.month })).json().rows;
    runId = runs[0].id;
    const res = await payroll.post(`/api/payroll/runs/${runId}/process`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const [run] = await queryRows<{ heads: { id: number; code: string; statutory: string | null }[]; status: string }>(
      t.db,
      sql`select heads, status from payroll_runs where id = ${runId}`,
    );
    expect(run.status).toBe('processed');
    pfHead = run.heads.find((h) => h.statutory === 'pf_employee')!.id;
    const slips = await queryRows<{
      employeeId: number;
      arrears: { month: string; amount: number; kind?: string }[];
      amounts: Record<string, number>;
      st: { pfEmployee: number };
    }>(t.db, sql`select employee_id as "employeeId", arrears, amounts, statutory as st from salary_slips where run_id = ${runId}`);
    const records = (await payroll.get(`/api/payroll/runs/${runId}/slips`)).json() as {
      employeeCode: string;
      arrearsLines?: { month: string; amount: number; kind?: string }[];
      salaryProcessDetailRequestList: { earningDeductionId: number; amount: number }[];
    }[];
    const register = (
      await payroll.get('/api/reports/salary-register/run', {
        unitId: record.unitId,
        year: M.cur.year,
        month: M.cur.month,
        status: 'processed',
        pageSize: 500,
      })
    ).json() as { rows: Record<string, unknown>[] };
    let checked = 0;
    for (const l of record.lines.filter((x) => x.employeeShare !== 0)) {
      const slip = slips.find((s) => s.employeeId === l.employeeId);
      if (!slip) continue;
      const paise = -Math.round(l.employeeShare * 100);
      const line = slip.arrears.filter((a) => a.kind === 'pf');
      expect(line).toEqual([{ month: M.prev1.ym, amount: paise, kind: 'pf' }]);
      // The PF head deducts the month's own share and the recovery; the slip's month share (the ECR's) is apart.
      const head = slip.amounts[String(pfHead)];
      expect(head).toBe(slip.st.pfEmployee - paise);
      const rec = records.find((r) => r.employeeCode === l.employeeCode)!;
      expect(rec.arrearsLines).toContainEqual({ month: M.prev1.ym, amount: paise / 100, kind: 'pf' });
      expect(rec.salaryProcessDetailRequestList.find((h) => h.earningDeductionId === pfHead)!.amount).toBe(head / 100);
      const reg = register.rows.find((r) => r.employeeCode === l.employeeCode)!;
      expect(Number(reg[`h${pfHead}`])).toBe(head / 100);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(await lockedSlips()).toEqual(before);
  });

  it('the record shows each line as carried by that run', async () => {
    const detail = (await payroll.get(`/api/payroll/statutory-arrears/${record.id}`)).json() as { lines: Line[] };
    const carried = detail.lines.filter((l) => l.payAdjustment?.paidIn === M.cur.ym);
    expect(carried.length).toBeGreaterThan(0);
    expect(carried[0].payAdjustment).toMatchObject({ runStatus: 'processed' });
  });

  it('the arrears report names the month as words and says pending until the paying run is approved', async () => {
    const res = await payroll.get('/api/reports/arrears/run', { pageSize: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { rows: { forMonth: string; paidIn: string | null; status: string }[] }).rows;
    const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const monthWords = `${SHORT[M.prev1.month - 1]} ${M.prev1.year}`;
    const mine = rows.filter((r) => r.forMonth === monthWords);
    expect(mine.length).toBeGreaterThan(0);
    expect(rows.some((r) => /^\d{4}-\d{2}$/.test(r.forMonth))).toBe(false);
    // Carried by a processed (not yet approved) run: still pending, naming the month that carries it.
    const inRun = mine.filter((r) => r.paidIn !== null);
    expect(inRun.length).toBeGreaterThan(0);
    for (const r of inRun) {
      expect(r.paidIn).toBe(`${SHORT[M.cur.month - 1]} ${M.cur.year}`);
      expect(r.status).toBe('Pending (run not yet approved)');
    }
    const paidOnly = (await payroll.get('/api/reports/arrears/run', { pageSize: 500, status: 'paid' })).json().rows as { kind: string }[];
    expect(paidOnly.filter((r) => r.kind === 'PF, employee share')).toEqual([]);
    // A role limited to another unit sees none of this unit's lines.
    const [other] = await queryRows<{ id: number; name: string }>(
      t.db,
      sql`select id, name from units where id <> ${record.unitId} order by id limit 1`,
    );
    const limited = await createUnitLimitedUser(t, { menus: [MENU.registerArrears, MENU.statutoryArrears], unitIds: [other.id] });
    const seen = (await limited.api.get('/api/reports/arrears/run', { pageSize: 500 })).json().rows as { unitName: string }[];
    expect(seen.every((r) => r.unitName === other.name)).toBe(true);
    expect((await limited.api.get(`/api/payroll/statutory-arrears/${record.id}`)).statusCode).toBe(404);
  });
});
