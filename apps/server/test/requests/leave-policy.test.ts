// Leave policies on the employee's terms and the scheduled poster: who a type applies to (category, after
// probation), the unit-wise leave type mapping (only the mapped types, each on the unit's quota), enforced in the
// preview, the raise and the balances; and the job `leave.post` that posts the monthly accrual and the year-end
// carry-forward with lapse / encashment once, however often it runs. Reads never post.
import { addDays, financialYearOf, todayIn, weekday } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { enqueue } from '../../src/jobs/runner';
import { leavePostJob } from '../../src/modules/requests/jobs';
import { reworkYearEnds } from '../../src/modules/requests/ledger';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let emp2: ReturnType<typeof api>;
const today = todayIn('Asia/Kolkata');
let e1 = 0;
let e2 = 0;
let unit1 = 0;
const cat: number[] = [];

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T & Record<string, unknown>>(t.db, q))[0];

/** A leave type made through the master API (so its rules run), answering its id. */
async function leaveType(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/resources/leaveType', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A copy of the first employee with its own code, unit and dates (set-based, as the benches add staff). */
async function addEmployee(code: string, over: { unitId: number; joined: string; confirmed?: string | null; categoryId?: number | null }) {
  const cols = (
    await queryRows<{ name: string }>(
      t.db,
      sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'device_user_id', 'date_of_joining', 'confirmation_date',
            'category_id', 'reporting_manager_id', 'exit_date', 'status')`,
    )
  ).map((c) => `"${c.name}"`);
  await t.db.execute(
    sql.raw(`insert into employees (employee_code, name, unit_id, date_of_joining, confirmation_date, category_id, status, ${cols.join(', ')})
      select '${code}', 'Policy ${code}', ${over.unitId}, date '${over.joined}', ${over.confirmed ? `date '${over.confirmed}'` : 'null'},
        ${over.categoryId ?? 'null'}, 'active', ${cols.map((c) => `e.${c}`).join(', ')}
      from (select * from employees order by id limit 1) e`),
  );
  return (await one<{ id: number }>(sql`select id from employees where employee_code = ${code}`)).id;
}

async function runPoster(asOf: string) {
  await enqueue(t.db, leavePostJob, { asOf });
  await t.app.jobs.drain();
  const [job] = await queryRows<{ state: string }>(t.db, sql`select state from jobs where name = 'leave.post' order by id desc limit 1`);
  expect(job.state).toBe('succeeded');
}

/** The day itself or the next Monday to Friday (the tests' leave must hold a working day whatever today is). */
const workday = (d: string): string => ([0, 6].includes(weekday(d)) ? workday(addDays(d, 1)) : d);

const linesOf = (employeeId: number, leaveTypeId: number) =>
  queryRows<{ fy: number; kind: string; days: number; period: string | null }>(
    t.db,
    sql`select financial_year as fy, kind, days::float8 as days, period from leave_ledger
        where employee_id = ${employeeId} and leave_type_id = ${leaveTypeId} order by financial_year, id`,
  );

const balance = async (who: ReturnType<typeof api>, code: string) =>
  ((await who.get('/api/leave/balances/me')).json() as { leaveTypeCode: string; accrued: number; balance: number }[]).find(
    (b) => b.leaveTypeCode === code,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  emp2 = api(t.app, await signIn(t.app, 'employee2'));
  e1 = (await one<{ id: number }>(sql`select id from employees where employee_code = 'BLR0002'`)).id;
  e2 = (await one<{ id: number }>(sql`select id from employees where employee_code = 'CHN0001'`)).id;
  unit1 = (await one<{ unitId: number }>(sql`select unit_id as "unitId" from employees where id = ${e1}`)).unitId;
  for (const r of await queryRows<{ id: number }>(t.db, sql`select id from categories order by id limit 2`)) cat.push(r.id);
  expect(cat).toHaveLength(2);
});
afterAll(() => t?.close());

describe('the scheduled poster', () => {
  it('posts a month’s accrual once, pro-rated for a joiner, however often it runs; a read posts nothing', async () => {
    const monthly = await leaveType({
      name: 'Policy Monthly',
      code: 'PMON',
      yearlyQuota: '12',
      accrual: 'monthly',
      carryForwardLimit: '3',
    });
    const yearly = await leaveType({
      name: 'Policy Yearly',
      code: 'PYR',
      yearlyQuota: '10',
      accrual: 'yearly',
      carryForwardLimit: '2',
      isEncashable: true,
    });
    const joiner = await addEmployee('POL001', { unitId: unit1, joined: '2024-06-10' });
    await runPoster('2024-07-01');
    await runPoster('2024-07-01');
    // Joined by the 15th: June counts (credited on joining), then July on the 1st.
    expect(await linesOf(joiner, monthly)).toEqual([
      { fy: 2024, kind: 'credit', days: 1, period: '2024-06' },
      { fy: 2024, kind: 'credit', days: 1, period: '2024-07' },
    ]);
    // The yearly allocation pro-rated from June: 10 × 10 / 12 = 8.33 → 8.5 (half days round up).
    expect(await linesOf(joiner, yearly)).toEqual([{ fy: 2024, kind: 'credit', days: 8.5, period: 'year' }]);

    // The next month: one more line, posted once.
    await runPoster('2024-08-01');
    await runPoster('2024-08-01');
    expect((await linesOf(joiner, monthly)).map((l) => l.period)).toEqual(['2024-06', '2024-07', '2024-08']);

    // A read does not post (employee1 has lines only from what the poster posted).
    const [{ n: before }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_ledger`);
    expect((await emp1.get('/api/leave/balances/me')).statusCode).toBe(200);
    expect((await emp1.get('/api/leave/preview', { leaveTypeId: monthly, fromDate: today, toDate: today })).statusCode).toBe(200);
    const [{ n: after }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_ledger`);
    expect(after).toBe(before);
  });

  it('closes the financial year once: carry-forward up to the limit, the rest lapsed or encashed', async () => {
    const joiner = (await one<{ id: number }>(sql`select id from employees where employee_code = 'POL001'`)).id;
    const monthly = (await one<{ id: number }>(sql`select id from leave_types where code = 'PMON'`)).id;
    const yearly = (await one<{ id: number }>(sql`select id from leave_types where code = 'PYR'`)).id;
    // One day of the monthly type taken (a debit line, as an approved request posts).
    await t.db.execute(
      sql`insert into leave_ledger (employee_id, leave_type_id, financial_year, kind, days, reason)
          values (${joiner}, ${monthly}, 2024, 'debit', -1, 'Taken')`,
    );
    await runPoster('2025-04-01');
    await runPoster('2025-04-01');
    const m = await linesOf(joiner, monthly);
    // 2024: June to March = 10 credits, one taken: 9 left; 3 carry, 6 lapse. 2025: the carry and April's accrual.
    expect(m.filter((l) => l.fy === 2024 && l.kind === 'credit')).toHaveLength(10);
    expect(m.filter((l) => l.period === 'yearend' || l.period === 'carry' || l.fy === 2025)).toEqual([
      { fy: 2024, kind: 'lapse', days: -6, period: 'yearend' },
      { fy: 2025, kind: 'opening', days: 3, period: 'carry' },
      { fy: 2025, kind: 'credit', days: 1, period: '2025-04' },
    ]);
    const y = await linesOf(joiner, yearly);
    // 8.5 left, 2 carry, 6.5 encashed (the type is encashable); 2025's allocation in full.
    expect(y).toEqual([
      { fy: 2024, kind: 'credit', days: 8.5, period: 'year' },
      { fy: 2024, kind: 'encash', days: -6.5, period: 'yearend' },
      { fy: 2025, kind: 'opening', days: 2, period: 'carry' },
      { fy: 2025, kind: 'credit', days: 10, period: 'year' },
    ]);
    // A third run on another day of April adds nothing to the year end.
    await runPoster('2025-04-20');
    expect(await linesOf(joiner, yearly)).toHaveLength(4);
    expect((await linesOf(joiner, monthly)).filter((l) => l.fy === 2025)).toHaveLength(2);
  });

  it('a later posting to a closed year re-works its year end exactly, once, and the next closed year in turn', async () => {
    const joiner = (await one<{ id: number }>(sql`select id from employees where employee_code = 'POL001'`)).id;
    const monthly = (await one<{ id: number }>(sql`select id from leave_types where code = 'PMON'`)).id;
    const yearly = (await one<{ id: number }>(sql`select id from leave_types where code = 'PYR'`)).id;
    const adjust = async (leaveTypeId: number, financialYear: number, days: number) => {
      const res = await admin.post('/api/leave/ledger', {
        employeeId: joiner,
        leaveTypeId,
        financialYear,
        kind: 'adjust',
        days,
        reason: 'Late correction',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const yearEnds = async (leaveTypeId: number) =>
      (await linesOf(joiner, leaveTypeId)).filter((l) => l.period === 'yearend' || l.period === 'carry');

    // Monthly type (limit 3, lapses): 9 left in 2024 (3 carried, 6 lapsed). 7 taken away: 2 left, all carried, no lapse.
    await adjust(monthly, 2024, -7);
    expect(await yearEnds(monthly)).toEqual([{ fy: 2025, kind: 'opening', days: 2, period: 'carry' }]);
    // 4.5 added back: 6.5 left, 3 carried, 3.5 lapse (the lapse line made again).
    await adjust(monthly, 2024, 4.5);
    expect(await yearEnds(monthly)).toEqual([
      { fy: 2024, kind: 'lapse', days: -3.5, period: 'yearend' },
      { fy: 2025, kind: 'opening', days: 3, period: 'carry' },
    ]);
    // Yearly type (limit 2, encashed): 8.5 left; half a day taken away: 8, 2 carried, 6 encashed.
    await adjust(yearly, 2024, -0.5);
    expect(await yearEnds(yearly)).toEqual([
      { fy: 2024, kind: 'encash', days: -6, period: 'yearend' },
      { fy: 2025, kind: 'opening', days: 2, period: 'carry' },
    ]);

    // Idempotent: worked out again, nothing changes.
    const keys = [monthly, yearly].map((leaveTypeId) => ({ employeeId: joiner, leaveTypeId, financialYear: 2024 }));
    const before = await queryRows(t.db, sql`select id, days::text, reason from leave_ledger where employee_id = ${joiner} order by id`);
    expect(await reworkYearEnds(t.db, keys)).toBe(0);
    expect(await queryRows(t.db, sql`select id, days::text, reason from leave_ledger where employee_id = ${joiner} order by id`)).toEqual(
      before,
    );

    // 2025 closed too (its credits completed: 3 carried + 12 credited = 15; 3 carried to 2026, 12 lapse).
    await runPoster('2026-04-01');
    expect((await yearEnds(monthly)).filter((l) => l.fy >= 2025)).toEqual([
      { fy: 2025, kind: 'opening', days: 3, period: 'carry' },
      { fy: 2025, kind: 'lapse', days: -12, period: 'yearend' },
      { fy: 2026, kind: 'opening', days: 3, period: 'carry' },
    ]);
    // 14 taken away from 2025: 1 left, carried, no lapse.
    await adjust(monthly, 2025, -14);
    // Then 6 from 2024: 0.5 left there (carried, no lapse), so 2025 has 0.5 + 12 − 14 = −1.5: nothing carried to 2026.
    await adjust(monthly, 2024, -6);
    expect(await yearEnds(monthly)).toEqual([
      { fy: 2025, kind: 'opening', days: 0.5, period: 'carry' },
      { fy: 2026, kind: 'opening', days: 0, period: 'carry' },
    ]);
    // Each year's balance is still the sum of its lines, and the carry is what the year before left (within the limit).
    const sums = await queryRows<{ fy: number; days: number }>(
      t.db,
      sql`select financial_year as fy, sum(days)::float8 as days from leave_ledger where employee_id = ${joiner} and leave_type_id = ${monthly}
          group by 1 order by 1`,
    );
    expect(sums.find((x) => x.fy === 2024)?.days).toBe(0.5);
    expect(sums.find((x) => x.fy === 2025)?.days).toBe(-1.5);
  });

  it('is one of the scheduled jobs', async () => {
    const { SCHEDULES } = await import('../../src/jobs/scheduled');
    expect(SCHEDULES.some((s) => s.job.name === 'leave.post')).toBe(true);
  });
});

describe('who a type applies to', () => {
  it('a category type: refused in the preview and the raise for another category, credited only to its category', async () => {
    const typeId = await leaveType({ name: 'Category Leave', code: 'PCAT', yearlyQuota: '6', applicableCategoryId: cat[0] });
    await t.db.execute(sql`update employees set category_id = ${cat[1]} where id = ${e1}`);
    await t.db.execute(sql`update employees set category_id = ${cat[0]} where id = ${e2}`);
    await runPoster(today);
    const day = workday(addDays(today, 30));
    const p1 = (await emp1.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: day, toDate: day })).json();
    expect(p1.problems.join(' ')).toMatch(/Category Leave is for the .+ category only/);
    const r1 = await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: typeId, fromDate: day, toDate: day, reason: 'x' });
    expect(r1.statusCode).toBe(400);
    expect(await balance(emp1, 'PCAT')).toBeUndefined();
    const p2 = (await emp2.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: day, toDate: day })).json();
    expect(p2.problems).toEqual([]);
    expect(await balance(emp2, 'PCAT')).toMatchObject({ accrued: expect.any(Number) });
    expect((await balance(emp2, 'PCAT'))!.accrued).toBeGreaterThan(0);
  });

  it('an after-probation type: nothing before confirmation; from the confirmation date on', async () => {
    const typeId = await leaveType({ name: 'Confirmed Leave', code: 'PPRB', yearlyQuota: '12', accrual: 'monthly', afterProbation: true });
    await t.db.execute(sql`update employees set confirmation_date = null where id = ${e1}`);
    await runPoster(today);
    expect(await linesOf(e1, typeId)).toEqual([]);
    expect(await balance(emp1, 'PPRB')).toBeUndefined();
    const day = workday(addDays(today, 30));
    const refused = await emp1.post('/api/requests', { kind: 'leave', leaveTypeId: typeId, fromDate: day, toDate: day, reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/after probation/);
    // Confirmed at the start of the year: credits from then on; a leave dated before confirmation is still refused.
    const confirmed = financialYearOf(today).startDate;
    await t.db.execute(sql`update employees set confirmation_date = ${confirmed}::date where id = ${e1}`);
    await runPoster(today);
    expect((await linesOf(e1, typeId)).length).toBeGreaterThan(0);
    expect((await balance(emp1, 'PPRB'))!.accrued).toBeGreaterThan(0);
    await t.db.execute(sql`update employees set confirmation_date = ${addDays(today, 10)}::date where id = ${e1}`);
    const early = (
      await emp1.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: addDays(today, 5), toDate: addDays(today, 5) })
    ).json();
    expect(early.problems.join(' ')).toMatch(/after probation/);
    await t.db.execute(sql`update employees set confirmation_date = ${confirmed}::date where id = ${e1}`);
  });
});

describe('unit-wise leave type mapping', () => {
  it('a mapped unit offers only its types, on its own quota; other units keep the type as it is', async () => {
    const typeId = await leaveType({ name: 'Unit Leave', code: 'PUNT', yearlyQuota: '10' });
    const cl = (await one<{ id: number }>(sql`select id from leave_types where code = 'CL'`)).id;
    // Through the masters registry: the unit's rows (administrators), with the quota this unit gives.
    for (const row of [
      { unitId: unit1, leaveTypeId: typeId, yearlyQuota: '20' },
      { unitId: unit1, leaveTypeId: cl },
    ]) {
      const res = await admin.post('/api/resources/unitLeaveTypeMap', row);
      expect(res.statusCode, res.body).toBe(201);
    }
    // A plain employee may not edit it; the same unit and type twice: 409.
    expect((await emp1.post('/api/resources/unitLeaveTypeMap', { unitId: unit1, leaveTypeId: cl })).statusCode).toBe(403);
    expect((await admin.post('/api/resources/unitLeaveTypeMap', { unitId: unit1, leaveTypeId: cl })).statusCode).toBe(409);
    const start = financialYearOf(today).startDate;
    const inMapped = await addEmployee('POL002', { unitId: unit1, joined: start });
    const otherUnit = (await one<{ unitId: number }>(sql`select unit_id as "unitId" from employees where id = ${e2}`)).unitId;
    expect(otherUnit).not.toBe(unit1);
    const elsewhere = await addEmployee('POL003', { unitId: otherUnit, joined: start });
    await runPoster(today);
    expect((await linesOf(inMapped, typeId)).map((l) => l.days)).toEqual([20]);
    expect((await linesOf(elsewhere, typeId)).map((l) => l.days)).toEqual([10]);
    // Types the unit does not map: no credits there, refused in the preview, not listed in the balances.
    const el = (await one<{ id: number }>(sql`select id from leave_types where code = 'EL'`)).id;
    expect(await linesOf(inMapped, el)).toEqual([]);
    expect((await linesOf(elsewhere, el)).length).toBeGreaterThan(0);
    const day = workday(addDays(today, 30));
    const p = (await emp1.get('/api/leave/preview', { leaveTypeId: typeId === el ? cl : el, fromDate: day, toDate: day })).json();
    expect(p.problems.join(' ')).toMatch(/not offered in your unit/);
    // A type made later and not mapped in the unit: no lines there, so not in the balances; listed elsewhere.
    await leaveType({ name: 'Unmapped Leave', code: 'PNEW', yearlyQuota: '5' });
    await runPoster(today);
    const codes = async (who: ReturnType<typeof api>) =>
      ((await who.get('/api/leave/balances/me')).json() as { leaveTypeCode: string }[]).map((b) => b.leaveTypeCode);
    expect(await codes(emp1)).toEqual(expect.arrayContaining(['CL', 'PUNT']));
    expect(await codes(emp1)).not.toContain('PNEW');
    expect(await codes(emp2)).toContain('PNEW');
  });
});
