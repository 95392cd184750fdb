// Issue 26: a bonus can be changed until it is paid (the specification's "add or update" bonus): its amounts,
// lines and pay month; the approval starts over with the changer as maker; an approved bonus goes back for
// approval; a paid one is refused. Bad input, another unit's caller and self-service change nothing.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let blr = 0;
let chn = 0;
let fy = 0;
let staff: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  blr = units.find((u) => u.code === 'HO-BLR')!.id;
  chn = units.find((u) => u.code === 'BR-CHN')!.id;
  staff = (await queryRows<{ id: number }>(t.db, sql`select id from employees where unit_id = ${blr} order by id limit 3`)).map(
    (r) => r.id,
  );
  const [draft] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
  fy = draft.month >= 4 ? draft.year : draft.year - 1;
});
afterAll(() => t?.close());

const adhoc = (lines: { employeeId: number; amount: number }[], extra: Record<string, unknown> = {}) => ({
  unitId: blr,
  financialYear: fy,
  kind: 'adhoc',
  payWith: 'separate',
  remarks: 'Diwali',
  lines,
  ...extra,
});

describe('changing a bonus before it is paid', () => {
  it('before approval: new lines and total, the approval starts over with the changer as maker', async () => {
    const made = await payroll.post('/api/payroll/bonuses', adhoc([{ employeeId: staff[0], amount: 1000 }]));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const res = await payroll.put(
      `/api/payroll/bonuses/${id}`,
      adhoc([
        { employeeId: staff[0], amount: 1500.5 },
        { employeeId: staff[1], amount: 700 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ status: 'draft', total: 2200.5, employees: 2 });
    expect(b.lines.map((l: { amount: number }) => l.amount).sort()).toEqual([1500.5, 700].sort());
    expect(b.approval.state).toBe('pending');
    expect(b.approval.history.map((h: { action: string }) => h.action)).toContain('resubmitted');
    expect((await payroll.post(`/api/payroll/bonuses/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'bonuses' and entity_id = ${String(id)} and action = 'update'`,
    );
    expect(audit.n).toBe(1);
  });

  it('after approval: back to draft and pending; once paid it cannot be changed', async () => {
    const id = (await payroll.post('/api/payroll/bonuses', adhoc([{ employeeId: staff[2], amount: 400 }]))).json().id;
    expect((await admin.post(`/api/payroll/bonuses/${id}/action`, { action: 'approve' })).json().status).toBe('approved');
    const res = await payroll.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[2], amount: 450 }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', total: 450 });
    expect((await payroll.post(`/api/payroll/bonuses/${id}/action`, { action: 'paid' })).statusCode).toBe(409);
    expect((await admin.post(`/api/payroll/bonuses/${id}/action`, { action: 'approve' })).json().status).toBe('approved');
    expect((await payroll.post(`/api/payroll/bonuses/${id}/action`, { action: 'paid' })).json().status).toBe('paid');
    const paid = await payroll.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[2], amount: 1 }]));
    expect(paid.statusCode).toBe(409);
  });

  it('refuses another unit, year or kind, unknown employees, outsiders and self-service, changing nothing', async () => {
    const id = (await payroll.post('/api/payroll/bonuses', adhoc([{ employeeId: staff[0], amount: 300 }]))).json().id;
    expect(
      (await payroll.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[0], amount: 1 }], { unitId: chn }))).statusCode,
    ).toBe(400);
    expect(
      (await payroll.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[0], amount: 1 }], { financialYear: fy - 1 }))).statusCode,
    ).toBe(400);
    expect((await payroll.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: 999999, amount: 1 }]))).statusCode).toBe(400);
    expect((await payroll.put(`/api/payroll/bonuses/${id}`, { kind: 'adhoc' })).statusCode).toBe(400);
    expect((await payroll.put('/api/payroll/bonuses/999999', adhoc([{ employeeId: staff[0], amount: 1 }]))).statusCode).toBe(404);
    expect((await employee1.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[0], amount: 1 }]))).statusCode).toBe(403);
    const other = await createUnitLimitedUser(t, { unitIds: [chn], menus: { [MENU.employeeBonus]: ['view', 'edit'] } });
    expect((await other.api.put(`/api/payroll/bonuses/${id}`, adhoc([{ employeeId: staff[0], amount: 1 }]))).statusCode).toBe(404);
    expect((await payroll.get(`/api/payroll/bonuses/${id}`)).json()).toMatchObject({ total: 300, status: 'draft' });
  });
});
