// request_counts (kept by triggers, migration 0016): after every kind of change to requests — raised over the API,
// approved, withdrawn, a bulk insert, an update of status and unit, a delete, a truncate — the counters equal a
// direct count. The allRequest list's total comes from them when the filters allow (exact) and is capped otherwise.
import { addDays, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { LIST_COUNT_CAP } from '../../src/modules/requests/lists';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;

/** The counters (non-zero) and a direct count, as sorted 'kind/unit/status=n' lines. */
async function compare() {
  const kept = await queryRows<{ k: string }>(
    t.db,
    sql`select kind || '/' || unit_id || '/' || status || '=' || n as k from request_counts where n <> 0 order by 1`,
  );
  const counted = await queryRows<{ k: string }>(
    t.db,
    sql`select kind || '/' || unit_id || '/' || status || '=' || count(*) as k from requests group by kind, unit_id, status order by 1`,
  );
  expect(kept.map((r) => r.k)).toEqual(counted.map((r) => r.k));
  return counted.length;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
});
afterAll(() => t?.close());

describe('request_counts', () => {
  it('equals a direct count after the seed, raising, approving, withdrawing, bulk SQL, updates, deletes and a truncate', async () => {
    expect(await compare()).toBeGreaterThan(3); // the seed's requests, several kinds and statuses

    // Raised over the API (insert), approved by the manager (update of status), another withdrawn.
    const today = todayIn('Asia/Kolkata');
    const free = async (from: string) => {
      const busy = await queryRows<{ d: string }>(
        t.db,
        sql`select generate_series(from_date, to_date, '1 day')::date::text as d from requests r join employees e on e.id = r.employee_id
            join users u on u.employee_id = e.id where u.user_name = 'employee1' and r.status in ('pending', 'approved')`,
      );
      const taken = new Set(busy.map((b) => b.d));
      let d = from;
      while (taken.has(d)) d = addDays(d, 1);
      return d;
    };
    const d1 = await free(addDays(today, 200));
    const raised = await emp1.post('/api/requests', { kind: 'wfh', fromDate: d1, toDate: d1, reason: 'Counts' });
    expect(raised.statusCode).toBe(201);
    await compare();
    expect((await manager.post(`/api/requests/${raised.json().id}/approve`, {})).statusCode).toBe(200);
    await compare();
    const d2 = await free(addDays(d1, 1));
    const other = await emp1.post('/api/requests', { kind: 'wfh', fromDate: d2, toDate: d2, reason: 'Counts' });
    expect((await emp1.post(`/api/requests/${other.json().id}/withdraw`, {})).statusCode).toBe(200);
    await compare();

    // Set-based SQL: a bulk insert, an update of status and of unit in one statement, a delete.
    await t.db.execute(
      sql`insert into requests (kind, employee_id, unit_id, status, from_date, to_date, reason, requested_by)
          select case when g % 2 = 0 then 'wfh' else 'visitor' end, e.id, e.unit_id, case when g % 3 = 0 then 'approved' else 'pending' end,
            date '2020-01-01' + g, date '2020-01-01' + g, 'bulk', (select id from users where user_name = 'admin')
          from generate_series(1, 300) g, (select id, unit_id from employees order by id limit 1) e`,
    );
    await compare();
    await t.db.execute(
      sql`update requests set status = 'rejected', unit_id = (select max(id) from units) where reason = 'bulk' and id % 4 = 0`,
    );
    await compare();
    await t.db.execute(sql`update requests set reason = 'bulk, read' where reason = 'bulk'`); // no counted column changes
    await compare();
    await t.db.execute(sql`delete from requests where reason like 'bulk%' and id % 5 = 0`);
    await compare();
    await t.db.execute(sql`delete from requests where reason like 'bulk%'`);
    await compare();
  });

  it('gives the allRequest list its exact total when filtered by kind, unit and status only; a capped total otherwise', async () => {
    const [e] = await queryRows<{ id: number; unitId: number }>(
      t.db,
      sql`select id, unit_id as "unitId" from employees order by id limit 1`,
    );
    await t.db.execute(
      sql`insert into requests (kind, employee_id, unit_id, status, from_date, to_date, reason, requested_by)
          select 'visitor', ${e.id}, ${e.unitId}, 'approved', date '2019-01-01' + g % 300, date '2019-01-01' + g % 300, 'many',
            (select id from users where user_name = 'admin')
          from generate_series(1, ${LIST_COUNT_CAP + 50}) g`,
    );
    await compare();
    const direct = async (where: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests r where ${where}`))[0].n;

    const all = (await admin.get('/api/requests', { kind: 'visitor', pageSize: 10 })).json();
    expect(all.capped).toBe(false);
    expect(all.total).toBe(await direct(sql`r.kind = 'visitor'`));
    expect(all.total).toBeGreaterThan(LIST_COUNT_CAP);

    const unit = (await admin.get('/api/requests', { kind: 'visitor', unitId: e.unitId, status: 'approved', pageSize: 10 })).json();
    expect(unit.capped).toBe(false);
    expect(unit.total).toBe(await direct(sql`r.kind = 'visitor' and r.unit_id = ${e.unitId} and r.status = 'approved'`));

    // A date filter has no counter: counted up to the cap, said to be more.
    const dated = (await admin.get('/api/requests', { kind: 'visitor', from: '2019-01-01', to: '2019-12-31', pageSize: 10 })).json();
    expect(dated).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
    expect(dated.rows).toHaveLength(10);
    // Below the cap a filtered total is exact.
    const few = (await admin.get('/api/requests', { kind: 'visitor', from: '2019-01-01', to: '2019-01-10', pageSize: 10 })).json();
    expect(few.capped).toBe(false);
    expect(few.total).toBe(await direct(sql`r.kind = 'visitor' and r.to_date >= '2019-01-01' and r.from_date <= '2019-01-10'`));
    // Dates and a status without a unit (read by the pending-first index's range for that status): the same rows.
    for (const status of ['approved', 'pending'] as const) {
      const some = (
        await admin.get('/api/requests', { kind: 'visitor', status, from: '2019-01-01', to: '2019-01-10', sort: '-fromDate', pageSize: 10 })
      ).json() as { total: number; rows: { status: string; fromDate: string }[] };
      const where = sql`r.kind = 'visitor' and r.status = ${status} and r.to_date >= '2019-01-01' and r.from_date <= '2019-01-10'`;
      expect(some.total).toBe(await direct(where));
      expect(some.rows.every((r) => r.status === status && r.fromDate <= '2019-01-10')).toBe(true);
    }

    // The manager's counters cover only the manager's units.
    const mine = (await manager.get('/api/requests', { kind: 'visitor', pageSize: 10 })).json();
    const units = await queryRows<{ id: number }>(
      t.db,
      sql`select m.unit_id as id from user_unit_map m join users u on u.id = m.user_id where u.user_name = 'manager'`,
    );
    expect(mine.total).toBe(await direct(sql`r.kind = 'visitor' and r.unit_id = any(${`{${units.map((u) => u.id).join(',')}}`}::int[])`));

    // A custom role of the bulk rows' unit and another: the counters' total and a counted one (dates), both kept to its units.
    const other = e.unitId === 1 ? 2 : 1;
    const limited = (await createUnitLimitedUser(t, { menus: [MENU.allRequestVisitor], unitIds: [e.unitId, other] })).api;
    const reach = sql`r.kind = 'visitor' and r.unit_id in (${e.unitId}, ${other})`;
    const theirs = (await limited.get('/api/requests', { kind: 'visitor', pageSize: 10 })).json();
    expect(theirs).toMatchObject({ total: await direct(reach), capped: false });
    const outside = (await limited.get('/api/requests', { kind: 'visitor', unitId: 3, status: 'approved', pageSize: 10 })).json();
    expect(outside).toMatchObject({ total: 0, rows: [], capped: false });
    const fewOfTheirs = (
      await limited.get('/api/requests', { kind: 'visitor', from: '2019-01-01', to: '2019-01-10', search: "O'Brien", pageSize: 10 })
    ).json();
    expect(fewOfTheirs).toMatchObject({ total: 0, rows: [], capped: false });
    const datedOfTheirs = (
      await limited.get('/api/requests', { kind: 'visitor', from: '2019-01-01', to: '2019-01-10', pageSize: 10 })
    ).json();
    expect(datedOfTheirs.total).toBe(await direct(sql`${reach} and r.to_date >= '2019-01-01' and r.from_date <= '2019-01-10'`));
    expect(datedOfTheirs.total).toBeGreaterThan(0);
  });

  it('is emptied by a truncate', async () => {
    await t.db.execute(sql`truncate requests cascade`);
    expect(await compare()).toBe(0);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from request_counts where n <> 0`);
    expect(n).toBe(0);
  });
});
