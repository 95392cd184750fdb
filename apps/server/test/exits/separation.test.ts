// Separations: an employee resigns from self-service, the reporting manager then HR approve (levels in order, nobody
// their own), a pending one is withdrawn or rejected with a remark; from the day after the last working day the
// employee is exited and can no longer sign in (by date at once, and by the scheduled job that ends the sessions).
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { enqueue } from '../../src/jobs/runner';
import { orgToday } from '../../src/lib/org-zone';
import { applySeparationsJob } from '../../src/modules/exits/jobs';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let priya = 0;
let karthik = 0;
let rahul = 0;
let blr = 0;
let chn = 0;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () => orgToday();
const idOf = async (userName: string) =>
  (await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = ${userName}`))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  priya = await idOf('employee1');
  karthik = await idOf('employee2');
  rahul = await idOf('manager');
  blr = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`))[0]?.id;
  chn = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'BR-CHN'`))[0].id;
  if (!blr) blr = (await queryRows<{ id: number }>(t.db, sql`select unit_id as id from employees where id = ${priya}`))[0].id;
});
afterAll(() => t?.close());

describe('a resignation from self-service', () => {
  let id = 0;
  it('is recorded by the employee for themselves only, as a resignation, with the notice period of the unit', async () => {
    const bad = await employee1.post('/api/exits/separations', {
      employeeId: karthik,
      type: 'resignation',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), 30),
      reason: 'Moving on',
    });
    expect(bad.statusCode).toBe(403);
    const term = await employee1.post('/api/exits/separations', {
      type: 'termination',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), 30),
      reason: 'Moving on',
    });
    expect(term.statusCode).toBe(400);
    const before = await employee1.post('/api/exits/separations', {
      type: 'resignation',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), -1),
      reason: 'Moving on',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().fieldErrors?.lastDayRequested ?? before.json().details).toBeTruthy();
    const res = await employee1.post('/api/exits/separations', {
      type: 'resignation',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), 20),
      reason: 'Higher studies abroad',
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    id = s.id;
    expect(s).toMatchObject({
      employeeId: priya,
      status: 'pending',
      noticeDays: 30,
      noticeShortfall: 10,
      approval: { state: 'pending', level: 1, levels: 2 },
    });
    const again = await employee1.post('/api/exits/separations', {
      type: 'resignation',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), 20),
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
  });

  it('is seen by the employee (only their own), the manager and HR of the unit, not by a role limited to another unit', async () => {
    const own = (await employee1.get('/api/exits/separations')).json();
    expect(own.rows.map((r: { employeeId: number }) => r.employeeId)).toEqual([priya]);
    expect((await employee2.get('/api/exits/separations')).json().total).toBe(0);
    expect((await employee2.get(`/api/exits/separations/${id}`)).statusCode).toBe(404);
    const other = await createUnitLimitedUser(t, { menus: { [MENU.separation]: ['view', 'add', 'approve'] }, unitIds: [chn] });
    expect((await other.api.get(`/api/exits/separations/${id}`)).statusCode).toBe(404);
    expect((await other.api.get('/api/exits/separations')).json().rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await other.api.post(`/api/exits/separations/${id}/action`, { action: 'approve' })).statusCode).toBe(404);
    const forOther = await other.api.post('/api/exits/separations', {
      employeeId: priya,
      type: 'termination',
      noticeGivenOn: today(),
      lastDayRequested: today(),
      reason: 'Not theirs',
    });
    expect(forOther.statusCode).toBe(404);
    expect((await manager.get(`/api/exits/separations/${id}`)).json()).toMatchObject({ id, mayDecide: true });
    expect((await payroll.get(`/api/exits/separations?unitId=${blr}`)).json().rows.some((r: { id: number }) => r.id === id)).toBe(true);
  });

  it('is approved by the reporting manager first, then HR; the employee cannot approve it, nor HR before the manager', async () => {
    expect((await employee1.post(`/api/exits/separations/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    expect((await payroll.post(`/api/exits/separations/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    const l1 = await manager.post(`/api/exits/separations/${id}/action`, { action: 'approve', remark: 'Agreed' });
    expect(l1.statusCode).toBe(200);
    expect(l1.json()).toMatchObject({ status: 'pending', approval: { level: 2 } });
    // The manager decided level 1; level 2 is HR's, not theirs.
    expect((await manager.post(`/api/exits/separations/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    const agreed = addDays(today(), 25);
    const l2 = await admin.post(`/api/exits/separations/${id}/action`, { action: 'approve', lastDay: agreed });
    expect(l2.statusCode).toBe(200);
    expect(l2.json()).toMatchObject({ status: 'approved', lastDay: agreed, noticeShortfall: 5 });
    const [e] = await queryRows<{ exitDate: string; status: string }>(
      t.db,
      sql`select exit_date::text as "exitDate", status from employees where id = ${priya}`,
    );
    expect(e).toEqual({ exitDate: agreed, status: 'onNotice' });
    // The last day is ahead: she still signs in.
    expect((await employee1.get('/api/exits/separations')).statusCode).toBe(200);
    expect((await employee1.post(`/api/exits/separations/${id}/action`, { action: 'withdraw' })).statusCode).toBe(409);
  });
});

describe('withdrawal and rejection', () => {
  it('a pending separation is withdrawn by its requester; another is rejected only with a remark', async () => {
    const a = (
      await payroll.post('/api/exits/separations', {
        employeeId: karthik,
        type: 'termination',
        noticeGivenOn: today(),
        lastDayRequested: addDays(today(), 30),
        reason: 'Performance',
      })
    ).json();
    expect(a.status).toBe('pending');
    // Karthik sees it (it is about him) but did not make it: only its requester withdraws it.
    expect((await employee2.post(`/api/exits/separations/${a.id}/action`, { action: 'withdraw' })).statusCode).toBe(403);
    expect((await payroll.post(`/api/exits/separations/${a.id}/action`, { action: 'withdraw', remark: 'Resolved' })).json().status).toBe(
      'withdrawn',
    );
    const b = (
      await payroll.post('/api/exits/separations', {
        employeeId: karthik,
        type: 'termination',
        noticeGivenOn: today(),
        lastDayRequested: addDays(today(), 30),
        reason: 'Performance',
      })
    ).json();
    expect((await admin.post(`/api/exits/separations/${b.id}/action`, { action: 'reject' })).statusCode).toBe(400);
    const r = await admin.post(`/api/exits/separations/${b.id}/action`, { action: 'reject', remark: 'Not agreed' });
    expect(r.json()).toMatchObject({ status: 'rejected', approval: { state: 'rejected' } });
    const [e] = await queryRows<{ exitDate: string | null }>(
      t.db,
      sql`select exit_date::text as "exitDate" from employees where id = ${karthik}`,
    );
    expect(e.exitDate).toBeNull();
  });

  it('a manager cannot approve their own separation', async () => {
    const own = await manager.post('/api/exits/separations', {
      type: 'resignation',
      noticeGivenOn: today(),
      lastDayRequested: addDays(today(), 40),
      reason: 'Retiring early',
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().mayDecide).toBe(false);
    expect((await manager.post(`/api/exits/separations/${own.json().id}/action`, { action: 'approve' })).statusCode).toBe(403);
    expect((await manager.post(`/api/exits/separations/${own.json().id}/action`, { action: 'withdraw' })).json().status).toBe('withdrawn');
    expect(rahul).toBeGreaterThan(0);
  });
});

describe('after the last working day', () => {
  it('the leaver is refused sign-in and their session ends the day after the last working day', async () => {
    const token = await signIn(t.app, 'employee2');
    const k = api(t.app, token);
    const s = (
      await payroll.post('/api/exits/separations', {
        employeeId: karthik,
        type: 'absconding',
        noticeGivenOn: addDays(today(), -10),
        lastDayRequested: addDays(today(), -1),
        reason: 'Absent without leave',
      })
    ).json();
    // Karthik is in the Chennai Branch: his reporting manager decides level 1 (none: an approver of the unit).
    const l1 = await manager.post(`/api/exits/separations/${s.id}/action`, { action: 'approve' });
    expect(l1.statusCode, l1.body).toBe(200);
    expect((await k.get('/api/exits/separations')).statusCode).toBe(200);
    const done = await admin.post(`/api/exits/separations/${s.id}/action`, { action: 'approve' });
    expect(done.json()).toMatchObject({ status: 'approved' });
    expect((await k.get('/api/exits/separations')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'employee2', password: 'Employee@123' },
    });
    expect(again.statusCode).toBe(401);
    const [e] = await queryRows<{ status: string; active: boolean; separated: boolean }>(
      t.db,
      sql`select e.status, u.is_active as active, s.separated_at is not null as separated
          from employees e join users u on u.employee_id = e.id join separations s on s.employee_id = e.id and s.id = ${s.id} where e.id = ${karthik}`,
    );
    expect(e).toEqual({ status: 'exited', active: false, separated: true });
  });

  it('the scheduled job separates those whose last day has passed, once', async () => {
    // A separation approved with today as the last day; the day passes (moved back here), the job applies it.
    const s = (
      await payroll.post('/api/exits/separations', {
        employeeId: priya + 1,
        type: 'retirement',
        noticeGivenOn: addDays(today(), -60),
        lastDayRequested: today(),
        reason: 'Superannuation',
      })
    ).json();
    expect(s.status).toBe('pending');
    await t.db.execute(sql`update separations set status = 'approved', last_day = ${addDays(today(), -1)} where id = ${s.id}`);
    await enqueue(t.db, applySeparationsJob, {}, {});
    await t.app.jobs.drain();
    const [r] = await queryRows<{ status: string; separated: boolean }>(
      t.db,
      sql`select e.status, s.separated_at is not null as separated from separations s join employees e on e.id = s.employee_id where s.id = ${s.id}`,
    );
    expect(r).toEqual({ status: 'exited', separated: true });
  });
});
