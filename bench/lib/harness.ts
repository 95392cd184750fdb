// What several benches share: employees made inside the database, a timed GET over the app, the statements a step
// sends to PGlite, and the run on a file-backed PGlite and on a fresh PostgreSQL database made beside
// BENCH_DATABASE_URL (or DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase, type Database, type Db, migrate, queryRows } from '../../apps/server/src/db/client';
import type { Bench, BenchResult } from '../types';

type App = Awaited<ReturnType<typeof buildApp>>;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Adds `count` employees in one statement (the other columns copied from the first employee). Each option is an SQL
 * expression over the series number `g`.
 */
export async function fillEmployees(
  db: Db,
  count: number,
  cols: { code: string; name: string; unitId: string; departmentId?: string; joined: string },
): Promise<void> {
  const own = [
    'employee_code',
    'name',
    'unit_id',
    'status',
    'date_of_joining',
    'weekly_offs',
    ...(cols.departmentId ? ['department_id'] : []),
  ];
  const rest = (
    await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'device_user_id', 'exit_date', 'reporting_manager_id', ${sql.join(
            own.map((c) => sql`${c}`),
            sql`, `,
          )})`,
    )
  ).map((c) => `"${c.name}"`);
  await db.execute(
    sql.raw(`insert into employees (${own.join(', ')}, ${rest.join(', ')})
      select ${cols.code}, ${cols.name}, ${cols.unitId}, 'active', ${cols.joined}, '{0}', ${cols.departmentId ? `${cols.departmentId}, ` : ''}
        ${rest.map((c) => `e.${c}`).join(', ')}
      from (select * from employees order by id limit 1) e, generate_series(1, ${count}) g`),
  );
}

/**
 * GETs `url` over the app (in-process) `runs` times with the bearer token; the first `warmups` only warm the caches.
 * Each answer must be 200 and pass `check`; `after` is called after each request, warm-ups included (a statement
 * count, a trace). Answers the median of the rest in ms; `times` receives each of them.
 */
export async function timeGet(
  app: App,
  url: string,
  token: string,
  opts: {
    runs: number;
    warmups?: number;
    label: string;
    check?: (body: unknown) => void;
    after?: (run: number) => void;
    times?: number[];
  },
): Promise<number> {
  const warmups = opts.warmups ?? 1;
  const times: number[] = [];
  for (let i = 0; i < opts.runs + warmups; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${opts.label}: ${url} ${res.statusCode} ${res.body.slice(0, 300)}`);
    opts.check?.(res.json());
    if (i >= warmups) times.push(ms);
    opts.after?.(i);
  }
  opts.times?.push(...times);
  return median(times);
}

export interface StatementCounter {
  /** Statements sent so far. */
  count(): number;
  /** With tracing: the statements since the last `printTrace`, by their first 110 characters (count, total ms). */
  trace(): Map<string, { n: number; ms: number }>;
}

/**
 * Counts the statements sent to an embedded database (its query calls, in or out of a transaction), so a step's
 * work can be told apart from the machine's load; with `trace`, also times each statement. PostgreSQL is not
 * counted (null).
 */
export function statementCounter(client: unknown, opts: { trace?: boolean } = {}): StatementCounter | null {
  const c = client as PGlite;
  if (typeof (c as { query?: unknown }).query !== 'function' || !('waitReady' in c)) return null;
  let n = 0;
  const traced = new Map<string, { n: number; ms: number }>();
  const wrap = <F extends (text: string, ...rest: never[]) => Promise<unknown>>(f: F): F =>
    (async (text: string, ...rest: never[]) => {
      n++;
      if (!opts.trace) return f(text, ...rest);
      const t = performance.now();
      try {
        return await f(text, ...rest);
      } finally {
        const key = text.replace(/\s+/g, ' ').slice(0, 110);
        const e = traced.get(key) ?? { n: 0, ms: 0 };
        e.n++;
        e.ms += performance.now() - t;
        traced.set(key, e);
      }
    }) as F;
  c.query = wrap(c.query.bind(c) as never) as PGlite['query'];
  const transaction = c.transaction.bind(c);
  c.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      tx.query = wrap(tx.query.bind(tx) as never) as typeof tx.query;
      return fn(tx);
    })) as PGlite['transaction'];
  return { count: () => n, trace: () => traced };
}

/** A traced step's statements by total time (the 15 slowest), then the trace starts again. Nothing without a trace. */
export function printTrace(step: string, counter: StatementCounter | null): void {
  if (!counter || counter.trace().size === 0) return;
  const rows = [...counter.trace()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
  console.log(`-- ${step}`);
  for (const [k, v] of rows) console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(5)}× ${k}`);
  counter.trace().clear();
}

/**
 * Before timing on PostgreSQL: every page written so far flushed (`CHECKPOINT`, so the checkpointer is not still
 * writing out the setup's — or an earlier bench's — rows while the figure is taken) and the bench database vacuumed
 * and analysed (statistics and the visibility map, as autovacuum leaves an installation). Takes a Db, a
 * Database, or a connection string of the bench's own database. Nothing on PGlite (an embedded database in the
 * bench's own process: nothing of another bench's is left running).
 */
export async function settle(target: Database | string): Promise<void> {
  if (typeof target !== 'string' && target.kind !== 'pg') return;
  if (typeof target !== 'string') {
    await target.db.execute(sql`checkpoint`);
    await target.db.execute(sql`vacuum analyze`);
    return;
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query('checkpoint');
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * Runs `measure` on a file-backed PGlite (unless `pglite` is false) and, when BENCH_DATABASE_URL (or DATABASE_URL)
 * is set, on a fresh PostgreSQL database `hr_bench_<name>_<pid>` made beside it and dropped after.
 */
export async function onEngines(
  name: string,
  measure: (database: Database, engine: 'PGlite' | 'PostgreSQL') => Promise<BenchResult[]>,
  opts: { pglite?: boolean } = {},
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (opts.pglite !== false) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `hr-bench-${name}-`));
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
    const dbName = `hr_bench_${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmpdir(), DATABASE_URL: u.toString() });
    const database = await createDatabase(config, { connectionString: u.toString(), poolMax: 10 });
    try {
      await migrate(database);
      results.push(...(await measure(database, 'PostgreSQL')));
    } finally {
      await database.close();
      if (process.env.BENCH_KEEP_DATABASE !== '1') await admin.query(`drop database if exists "${dbName}"`);
      await admin.end();
    }
  }
  return results;
}

/** `npx tsx bench/<x>.bench.ts`: runs the bench and prints its figures (bench/results and PERFORMANCE.md untouched). */
export async function printWhenRunAlone(metaUrl: string, bench: Bench): Promise<void> {
  if (metaUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  for (const r of await bench()) {
    console.log(`${r.name}: ${r.value} ${r.unit}${r.budget !== undefined ? ` (budget ${r.budget})` : ''}${r.note ? ` — ${r.note}` : ''}`);
  }
}
