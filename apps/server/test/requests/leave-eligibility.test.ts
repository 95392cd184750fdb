// Issue 28: leave types limited by gender and by marital status — the request screen's list offers only the types that
// apply, a request for another is refused with 400 naming leaveTypeId; and the leave summary counts pending LWOP.
import { addDays, todayIn, weekday } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { limitProblem } from '../../src/modules/requests/leave-eligibility';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let e1 = 0;
let married = 0;
let single = 0;
const ids: Record<string, number> = {};
const today = todayIn('Asia/Kolkata');
const workday = (d: string): string => ([0, 6].includes(weekday(d)) ? workday(addDays(d, 1)) : d);
const day = workday(addDays(today, 7));

async function leaveType(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/resources/leaveType', { yearlyQuota: '10', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const types = async () => ((await emp1.get('/api/leave/types/me')).json() as { id: number }[]).map((x) => x.id);
const raise = (leaveTypeId: number, from = day) =>
  emp1.post('/api/requests', {
    kind: 'leave',
    leaveTypeId,
    fromDate: from,
    toDate: from,
    halfDayStart: false,
    halfDayEnd: false,
    reason: 'Family',
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  [{ id: e1 }] = await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee1'`);
  [{ id: married }] = await queryRows<{ id: number }>(t.db, sql`select id from marital_statuses where name = 'Married'`);
  [{ id: single }] = await queryRows<{ id: number }>(t.db, sql`select id from marital_statuses where name = 'Single'`);
  await t.db.execute(sql`update employees set gender = 'Female', marital_status_id = ${single} where id = ${e1}`);
  ids.paternity = await leaveType({ code: 'PATX', name: 'Paternity Leave X', applicableGender: 'male' });
  ids.marriedOnly = await leaveType({ code: 'ANNX', name: 'Anniversary Leave X', applicableMaritalStatusId: married });
  ids.everyone = await leaveType({ code: 'OPNX', name: 'Open Leave X' });
  ids.unpaid = await leaveType({ code: 'LWPX', name: 'Leave Without Pay X', isPaid: false, yearlyQuota: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('leave types limited by gender and marital status', () => {
  it('the master keeps the marital status limit', async () => {
    const res = await admin.get(`/api/resources/leaveType/${ids.marriedOnly}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().applicableMaritalStatusId).toBe(married);
  });

  it('the request screen is offered only the types that apply: no paternity leave to a woman, no married-only type to a single one', async () => {
    const offered = await types();
    expect(offered).toContain(ids.everyone);
    expect(offered).toContain(ids.unpaid);
    expect(offered).not.toContain(ids.paternity);
    expect(offered).not.toContain(ids.marriedOnly);
    await t.db.execute(sql`update employees set marital_status_id = ${married} where id = ${e1}`);
    expect(await types()).toContain(ids.marriedOnly);
    await t.db.execute(sql`update employees set marital_status_id = ${single} where id = ${e1}`);
    // A sign-in without an employee record is offered none (rather than an error).
    expect((await admin.get('/api/leave/types/me')).json()).toEqual([]);
    expect((await api(t.app).get('/api/leave/types/me')).statusCode).toBe(401);
  });

  it('a request for a type that does not apply answers 400 naming leaveTypeId, and nothing is saved', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where employee_id = ${e1}`);
    const paternity = await raise(ids.paternity);
    expect(paternity.statusCode).toBe(400);
    expect(paternity.json().fieldErrors.leaveTypeId.join(' ')).toMatch(/Paternity Leave X/);
    const marriedOnly = await raise(ids.marriedOnly);
    expect(marriedOnly.statusCode).toBe(400);
    expect(marriedOnly.json().fieldErrors.leaveTypeId.join(' ')).toMatch(/marital status is Married/);
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where employee_id = ${e1}`);
    expect(after[0].n).toBe(before[0].n);
    // The preview says the same before sending.
    const preview = await emp1.get('/api/leave/preview', { leaveTypeId: ids.marriedOnly, fromDate: day, toDate: day });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().problems.join(' ')).toMatch(/marital status/);
  });

  it('the rule: gender compared without case, no limit applies to everyone', () => {
    const type = { name: 'Maternity', gender: 'female', maritalStatusId: null, maritalStatusName: null };
    expect(limitProblem(type, { gender: 'Female ', maritalStatusId: null })).toBeNull();
    expect(limitProblem(type, { gender: 'Male', maritalStatusId: 3 })).toBe('Maternity is for women only');
    expect(limitProblem({ ...type, gender: 'all' }, { gender: 'male', maritalStatusId: null })).toBeNull();
  });
});

describe('the leave summary counts pending leave without pay', () => {
  it('a pending request of an unpaid type shows as pending LWOP on its balance line', async () => {
    const res = await raise(ids.unpaid);
    expect(res.statusCode, res.body).toBe(201);
    const line = (
      (await emp1.get('/api/leave/balances/me')).json() as { leaveTypeId: number; pending: number; pendingLwop: number }[]
    ).find((b) => b.leaveTypeId === ids.unpaid);
    expect(line).toMatchObject({ pending: 0, pendingLwop: 1 });
    // Withdrawn, it no longer counts.
    await t.db.execute(sql`update requests set status = 'withdrawn' where id = ${res.json().id}`);
    const again = ((await emp1.get('/api/leave/balances/me')).json() as { leaveTypeId: number; pendingLwop: number }[]).find(
      (b) => b.leaveTypeId === ids.unpaid,
    );
    expect(again?.pendingLwop ?? 0).toBe(0);
  });
});
