// The salary run's life cycle through the API: draft → processed → approved level by level by the unit's mapped
// approvers → locked → unlocked by an administrator; 409s on approved / locked months; employees read only
// their own approved payslips; a manager only their units'. Runs against PGlite, and PostgreSQL in CI.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let blr = 0;
let mys = 0;

let M: Awaited<ReturnType<typeof seededMonths>>;
const key = (m: { year: number; month: number }) => `${m.year}-${m.month}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  blr = units.find((u) => u.code === 'HO-BLR')!.id;
  mys = units.find((u) => u.code === 'CMP-MYS')!.id;
  M = await seededMonths(admin);
});
afterAll(() => t?.close());

async function runOf(unitId: number, year: number, month: number) {
  const res = await payroll.get(`/api/payroll/runs?unitId=${unitId}&year=${year}&month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0] as { id: number; status: string };
}

async function processRun(id: number, body?: unknown) {
  const res = await payroll.post(`/api/payroll/runs/${id}/process`, body);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const job = (await payroll.get(`/api/jobs/${res.json().jobId}`)).json();
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
  return (await payroll.get(`/api/payroll/runs/${id}`)).json();
}

describe('seeded months', () => {
  it('the last two months are locked and this month is a draft for every unit', async () => {
    const list = (await admin.get('/api/payroll/runs?pageSize=50')).json();
    const statuses = list.rows.map((r: { year: number; month: number; status: string }) => `${r.year}-${r.month}:${r.status}`);
    expect(statuses.filter((s: string) => s === `${key(M.prev2)}:locked`)).toHaveLength(3);
    expect(statuses.filter((s: string) => s === `${key(M.prev1)}:locked`)).toHaveLength(3);
    expect(statuses.filter((s: string) => s === `${key(M.cur)}:draft`)).toHaveLength(3);
  });

  it('employee1 downloads their own payslip of a locked month, and it adds up to the paisa', async () => {
    const months = (await employee1.get('/api/payroll/payslips/me/months')).json();
    expect(months).toEqual([M.prev1, M.prev2].map(({ year, month }) => ({ year, month })));
    const res = await employee1.get(`/api/payroll/payslips/me?year=${M.prev1.year}&month=${M.prev1.month}`);
    expect(res.statusCode, res.body).toBe(200);
    const slip = res.json();
    expect(slip).toMatchObject({
      name: 'Priya Sharma',
      year: M.prev1.year,
      month: M.prev1.month,
      unitName: expect.any(String),
      companyName: expect.any(String),
    });
    const heads = slip.salaryProcessDetailRequestList as {
      earningDeductionId: number;
      amount: number;
      isEarning: boolean;
      isNetPayHead: boolean;
      isTotalLWOPHead: boolean;
    }[];
    const paise = (n: number) => Math.round(n * 100);
    const earnings = heads.filter((h) => h.isEarning && !h.isNetPayHead && !h.isTotalLWOPHead).reduce((s, h) => s + paise(h.amount), 0);
    const deductions = heads.filter((h) => !h.isEarning && !h.isTotalLWOPHead).reduce((s, h) => s + paise(h.amount), 0);
    const net = heads.find((h) => h.isNetPayHead)!;
    expect(paise(net.amount)).toBe(earnings - deductions);
    // The seeded advance: ₹12,000 in six, ₹2,000 recovered through head 41 this month.
    expect(heads.find((h) => h.earningDeductionId === 41)?.amount).toBe(2000);
  });

  it('a month not approved is 404 for the employee; nobody reads another person’s payslip', async () => {
    expect((await employee1.get(`/api/payroll/payslips/me?year=${M.cur.year}&month=${M.cur.month}`)).statusCode).toBe(404);
    expect((await employee1.get('/api/payroll/runs')).statusCode).toBe(403);
    expect((await employee1.get(`/api/payroll/payslips?unitIds=1&year=${M.prev1.year}&month=${M.prev1.month}`)).statusCode).toBe(403);
    const other = (await employee2.get(`/api/payroll/payslips/me?year=${M.prev1.year}&month=${M.prev1.month}`)).json();
    expect(other.name).toBe('Karthik Subramanian');
  });

  it('a manager sees only the runs and payslips of their units', async () => {
    const list = (await manager.get('/api/payroll/runs?pageSize=50')).json();
    expect(list.rows.every((r: { unitId: number }) => r.unitId !== mys)).toBe(true);
    const mysRun = await runOf(mys, M.prev1.year, M.prev1.month);
    expect((await manager.get(`/api/payroll/runs/${mysRun.id}`)).statusCode).toBe(404);
    const batch = (await manager.get(`/api/payroll/payslips?unitIds=${blr},${mys}&year=${M.prev1.year}&month=${M.prev1.month}`)).json();
    expect(batch.length).toBeGreaterThan(0);
    expect(batch.every((s: { unitName: string }) => s.unitName !== 'Mysuru Campus')).toBe(true);
  });
});

describe('life cycle of this month', () => {
  let id = 0;
  it('processes the draft as a job, with totals equal to the sum of the records', async () => {
    id = (await runOf(blr, M.cur.year, M.cur.month)).id;
    const run = await processRun(id);
    expect(run.status).toBe('processed');
    expect(run.errors).toEqual([]);
    expect(run.employeeCount).toBeGreaterThan(5);
    const emps = (await payroll.get(`/api/payroll/runs/${id}/employees`)).json() as {
      net: number;
      gross: number;
      previousNet: number | null;
    }[];
    expect(emps).toHaveLength(run.employeeCount);
    const sum = (k: 'net' | 'gross') => emps.reduce((s, e) => s + Math.round(e[k] * 100), 0);
    expect(sum('net')).toBe(Math.round(run.net * 100));
    expect(sum('gross')).toBe(Math.round(run.gross * 100));
    expect(emps.every((e) => e.previousNet !== null)).toBe(true);
    // The head office's approve map has one level, the administrator: the manager is paid by this run.
    expect(run.approval).toMatchObject({ levels: 1, level: 1, state: 'pending' });
  });

  it('reprocessing is idempotent', async () => {
    const before = (await payroll.get(`/api/payroll/runs/${id}/slips`)).json();
    const run = await processRun(id);
    const after = (await payroll.get(`/api/payroll/runs/${id}/slips`)).json();
    expect(after).toEqual(before);
    expect(run.approval.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'resubmitted']);
  });

  it('two at once: the second processing is refused while the first runs', async () => {
    const first = await payroll.post(`/api/payroll/runs/${id}/process`);
    expect(first.statusCode).toBe(202);
    const second = await payroll.post(`/api/payroll/runs/${id}/process`);
    expect(second.statusCode).toBe(409);
    await t.app.jobs.drain();
  });

  // Levels in order on a two-level unit, makers and the approver's own pay: apps/server/test/approvals/maker-checker.test.ts.
  it('approval by the user mapped at the level, never by the maker nor by an approver the run pays', async () => {
    // Locking before every level approved: refused.
    expect((await payroll.post(`/api/payroll/runs/${id}/lock`)).statusCode).toBe(409);
    // The payroll officer holds no approve action.
    expect((await payroll.post(`/api/payroll/runs/${id}/approve`, {})).statusCode).toBe(403);
    // The manager holds it and reaches the head office, but the run pays him (and he is not on its approve map).
    const own = await manager.post(`/api/payroll/runs/${id}/approve`, {});
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().message).toMatch(/pays your own employee record/);
    const l1 = await admin.post(`/api/payroll/runs/${id}/approve`, { remark: 'Checked' });
    expect(l1.statusCode, l1.body).toBe(200);
    expect(l1.json()).toMatchObject({ status: 'approved', approval: { state: 'approved' } });
    expect((await admin.post(`/api/payroll/runs/${id}/approve`, {})).statusCode).toBe(409);
  });

  it('the date of payment: refused before the wage month, in the future, by an employee; nothing changes', async () => {
    const ym = `${M.cur.year}-${String(M.cur.month).padStart(2, '0')}`;
    const before = await payroll.post(`/api/payroll/runs/${id}/lock`, {
      paidOn: `${M.prev1.year}-${String(M.prev1.month).padStart(2, '0')}-28`,
    });
    expect(before.statusCode, before.body).toBe(400);
    expect(before.json().fieldErrors.paidOn).toBeDefined();
    const future = await payroll.post(`/api/payroll/runs/${id}/lock`, { paidOn: `${M.cur.year + 1}-01-01` });
    expect(future.statusCode, future.body).toBe(400);
    expect((await payroll.post(`/api/payroll/runs/${id}/lock`, { paidOn: `${ym}-32` })).statusCode).toBe(400);
    expect((await payroll.post(`/api/payroll/runs/${id}/lock`, { paidOn: 'tomorrow' })).statusCode).toBe(400);
    expect((await employee1.post(`/api/payroll/runs/${id}/lock`, { paidOn: `${ym}-01` })).statusCode).toBe(403);
    expect((await employee1.post(`/api/payroll/runs/${id}/payment-date`, { paidOn: `${ym}-01` })).statusCode).toBe(403);
    expect((await payroll.post('/api/payroll/runs/999999/payment-date', { paidOn: `${ym}-01` })).statusCode).toBe(404);
    expect((await payroll.post(`/api/payroll/runs/${id}/payment-date`, {})).statusCode).toBe(400);
    const run = (await payroll.get(`/api/payroll/runs/${id}`)).json();
    expect(run).toMatchObject({ status: 'approved', paidOn: null, lockedAt: null, can: { lock: true, paymentDate: true } });
  });

  it('an approved month refuses processing; locking makes it final; employees now see it', async () => {
    expect((await payroll.post(`/api/payroll/runs/${id}/process`)).statusCode).toBe(409);
    const first = `${M.cur.year}-${String(M.cur.month).padStart(2, '0')}-01`;
    const lock = await payroll.post(`/api/payroll/runs/${id}/lock`, { paidOn: first });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json()).toMatchObject({ status: 'locked', paidOn: first });
    expect((await payroll.post(`/api/payroll/runs/${id}/process`)).statusCode).toBe(409);
    expect((await employee1.get(`/api/payroll/payslips/me?year=${M.cur.year}&month=${M.cur.month}`)).statusCode).toBe(200);
  });

  it('a locked month’s date of payment is corrected (audited) and printed in the wage register (Form B)', async () => {
    const day = `${M.cur.year}-${String(M.cur.month).padStart(2, '0')}-02`;
    const res = await payroll.post(`/api/payroll/runs/${id}/payment-date`, { paidOn: day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'locked', paidOn: day });
    const formB = await payroll.get(`/api/reports/form-b/run?unitId=${blr}&year=${M.cur.year}&month=${M.cur.month}&pageSize=5`);
    expect(formB.statusCode, formB.body).toBe(200);
    const rows = formB.json().rows as { paidOn: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.paidOn === day)).toBe(true);
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`select before, after from audit_log where entity = 'payroll_runs' and entity_id = ${String(id)} and action = 'payment-date'`,
    );
    expect(audit).toMatchObject({ after: { paidOn: day } });
  });

  it('a processed (not yet approved) month has no date of payment to correct: 409', async () => {
    const other = (await runOf(mys, M.cur.year, M.cur.month)).id;
    await processRun(other);
    const res = await payroll.post(`/api/payroll/runs/${other}/payment-date`, {
      paidOn: `${M.cur.year}-${String(M.cur.month).padStart(2, '0')}-01`,
    });
    expect(res.statusCode, res.body).toBe(409);
  });

  it('the seeded locked months were paid on their last day', async () => {
    const run = await runOf(blr, M.prev1.year, M.prev1.month);
    const full = (await payroll.get(`/api/payroll/runs/${run.id}`)).json();
    const last = new Date(Date.UTC(M.prev1.year, M.prev1.month, 0)).toISOString().slice(0, 10);
    expect(full.paidOn).toBe(last);
  });

  it('only an administrator unlocks, with a reason, and the approvals start over', async () => {
    expect((await payroll.post(`/api/payroll/runs/${id}/unlock`, { reason: 'Wrong attendance' })).statusCode).toBe(403);
    expect((await admin.post(`/api/payroll/runs/${id}/unlock`, { reason: '' })).statusCode).toBe(400);
    const res = await admin.post(`/api/payroll/runs/${id}/unlock`, { reason: 'Wrong attendance for two people' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processed', approval: { level: 1, state: 'pending' } });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'payroll_runs' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['process', 'process', 'process', 'lock', 'payment-date', 'unlock']);
  });

  it('one run per unit and month; bad input is 400/404, never 500', async () => {
    expect((await payroll.post('/api/payroll/runs', { unitId: blr, year: M.cur.year, month: M.cur.month })).statusCode).toBe(409);
    expect((await payroll.post('/api/payroll/runs', { unitId: blr, year: M.cur.year, month: 13 })).statusCode).toBe(400);
    expect((await payroll.get('/api/payroll/runs/999999')).statusCode).toBe(404);
    expect((await payroll.get('/api/payroll/runs/abc')).statusCode).toBe(400);
    expect((await payroll.post('/api/payroll/runs', { unitId: 999999, year: M.cur.year, month: M.cur.month })).statusCode).toBe(400);
  });
});
