// Bulk writes (apps/server/src/lib/bulk.ts): 300,000 rows of 6 columns — about one payroll run's salary
// lines — inserted with bulkInsert into a scratch table, then all updated with bulkUpdate. On an
// embedded, file-backed PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) is set.
// Beside each figure, the floor: the same rows generated inside the database by one SQL statement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type Db } from '../apps/server/src/db/client';
import { bulkInsert, bulkUpdate } from '../apps/server/src/lib/bulk';
import { onEngines, settle } from './lib/harness';
import type { Bench, BenchResult } from './types';

const N = 300_000;
const TABLE = `bench_bulk_lines_${process.pid}`;

// A salary-line-like scratch table: int, bigint, text, paise (bigint), date, boolean.
const lines = pgTable(TABLE, {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  employeeId: integer('employee_id').notNull(),
  headId: bigint('head_id', { mode: 'number' }).notNull(),
  label: text('label').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  periodStart: date('period_start').notNull(),
  isEarning: boolean('is_earning').notNull(),
});

const rows = Array.from({ length: N }, (_, i) => ({
  employeeId: 1 + (i % 20_000),
  headId: 10_000_000_000 + (i % 40),
  label: i % 7 === 0 ? `Arrears "${i % 12}" — ಕನ್ನಡ` : `Basic pay ${i % 40}`,
  amountPaise: 1_234_567 + i * 13,
  periodStart: `2026-${String((i % 12) + 1).padStart(2, '0')}-01`,
  isEarning: i % 5 !== 0,
}));
const updates = Array.from({ length: N }, (_, i) => ({
  id: i + 1,
  label: `Revised ${i % 40}`,
  amountPaise: 2_000_000 + i * 7,
  isEarning: i % 5 === 0,
}));

const secs = (ms: number) => Math.round(ms / 10) / 100;

async function measure(db: Db, engine: string, budgets: { insert: number; update: number }): Promise<BenchResult[]> {
  await db.execute(
    sql.raw(`create table ${TABLE} (id bigserial primary key, employee_id integer not null, head_id bigint not null,
      label text not null, amount_paise bigint not null, period_start date not null, is_earning boolean not null)`),
  );
  try {
    // The floor: the same rows made by the database itself, no transfer at all.
    let t0 = performance.now();
    await db.execute(
      sql.raw(`insert into ${TABLE} (employee_id, head_id, label, amount_paise, period_start, is_earning)
        select 1 + i % 20000, 10000000000 + i % 40, 'Basic pay ' || (i % 40), 1234567 + i * 13,
               date '2026-01-01' + (i % 12) * 30, i % 5 <> 0
        from generate_series(0, ${N - 1}) i`),
    );
    const floorInsert = performance.now() - t0;
    t0 = performance.now();
    await db.execute(sql.raw(`update ${TABLE} set label = 'Revised', amount_paise = amount_paise + 1, is_earning = not is_earning`));
    const floorUpdate = performance.now() - t0;
    await db.execute(sql.raw(`truncate ${TABLE} restart identity`));

    t0 = performance.now();
    const inserted = await bulkInsert(db, lines, rows);
    const insertMs = performance.now() - t0;
    if (inserted !== N) throw new Error(`${engine}: inserted ${inserted} of ${N}`);
    t0 = performance.now();
    const updated = await bulkUpdate(db, lines, updates, { key: 'id', set: ['label', 'amountPaise', 'isEarning'] });
    const updateMs = performance.now() - t0;
    if (updated !== N) throw new Error(`${engine}: updated ${updated} of ${N}`);
    const check = await db.execute<{ n: number; paise: string }>(
      sql.raw(`select count(*)::int as n, sum(amount_paise)::text as paise from ${TABLE} where label like 'Revised %'`),
    );
    const got = (check as unknown as { rows: { n: number; paise: string }[] }).rows[0];
    const want = updates.reduce((s, u) => s + BigInt(u.amountPaise), 0n).toString();
    if (Number(got.n) !== N || got.paise !== want) throw new Error(`${engine}: update check failed ${JSON.stringify(got)}`);

    return [
      {
        name: `${engine}: bulkInsert of 3,00,000 rows × 6 columns (int, bigint, text, paise, date, boolean)`,
        value: secs(insertMs),
        unit: 's',
        budget: budgets.insert,
      },
      { name: `${engine}: bulkUpdate of the 3,00,000 rows (3 columns, by id)`, value: secs(updateMs), unit: 's', budget: budgets.update },
      {
        name: `${engine}: floor — the same 3,00,000 rows inserted by the database itself (generate_series)`,
        value: secs(floorInsert),
        unit: 's',
      },
      { name: `${engine}: floor — the same update done by the database itself (one statement)`, value: secs(floorUpdate), unit: 's' },
    ];
  } finally {
    await db.execute(sql.raw(`drop table if exists ${TABLE}`));
  }
}

const bench: Bench = async () => {
  const results: BenchResult[] = [];
  {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-bulk-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' });
    const database = await createDatabase(config, { pgliteDataDir: path.join(dataDir, 'pglite') });
    try {
      results.push(...(await measure(database.db, 'PGlite', { insert: 8, update: 8 })));
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // PostgreSQL (when BENCH_DATABASE_URL or DATABASE_URL is set): a database of its own, checkpointed and vacuumed first.
  results.push(
    ...(await onEngines(
      'bulk',
      async (database) => {
        await settle(database);
        return measure(database.db, 'PostgreSQL', { insert: 6, update: 6 });
      },
      { pglite: false },
    )),
  );
  return results;
};

export default bench;
