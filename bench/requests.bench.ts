// Requests and leave: the allRequest list over 1,000,000 requests, and a leave summary. On a file-backed PGlite
// (BENCH_REQUESTS_PGLITE=0 skips it) and, when BENCH_DATABASE_URL (or DATABASE_URL) is set, on a fresh PostgreSQL
// database made beside it.
// - Data: the demo seed, 2,000 more employees over the demo units (made inside the database), then 1,000,000
//   requests over every employee (60% leave, 30% work from home, 10% visitors; 10% pending, the rest decided),
//   made set-based by generate_series in batches of 200,000; the leave poster (the scheduled job's function) posts
//   the year's credits for everyone.
// - allRequest: GET /api/requests as the administrator over HTTP (in-process inject): the leave list's first page
//   (pending first), the same filtered by unit, status and dates, sorted by date, and a deep page; each the median
//   of 5 after a warm-up. Budget 100 ms.
// - Leave summary: GET /api/leave/balances/me as employee1 (500 requests of hers in the table). Budget 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { financialYearOf } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type Database, type Db, migrate, queryRows } from '../apps/server/src/db/client';
import { setAttendanceZone } from '../apps/server/src/modules/attendance/compute';
import { postDueLeave } from '../apps/server/src/modules/requests/ledger';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import type { Bench, BenchResult } from './types';

const TODAY = '2026-11-25';
const STAFF = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const BATCH = 200_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

async function prepare(db: Db, log: (s: string) => void): Promise<{ unitId: number }> {
  await seedDemo(db, { today: TODAY });
  const cols = (
    await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'department_id', 'device_user_id', 'status', 'exit_date',
            'date_of_joining', 'reporting_manager_id', 'weekly_offs')`,
    )
  ).map((c) => `"${c.name}"`);
  await db.execute(
    sql.raw(`insert into employees (employee_code, name, unit_id, department_id, status, date_of_joining, weekly_offs, ${cols.join(', ')})
      select 'RQ' || lpad(g::text, 6, '0'), 'Request Bench ' || g,
        (select array_agg(id order by id) from units)[1 + g % (select count(*) from units)::int],
        (select array_agg(id order by id) from departments)[1 + g % (select count(*) from departments)::int],
        'active', date '${TODAY}' - (30 + g % 3650), '{0}', ${cols.map((c) => `e.${c}`).join(', ')}
      from (select * from employees order by id limit 1) e, generate_series(1, ${STAFF}) g`),
  );
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
          d.day, case when k.kind = 'visitor' then d.day else d.day + (g % 3) end,
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
  setAttendanceZone(config.orgTimeZone);
  const log = (s: string) => console.log(`${engine}${s}`);
  const { unitId } = await prepare(db, log);
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
    const time = async (url: string, auth: string, check: (body: unknown) => void) => {
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${auth}` } });
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`${engine}: ${url} ${res.statusCode} ${res.body.slice(0, 300)}`);
        check(res.json());
        if (i > 0) times.push(ms);
      }
      return round(median(times));
    };
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

const bench: Bench = async () => {
  const results: BenchResult[] = [];
  if (process.env.BENCH_REQUESTS_PGLITE !== '0') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-requests-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' });
    const database = await createDatabase(config, { pgliteDataDir: path.join(dataDir, 'pglite') });
    try {
      await migrate(database);
      results.push(...(await measure(database, 'PGlite')));
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (url) {
    const name = `hr_bench_requests_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmpdir(), DATABASE_URL: u.toString() });
    const database = await createDatabase(config, { connectionString: u.toString(), poolMax: 10 });
    try {
      await migrate(database);
      results.push(...(await measure(database, 'PostgreSQL')));
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}"`);
      await admin.end();
    }
  }
  return results;
};

export default bench;
