// Issue 26: an advance can be changed until it is paid ("modify salary advance"): before approval the figures
// and schedule change and the approval starts over with the changer as its maker; after approval a change sends
// it back for approval. A paid advance gets a voucher numbered in its unit's series for the financial year, with
// the cheque / DD number and date; two units keep separate series. Bad input and callers without reach change nothing.
import { financialYearOf } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let karthik = 0;
let draft = { year: 0, month: 0 };

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  karthik = (await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee2'`))[0].id;
  const [run] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
  draft = { year: run.year, month: run.month };
});
afterAll(() => t?.close());

const request = async (amount: number, emis: number) => {
  const res = await payroll.post('/api/payroll/advances', {
    employeeId: karthik,
    advanceAmount: amount,
    noOfEMIs: emis,
    effectiveMonth: draft.month,
    effectiveYear: draft.year,
    remarks: 'School fees',
    payModeId: 2,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const change = (id: number, body: Record<string, unknown>, who = payroll) =>
  who.put(`/api/payroll/advances/${id}`, {
    advanceAmount: 1200,
    noOfEMIs: 4,
    effectiveMonth: draft.month,
    effectiveYear: draft.year,
    remarks: 'School fees, corrected',
    payModeId: 2,
    ...body,
  });

describe('changing an advance before it is paid', () => {
  it('before approval: new figures and schedule, approval history says resubmitted, audit keeps before and after', async () => {
    const a = await request(1000, 2);
    const res = await change(a.id, {});
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ status: 'requested', advanceAmount: 1200, noOfEMIs: 4, monthlyEMI: 300, remarks: 'School fees, corrected' });
    expect(b.instalments.map((i: { amount: number }) => i.amount)).toEqual([300, 300, 300, 300]);
    expect(b.approval.state).toBe('pending');
    expect(b.approval.history.map((h: { action: string }) => h.action)).toContain('resubmitted');
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'salary_advances' and entity_id = ${String(a.id)} and action = 'update'`,
    );
    expect(audit.n).toBe(1);
    // The changer made these figures: they may not approve them.
    expect((await payroll.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' })).statusCode).toBe(403);
  });

  it('after approval: the change sends it back for approval; paid advances cannot be changed', async () => {
    const a = await request(900, 3);
    expect((await manager.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' })).json().status).toBe('approved');
    const res = await change(a.id, { advanceAmount: 600, noOfEMIs: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'requested', advanceAmount: 600 });
    expect(res.json().approval.state).toBe('pending');
    // Paying needs the approval again.
    expect((await payroll.post(`/api/payroll/advances/${a.id}/action`, { action: 'pay' })).statusCode).toBe(409);
    expect((await manager.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' })).json().status).toBe('approved');
    expect((await payroll.post(`/api/payroll/advances/${a.id}/action`, { action: 'pay' })).json().status).toBe('paid');
    const paid = await change(a.id, {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain('paid');
  });

  it('bad input is 400, an unknown or unreachable advance 404, self-service 403, and nothing changes', async () => {
    const a = await request(500, 1);
    const bad = await change(a.id, { advanceAmount: 0, noOfEMIs: 0, effectiveMonth: 13 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['advanceAmount', 'noOfEMIs', 'effectiveMonth']));
    expect((await change(999999, {})).statusCode).toBe(404);
    expect((await change(a.id, {}, employee2)).statusCode).toBe(403);
    // A role limited to another unit does not reach Chennai's advance.
    const [ho] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
    const other = await createUnitLimitedUser(t, { unitIds: [ho.id], menus: { [MENU.salaryAdvance]: ['view', 'edit'] } });
    expect((await change(a.id, {}, other.api)).statusCode).toBe(404);
    const after = (await payroll.get(`/api/payroll/advances/${a.id}`)).json();
    expect(after).toMatchObject({ advanceAmount: 500, noOfEMIs: 1, status: 'requested' });
  });
});

describe('advance vouchers', () => {
  it('are numbered per unit and financial year when paid, with the cheque number and date', async () => {
    const fy = financialYearOf(orgToday()).name;
    const ids: number[] = [];
    for (const amount of [100, 200]) {
      const a = await request(amount, 1);
      await manager.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' });
      ids.push(a.id);
    }
    expect((await payroll.get(`/api/payroll/advances/${ids[0]}`)).json().voucher).toBeNull();
    const first = await payroll.post(`/api/payroll/advances/${ids[0]}/action`, {
      action: 'pay',
      payModeId: 1,
      chequeNo: '004512',
      chequeDate: '2026-11-20',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await payroll.post(`/api/payroll/advances/${ids[1]}/action`, { action: 'pay' });
    const v1 = first.json().voucher;
    const v2 = second.json().voucher;
    // Earlier tests paid one advance of this unit in this year: the series goes on from it.
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from advance_vouchers where unit_id = (select unit_id from employees where id = ${karthik})`,
    );
    expect(n).toBe(3);
    expect(v1).toEqual({ voucherNo: `ADV/BR-CHN/${fy}/0002`, voucherDate: orgToday(), chequeNo: '004512', chequeDate: '2026-11-20' });
    expect(v2).toMatchObject({ voucherNo: `ADV/BR-CHN/${fy}/0003`, chequeNo: null, chequeDate: null });
  });

  it('a cheque number that is too long is refused and the advance stays unpaid', async () => {
    const a = await request(300, 1);
    await manager.post(`/api/payroll/advances/${a.id}/action`, { action: 'approve' });
    const res = await payroll.post(`/api/payroll/advances/${a.id}/action`, { action: 'pay', chequeNo: '1'.repeat(21) });
    expect(res.statusCode).toBe(400);
    const after = (await payroll.get(`/api/payroll/advances/${a.id}`)).json();
    expect(after.status).toBe('approved');
    expect(after.voucher).toBeNull();
  });
});
