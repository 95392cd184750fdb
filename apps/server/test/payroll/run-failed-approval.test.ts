// A run with failed employees is not approved silently: the approval is refused (409 naming them) unless the approver
// approves without them with a reason; the left-out employees are paid, once corrected, by an off-cycle run of the
// same unit and month (the same engine, its own slips and approval). Approvers are told when a run waits for them,
// and whoever processed it when it is approved or sent back (notification rows). Runs on PGlite, and PostgreSQL in CI.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let mys = 0;
let blr = 0;
let runId = 0;
let failed = { id: 0, code: '' };
let adminId = 0;
let payrollId = 0;
/** Notifications written before the tests (the seed processes and approves its months). */
let before = 0;
let M: Awaited<ReturnType<typeof seededMonths>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  mys = units.find((u) => u.code === 'CMP-MYS')!.id;
  blr = units.find((u) => u.code === 'HO-BLR')!.id;
  M = await seededMonths(admin);
  const users = await queryRows<{ id: number; name: string }>(t.db, sql`select id, user_name as name from users`);
  adminId = users.find((u) => u.name === 'admin')!.id;
  payrollId = users.find((u) => u.name === 'payroll')!.id;
  before = (await queryRows<{ n: number }>(t.db, sql`select coalesce(max(id), 0)::int as n from notifications`))[0].n;
  runId = (await payroll.get(`/api/payroll/runs?unitId=${mys}&year=${M.cur.year}&month=${M.cur.month}`)).json().rows[0].id;
  // One employee of the campus without a salary structure: the engine fails them ('No salary structure for the month').
  const [e] = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select id, employee_code as code from employees where unit_id = ${mys} and exit_date is null order by employee_code desc limit 1`,
  );
  failed = e;
  await t.db.execute(sql`update salary_structures set is_active = false where employee_id = ${e.id}`);
  // The shared template (migrate + seed) may be rebuilt first: on a loaded machine that takes minutes.
}, 1_800_000);
afterAll(() => t?.close());

async function process(id: number) {
  const res = await payroll.post(`/api/payroll/runs/${id}/process`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  return (await payroll.get(`/api/payroll/runs/${id}`)).json();
}

const notices = (userId: number, title: string) =>
  queryRows<{ title: string; body: string }>(
    t.db,
    sql`select title, body from notifications where id > ${before} and user_id = ${userId} and title = ${title} order by id`,
  );

describe('approving a run with failed employees', () => {
  it('processing names the failed employee and tells the approver the run waits for them', async () => {
    const run = await process(runId);
    expect(run.status).toBe('processed');
    expect(run.errors).toEqual([
      expect.objectContaining({ employeeId: failed.id, employeeCode: failed.code, error: expect.stringMatching(/structure/) }),
    ]);
    const waiting = await notices(adminId, 'Salary run waiting for your approval');
    expect(waiting.length).toBe(1);
    expect(waiting[0].body).toMatch(/Mysuru|campus/i);
    expect(waiting[0].body).toContain(String(M.cur.year));
    // The maker is not told their own run waits.
    expect(await notices(payrollId, 'Salary run waiting for your approval')).toEqual([]);
  });

  it('refuses the approval while failed employees exist (409 naming them), and a short reason (400); nothing changes', async () => {
    const res = await admin.post(`/api/payroll/runs/${runId}/approve`, { remark: 'Looks fine' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(failed.code);
    const short = await admin.post(`/api/payroll/runs/${runId}/approve`, { withoutFailed: { reason: 'no' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toHaveProperty(['withoutFailed.reason']);
    const run = (await payroll.get(`/api/payroll/runs/${runId}`)).json();
    expect(run.status).toBe('processed');
    expect(run.approval.history.filter((h: { action: string }) => h.action === 'approved')).toEqual([]);
  });

  it('who may not approve is refused: an employee (403), a unit-limited officer of another unit (404)', async () => {
    expect((await employee1.post(`/api/payroll/runs/${runId}/approve`, { withoutFailed: { reason: 'Pay the rest now' } })).statusCode).toBe(
      403,
    );
    const other = await createUnitLimitedUser(t, {
      menus: { '/outlet/transaction/salary_process': ['view', 'add', 'edit', 'approve'] },
      unitIds: [blr],
    });
    const client = api(t.app, other.token);
    expect((await client.post(`/api/payroll/runs/${runId}/approve`, { withoutFailed: { reason: 'Pay the rest now' } })).statusCode).toBe(
      404,
    );
    expect((await client.post(`/api/payroll/runs/${runId}/off-cycle`)).statusCode).toBe(404);
    expect((await employee1.post(`/api/payroll/runs/${runId}/off-cycle`)).statusCode).toBe(403);
  });

  it('an off-cycle run is refused before the run is approved', async () => {
    const res = await payroll.post(`/api/payroll/runs/${runId}/off-cycle`);
    expect(res.statusCode).toBe(409);
  });

  it('approves without them with a reason: kept in the history, the maker is told, the run offers an off-cycle run', async () => {
    const res = await admin.post(`/api/payroll/runs/${runId}/approve`, {
      withoutFailed: { reason: 'Structure awaited from HR; pay the rest on time' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    expect(run.status).toBe('approved');
    const line = run.approval.history.find((h: { action: string }) => h.action === 'approved');
    expect(line.remark).toContain(failed.code);
    expect(line.remark).toContain('Structure awaited from HR');
    const told = await notices(payrollId, 'Salary run approved');
    expect(told.length).toBe(1);
    expect((await payroll.get(`/api/payroll/runs/${runId}`)).json().can.offCycle).toBe(true);
    const [slip] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from salary_slips where run_id = ${runId} and employee_id = ${failed.id}`,
    );
    expect(slip.n).toBe(0);
  });

  it('the left-out employee, once corrected, is paid by an off-cycle run of the month with its own approval', async () => {
    await t.db.execute(sql`update salary_structures set is_active = true where employee_id = ${failed.id}`);
    const created = await payroll.post(`/api/payroll/runs/${runId}/off-cycle`);
    expect(created.statusCode, created.body).toBe(201);
    const off = created.json();
    expect(off).toMatchObject({ parentRunId: runId, status: 'draft', unitId: mys, year: M.cur.year, month: M.cur.month });
    // Only once: the employee is taken.
    expect((await payroll.post(`/api/payroll/runs/${runId}/off-cycle`)).statusCode).toBe(409);
    const parent = (await payroll.get(`/api/payroll/runs/${runId}`)).json();
    expect(parent.offCycle).toEqual([{ id: off.id, status: 'draft', employees: 1 }]);
    expect(parent.can.offCycle).toBe(false);

    const processed = await process(off.id);
    expect(processed).toMatchObject({ status: 'processed', employeeCount: 1, errors: [] });
    const slips = await queryRows<{ employeeId: number; net: number }>(
      t.db,
      sql`select employee_id as "employeeId", net::float8 as net from salary_slips where run_id = ${off.id}`,
    );
    expect(slips).toEqual([{ employeeId: failed.id, net: expect.any(Number) }]);
    expect(slips[0].net).toBeGreaterThan(0);
    // The run's own totals are its one slip's: net pay paid is the slip's net rounded to ₹10.
    expect(Math.abs(processed.net - slips[0].net / 100)).toBeLessThanOrEqual(5);
    const approved = await admin.post(`/api/payroll/runs/${off.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const told = await notices(payrollId, 'Salary run approved');
    expect(told.length).toBe(2);
    expect(told[1].body).toMatch(/off-cycle/);
  });

  it('the regular run cannot be processed again while its off-cycle run pays the left-out employee (no double pay)', async () => {
    const unlocked = await admin.post(`/api/payroll/runs/${runId}/unlock`, { reason: 'Testing a reprocess' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const res = await payroll.post(`/api/payroll/runs/${runId}/process`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/off-cycle/i);
  });

  it('sending a run back tells whoever processed it, with the reason', async () => {
    const [blrRun] = (await payroll.get(`/api/payroll/runs?unitId=${blr}&year=${M.cur.year}&month=${M.cur.month}`)).json().rows;
    const run = await process(blrRun.id);
    expect(run.errors).toEqual([]);
    expect((await employee1.post(`/api/payroll/runs/${blrRun.id}/send-back`, { remark: 'Overtime is missing' })).statusCode).toBe(403);
    expect((await admin.post(`/api/payroll/runs/${blrRun.id}/send-back`, {})).statusCode).toBe(400);
    const res = await admin.post(`/api/payroll/runs/${blrRun.id}/send-back`, { remark: 'Overtime of two employees is missing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approval.state).toBe('rejected');
    const told = await notices(payrollId, 'Salary run sent back');
    expect(told.at(-1)?.body).toMatch(/Overtime of two employees is missing/);
  });
});
