// Salary advances: requested → approved (by an approver, never the requester) → paid → recovered through head
// 41 by the runs, instalments summing exactly; skip moves one to the end; pre-closure recovers the balance at
// once; a recovery in an approved month is final.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { addMonth } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let chn = 0;
let karthik = 0;
let cur = { year: 0, month: 0 };
const next = (m: { year: number; month: number }, n = 1) => {
  const { year, month } = addMonth(m, n);
  return { year, month };
};
const ym = (m: { year: number; month: number }) => addMonth(m, 0).ym;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  chn = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'BR-CHN'`))[0].id;
  karthik = (await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee2'`))[0].id;
  const [draft] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
  cur = { year: draft.year, month: draft.month };
});
afterAll(() => t?.close());

async function process(unitId: number, m: { year: number; month: number }) {
  let [run] = (await payroll.get(`/api/payroll/runs?unitId=${unitId}&year=${m.year}&month=${m.month}`)).json().rows;
  if (!run) run = (await payroll.post('/api/payroll/runs', { unitId, ...m })).json();
  expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
  await t.app.jobs.drain();
  return (await payroll.get(`/api/payroll/runs/${run.id}`)).json();
}

const head41 = async (runId: number) => {
  const slips = (await payroll.get(`/api/payroll/runs/${runId}/slips`)).json() as {
    employeeId: number;
    salaryProcessDetailRequestList: { earningDeductionId: number; amount: number }[];
  }[];
  return slips.find((s) => s.employeeId === karthik)!.salaryProcessDetailRequestList.find((h) => h.earningDeductionId === 41)?.amount;
};

describe('salary advance', () => {
  let id = 0;
  it('is requested with instalments that sum exactly, the last absorbing the rounding', async () => {
    const res = await payroll.post('/api/payroll/advances', {
      employeeId: karthik,
      advanceAmount: 1000,
      noOfEMIs: 3,
      effectiveMonth: cur.month,
      effectiveYear: cur.year,
      remarks: 'Festival advance',
      payModeId: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    id = a.id;
    expect(a).toMatchObject({ status: 'requested', advanceAmount: 1000, noOfEMIs: 3, monthlyEMI: 333.33, outstanding: 1000 });
    expect(a.instalments.map((i: { amount: number }) => i.amount)).toEqual([333.33, 333.33, 333.34]);
    expect(a.instalments.map((i: { dueMonth: string }) => i.dueMonth)).toEqual([ym(cur), ym(next(cur)), ym(next(cur, 2))]);
  });

  it('bad input is 400 and changes nothing; self-service is refused', async () => {
    const bad = await payroll.post('/api/payroll/advances', {
      employeeId: karthik,
      advanceAmount: 0,
      noOfEMIs: 0,
      effectiveMonth: 13,
      effectiveYear: cur.year,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['advanceAmount', 'noOfEMIs', 'effectiveMonth']));
    expect((await employee2.get('/api/payroll/advances')).statusCode).toBe(403);
    expect((await employee2.post('/api/payroll/advances', {})).statusCode).toBe(403);
  });

  it('is approved by an approver, not the requester; paid; then recovered through head 41', async () => {
    expect((await payroll.post(`/api/payroll/advances/${id}/action`, { action: 'pay' })).statusCode).toBe(409);
    expect((await payroll.post(`/api/payroll/advances/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    const ok = await manager.post(`/api/payroll/advances/${id}/action`, { action: 'approve', remark: 'Fine' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    const paid = await payroll.post(`/api/payroll/advances/${id}/action`, { action: 'pay', payModeId: 1 });
    expect(paid.json()).toMatchObject({ status: 'paid', payModeId: 1 });
    const run = await process(chn, cur);
    expect(await head41(run.id)).toBe(333.33);
    const after = (await payroll.get(`/api/payroll/advances/${id}`)).json();
    expect(after).toMatchObject({ status: 'recovering', recovered: 333.33, outstanding: 666.67 });
    // Reprocessing recovers the same instalment, once.
    const again = await process(chn, cur);
    expect(await head41(again.id)).toBe(333.33);
    expect((await payroll.get(`/api/payroll/advances/${id}`)).json().recovered).toBe(333.33);
  });

  it('skipping an instalment moves it to the end; a recovered one cannot be skipped', async () => {
    const a = (await payroll.get(`/api/payroll/advances/${id}`)).json();
    const recovered = a.instalments.find((i: { status: string }) => i.status === 'recovered');
    expect(
      (await payroll.post(`/api/payroll/advances/${id}/action`, { action: 'skip', instalmentId: recovered.id, reason: 'Hardship' }))
        .statusCode,
    ).toBe(409);
    const second = a.instalments.find((i: { seq: number }) => i.seq === 2);
    const res = await payroll.post(`/api/payroll/advances/${id}/action`, {
      action: 'skip',
      instalmentId: second.id,
      reason: 'Medical emergency',
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res
      .json()
      .instalments.map((i: { dueMonth: string; amount: number; status: string }) => `${i.dueMonth}:${i.amount}:${i.status}`);
    expect(s).toEqual([
      `${ym(cur)}:333.33:recovered`,
      `${ym(next(cur))}:333.33:skipped`,
      `${ym(next(cur, 2))}:333.34:due`,
      `${ym(next(cur, 3))}:333.33:due`,
    ]);
    const run = await process(chn, next(cur));
    expect(await head41(run.id)).toBe(0);
  });

  it('pre-closure recovers the balance in one month and the advance closes', async () => {
    const res = await payroll.post(`/api/payroll/advances/${id}/action`, { action: 'preclose', ...next(cur, 2) });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .instalments.filter((i: { status: string }) => i.status === 'due')
        .map((i: { amount: number }) => i.amount),
    ).toEqual([666.67]);
    const run = await process(chn, next(cur, 2));
    expect(await head41(run.id)).toBe(666.67);
    expect((await payroll.get(`/api/payroll/advances/${id}`)).json()).toMatchObject({ status: 'closed', recovered: 1000, outstanding: 0 });
  });

  it('cancelling a requested advance ends its pending approval, with a history line', async () => {
    const a = (
      await payroll.post('/api/payroll/advances', {
        employeeId: karthik,
        advanceAmount: 300,
        noOfEMIs: 1,
        effectiveMonth: cur.month,
        effectiveYear: cur.year,
      })
    ).json();
    const res = await payroll.post(`/api/payroll/advances/${a.id}/action`, { action: 'cancel', remark: 'Not needed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', instalments: [], approval: { state: 'cancelled' } });
    expect(res.json().approval.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'cancelled']);
    expect((await manager.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' })).statusCode).toBe(409);
  });

  it('rejection needs a remark; a rejected advance recovers nothing', async () => {
    const a = (
      await payroll.post('/api/payroll/advances', {
        employeeId: karthik,
        advanceAmount: 500,
        noOfEMIs: 1,
        effectiveMonth: cur.month,
        effectiveYear: cur.year,
      })
    ).json();
    expect((await admin.post(`/api/payroll/advances/${a.id}/action`, { action: 'reject' })).statusCode).toBe(400);
    const rej = await admin.post(`/api/payroll/advances/${a.id}/action`, { action: 'reject', remark: 'Policy: one advance at a time' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json()).toMatchObject({ status: 'rejected', outstanding: 0, instalments: [] });
    expect((await admin.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' })).statusCode).toBe(409);
  });
});
