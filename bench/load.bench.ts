// Load on PostgreSQL, as the hostile run measured it: the real server (apps/server/src/main.ts, its own
// process) on a fresh database with 15,000 employees, driven over HTTP by 200 signed-in sessions.
//   A. open loop: 200 users each making a request a second (200 req/s) through a mix of lists with search,
//      an employee's record, select options, /api/auth/me and the dashboard; no errors, p99 ≤ 150 ms.
//   B. closed loop: 200 connections without pause on the employee search; ≥ 600 req/s, no errors.
// Runs when BENCH_DATABASE_URL (or DATABASE_URL) names a PostgreSQL server; the bench creates and drops its
// own database there. The load generator shares the machine's two cores with the server and PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/client';
import { departments, designations, employees, units } from '../apps/server/src/db/schema';
import { bulkInsert } from '../apps/server/src/lib/bulk';
import { demoEmployee } from '../apps/server/src/modules/employees/demo-data';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import { settle } from './lib/harness';
import type { Bench, BenchResult } from './types';

const root = path.resolve(import.meta.dirname, '..');
// Several API processes (BENCH_API_PROCESSES=2): a variant recorded beside the budgeted one-process rows, not budgeted.
const PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? '1') || 1;
const DB_NAME = PROCESSES > 1 ? `hr_load_bench_p${PROCESSES}` : 'hr_load_bench';
const SESSIONS = 200;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS });

function request(port: number, method: string, urlPath: string, token?: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

const SEARCHES = ['Kavya', 'Rao', 'L00421', '98450', 'Sharma', 'Nair', 'Iyer', 'Patil', 'EMP001', 'Menon', 'Das', 'Reddy'];

const bench: Bench = async () => {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('load: skipped (set BENCH_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)');
    return [];
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${DB_NAME}" with (force)`);
  await admin.query(`create database "${DB_NAME}"`);
  const url = withDatabase(adminUrl, DB_NAME);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const results: BenchResult[] = [];
  try {
    let log = '';
    // one node process with the tsx loader, as `npm run serve` runs it
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        DATABASE_POOL_MAX: '20',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // several API processes behind the port (Node's cluster) when asked: BENCH_API_PROCESSES=2
        API_PROCESSES: String(PROCESSES),
        WEB_DIST: path.join(root, 'bench/.no-web'),
        SIGNIN_MAX_FAILURES_PER_IP: '100000',
      },
    });
    child.stdout?.on('data', (c) => {
      log = (log + c).slice(-4000);
    });
    child.stderr?.on('data', (c) => {
      log = (log + c).slice(-4000);
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
      const ok = await request(port, 'GET', '/api/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 300));
    }

    // 15,000 employees, set-based.
    const database = await createDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { connectionString: url, poolMax: 4 });
    const db = database.db;
    const unitIds = (await db.select({ id: units.id }).from(units)).map((u) => u.id);
    const departmentIds = (await db.select({ id: departments.id }).from(departments)).map((d) => d.id);
    const designationIds = (await db.select({ id: designations.id }).from(designations)).map((d) => d.id);
    const rows = Array.from({ length: 15_000 }, (_, i) => {
      const { aadhaarFull: _a, ...v } = demoEmployee(i + 1, { unitIds, departmentIds, designationIds }, 'L', 5);
      return v;
    });
    await bulkInsert(db, employees, rows);
    await database.close();
    // The bench's own database (not the admin connection's): statistics and the visibility map, as autovacuum
    // leaves a running installation.
    // CHECKPOINT too, so PostgreSQL is not still writing out the setup's (or an earlier bench's) rows while timed.
    await settle(url);

    // 200 sessions (each sign-in is its own session, as 200 users are).
    const tokens: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const r = await request(port, 'POST', '/api/auth/sign-in', undefined, { userName: 'admin', password: DEMO_PASSWORDS.admin });
      tokens.push((JSON.parse(r.text) as { token: string }).token);
    }
    const someEmployee = JSON.parse((await request(port, 'GET', '/api/employees?pageSize=1', tokens[0])).text).rows[0].id as number;
    const MIX: (() => string)[] = [
      () => `/api/employees?page=1&pageSize=25&search=${encodeURIComponent(SEARCHES[Math.floor(Math.random() * SEARCHES.length)])}`,
      () => '/api/employees?page=1&pageSize=25',
      () => `/api/employees/${someEmployee}`,
      () => '/api/resources/city?page=1&pageSize=25&search=pura',
      () => '/api/resources/department/options?search=a',
      () => '/api/auth/me',
      () => '/api/dashboard/summary',
    ];
    // Warm up.
    for (let i = 0; i < 50; i++) await request(port, 'GET', MIX[i % MIX.length](), tokens[i % SESSIONS]);

    // A. open loop: 200 req/s for 30 s, whatever the answers do.
    {
      const lat: number[] = [];
      let errors = 0;
      const seconds = 30;
      const pending: Promise<void>[] = [];
      const t0 = performance.now();
      for (let i = 0; i < SESSIONS * seconds; i++) {
        const due = t0 + (i * 1000) / SESSIONS;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const started = performance.now();
        pending.push(
          request(port, 'GET', MIX[i % MIX.length](), tokens[i % SESSIONS]).then(
            (r) => {
              lat.push(performance.now() - started);
              if (r.status !== 200) errors++;
            },
            () => {
              errors++;
            },
          ),
        );
      }
      await Promise.all(pending);
      results.push(
        {
          name: 'open loop, 200 users × 1 req/s (mix), p99',
          value: round(pct(lat, 99)),
          unit: 'ms',
          budget: 150,
          note: `p50 ${round(pct(lat, 50))} ms, ${errors} errors`,
        },
        { name: 'open loop, 200 users × 1 req/s (mix), errors', value: errors, unit: 'count', budget: 0 },
      );
    }

    // B. closed loop: 200 connections without pause on the employee search, 20 s.
    {
      const lat: number[] = [];
      let errors = 0;
      const end = performance.now() + 20_000;
      const t0 = performance.now();
      await Promise.all(
        tokens.map(async (token, w) => {
          let k = w;
          while (performance.now() < end) {
            const started = performance.now();
            const q = encodeURIComponent(SEARCHES[k++ % SEARCHES.length]);
            const r = await request(port, 'GET', `/api/employees?page=1&pageSize=25&search=${q}`, token).catch(() => null);
            lat.push(performance.now() - started);
            if (r?.status !== 200) errors++;
          }
        }),
      );
      const secs = (performance.now() - t0) / 1000;
      results.push(
        {
          name: 'closed loop, 200 connections on the employee search (15,000 employees)',
          value: Math.round(lat.length / secs),
          unit: 'ops/s',
          budget: 600,
          note: `p50 ${round(pct(lat, 50))} ms, p99 ${round(pct(lat, 99))} ms, ${errors} errors`,
        },
        { name: 'closed loop on the employee search, errors', value: errors, unit: 'count', budget: 0 },
      );
    }
  } finally {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    agent.destroy();
    await admin.query(`drop database if exists "${DB_NAME}" with (force)`).catch(() => undefined);
    await admin.end();
  }
  // The variant's rows are named for it and have no budget (the budgets are the one-process figures'). Run it alone, so
  // PERFORMANCE.md's one-process rows stay: BENCH_API_PROCESSES=2 npx tsx bench/run.ts --one load.bench.ts out.json
  return PROCESSES > 1 ? results.map((r) => ({ ...r, name: `${r.name}, ${PROCESSES} API processes`, budget: undefined })) : results;
};

export default bench;
