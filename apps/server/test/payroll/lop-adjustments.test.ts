// A month that reaches the pay. Leave approved for days later in the month counts when the month is processed before
// its end (days to come are paid only where no approved leave or holiday says otherwise), and a unit's cut-off day
// pays the later days as the calendar has them. Leave approved after a month is locked changes nothing in it: the
// difference in paid days becomes a loss-of-pay adjustment line (salary_arrears kind 'lop', the arrears mechanism)
// paid in the next open month with the month it belongs to. Runs on PGlite, and PostgreSQL in CI.
import { addDays, eachDay, weekday } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { type Month, seededMonths } from './months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let e1 = 0;
let blr = 0;
let lwp = 0;
let M: Awaited<ReturnType<typeof seededMonths>>;
const heads = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  M = await seededMonths(payroll);
  const [me] = await queryRows<{ id: number; unitId: number }>(
    t.db,
    sql`select e.id, e.unit_id as "unitId" from employees e join users u on u.employee_id = e.id where u.user_name = 'employee1'`,
  );
  e1 = me.id;
  blr = me.unitId;
  lwp = (await queryRows<{ id: number }>(t.db, sql`select id from leave_types where code = 'LWP'`))[0].id;
  for (const h of (await payroll.get('/api/payroll/heads')).json()) heads.set(h.code, h.id);
  // The shared template (migrate + seed) may be rebuilt first: on a loaded machine that takes minutes.
}, 1_800_000);
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Working days (Monday–Friday, no holiday, no request) of a month from a day on. */
async function freeDays(m: Month, fromDay: number, count: number): Promise<string[]> {
  const busy = await queryRows<{ day: string }>(
    t.db,
    sql`select generate_series(from_date, to_date, '1 day')::date::text as day from requests
        where employee_id = ${e1} and status in ('pending', 'approved') and kind <> 'visitor'`,
  );
  const hol = await queryRows<{ day: string }>(t.db, sql`select holiday_date::text as day from holidays`);
  const skip = new Set([...busy.map((b) => b.day), ...hol.map((h) => h.day)]);
  const from = `${m.ym}-${String(fromDay).padStart(2, '0')}`;
  return eachDay(from, addDays(from, 40))
    .filter((d) => d.startsWith(m.ym) && weekday(d) !== 0 && weekday(d) !== 6 && !skip.has(d))
    .slice(0, count);
}

async function runId(m: Month) {
  return (await payroll.get(`/api/payroll/runs?unitId=${blr}&year=${m.year}&month=${m.month}`)).json().rows[0].id as number;
}

async function process(id: number) {
  const res = await payroll.post(`/api/payroll/runs/${id}/process`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  const job = (await payroll.get(`/api/jobs/${res.json().jobId}`)).json();
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
}

type Slip = {
  attendance: { payableDays: number; lwopDays: number; plannedFromDay?: number };
  arrears: { month: string; amount: number; kind?: string; days?: number }[];
  amounts: Record<string, number>;
};
async function slipOf(run: number): Promise<Slip> {
  const [s] = await queryRows<Slip>(
    t.db,
    sql`select attendance, arrears, amounts from salary_slips where run_id = ${run} and employee_id = ${e1}`,
  );
  return s;
}

async function leave(from: string, to: string, reason: string) {
  const r = await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: lwp, fromDate: from, toDate: to, reason });
  expect(r.statusCode, r.body).toBe(201);
  const ok = await manager.post(`/api/requests/${r.json().id}/approve`, {});
  expect(ok.statusCode, ok.body).toBe(200);
  return r.json() as { id: number; lwopDays: number };
}

describe('leave approved for days later in the month', () => {
  it('processed on the 20th, approved leave without pay on later days lowers the paid days; after a cut-off day it does not', async () => {
    const run = await runId(M.cur);
    const [d1, , , d4] = await freeDays(M.cur, 21, 4);
    expect(d4, 'four working days after the 20th').toBeDefined();
    // The office processes the month on the 20th (noon in India).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${M.cur.ym}-20T06:30:00Z`) });
    await process(run);
    const before = await slipOf(run);
    expect(before.attendance.plannedFromDay).toBe(20);

    const req = await leave(d1, d4, 'Family function');
    expect(req.lwopDays).toBe(4);
    await process(run);
    const after = await slipOf(run);
    expect(before.attendance.payableDays - after.attendance.payableDays).toBe(4);
    expect(after.attendance.lwopDays - before.attendance.lwopDays).toBe(4);
    const basic = String(heads.get('BASIC'));
    expect(after.amounts[basic]).toBeLessThan(before.amounts[basic]);

    // With a cut-off on the 20th, the days after it are paid as the calendar has them (the leave settles next month).
    await t.db.execute(sql`update units set attendance_cutoff_day = 20 where id = ${blr}`);
    try {
      await process(run);
      expect((await slipOf(run)).attendance.payableDays).toBe(before.attendance.payableDays);
    } finally {
      await t.db.execute(sql`update units set attendance_cutoff_day = null where id = ${blr}`);
    }
    vi.useRealTimers();
    // Cancelled again, so the later tests see the month as it was.
    expect((await manager.post(`/api/requests/${req.id}/cancel`, { reason: 'Plans changed' })).statusCode).toBe(200);
  });
});

describe('leave approved after the month is locked', () => {
  let prevRun = 0;
  let curRun = 0;
  let days: string[] = [];
  let reqId = 0;

  it('changes nothing in the locked month; the difference is a recovery line of the month, due in the next open month', async () => {
    prevRun = await runId(M.prev1);
    curRun = await runId(M.cur);
    const slipsBefore = (await payroll.get(`/api/payroll/runs/${prevRun}/slips`)).json();
    days = await freeDays(M.prev1, 8, 2);
    const storedBefore = await queryRows(
      t.db,
      sql`select day::text, status, payable from daily_attendance where employee_id = ${e1} and day = any(${`{${days.join(',')}}`}::date[]) order by day`,
    );
    const req = await leave(days[0], days[1], 'Was away, applied late');
    reqId = req.id;
    expect(req.lwopDays).toBe(2);

    expect((await payroll.get(`/api/payroll/runs/${prevRun}/slips`)).json()).toEqual(slipsBefore);
    expect(
      await queryRows(
        t.db,
        sql`select day::text, status, payable from daily_attendance where employee_id = ${e1} and day = any(${`{${days.join(',')}}`}::date[]) order by day`,
      ),
    ).toEqual(storedBefore);

    const lines = await queryRows<{ kind: string; days: number; amount: number; paidRunId: number | null; reason: string }>(
      t.db,
      sql`select kind, days::float8 as days, amount::float8 as amount, paid_run_id as "paidRunId", reason from salary_arrears
          where employee_id = ${e1} and for_month = ${M.prev1.ym} and kind = 'lop'`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'lop', days: -2, paidRunId: null, reason: `Leave request #${req.id} approved` });
    // Two days' pay of the month: the earnings it paid for its paid days, per day, times two (each head rounded apart).
    const paid = (await slipOf(prevRun)) as Slip;
    const earnings = Object.entries(paid.amounts)
      .filter(([id]) => [...heads.entries()].some(([code, hid]) => String(hid) === id && ['BASIC', 'DA', 'HRA'].includes(code)))
      .reduce((s, [, v]) => s + Number(v), 0);
    const perDay = earnings / paid.attendance.payableDays;
    expect(lines[0].amount).toBeLessThan(0);
    expect(Math.abs(lines[0].amount)).toBeGreaterThanOrEqual(Math.floor(perDay * 2) - 300);
  });

  it('the next open month pays it as an arrears line naming the month, with the days; the ARREARS head carries it', async () => {
    await process(curRun);
    const slip = await slipOf(curRun);
    const line = slip.arrears.find((a) => a.month === M.prev1.ym && a.kind === 'lop');
    expect(line).toMatchObject({ month: M.prev1.ym, kind: 'lop', days: -2 });
    expect(line!.amount).toBeLessThan(0);
    const total = slip.arrears.reduce((s, a) => s + a.amount, 0);
    expect(slip.amounts[String(heads.get('ARREARS'))]).toBe(total);
    // The run screen's employee line shows it too.
    const rows = (await payroll.get(`/api/payroll/runs/${curRun}/employees`)).json();
    const mine = (Array.isArray(rows) ? rows : rows.rows).find((r: { employeeId: number }) => r.employeeId === e1);
    expect(mine.arrears).toContainEqual(expect.objectContaining({ month: M.prev1.ym, kind: 'lop', days: -2 }));
  });

  it('the leave cancelled afterwards reverses it: the next processing pays nothing for the month', async () => {
    expect((await manager.post(`/api/requests/${reqId}/cancel`, { reason: 'Was at work after all' })).statusCode).toBe(200);
    const pending = await queryRows<{ days: number }>(
      t.db,
      sql`select days::float8 as days from salary_arrears where employee_id = ${e1} and for_month = ${M.prev1.ym} and kind = 'lop' and paid_run_id is null`,
    );
    expect(pending).toEqual([{ days: 2 }]);
    await process(curRun);
    const slip = await slipOf(curRun);
    const forPrev = slip.arrears.filter((a) => a.month === M.prev1.ym && a.kind === 'lop');
    expect(forPrev.map((a) => a.days).sort()).toEqual([-2, 2]);
    expect(forPrev.reduce((s, a) => s + a.amount, 0)).toBe(0);
  });
});
