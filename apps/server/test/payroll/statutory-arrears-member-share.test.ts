// Who bears the member's PF share of statutory arrears (issue 25). EPF Scheme 1952 para 32 lets an employer recover
// a member's share only from the wages of the period it is for, so approving says who bears it: the employer (the
// default: nothing is deducted, the record shows the extra cost) or the member (recovered from the next open month's
// pay). A recovery is a deduction through the PF head: the month's gross, ESI wages, ESI, PT, taxable pay and TDS are
// exactly what they were without it; only the PF head and the net pay move, by the share. The month's own PF (the
// slip's pfEmployee, the month's ECR) stays apart from it; the arrear ECR carries the share either way. A decision
// refused (403, 400) leaves the choice as it was.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

type Slip = {
  employeeId: number;
  gross: number;
  net: number;
  amounts: Record<string, number>;
  arrears: { month: string; amount: number; kind?: string }[];
  st: Record<string, number>;
};
type Record_ = {
  id: number;
  unitId: number;
  status: string;
  memberShareBy: string;
  employeeShare: number;
  employerBears: number;
  lines: { employeeId: number; employeeShare: number; payAdjustment: { amount: number } | null }[];
};

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let recover: Record_;
let bear: Record_;
const before = new Map<number, Map<number, Slip>>(); // unit → employee → slip of the open month before approval
const runOf = new Map<number, number>();

const UNCHANGED = [
  'esiWages',
  'esiCoverageWages',
  'esiEmployee',
  'esiEmployer',
  'pt',
  'lwfEmployee',
  'taxableRegular',
  'taxableOneOff',
  'tds',
];

async function processRun(unitId: number): Promise<Map<number, Slip>> {
  let runId = runOf.get(unitId);
  if (!runId) {
    const rows = (await payroll.get('/api/payroll/runs', { unitId, year: M.cur.year, month: M.cur.month })).json().rows;
    runId = rows[0].id as number;
    runOf.set(unitId, runId);
  }
  const res = await payroll.post(`/api/payroll/runs/${runId}/process`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const slips = await queryRows<Slip>(
    t.db,
    sql`select employee_id as "employeeId", gross::float8 as gross, net::float8 as net, amounts, arrears, statutory as st
        from salary_slips where run_id = ${runId}`,
  );
  return new Map(slips.map((s) => [s.employeeId, s]));
}

/** The run's PF head and net-pay head (ids as the slip's amounts key them). */
async function headsOf(unitId: number): Promise<{ pf: string; net: string }> {
  const [run] = await queryRows<{ heads: { id: number; statutory: string | null; isNetPayHead: boolean }[] }>(
    t.db,
    sql`select heads from payroll_runs where id = ${runOf.get(unitId)!}`,
  );
  return {
    pf: String(run.heads.find((h) => h.statutory === 'pf_employee')!.id),
    net: String(run.heads.find((h) => h.isNetPayHead)!.id),
  };
}

const detail = async (id: number) => (await payroll.get(`/api/payroll/statutory-arrears/${id}`)).json() as Record_;
const shareBy = async (id: number) =>
  (await queryRows<{ by: string }>(t.db, sql`select member_share_by as by from statutory_arrears where id = ${id}`))[0].by;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  M = await seededMonths(payroll);
  // A ceiling raised from the 10th of last month (locked), weighted by days, added late by the payroll office.
  const inForce = (await admin.get('/api/statutory/parameters', { kind: 'pf', on: `${M.prev1.ym}-01` })).json().inForce;
  const res = await payroll.post('/api/statutory/parameters', {
    kind: 'pf',
    effectiveFrom: `${M.prev1.ym}-10`,
    data: { ...inForce[0].data, wageCeiling: 30000, edliWageCeiling: 30000, midMonthRule: 'dayWeighted' },
    notification: 'Test notification 9/2026',
    notificationDate: '2026-11-20',
    sourceUrl: 'https://example.in/gazette/9',
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await payroll.get('/api/payroll/statutory-arrears', { status: 'pending' })).json() as Record_[];
  expect(list.length, 'two units with arrears').toBeGreaterThanOrEqual(2);
  [recover, bear] = list;
  for (const a of [recover, bear]) before.set(a.unitId, await processRun(a.unitId));
});
afterAll(() => t?.close());

describe('deciding who bears the member’s share', () => {
  it('is refused with a rejection, an unknown payer, or by a caller who may not approve; nothing changes', async () => {
    const url = `/api/payroll/statutory-arrears/${recover.id}/decide`;
    const withReject = await admin.post(url, { action: 'reject', remark: 'No', memberShareBy: 'member' });
    expect(withReject.statusCode).toBe(400);
    expect(withReject.json().fieldErrors?.memberShareBy).toBeTruthy();
    expect((await admin.post(url, { action: 'approve', memberShareBy: 'nobody' })).statusCode).toBe(400);
    // The payroll office raised the arrears (the row is theirs): it may not approve them; an employee has no menu.
    expect((await payroll.post(url, { action: 'approve', memberShareBy: 'member' })).statusCode).toBe(403);
    expect((await employee1.post(url, { action: 'approve', memberShareBy: 'member' })).statusCode).toBe(403);
    expect(await shareBy(recover.id)).toBe('employer');
    expect((await detail(recover.id)).status).toBe('pending');
  });

  it('approved as "recover from the member": a recovery line per member, the record says so', async () => {
    const ok = await admin.post(`/api/payroll/statutory-arrears/${recover.id}/decide`, { action: 'approve', memberShareBy: 'member' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', memberShareBy: 'member', employerBears: 0 });
    recover = await detail(recover.id);
    for (const l of recover.lines)
      expect(l.payAdjustment).toEqual(l.employeeShare ? { amount: -l.employeeShare, paidIn: null, runStatus: null } : null);
  });

  it('approved by default: the employer bears the share, no line reaches pay, the extra cost is recorded', async () => {
    const ok = await admin.post(`/api/payroll/statutory-arrears/${bear.id}/decide`, { action: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    bear = await detail(bear.id);
    expect(bear).toMatchObject({ status: 'approved', memberShareBy: 'employer' });
    expect(bear.employeeShare).toBeGreaterThan(0);
    expect(bear.employerBears).toBe(bear.employeeShare);
    for (const l of bear.lines) expect(l.payAdjustment).toBeNull();
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from salary_arrears where kind = 'pf' and employee_id in (select employee_id from statutory_arrear_lines where arrear_id = ${bear.id})`,
    );
    expect(n.n).toBe(0);
    // The arrear ECR still carries the member's share: the employer remits it.
    const ecr = await payroll.get(`/api/payroll/statutory-arrears/${bear.id}/ecr`);
    expect(ecr.statusCode, ecr.body).toBe(200);
    const eeTotal = ecr.body
      .trim()
      .split('\n')
      .reduce((sum, line) => sum + Number(line.split('#~#')[6]), 0);
    expect(eeTotal).toBe(bear.lines.reduce((sum, l) => sum + Math.round(l.employeeShare), 0));
  });
});

describe('the next open month’s pay', () => {
  it('recovered: only the PF head and the net move, by the share; gross, ESI, PT, taxable pay and TDS stay', async () => {
    const after = await processRun(recover.unitId);
    const { pf: pfHead, net: netHead } = await headsOf(recover.unitId);
    let checked = 0;
    for (const l of recover.lines.filter((x) => x.employeeShare > 0)) {
      const was = before.get(recover.unitId)!.get(l.employeeId);
      const now = after.get(l.employeeId);
      if (!was || !now) continue;
      const share = Math.round(l.employeeShare * 100);
      expect(now.gross).toBe(was.gross);
      for (const k of UNCHANGED) expect(now.st[k] ?? null, k).toBe(was.st[k] ?? null);
      expect(now.st.pfEmployee).toBe(was.st.pfEmployee);
      expect(now.amounts[pfHead]).toBe(was.amounts[pfHead] + share);
      expect(now.net).toBe(was.net - share);
      expect(now.amounts[netHead]).toBe(was.amounts[netHead] - share);
      expect(now.arrears.filter((a) => a.kind === 'pf')).toEqual([{ month: M.prev1.ym, amount: -share, kind: 'pf' }]);
      // Every other head is as it was (the ARREARS earning head included).
      for (const [head, amount] of Object.entries(was.amounts))
        if (head !== pfHead && head !== netHead) expect(now.amounts[head], head).toBe(amount);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('borne by the employer: the slips are exactly as before', async () => {
    const after = await processRun(bear.unitId);
    const was = before.get(bear.unitId)!;
    expect(after.size).toBe(was.size);
    for (const [id, s] of after) {
      const w = was.get(id)!;
      expect([s.gross, s.net, s.amounts, s.arrears]).toEqual([w.gross, w.net, w.amounts, w.arrears]);
    }
  });
});
