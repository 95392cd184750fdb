// Server-side prepared statements for the hot queries on PostgreSQL (db/prepared.ts). PostgreSQL only: PGlite
// runs in the process and is not given names. And the queries built once per database and key (preparedOnce).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { type PreparedStatementStats, preparedOnce, usePreparedStatements } from '../../src/db/prepared';
import { createTestDatabase } from '../helpers';

describe.runIf(!!process.env.TEST_DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let stats: PreparedStatementStats;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    const url = ((fresh.database as Database).client as pg.Pool).options.connectionString;
    // One connection, so the statements it holds can be listed; a limit of 4 names.
    pool = new pg.Pool({ connectionString: url, max: 1 });
    stats = usePreparedStatements(pool, { limit: 4, hotAfter: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await fresh?.close();
  });

  const held = async () =>
    (await pool.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'hr\\_%'`)).rows.map(
      (r) => r.statement,
    );

  it('names a query with parameters from its second call; the answers are the same', async () => {
    const db = drizzle(pool);
    const byCode = (code: string) => db.execute(sql`select id, code from units where code = ${code}`);
    const first = await byCode('HO-BLR');
    expect(stats.namedCalls).toBe(0);
    const second = await byCode('HO-BLR');
    const other = await byCode('BR-CHN');
    expect(stats.namedCalls).toBe(2);
    expect(second.rows).toEqual(first.rows);
    expect(first.rows).toHaveLength(1);
    expect(other.rows).toHaveLength(1);
    expect(other.rows[0]).not.toEqual(first.rows[0]);
    expect(await held()).toEqual([expect.stringContaining('where code = $1')]);
  });

  it('the pool keeps answering after a named statement fails', async () => {
    const db = drizzle(pool);
    for (let i = 0; i < 3; i++) await expect(db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
    const r = await db.execute(sql`select ${5}::int + 1 as n`);
    expect(r.rows[0].n).toBe(6);
  });

  it('leaves queries without parameters unnamed (BEGIN, scripts of several statements)', async () => {
    const before = stats.namedCalls;
    for (let i = 0; i < 3; i++) await pool.query('select 1; select 2');
    expect(stats.namedCalls).toBe(before);
  });

  it('names no more than its limit, and queries past it still answer', async () => {
    const db = drizzle(pool);
    // Texts that vary with their input: an in-list of 1 … 6 values, each sent three times.
    for (let n = 1; n <= 6; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      for (let k = 0; k < 3; k++) {
        const r = await db.execute(sql`select count(*)::int as n from units where id in ${ids}`);
        expect(r.rows[0].n).toBeLessThanOrEqual(n);
      }
    }
    // one name before (the unit by code), one for the failing statement, two here; then no more
    expect(stats.named).toBe(4);
    // (pg-pool replaces a connection after a query error, so this one holds the two named here)
    expect(await held()).toEqual([expect.stringContaining('in ($1)'), expect.stringContaining('in ($1, $2)')]);
  });
});

describe('preparedOnce', () => {
  it('builds a query once per database and key, each under a statement name given to no other', () => {
    const one = {};
    const other = {};
    const names: string[] = [];
    const build = (name: string) => {
      names.push(name);
      return { name };
    };
    const first = preparedOnce(one, 'employee read', build);
    expect(preparedOnce(one, 'employee read', build)).toBe(first);
    const second = preparedOnce(one, 'menus', build);
    const elsewhere = preparedOnce(other, 'employee read', build);
    expect(second).not.toBe(first);
    expect(elsewhere).not.toBe(first);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    // Never the names usePreparedStatements gives (hr_<n>).
    for (const n of names) expect(n).toMatch(/^hr_q\d+_[A-Za-z0-9_]+$/);
  });
});
