// Requests and leave: the allRequest list over 1,000,000 requests, and a leave summary. On a file-backed PGlite
// (BENCH_REQUESTS_PGLITE=0 skips it) and, when BENCH_DATABASE_URL (or DATABASE_URL) is set, on a fresh PostgreSQL
// database made beside it.
// - Data: the demo seed, 2,000 more employees over the demo units (made inside the database), then 1,000,000
//   requests over every employee (60% leave, 30% work from home, 10% visitors; 10% pending, the rest decided; none
//   crossing a financial year end, as the app refuses),
//   made set-based by generate_series in batches of 200,000; the leave poster (the scheduled job's function) posts
//   the year's credits for everyone.
// - allRequest: GET /api/requests as the administrator over HTTP (in-process inject): the leave list's first page
//   (pending first), the same filtered by unit, status and dates, sorted by date, and a deep page; each the median
//   of 5 after a warm-up. Budget 100 ms.
// - Leave summary: GET /api/leave/balances/me as employee1 (500 requests of hers in the table). Budget 20 ms.
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { financialYearOf } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { appContextOf, enterAppContext } from '../apps/server/src/app-context';
import { loadConfig } from '../apps/server/src/config';
import { type Database, type Db, queryRows } from '../apps/server/src/db/client';
import { postDueLeave } from '../apps/server/src/modules/requests/ledger-post';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import { fillEmployees, onEngines, printWhenRunAlone, settle, timeGet } from './lib/harness';
import type { Bench, BenchResult } from './types';

const TODAY = '2026-11-25';
const STAFF = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const BATCH = 200_000;

const round = (n: number) => Math.round(n * 10) / 10;

async function prepare(db: Db, log: (s: string) => void): Promise<{ unitId: number }> {
  await seedDemo(db, { today: TODAY });
  await fillEmployees(db, STAFF, {
    code: `'RQ' || lpad(g::text, 6, '0')`,
    name: `'Request Bench ' || g`,
    unitId: '(select array_agg(id order by id) from units)[1 + g % (select count(*) from units)::int]',
    departmentId: '(select array_agg(id order by id) from departments)[1 + g % (select count(*) from departments)::int]',
    joined: `date '${TODAY}' - (30 + g % 3650)`,
  });
  const t0 = performance.now();
  for (let start = 1; start <= REQUESTS; start += BATCH) {
    const end = Math.min(REQUESTS, start + BATCH - 1);
    await db.execute(
      sql.raw(`with staff as (select array_agg(id order by id) as ids, count(*)::int as n from employees),
          lt as (select array_agg(id order by id) as ids, count(*)::int as n from leave_types where is_paid),
          admin as (select id from users where user_name = 'admin')
        insert into requests (kind, employee_id, unit_id, status, from_date, to_date, days, leave_type_id, financial_year, reason,
          visitor_name, mobile_code, mobile, purpose, expected_time, visitor_count, host_employee_id, requested_by, decided_at, created_at)
        select k.kind, e.id, e.unit_id,
          case when g % 10 = 0 then 'pending' when g % 10 < 7 then 'approved' when g % 10 < 9 then 'rejected'
               when g % 20 = 9 then 'cancelled' else 'withdrawn' end,
          d.day, case when k.kind = 'visitor' then d.day
            else least(d.day + (g % 3), make_date(extract(year from d.day - interval '3 months')::int + 1, 3, 31)) end,
          case when k.kind = 'visitor' then 0 else 1 + g % 3 end,
          case when k.kind = 'leave' then lt.ids[1 + g % lt.n] end,
          case when k.kind = 'leave' then extract(year from d.day - interval '3 months')::int end,
          'Bench request ' || g,
          case when k.kind = 'visitor' then 'Visitor ' || g end,
          case when k.kind = 'visitor' then '+91' end,
          case when k.kind = 'visitor' then '98' || lpad((g % 100000000)::text, 8, '0') end,
          case when k.kind = 'visitor' then 'Meeting' end,
          case when k.kind = 'visitor' then '10:30' end,
          case when k.kind = 'visitor' then 1 end,
          case when k.kind = 'visitor' then e.id end,
          admin.id,
          case when g % 10 <> 0 then now() end,
          now() - (g % 2400) * interval '1 day'
        from generate_series(${start}, ${end}) g
          cross join staff cross join lt cross join admin
          cross join lateral (select case when g % 10 < 6 then 'leave' when g % 10 < 9 then 'wfh' else 'visitor' end as kind) k
          cross join lateral (select date '${TODAY}' - 2000 + (g % 2400) as day) d
          join employees e on e.id = staff.ids[1 + g % staff.n]`),
    );
    log(`  requests: ${end.toLocaleString('en-IN')}`);
  }
  log(`  requests filled in ${Math.round((performance.now() - t0) / 1000)} s`);
  await db.transaction((tx) => postDueLeave(tx, TODAY));
  await db.execute(sql`vacuum analyze requests`);
  await db.execute(sql`analyze employees`);
  await db.execute(sql`analyze leave_ledger`);
  const [u] = await queryRows<{ id: number }>(db, sql`select id from units order by id limit 1`);
  return { unitId: u.id };
}

async function measure(database: Database, engine: string): Promise<BenchResult[]> {
  const db = database.db;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpdir(), DATABASE_URL: '' });
  enterAppContext(appContextOf(config));
  const log = (s: string) => console.log(`${engine}${s}`);
  const { unitId } = await prepare(db, log);
  await settle(database);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from requests`);
  const app = await buildApp({ db, config, logger: false });
  const results: BenchResult[] = [];
  try {
    const token = async (userName: 'admin' | 'employee1') =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { userName, password: DEMO_PASSWORDS[userName] },
        })
      ).json().token as string;
    const admin = await token('admin');
    const emp1 = await token('employee1');
    const time = async (url: string, auth: string, check: (body: unknown) => void) =>
      round(await timeGet(app, url, auth, { runs: 5, label: engine, check }));
    const page = (min: number) => (b: unknown) => {
      const body = b as { total: number; rows: unknown[] };
      if (body.total < min || body.rows.length === 0) throw new Error(`${engine}: the list answered ${body.total} rows`);
    };
    const millions = `${(total / 1e6).toFixed(1)} million requests`;
    results.push({
      name: `${engine}: allRequest leave list, first page of 25, pending first, ${millions} (median of 5 after one warm-up)`,
      value: await time('/api/requests?kind=leave&page=1&pageSize=25', admin, page(REQUESTS / 2)),
      unit: 'ms',
      budget: 100,
    });
    results.push({
      name: `${engine}: allRequest leave list filtered by unit, status and a quarter's dates, sorted by date, ${millions}`,
      value: await time(
        `/api/requests?kind=leave&unitId=${unitId}&status=approved&from=2025-04-01&to=2025-06-30&sort=-fromDate&page=1&pageSize=25`,
        admin,
        page(1),
      ),
      unit: 'ms',
      budget: 100,
    });
    results.push({
      name: `${engine}: allRequest WFH list, page 200 of 25, pending first, ${millions}`,
      value: await time('/api/requests?kind=wfh&page=200&pageSize=25', admin, page(5000)),
      unit: 'ms',
      budget: 100,
    });
    // The floor of any signed-in request on this machine (session check and one small query), recorded only.
    results.push({
      name: `${engine}: floor: a signed-in GET answering one small query (/api/notifications/unread-count)`,
      value: await time('/api/notifications/unread-count', emp1, () => undefined),
      unit: 'ms',
    });
    const fy = financialYearOf(TODAY).startYear;
    results.push({
      name: `${engine}: leave summary (GET /api/leave/balances/me) of an employee with ~${Math.round(REQUESTS / (STAFF + 60))} requests, ${millions}`,
      value: await time(`/api/leave/balances/me?financialYear=${fy}`, emp1, (b) => {
        if (!Array.isArray(b) || b.length === 0) throw new Error(`${engine}: no balance`);
      }),
      unit: 'ms',
      budget: 20,
    });
  } finally {
    await app.close();
  }
  return results;
}

const bench: Bench = () => onEngines('requests', measure, { pglite: process.env.BENCH_REQUESTS_PGLITE !== '0' });

export default bench;

await printWhenRunAlone(import.meta.url, bench);
