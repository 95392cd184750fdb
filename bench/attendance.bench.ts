// Attendance: device ingest over HTTP, a month of daily attendance for a 500-employee unit, and the
// attendance register with 10 million punches in the table. On a file-backed PGlite and, when
// BENCH_DATABASE_URL (or DATABASE_URL) is set, on a fresh PostgreSQL database made beside it.
// - Ingest: 4 simulated terminals post 10 ATTLOG batches of 500 lines each at once (250 employees in and out
//   on a day per batch), over real HTTP to the running app; each then resends its first batch. Measured:
//   punches stored per second end to end; checked: every line stored once.
// - A month: computeAttendance for the unit's 500 employees over a month of punches (22 working days), stored.
// - Register: GET /api/attendance/register for the unit and month, 500 employees on a page, after the punches
//   table is filled to 10,000,000 rows (27 years of the same employees' punches, made inside the database).
// Run alone with `npx tsx bench/attendance.bench.ts` (prints the figures; bench/results is not touched);
// BENCH_ATTENDANCE_PUNCHES=200000 makes the register's fill quick. On PGlite the statements each step sends
// are counted (a figure the machine's load does not change) and printed beside the timings.
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { appContextOf, enterAppContext } from '../apps/server/src/app-context';
import { loadConfig } from '../apps/server/src/config';
import { type Database, type Db, queryRows } from '../apps/server/src/db/client';
import { computeAttendance } from '../apps/server/src/modules/attendance/compute';
import { seedDemo } from '../apps/server/src/seed';
import { DEMO_PASSWORDS } from '../apps/server/src/seed/core';
import { fillEmployees, median, onEngines, printTrace, printWhenRunAlone, settle, statementCounter, timeGet } from './lib/harness';
import type { Bench, BenchResult } from './types';

const STAFF = 500;
const DEVICES = 4;
const BATCHES = 10;
const TOTAL_PUNCHES = Number(process.env.BENCH_ATTENDANCE_PUNCHES ?? 10_000_000);
const MONTH = { year: 2025, month: 1, first: '2025-01-01', last: '2025-01-31' };

const round = (n: number) => Math.round(n);

async function prepare(db: Db): Promise<number> {
  await seedDemo(db, { today: '2026-11-25' });
  const [unit] = await queryRows<{ id: number }>(db, sql`insert into units (name, code) values ('Bench Unit', 'BENCH') returning id`);
  await fillEmployees(db, STAFF, {
    code: `'BEN' || lpad(g::text, 5, '0')`,
    name: `'Bench Employee ' || g`,
    unitId: String(unit.id),
    joined: `date '1998-01-01'`,
  });
  for (let d = 1; d <= DEVICES; d++) {
    await db.execute(
      sql`insert into biometric_devices (serial_number, name, unit_id) values (${`BENCHDEV${d}`}, ${`Bench gate ${d}`}, ${unit.id})`,
    );
  }
  return unit.id;
}

/** 250 employees in and out on one day: the lines of one batch. */
function batch(device: number, n: number): string {
  const day = new Date(Date.UTC(2026, 0, 1) + ((device - 1) * BATCHES + n) * 2 * 86_400_000).toISOString().slice(0, 10);
  const half = (device + n) % 2;
  const lines: string[] = [];
  for (let i = 0; i < 250; i++) {
    const pin = `BEN${String(1 + half * 250 + i).padStart(5, '0')}`;
    const mm = String(i % 60).padStart(2, '0');
    lines.push(`${pin}\t${day} 09:${mm}:00\t0\t1\t0\t0`, `${pin}\t${day} 18:${mm}:30\t1\t1\t0\t0`);
  }
  return lines.join('\n');
}

async function measure(database: Database, engine: string): Promise<BenchResult[]> {
  const db = database.db;
  const counter = statementCounter(database.client, { trace: !!process.env.BENCH_ATTENDANCE_TRACE });
  const counted = () => counter?.count() ?? 0;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: tmpdir(),
    DATABASE_URL: '',
    DEVICE_RATE_PER_MINUTE: '100000',
    // The batches are dated January 2026 onwards: accept lines that old.
    DEVICE_PUNCH_MAX_AGE_DAYS: '3650',
  });
  enterAppContext(appContextOf(config));
  const unitId = await prepare(db);
  await settle(database);
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const results: BenchResult[] = [];
  try {
    // Ingest over HTTP.
    const post = async (d: number, n: number) => {
      const res = await fetch(`${base}/iclock/cdata?SN=BENCHDEV${d}&table=ATTLOG&Stamp=${n + 1}`, { method: 'POST', body: batch(d, n) });
      const text = await res.text();
      if (text !== 'OK: 500') throw new Error(`${engine}: device ${d} batch ${n}: ${res.status} ${text}`);
    };
    const s0 = counted();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: DEVICES }, async (_, i) => {
        for (let n = 0; n < BATCHES; n++) await post(i + 1, n);
        await post(i + 1, 0); // resent: stored once
      }),
    );
    const ingestMs = performance.now() - t0;
    const ingestStatements = (counted() - s0) / (DEVICES * (BATCHES + 1));
    printTrace('ingest', counter);
    const [{ n }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from punches where device_id is not null and device_pin like 'BEN%'`,
    );
    if (n !== DEVICES * BATCHES * 500) throw new Error(`${engine}: stored ${n} punches, expected ${DEVICES * BATCHES * 500}`);
    results.push({
      name: `${engine}: device ingest over HTTP, ${DEVICES} terminals × ${BATCHES} batches of 500 lines (+1 resent each), days worked out`,
      value: round((DEVICES * (BATCHES + 1) * 500) / (ingestMs / 1000)),
      unit: 'ops/s',
      budget: 2000,
      note: 'lines acknowledged per second; every line stored once',
    });
    if (counter) {
      results.push({ name: `${engine}: statements per device batch (ingest and days worked out)`, value: ingestStatements, unit: 'count' });
    }

    // A month of punches for the unit, then its daily attendance.
    await db.execute(
      sql.raw(`insert into punches (employee_id, punched_at, source)
        select e.id, (d + time '09:20' + (e.id % 30) * interval '1 minute') at time zone 'Asia/Kolkata', 'manual'
        from employees e, generate_series(date '${MONTH.first}', date '${MONTH.last}', interval '1 day') d
        where e.unit_id = ${unitId} and extract(dow from d) <> 0
        union all
        select e.id, (d + time '18:05' + (e.id % 45) * interval '1 minute') at time zone 'Asia/Kolkata', 'manual'
        from employees e, generate_series(date '${MONTH.first}', date '${MONTH.last}', interval '1 day') d
        where e.unit_id = ${unitId} and extract(dow from d) <> 0 and (e.id + extract(day from d)::int) % 17 <> 0`),
    );
    const monthTimes: number[] = [];
    const monthStatements: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = counted();
      const t = performance.now();
      const out = await computeAttendance(db, { unitId }, MONTH.first, MONTH.last, { persist: true, today: '2026-11-25' });
      monthTimes.push(performance.now() - t);
      monthStatements.push(counted() - s);
      printTrace(`month run ${i + 1}`, counter);
      if (out.length !== STAFF || out[0].days.length !== 31) throw new Error(`${engine}: computed ${out.length} employees`);
    }
    results.push({
      name: `${engine}: a month of daily attendance for a ${STAFF}-employee unit, worked out and stored (median of 3)`,
      value: round(median(monthTimes)),
      unit: 'ms',
      budget: 300,
      note: `runs: ${monthTimes.map(round).join(', ')} ms`,
    });
    if (counter) {
      results.push({
        name: `${engine}: statements of the month's work (first run, which writes the days / the next, which finds nothing changed)`,
        value: monthStatements[0],
        unit: 'count',
        note: `next runs: ${monthStatements.slice(1).join(', ')}`,
      });
    }

    // Fill the table to 10 million punches (the same employees, years back), then read the register.
    const [{ have }] = await queryRows<{ have: number }>(db, sql`select count(*)::int as have from punches`);
    const perDay = STAFF * 2;
    const days = Math.max(0, Math.ceil((TOTAL_PUNCHES - have) / perDay));
    const fill0 = performance.now();
    for (let start = 0; start < days; start += 1000) {
      const end = Math.min(days, start + 1000) - 1;
      await db.execute(
        sql.raw(`insert into punches (employee_id, punched_at, source)
          select e.id, (date '2024-12-31' - g + time '09:00' + s * interval '9 hours') at time zone 'Asia/Kolkata', 'manual'
          from employees e, generate_series(${start}, ${end}) g, generate_series(0, 1) s
          where e.unit_id = ${unitId}`),
      );
    }
    const fillMs = performance.now() - fill0;
    await db.execute(sql`analyze punches`);
    await settle(database);
    const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from punches`);
    results.push({
      name: `${engine}: punches in the table for the register (filled inside the database in ${round(fillMs / 1000)} s)`,
      value: total,
      unit: 'count',
    });

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'admin', password: DEMO_PASSWORDS.admin },
    });
    const token = signIn.json().token as string;
    const regTimes: number[] = [];
    let regStatements = 0;
    const punchReads = async () => {
      const [r] = await queryRows<{ n: number }>(
        db,
        sql`select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::float8 as n from pg_stat_user_tables where relname = 'punches'`,
      );
      return r?.n ?? 0;
    };
    const reads0 = await punchReads();
    let regStart = counted();
    // Four requests, the first warming the caches; the statements are those of the last one.
    const regMedian = await timeGet(
      app,
      `/api/attendance/register?unitId=${unitId}&from=${MONTH.first}&to=${MONTH.last}&pageSize=500`,
      token,
      {
        runs: 3,
        warmups: 1,
        label: `${engine}: register`,
        times: regTimes,
        check: (b) => {
          const body = b as { rows: { codes: string[] }[] };
          if (body.rows.length !== STAFF || body.rows[0].codes.length !== 31)
            throw new Error(`${engine}: register has ${body.rows.length} rows`);
        },
        after: (i) => {
          regStatements = counted() - regStart;
          regStart = counted();
          printTrace(`register ${i + 1}`, counter);
        },
      },
    );
    const punchesRead = ((await punchReads()) - reads0) / 4;
    results.push({
      name: `${engine}: attendance register of the ${STAFF}-employee unit for a month, ${(total / 1e6).toFixed(1)} million punches in the table (median of 3 after one warm-up)`,
      value: round(regMedian),
      unit: 'ms',
      budget: 300,
      note: `runs: ${regTimes.map(round).join(', ')} ms`,
    });
    results.push({ name: `${engine}: punch rows read by one register request (table statistics)`, value: punchesRead, unit: 'count' });
    if (counter)
      results.push({ name: `${engine}: statements of one register request (sign-in check included)`, value: regStatements, unit: 'count' });
  } finally {
    await app.close();
  }
  return results;
}

const bench: Bench = () => onEngines('attendance', measure);

export default bench;

await printWhenRunAlone(import.meta.url, bench);
