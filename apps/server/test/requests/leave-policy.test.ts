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
import { reworkYearEnds } from '../../src/modules/requests/ledger-year-end';
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

/** Saves a unit's whole leave type checklist (PUT …/mapping/:unitId) as an administrator; answers the saved lines. */
async function saveUnitTerms(unitId: number, items: Record<string, unknown>[]) {
  const res = await admin.put(`/api/resources/unitLeaveTypeMap/mapping/${unitId}`, { items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>[];
}

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
    const { SCHEDULES } = await import('../../src/modules');
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
    // The unit's checklist (the masters' unit-wise mapping): the types it offers, this one on the quota the unit gives.
    await saveUnitTerms(unit1, [{ itemId: typeId, yearlyQuota: '20' }, { itemId: cl }]);
    const lines = (await admin.get(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`)).json() as Record<string, unknown>[];
    expect(lines.find((l) => l.itemId === typeId)).toMatchObject({
      mapped: true,
      yearlyQuota: '20.0',
      maxBalance: null,
      itemValues: { yearlyQuota: '10.0' },
    });
    expect(lines.find((l) => l.itemId === cl)).toMatchObject({ mapped: true, yearlyQuota: null });
    // A plain employee may not edit it; the same unit and type twice as a row: 409.
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

describe('a unit’s own leave policy (the unit-wise mapping’s overrides)', () => {
  const typeCode = 'PUPO';
  let typeId = 0;
  let otherUnit = 0;
  const checklist = async (unitId: number) =>
    (await admin.get(`/api/resources/unitLeaveTypeMap/mapping/${unitId}`)).json() as ({ itemId: number; mapped: boolean } & Record<
      string,
      unknown
    >)[];
  /** The unit's mapped lines as a save body, with `extra` lines added or replacing theirs. */
  const withLines = async (unitId: number, extra: Record<string, unknown>[]) => {
    const keep = (await checklist(unitId))
      .filter((l) => l.mapped && !extra.some((x) => x.itemId === l.itemId))
      .map(({ itemId }) => ({ itemId }));
    return [...keep, ...extra];
  };

  beforeAll(async () => {
    typeId = await leaveType({ name: 'Unit Policy Leave', code: typeCode, yearlyQuota: '12', carryForwardLimit: '2', maxBalance: '0' });
    otherUnit = (await one<{ unitId: number }>(sql`select unit_id as "unitId" from employees where id = ${e2}`)).unitId;
  });

  it('is refused with field errors when a value or the terms together are wrong, and nothing is saved', async () => {
    const mappedLines = async () => (await checklist(unit1)).filter((l) => l.mapped);
    const before = await mappedLines();
    const bad = async (line: Record<string, unknown>) => {
      const res = await admin.put(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`, { items: await withLines(unit1, [line]) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fieldErrors as Record<string, string[]>;
    };
    const at = (await withLines(unit1, [{ itemId: typeId }])).length - 1;
    expect(Object.keys(await bad({ itemId: typeId, maxBalance: 'ten' }))).toEqual([`items.${at}.maxBalance`]);
    expect(Object.keys(await bad({ itemId: typeId, accrual: 'weekly' }))).toEqual([`items.${at}.accrual`]);
    expect(Object.keys(await bad({ itemId: typeId, minNoticeDays: 400 }))).toEqual([`items.${at}.minNoticeDays`]);
    // A carry-forward beyond the unit's maximum balance; beyond the type's own maximum where the unit gives none.
    expect(await bad({ itemId: typeId, maxBalance: '10', carryForwardLimit: '12' })).toEqual({
      [`items.${at}.carryForwardLimit`]: ['At most the maximum balance (10 days)'],
    });
    const capped = await leaveType({ name: 'Capped Leave', code: 'PCAP', yearlyQuota: '12', maxBalance: '8' });
    expect(Object.keys(await bad({ itemId: capped, carryForwardLimit: '9' }))).toEqual([`items.${at}.carryForwardLimit`]);
    // No yearly quota in the unit: nothing to carry forward (as the leave type master says).
    expect(Object.keys(await bad({ itemId: typeId, yearlyQuota: '0', carryForwardLimit: '1' }))).toEqual([`items.${at}.carryForwardLimit`]);
    // The list form's row obeys the same rule.
    const row = await admin.post('/api/resources/unitLeaveTypeMap', { unitId: otherUnit, leaveTypeId: capped, carryForwardLimit: '9' });
    expect(row.statusCode).toBe(400);
    expect(row.json().fieldErrors).toHaveProperty('carryForwardLimit');
    expect(await mappedLines()).toEqual(before);
  });

  it('is refused to a caller without the edit action on the menu, and outside the caller’s units', async () => {
    const body = { items: await withLines(unit1, [{ itemId: typeId, yearlyQuota: '30' }]) };
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expect((await emp1.get(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`)).statusCode).toBe(403);
    expect((await emp1.put(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`, body)).statusCode).toBe(403);
    // The manager with the view action only: sees the checklist, may not save it.
    const grant = (view: boolean, edit: boolean) =>
      t.db.execute(sql`insert into role_menu_access (role_id, menu_id, can_view, can_edit)
        select r.id, m.id, ${view}, ${edit} from roles r, menus m
        where r.name = 'Manager' and m.action_url = '/outlet/master/unit-wise-leave-type-map'
        on conflict (role_id, menu_id) do update set can_view = excluded.can_view, can_edit = excluded.can_edit`);
    await grant(true, false);
    try {
      expect((await manager.get(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`)).statusCode).toBe(200);
      expect((await manager.put(`/api/resources/unitLeaveTypeMap/mapping/${unit1}`, body)).statusCode).toBe(403);
      // With the edit action, still not a unit the manager is not mapped to.
      await grant(true, true);
      const notTheirs = (
        await one<{
          id: number;
        }>(sql`select id from units where id not in (select unit_id from user_unit_map uu join users u on u.id = uu.user_id
          where u.user_name = 'manager') order by id limit 1`)
      ).id;
      expect((await manager.put(`/api/resources/unitLeaveTypeMap/mapping/${notTheirs}`, { items: [{ itemId: typeId }] })).statusCode).toBe(
        403,
      );
    } finally {
      await grant(false, false);
    }
    expect((await checklist(unit1)).find((l) => l.itemId === typeId)?.yearlyQuota).not.toBe('30.0');
  });

  it('credits, caps, carries forward and checks requests on the unit’s own terms; another unit keeps the type’s', async () => {
    // The unit: monthly accrual of 24 a year, at most 15 held, 5 carried forward, 60 days' notice. The type: 12 yearly, 2 carried.
    const saved = await saveUnitTerms(
      unit1,
      await withLines(unit1, [
        { itemId: typeId, yearlyQuota: '24', accrual: 'monthly', maxBalance: '15', carryForwardLimit: '5', minNoticeDays: 60 },
      ]),
    );
    expect(saved.find((l) => l.itemId === typeId)).toMatchObject({ accrual: 'monthly', minNoticeDays: 60 });
    const inUnit = await addEmployee('POL010', { unitId: unit1, joined: '2023-04-01' });
    const elsewhere = await addEmployee('POL011', { unitId: otherUnit, joined: '2023-04-01' });
    await runPoster('2024-01-01');
    // Two a month from April: 14 by October, 1 in November to reach the maximum of 15, nothing in December or January.
    expect((await linesOf(inUnit, typeId)).map((l) => l.days)).toEqual([2, 2, 2, 2, 2, 2, 2, 1, 0, 0]);
    expect(await linesOf(elsewhere, typeId)).toEqual([{ fy: 2023, kind: 'credit', days: 12, period: 'year' }]);
    // The year end: 5 carried (the unit's limit), 10 lapse; the type's limit of 2 elsewhere.
    await runPoster('2024-04-01');
    const yearEnd = async (id: number) => (await linesOf(id, typeId)).filter((l) => l.kind !== 'credit' || l.fy === 2024);
    expect(await yearEnd(inUnit)).toEqual([
      { fy: 2023, kind: 'lapse', days: -10, period: 'yearend' },
      { fy: 2024, kind: 'opening', days: 5, period: 'carry' },
      { fy: 2024, kind: 'credit', days: 2, period: '2024-04' },
    ]);
    expect(await yearEnd(elsewhere)).toEqual([
      { fy: 2023, kind: 'lapse', days: -10, period: 'yearend' },
      { fy: 2024, kind: 'opening', days: 2, period: 'carry' },
      { fy: 2024, kind: 'credit', days: 12, period: 'year' },
    ]);
    // A request: the unit's notice applies to employee1 (of the unit), not to employee2.
    const day = workday(addDays(today, 30));
    const p1 = (await emp1.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: day, toDate: day })).json();
    expect(p1.problems.join(' ')).toMatch(/needs 60 days' notice/);
    const p2 = (await emp2.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: day, toDate: day })).json();
    expect(p2.problems.join(' ')).not.toMatch(/notice/);
    // Cleared overrides: the unit's employees are back on the type's own terms.
    const cleared = await saveUnitTerms(unit1, await withLines(unit1, [{ itemId: typeId }]));
    expect(cleared.find((l) => l.itemId === typeId)).toMatchObject({ yearlyQuota: null, accrual: null, minNoticeDays: null });
    const p3 = (await emp1.get('/api/leave/preview', { leaveTypeId: typeId, fromDate: day, toDate: day })).json();
    expect(p3.problems.join(' ')).not.toMatch(/notice/);
  });
});

describe('re-working a closed year end', () => {
  it('caps the next year’s credits at the maximum balance again, as the normal year end does', async () => {
    // 10 a year, at most 12 held, 6 carried forward (a unit without a mapping: the type's own terms).
    const typeId = await leaveType({ name: 'Recap Leave', code: 'PRCP', yearlyQuota: '10', carryForwardLimit: '6', maxBalance: '12' });
    const otherUnit = (await one<{ unitId: number }>(sql`select unit_id as "unitId" from employees where id = ${e2}`)).unitId;
    expect(await queryRows(t.db, sql`select 1 from unit_leave_type_map where unit_id = ${otherUnit}`)).toEqual([]);
    const reworked = await addEmployee('POL020', { unitId: otherUnit, joined: '2022-04-01' });
    const twin = await addEmployee('POL021', { unitId: otherUnit, joined: '2022-04-01' });
    await runPoster('2022-04-01');
    // 2022: 10 credited; 6 taken by one, 8 by the other (whose 2022 ends as the first one's will after the corrections).
    for (const [id, days] of [
      [reworked, -6],
      [twin, -8],
    ] as const) {
      await t.db.execute(sql`insert into leave_ledger (employee_id, leave_type_id, financial_year, kind, days, reason)
        values (${id}, ${typeId}, 2022, 'debit', ${days}, 'Taken')`);
    }
    await runPoster('2023-04-01');
    await runPoster('2024-04-01');
    const from2023 = async (id: number) => (await linesOf(id, typeId)).filter((l) => l.fy >= 2023 || l.period === 'yearend');
    // 4 left: all carried; 2023's allocation capped at 12 − 4 = 8; 12 in 2023: 6 carried, 6 lapse; 2024: 6 more.
    expect(await from2023(reworked)).toEqual([
      { fy: 2023, kind: 'opening', days: 4, period: 'carry' },
      { fy: 2023, kind: 'credit', days: 8, period: 'year' },
      { fy: 2023, kind: 'lapse', days: -6, period: 'yearend' },
      { fy: 2024, kind: 'opening', days: 6, period: 'carry' },
      { fy: 2024, kind: 'credit', days: 6, period: 'year' },
    ]);
    const adjust = async (days: number) => {
      const res = await admin.post('/api/leave/ledger', {
        employeeId: reworked,
        leaveTypeId: typeId,
        financialYear: 2022,
        kind: 'adjust',
        days,
        reason: 'Late correction',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Two more days in 2022: 6 carried, so 2023's allocation is capped at 6 (12 held, not 14): its year end stays.
    await adjust(2);
    expect(await from2023(reworked)).toEqual([
      { fy: 2023, kind: 'opening', days: 6, period: 'carry' },
      { fy: 2023, kind: 'credit', days: 6, period: 'year' },
      { fy: 2023, kind: 'lapse', days: -6, period: 'yearend' },
      { fy: 2024, kind: 'opening', days: 6, period: 'carry' },
      { fy: 2024, kind: 'credit', days: 6, period: 'year' },
    ]);
    // Four fewer: 2 carried, the allocation up again to 10 (the cap gives back what it held back).
    await adjust(-4);
    const after = await from2023(reworked);
    expect(after.find((l) => l.fy === 2023 && l.kind === 'credit')?.days).toBe(10);
    // Line for line what the normal year end gave the twin, who ended 2022 with the same 2 days.
    expect(after).toEqual(await from2023(twin));
    // Worked out again: nothing changes.
    expect(await reworkYearEnds(t.db, [{ employeeId: reworked, leaveTypeId: typeId, financialYear: 2022 }])).toBe(0);
  });
});
