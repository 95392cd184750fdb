// Requests and leave on the API: raising WFH, leave and visitor requests; decisions by the right and the wrong
// caller (self-approval, another unit, a plain employee); the double-approval race; overlaps and frozen salary
// months (409); scoping; balances falling to pending and returning on cancel; unpaid leave reaching daily
// attendance as LWOP; the reception's visitors; notifications; the ledger and the Excel export.
import { addDays, eachDay, financialYearOf, todayIn, weekday } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createRole, createUser, grantMenus } from '../../src/seed/factories';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let emp2: ReturnType<typeof api>;
let anon: ReturnType<typeof api>;
const today = todayIn('Asia/Kolkata');
const fy = financialYearOf(today).startYear;
let types: Record<string, number> = {};
let e1 = 0;
let e2 = 0;

const idOf = async (code: string) =>
  (await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code = ${code}`))[0].id;

/** Working days (no Sunday, no holiday, no seeded request) of an employee from `from` on. */
async function freeDays(employeeId: number, from: string, count: number, before?: string): Promise<string[]> {
  const busy = await queryRows<{ day: string }>(
    t.db,
    sql`select generate_series(from_date, to_date, '1 day')::date::text as day from requests
        where employee_id = ${employeeId} and status in ('pending', 'approved') and kind <> 'visitor'`,
  );
  const hol = await queryRows<{ day: string }>(t.db, sql`select holiday_date::text as day from holidays`);
  const skip = new Set([...busy.map((b) => b.day), ...hol.map((h) => h.day)]);
  const out: string[] = [];
  for (const d of eachDay(from, addDays(from, 120))) {
    if (before && d >= before) break;
    if (weekday(d) === 0 || weekday(d) === 6 || skip.has(d)) continue;
    out.push(d);
    if (out.length === count) break;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  emp2 = api(t.app, await signIn(t.app, 'employee2'));
  anon = api(t.app);
  types = Object.fromEntries(
    (await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from leave_types`)).map((r) => [r.code, r.id]),
  );
  e1 = await idOf('BLR0002');
  e2 = await idOf('CHN0001');
});
afterAll(() => t?.close());

describe('demo data', () => {
  it('employee1 and employee2 report to the demo manager, have balances and requests of each status', async () => {
    const mgr = await idOf('BLR0001');
    const rows = await queryRows<{ m: number | null }>(
      t.db,
      sql`select reporting_manager_id as m from employees where id in (${e1}, ${e2})`,
    );
    expect(rows.map((r) => r.m)).toEqual([mgr, mgr]);
    const b = (await emp1.get('/api/leave/balances/me')).json();
    const cl = b.find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    expect(cl.accrued).toBe(12);
    expect(cl.balance).toBe(11);
    const el = b.find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'EL');
    expect(el.opening).toBe(6);
    const statuses = new Set(
      ((await emp1.get('/api/requests/mine?pageSize=100')).json().rows as { status: string }[]).map((r) => r.status),
    );
    expect([...statuses].sort()).toEqual(['approved', 'cancelled', 'pending', 'rejected', 'withdrawn']);
    const list = (await manager.get('/api/requests', { kind: 'leave' })).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows[0].status).toBe('pending');
  });
});

describe('access', () => {
  it('refuses every endpoint without a session, and the staff screens to a plain employee', async () => {
    for (const [method, url] of [
      ['POST', '/api/requests'],
      ['GET', '/api/requests/mine'],
      ['GET', '/api/requests'],
      ['GET', '/api/requests/export'],
      ['GET', '/api/requests/1'],
      ['POST', '/api/requests/1/approve'],
      ['POST', '/api/requests/1/reject'],
      ['POST', '/api/requests/1/cancel'],
      ['POST', '/api/requests/1/withdraw'],
      ['POST', '/api/requests/bulk'],
      ['POST', '/api/requests/attachments'],
      ['GET', '/api/requests/1/attachment'],
      ['GET', '/api/leave/preview'],
      ['GET', '/api/leave/balances/me'],
      ['GET', '/api/leave/balances'],
      ['GET', '/api/leave/ledger'],
      ['POST', '/api/leave/ledger'],
      ['POST', '/api/leave/openings/import'],
      ['GET', '/api/visitors'],
      ['POST', '/api/visitors/1/arrival'],
      ['POST', '/api/visitors/1/departure'],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const res = method === 'GET' ? await anon.get(url) : await anon.post(url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/api/requests'],
      ['GET', '/api/requests/export'],
      ['POST', '/api/requests/1/approve'],
      ['POST', '/api/requests/1/reject'],
      ['POST', '/api/requests/bulk'],
      ['GET', '/api/leave/balances?employeeId=1'],
      ['POST', '/api/leave/ledger'],
      ['POST', '/api/leave/openings/import?financialYear=2026'],
      ['GET', '/api/visitors'],
      ['POST', '/api/visitors/1/arrival'],
      ['POST', '/api/visitors/1/departure'],
    ] as const) {
      const res = method === 'GET' ? await emp1.get(url) : await emp1.post(url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The payroll officer sees no allRequest screen.
    expect((await payroll.get('/api/requests')).statusCode).toBe(403);
    // A manager may not post ledger lines.
    expect(
      (
        await manager.post('/api/leave/ledger', {
          employeeId: e1,
          leaveTypeId: types.CL,
          financialYear: fy,
          kind: 'adjust',
          days: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('an employee never sees another employee’s requests, balances or ledger', async () => {
    const mine = (await emp2.get('/api/requests/mine?pageSize=100')).json().rows as { employeeId: number; id: number }[];
    expect(mine.every((r) => r.employeeId === e2)).toBe(true);
    const other = (await emp1.get('/api/requests/mine?pageSize=100')).json().rows as { id: number }[];
    expect((await emp2.get(`/api/requests/${other[0].id}`)).statusCode).toBe(404);
    expect((await emp2.post(`/api/requests/${other[0].id}/withdraw`)).statusCode).toBe(404);
    expect((await emp2.post(`/api/requests/${other[0].id}/cancel`, {})).statusCode).toBe(404);
    expect((await emp2.get(`/api/leave/ledger?employeeId=${e1}`)).statusCode).toBe(404);
  });
});

describe('leave: raise, decide, cancel', () => {
  let id = 0;
  let days: string[] = [];

  it('shows the balance and the days before submitting, then the balance falls to pending', async () => {
    days = await freeDays(e1, addDays(today, 20), 2);
    const before = (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    const preview = await emp1.get('/api/leave/preview', { leaveTypeId: types.CL, fromDate: days[0], toDate: days[1] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ available: before.available, problems: [] });
    const res = await emp1.post('/api/requests', {
      kind: 'leave',
      leaveTypeId: types.CL,
      fromDate: days[1],
      toDate: days[1],
      reason: 'Personal',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', days: 1, kind: 'leave', canWithdraw: true, canApprove: false });
    id = res.json().id;
    const after = (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    expect(after.pending).toBe(before.pending + 1);
    expect(after.balance).toBe(before.balance);
    expect(after.available).toBe(before.available - 1);
    // The manager was told.
    const n = (await manager.get('/api/notifications')).json();
    expect(n.rows[0].title).toMatch(/Leave request from Priya Sharma/);
    expect(n.unread).toBeGreaterThan(0);
  });

  it('refuses overlaps (409) and bad input (400)', async () => {
    const clash = await emp1.post('/api/requests', {
      kind: 'leave',
      leaveTypeId: types.CL,
      fromDate: days[0],
      toDate: days[1],
      reason: 'Again',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/overlap/);
    // Dates in messages read DD/MM/YYYY.
    expect(clash.json().message).toMatch(/\(\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}\)/);
    expect(clash.json().message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const wfh = await emp1.post('/api/requests', { kind: 'wfh', fromDate: days[1], toDate: days[1], reason: 'Home' });
    expect(wfh.statusCode).toBe(409);
    expect(
      (await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: types.CL, fromDate: days[1], toDate: days[0], reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: types.CL, fromDate: days[0], toDate: days[0], reason: '' }))
        .statusCode,
    ).toBe(400);
    // Maternity leave does not apply to a man; a balance of 0 compensatory off refuses.
    const [d] = await freeDays(e2, addDays(today, 30), 1);
    expect(
      (await emp2.post('/api/requests', { kind: 'leave', leaveTypeId: types.ML, fromDate: d, toDate: d, reason: 'x' })).statusCode,
    ).toBe(400);
    const co = await emp2.post('/api/requests', { kind: 'leave', leaveTypeId: types.CO, fromDate: d, toDate: d, reason: 'x' });
    expect(co.statusCode).toBe(400);
    expect(co.json().message).toMatch(/balance/);
    // Work from home, like leave, stays within one financial year (the lists' date filter relies on it).
    const across = await emp1.post('/api/requests', { kind: 'wfh', fromDate: `${fy + 1}-03-31`, toDate: `${fy + 1}-04-01`, reason: 'x' });
    expect(across.statusCode).toBe(400);
    expect(across.json().fieldErrors.toDate[0]).toMatch(/financial year end/);
  });

  it('refuses the wrong deciders: self (403), a plain employee (403), another unit (404), no remark to reject (400)', async () => {
    expect((await emp1.post(`/api/requests/${id}/approve`, {})).statusCode).toBe(403);
    expect((await emp2.post(`/api/requests/${id}/approve`, {})).statusCode).toBe(403);
    expect((await manager.post(`/api/requests/${id}/reject`, {})).statusCode).toBe(400);
    expect((await manager.post(`/api/requests/${id}/reject`, { remark: '  ' })).statusCode).toBe(400);
    // A manager of the third unit only: no reach.
    const other = await admin.post('/api/resources/user', {
      userName: 'mgr3',
      fullName: 'Third Unit Manager',
      password: 'Unit3-Approver#2026',
      roleId: (await queryRows<{ id: number }>(t.db, sql`select id from roles where name = 'Manager'`))[0].id,
    });
    expect(other.statusCode, other.body).toBe(201);
    const [unit3] = await queryRows<{ id: number }>(t.db, sql`select id from units order by id offset 2 limit 1`);
    await t.db.execute(sql`insert into user_unit_map (user_id, unit_id) values (${other.json().id}, ${unit3.id})`);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'mgr3', password: 'Unit3-Approver#2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const mgr3 = api(t.app, login.json().token);
    expect((await mgr3.post(`/api/requests/${id}/approve`, {})).statusCode).toBe(404);
    expect((await mgr3.get(`/api/requests/${id}`)).statusCode).toBe(404);
    expect(((await mgr3.get('/api/requests')).json().rows as { id: number }[]).some((r) => r.id === id)).toBe(false);
  });

  it('two approvers at the same moment: one succeeds, the other gets 409', async () => {
    const [a, b] = await Promise.all([
      manager.post(`/api/requests/${id}/approve`, { remark: 'OK' }),
      admin.post(`/api/requests/${id}/approve`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const r = (await emp1.get(`/api/requests/${id}`)).json();
    expect(r.status).toBe('approved');
    expect(r.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved']);
    const bal = (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    expect(bal.taken).toBeGreaterThanOrEqual(2);
    const n = (await emp1.get('/api/notifications')).json();
    expect(n.rows[0].title).toBe('Leave approved');
    // Rejecting or withdrawing an approved request: 409.
    expect((await manager.post(`/api/requests/${id}/reject`, { remark: 'no' })).statusCode).toBe(409);
    expect((await emp1.post(`/api/requests/${id}/withdraw`)).statusCode).toBe(409);
  });

  it('cancel: an approver needs a reason; the requester before it starts; the balance returns', async () => {
    const before = (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    expect((await manager.post(`/api/requests/${id}/cancel`, {})).statusCode).toBe(400);
    expect((await emp2.post(`/api/requests/${id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    const res = await emp1.post(`/api/requests/${id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const after = (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    expect(after.balance).toBe(before.balance + 1);
    expect((await emp1.post(`/api/requests/${id}/cancel`, {})).statusCode).toBe(409);
    const n = (await manager.get('/api/notifications')).json();
    expect(n.rows[0].title).toBe('Leave cancelled');
  });

  it('an approver cancels an approved leave through the approvals module: history, audit, balance back; the requester not once it started', async () => {
    const [d] = await freeDays(e1, addDays(today, 25), 1);
    const raised = await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: types.CL, fromDate: d, toDate: d, reason: 'Errand' });
    expect(raised.statusCode, raised.body).toBe(201);
    const rid = raised.json().id;
    expect((await manager.post(`/api/requests/${rid}/approve`, {})).statusCode).toBe(200);
    const cl = async () =>
      (await emp1.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'CL');
    const before = await cl();
    // A plain employee of another unit: 404; a caller without the approve action: 403; no reason: 400.
    expect((await emp2.post(`/api/requests/${rid}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await payroll.post(`/api/requests/${rid}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    expect((await admin.post(`/api/requests/${rid}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    const res = await manager.post(`/api/requests/${rid}/cancel`, { reason: 'Audit week: all hands' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().history.at(-1)).toMatchObject({ action: 'cancelled', remark: 'Audit week: all hands' });
    expect((await cl()).balance).toBe(before.balance + 1);
    const [state] = await queryRows<{ state: string }>(
      t.db,
      sql`select a.state from approvals a join requests r on r.approval_id = a.id where r.id = ${rid}`,
    );
    expect(state.state).toBe('cancelled');
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select l.action from audit_log l join requests r on l.entity = 'approvals' and l.entity_id = r.approval_id::text
          where r.id = ${rid} order by l.id`,
    );
    expect(audit.at(-1)?.action).toBe('cancel approved');
    const n = (await emp1.get('/api/notifications')).json();
    expect(n.rows[0]).toMatchObject({ title: 'Leave cancelled' });
    expect(n.rows[0].body).toMatch(/Audit week/);
    expect(n.rows[0].body).toContain(`on ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`);

    // The requester cannot cancel an approved request that has started (its days moved to today, as time would).
    const [d2] = await freeDays(e1, addDays(today, 26), 1);
    const started = (await emp1.post('/api/requests', { kind: 'wfh', fromDate: d2, toDate: d2, reason: 'Home' })).json();
    expect((await manager.post(`/api/requests/${started.id}/approve`, {})).statusCode).toBe(200);
    await t.db.execute(sql`update requests set from_date = ${today}::date, to_date = ${today}::date where id = ${started.id}`);
    const mine = await emp1.post(`/api/requests/${started.id}/cancel`, {});
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(/started/);
  });

  it('withdraw: only the requester, only while pending; reject needs the approver', async () => {
    const [d] = await freeDays(e1, addDays(today, 40), 1);
    const r = (await emp1.post('/api/requests', { kind: 'wfh', fromDate: d, toDate: d, reason: 'Home' })).json();
    expect((await manager.post(`/api/requests/${r.id}/withdraw`)).statusCode).toBe(403);
    const w = await emp1.post(`/api/requests/${r.id}/withdraw`);
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().status).toBe('withdrawn');
    expect((await emp1.post(`/api/requests/${r.id}/withdraw`)).statusCode).toBe(409);
    expect((await manager.post(`/api/requests/${r.id}/approve`, {})).statusCode).toBe(409);

    const r2 = (await emp1.post('/api/requests', { kind: 'wfh', fromDate: d, toDate: d, reason: 'Home again' })).json();
    const rej = await manager.post(`/api/requests/${r2.id}/reject`, { remark: 'Team day in the office' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().status).toBe('rejected');
    expect(rej.json().history.at(-1)).toMatchObject({ action: 'rejected', remark: 'Team day in the office' });
    expect((await emp1.get('/api/notifications')).json().rows[0].title).toBe('Work from home rejected');
  });

  it('a manager does not approve a request of their own (403) and an administrator approves it', async () => {
    const mgrId = await idOf('BLR0001');
    const [d] = await freeDays(mgrId, addDays(today, 25), 1);
    const r = await manager.post('/api/requests', { kind: 'wfh', fromDate: d, toDate: d, reason: 'Home' });
    expect(r.statusCode, r.body).toBe(201);
    expect((await manager.post(`/api/requests/${r.json().id}/approve`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/requests/${r.json().id}/approve`, {})).statusCode).toBe(200);
  });

  it('bulk approve decides each on its own', async () => {
    const ds = await freeDays(e2, addDays(today, 50), 2);
    const a = (await emp2.post('/api/requests', { kind: 'wfh', fromDate: ds[0], toDate: ds[0], reason: 'A' })).json();
    const b = (await emp2.post('/api/requests', { kind: 'wfh', fromDate: ds[1], toDate: ds[1], reason: 'B' })).json();
    await emp2.post(`/api/requests/${b.id}/withdraw`);
    const res = await manager.post('/api/requests/bulk', { ids: [a.id, b.id], action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().done).toEqual([a.id]);
    expect(res.json().failed).toEqual([{ id: b.id, message: expect.stringMatching(/withdrawn/) }]);
    expect((await manager.post('/api/requests/bulk', { ids: [a.id], action: 'reject' })).statusCode).toBe(400);
  });
});

describe('frozen salary months and attendance', () => {
  it('a request inside an approved or locked salary month answers 409', async () => {
    const [run] = await queryRows<{ year: number; month: number }>(
      t.db,
      sql`select year, month from payroll_runs where unit_id = (select unit_id from employees where id = ${e1}) and status = 'locked' order by year desc, month desc limit 1`,
    );
    expect(run).toBeDefined();
    const day = `${run.year}-${String(run.month).padStart(2, '0')}-10`;
    const res = await emp1.post('/api/requests', { kind: 'wfh', fromDate: day, toDate: day, reason: 'Back-dated' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/locked/);
  });

  it('a transfer after a locked month does not open it: the request is still 409 (the run that paid the employee)', async () => {
    const [run] = await queryRows<{ year: number; month: number; unitId: number }>(
      t.db,
      sql`select r.year, r.month, r.unit_id as "unitId" from payroll_runs r join salary_slips s on s.run_id = r.id and s.employee_id = ${e1}
          where r.status = 'locked' order by r.year desc, r.month desc limit 1`,
    );
    expect(run, 'a locked month that paid employee1').toBeDefined();
    // Another unit whose month is open (its run sent back to processed for the test, if it had one).
    const [other] = await queryRows<{ id: number; runId: number | null; status: string | null }>(
      t.db,
      sql`select u.id, r.id as "runId", r.status from units u
          left join payroll_runs r on r.unit_id = u.id and r.year = ${run.year} and r.month = ${run.month}
          where u.id <> ${run.unitId} order by u.id limit 1`,
    );
    expect(other, 'another unit').toBeDefined();
    const day = `${run.year}-${String(run.month).padStart(2, '0')}-12`;
    if (other.runId) await t.db.execute(sql`update payroll_runs set status = 'processed' where id = ${other.runId}`);
    await t.db.execute(sql`update employees set unit_id = ${other.id} where id = ${e1}`);
    try {
      const res = await emp1.post('/api/requests', { kind: 'wfh', fromDate: day, toDate: day, reason: 'After the transfer' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/locked/);
    } finally {
      await t.db.execute(sql`update employees set unit_id = ${run.unitId} where id = ${e1}`);
      if (other.runId) await t.db.execute(sql`update payroll_runs set status = ${other.status} where id = ${other.runId}`);
    }
  });

  it('approved unpaid leave on a working day shows as L with LWOP in daily attendance; cancelling restores the day', async () => {
    const monthStart = `${today.slice(0, 7)}-01`;
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payroll_runs where unit_id = (select unit_id from employees where id = ${e1})
            and year = ${Number(today.slice(0, 4))} and month = ${Number(today.slice(5, 7))} and status in ('approved', 'locked')`,
    );
    expect(open.n).toBe(0);
    const candidates = await freeDays(e1, monthStart, 31, today);
    const manual = new Set(
      (
        await queryRows<{ day: string }>(
          t.db,
          sql`select day::text as day from daily_attendance where employee_id = ${e1} and (is_manual or status in ('WO', 'H'))`,
        )
      ).map((r) => r.day),
    );
    const day = candidates.find((d) => !manual.has(d));
    expect(day, 'a past working day this month').toBeDefined();
    const r = await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: types.LWP, fromDate: day, toDate: day, reason: 'Unpaid day' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().lwopDays).toBe(1);
    expect((await manager.post(`/api/requests/${r.json().id}/approve`, {})).statusCode).toBe(200);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const month = (await emp1.get('/api/attendance/month', { year: y, month: m })).json();
    const row = month.days.find((d: { day: string }) => d.day === day);
    expect(row).toMatchObject({ status: 'L', leave: 1, lwop: 1, payable: 0 });
    // Cancelled by the approver (the day has started): worked out again from the punches.
    expect((await emp1.post(`/api/requests/${r.json().id}/cancel`, {})).statusCode).toBe(409);
    expect((await manager.post(`/api/requests/${r.json().id}/cancel`, { reason: 'Was at work after all' })).statusCode).toBe(200);
    const again = (await emp1.get('/api/attendance/month', { year: y, month: m })).json();
    expect(again.days.find((d: { day: string }) => d.day === day).status).not.toBe('L');
  });

  it('approved paid leave is paid leave; approved WFH counts present', async () => {
    const monthStart = `${today.slice(0, 7)}-01`;
    const used = new Set(
      (
        await queryRows<{ day: string }>(
          t.db,
          sql`select day::text as day from daily_attendance where employee_id = ${e1} and (is_manual or status in ('WO', 'H', 'L'))`,
        )
      ).map((r) => r.day),
    );
    const days = (await freeDays(e1, monthStart, 31, today)).filter((d) => !used.has(d));
    if (days.length < 2) return; // early in a month: nothing past to test
    const leave = (
      await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: types.CL, fromDate: days[0], toDate: days[0], reason: 'Paid' })
    ).json();
    const wfh = (await emp1.post('/api/requests', { kind: 'wfh', fromDate: days[1], toDate: days[1], reason: 'Home' })).json();
    expect((await manager.post(`/api/requests/${leave.id}/approve`, {})).statusCode).toBe(200);
    expect((await manager.post(`/api/requests/${wfh.id}/approve`, {})).statusCode).toBe(200);
    const month = (await emp1.get('/api/attendance/month', { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) })).json();
    expect(month.days.find((d: { day: string }) => d.day === days[0])).toMatchObject({ status: 'L', leave: 1, lwop: 0, payable: 1 });
    expect(month.days.find((d: { day: string }) => d.day === days[1])).toMatchObject({ status: 'WFH', payable: 1 });
  });
});

describe('visitor hosts', () => {
  it('an employee picks any active colleague of her own unit as host: searched, paged, name / code / department only', async () => {
    const [{ unitId }] = await queryRows<{ unitId: number }>(t.db, sql`select unit_id as "unitId" from employees where id = ${e1}`);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from employees where unit_id = ${unitId} and status = 'active' and (exit_date is null or exit_date >= ${today}::date)`,
    );
    expect(n).toBeGreaterThan(2);
    const page1 = await emp1.get('/api/requests/hosts', { pageSize: 2 });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().total).toBe(n);
    expect(page1.json().rows).toHaveLength(2);
    expect(Object.keys(page1.json().rows[0]).sort()).toEqual(['departmentName', 'employeeCode', 'id', 'name']);
    const all = (await emp1.get('/api/requests/hosts', { pageSize: 500 })).json().rows as { id: number; employeeCode: string }[];
    expect(all.map((r) => r.id)).toContain(e1);
    expect(all.map((r) => r.id)).not.toContain(e2);
    const colleague = all.find((r) => r.id !== e1)!;
    const found = (await emp1.get('/api/requests/hosts', { search: colleague.employeeCode })).json();
    expect(found.rows.map((r: { id: number }) => r.id)).toEqual([colleague.id]);
    // Host: a colleague is fine; someone of another unit is refused.
    const ok = await emp1.post('/api/requests', {
      kind: 'visitor',
      visitorName: 'Anand Rao',
      mobileCode: '+91',
      mobile: '9876501234',
      company: 'Rao & Co',
      purpose: 'Audit papers',
      expectedDate: addDays(today, 2),
      expectedTime: '10:30',
      visitorCount: 1,
      hostEmployeeId: colleague.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().hostEmployeeId).toBe(colleague.id);
    const bad = await emp1.post('/api/requests', {
      kind: 'visitor',
      visitorName: 'Anand Rao',
      mobileCode: '+91',
      mobile: '9876501234',
      company: 'Rao & Co',
      purpose: 'Audit papers',
      expectedDate: addDays(today, 3),
      expectedTime: '10:30',
      visitorCount: 1,
      hostEmployeeId: e2,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.hostEmployeeId).toBeTruthy();
  });

  it('refuses the host lookup without a session (401) and to a role without the visitor request screen (403)', async () => {
    expect((await anon.get('/api/requests/hosts')).statusCode).toBe(401);
    const role = await createRole(t.db, { name: 'Leave Only' });
    await grantMenus(t.db, role, { [MENU.requestLeave]: ['view', 'add'] });
    await createUser(t.db, { userName: 'leave.only', password: 'Leave-Only#2026x', fullName: 'Leave Only', roleId: role, unitIds: [] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'leave.only', password: 'Leave-Only#2026x' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await api(t.app, login.json().token).get('/api/requests/hosts')).statusCode).toBe(403);
  });
});

describe('ledger, visitors, notifications, export', () => {
  it('an administrator posts an adjustment; the balance is the sum of the lines', async () => {
    const before = (await emp2.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'SL');
    const res = await admin.post('/api/leave/ledger', {
      employeeId: e2,
      leaveTypeId: types.SL,
      financialYear: fy,
      kind: 'adjust',
      days: 1.5,
      reason: 'Correction',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (
        await admin.post('/api/leave/ledger', {
          employeeId: e2,
          leaveTypeId: types.SL,
          financialYear: fy,
          kind: 'adjust',
          days: 0.3,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const after = (await emp2.get('/api/leave/balances/me')).json().find((x: { leaveTypeCode: string }) => x.leaveTypeCode === 'SL');
    expect(after.balance).toBe(before.balance + 1.5);
    expect(after.adjusted).toBe(before.adjusted + 1.5);
    const lines = (await emp2.get('/api/leave/ledger', { leaveTypeId: types.SL })).json();
    expect(lines.reduce((s: number, l: { days: number }) => s + l.days, 0)).toBe(after.balance);
    // The manager sees the balances of a unit employee.
    expect((await manager.get('/api/leave/balances', { employeeId: e2 })).statusCode).toBe(200);
  });

  it('imports opening balances from Excel', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Openings');
    ws.addRow(['Employee Code', 'Leave Code', 'Days', 'Reason']);
    ws.addRow(['BLR0002', 'EL', 2.5, 'From the old system']);
    ws.addRow(['NOPE', 'EL', 1]);
    ws.addRow(['BLR0002', 'XX', 1]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await admin.post(`/api/leave/openings/import?financialYear=${fy}`, body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().posted).toBe(1);
    expect(res.json().errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
  });

  it('gives the opening balances template (employees in reach × active types, Days empty) that imports back', async () => {
    const [{ unitId }] = await queryRows<{ unitId: number }>(t.db, sql`select unit_id as "unitId" from employees where id = ${e1}`);
    const res = await admin.get('/api/leave/openings/template', { unitId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'Employee Code', 'Leave Code', 'Days', 'Reason']);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from employees e cross join leave_types lt where e.status = 'active' and lt.is_active and e.unit_id = ${unitId}`,
    );
    expect(ws.rowCount - 1).toBe(n);
    const codes = new Set<string>();
    ws.eachRow((row, i) => {
      if (i > 1) codes.add(String(row.getCell(1).value));
    });
    expect(codes.has('BLR0002')).toBe(true);
    expect(codes.has('CHN0001')).toBe(false);
    // Fill one row's days and import the template back: only that row is posted, the empty ones are skipped.
    let filled = 0;
    ws.eachRow((row, i) => {
      if (i > 1 && row.getCell(1).value === 'BLR0002' && row.getCell(2).value === 'SL') {
        row.getCell(3).value = 1.5;
        filled = i;
      }
    });
    expect(filled).toBeGreaterThan(1);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----tmpl';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await admin.post(`/api/leave/openings/import?financialYear=${fy}`, body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ posted: 1, errors: [] });
    // Refused: no session (401), a plain employee and a manager without the leave master's edit (403).
    expect((await anon.get('/api/leave/openings/template')).statusCode).toBe(401);
    expect((await emp1.get('/api/leave/openings/template')).statusCode).toBe(403);
    expect((await manager.get('/api/leave/openings/template')).statusCode).toBe(403);
  });

  it('the reception sees the expected visitors and marks arrival then departure', async () => {
    const raise = await emp1.post('/api/requests', {
      kind: 'visitor',
      visitorName: 'Anil Kumar',
      mobile: '9812345678',
      company: 'Kumar & Co',
      purpose: 'Audit',
      expectedDate: today,
      expectedTime: '16:00',
    });
    expect(raise.statusCode, raise.body).toBe(201);
    const id = raise.json().id;
    expect(raise.json().hostName).toBe('Priya Sharma');
    const list = (await manager.get('/api/visitors')).json() as { id: number }[];
    expect(list.some((v) => v.id === id)).toBe(true);
    expect((await manager.post(`/api/visitors/${id}/arrival`, {})).statusCode).toBe(409); // not approved yet
    expect((await manager.post(`/api/requests/${id}/approve`, {})).statusCode).toBe(200);
    expect((await manager.post(`/api/visitors/${id}/departure`, {})).statusCode).toBe(409);
    const arrived = await manager.post(`/api/visitors/${id}/arrival`, {});
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().arrivedAt).not.toBeNull();
    expect((await manager.post(`/api/visitors/${id}/arrival`, {})).statusCode).toBe(409);
    expect((await manager.post(`/api/visitors/${id}/departure`, {})).statusCode).toBe(200);
    expect((await emp1.get('/api/notifications')).json().rows[0].title).toMatch(/Anil Kumar has arrived/);
    expect(
      (
        await emp1.post('/api/requests', {
          kind: 'visitor',
          visitorName: 'X',
          mobile: '12',
          purpose: 'x',
          expectedDate: today,
          expectedTime: '10:00',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('marks notifications read; each user sees only their own', async () => {
    const n = (await emp1.get('/api/notifications')).json();
    expect(n.unread).toBeGreaterThan(0);
    const one = await emp1.post('/api/notifications/read', { ids: [n.rows[0].id] });
    expect(one.json().unread).toBe(n.unread - 1);
    // Someone else's id changes nothing.
    const mgrN = (await manager.get('/api/notifications')).json();
    await emp1.post('/api/notifications/read', { ids: [mgrN.rows[0].id] });
    expect((await manager.get('/api/notifications/unread-count')).json().unread).toBe(mgrN.unread);
    expect((await emp1.post('/api/notifications/read', { all: true })).json().unread).toBe(0);
    expect((await emp1.get('/api/notifications/unread-count')).json().unread).toBe(0);
  });

  it('exports the allRequest list as Excel; lists filter and page', async () => {
    const res = await manager.get('/api/requests/export', { kind: 'leave' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Id');
    expect(wb.worksheets[0].rowCount).toBeGreaterThan(1);
    const page = (await manager.get('/api/requests', { kind: 'leave', status: 'pending', pageSize: 1 })).json();
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ status: 'pending', kind: 'leave' });
    expect(typeof page.rows[0].balance).toBe('number');
    const toDecide = (await manager.get('/api/requests', { toDecide: true })).json();
    expect(toDecide.rows.every((r: { canApprove: boolean }) => r.canApprove)).toBe(true);
  });
});

describe('the allRequest list, its filters and export for non-administrators', () => {
  type Row = { id: number; kind: string; unitId: number; employeeId: number };
  let callers: { who: string; api: ReturnType<typeof api>; units: number[]; kinds: string[] }[];
  let e3 = 0;
  beforeAll(async () => {
    const limited = await createUnitLimitedUser(t, { menus: [MENU.allRequestLeave, MENU.allRequestVisitor], unitIds: [1, 2] });
    callers = [
      { who: 'manager', api: manager, units: [1, 2], kinds: ['leave', 'wfh', 'visitor'] },
      { who: 'custom unit-limited role', api: limited.api, units: limited.unitIds, kinds: ['leave', 'visitor'] },
    ];
    [{ id: e3 }] = await queryRows<{ id: number }>(t.db, sql`select id from employees where unit_id = 3 order by id limit 1`);
  });

  const queries = (): Record<string, string | number | boolean>[] => [
    {},
    { kind: 'leave' },
    { search: "O'Brien" },
    { search: '9876' },
    { search: 'BLR0002' },
    { search: 'priya' },
    { unitId: 3 },
    { unitId: 1, status: 'pending' },
    { employeeId: e2 },
    { employeeId: e3 },
    { kind: 'leave', leaveTypeId: types.CL, sort: 'employeeCode' },
    { from: addDays(today, -120), to: addDays(today, 120), sort: '-fromDate' },
  ];

  it("lists and filters their units' requests of the kinds they may see: the administrator's rows, the same fields", async () => {
    for (const q of queries()) {
      const all = (await admin.get('/api/requests', { ...q, pageSize: 500 })).json() as { rows: Row[]; total: number };
      for (const c of callers) {
        const what = `${c.who} ${JSON.stringify(q)}`;
        const res = await c.api.get('/api/requests', { ...q, pageSize: 500 });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const body = res.json() as { rows: Row[]; total: number };
        expect(
          body.rows.every((r) => c.units.includes(r.unitId) && c.kinds.includes(r.kind)),
          what,
        ).toBe(true);
        if (all.total <= 500) {
          const want = all.rows.filter((r) => c.units.includes(r.unitId) && c.kinds.includes(r.kind));
          expect(
            body.rows.map((r) => r.id),
            what,
          ).toEqual(want.map((r) => r.id));
          expect(body.total, what).toBe(want.length);
        }
        if (body.rows.length && all.rows.length) expect(Object.keys(body.rows[0]).sort(), what).toEqual(Object.keys(all.rows[0]).sort());
      }
    }
    for (const c of callers) {
      for (const q of [{}, { search: 'priya' }, { employeeId: e2 }] as Record<string, string | number>[]) {
        expect((await c.api.get('/api/requests', q)).json().total, `${c.who} ${JSON.stringify(q)}`).toBeGreaterThan(0);
      }
    }
    // A kind the role does not see is refused, not listed empty.
    expect((await callers[1].api.get('/api/requests', { kind: 'wfh' })).statusCode).toBe(403);
    expect((await callers[1].api.get('/api/requests/export', { kind: 'wfh' })).statusCode).toBe(403);
  });

  it('exports the rows their list shows, with and without filters, under the same headings', async () => {
    const sheet = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return Array.from({ length: ws.actualRowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
    };
    const [headings] = await sheet((await admin.get('/api/requests/export')).rawPayload);
    for (const q of [
      {},
      { search: "O'Brien" },
      { unitId: 3 },
      { kind: 'leave', status: 'pending', search: 'a' },
      { employeeId: e2 },
    ] as Record<string, string | number>[]) {
      for (const c of callers) {
        const what = `${c.who} ${JSON.stringify(q)}`;
        const res = await c.api.get('/api/requests/export', q);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const [head, ...rows] = await sheet(res.rawPayload);
        expect(head, what).toEqual(headings);
        const listed = (await c.api.get('/api/requests', { ...q, pageSize: 500 })).json().rows as Row[];
        expect(rows.map((r) => Number(r[0])).sort(), what).toEqual(listed.map((r) => r.id).sort());
      }
    }
  });

  it("shows the reception their units' visitors only, and balances of their units' staff", async () => {
    const all = (await admin.get('/api/visitors')).json() as Row[];
    for (const c of callers) {
      const mine = (await c.api.get('/api/visitors')).json() as Row[];
      expect(
        mine.map((r) => r.id),
        c.who,
      ).toEqual(all.filter((r) => c.units.includes(r.unitId)).map((r) => r.id));
      expect((await c.api.get('/api/leave/balances', { employeeId: e2 })).statusCode, c.who).toBe(200);
      expect((await c.api.get('/api/leave/balances', { employeeId: e3 })).statusCode, c.who).toBe(404);
    }
  });
});
