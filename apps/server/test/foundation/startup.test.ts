/**
 * Start-up on an empty database: migrate and seed once. On PostgreSQL two servers starting together on
 * one empty database must seed one organisation, not two (they share the start-up lock).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows } from '../../src/db/client';
import { prepareDatabase } from '../../src/seed';
import { testConfig } from '../helpers';

const COUNTED = ['organisation', 'units', 'roles', 'users', 'menus', 'role_menu_access', 'employees'] as const;

async function counts(database: Database) {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    out[table] = row.n;
  }
  return out;
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('start-up', () => {
  it.skipIf(!!pgUrl)('migrates and seeds an empty embedded database once; a second start changes nothing', async () => {
    const database = await createDatabase(testConfig(), { pgliteDataDir: 'memory://' });
    try {
      await prepareDatabase(database, { today: '2026-11-24' });
      const first = await counts(database);
      expect(first.organisation).toBe(1);
      expect(first.users).toBeGreaterThan(3);
      await prepareDatabase(database, { today: '2026-11-24' });
      expect(await counts(database)).toEqual(first);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!pgUrl)(
    'two servers starting together on one empty PostgreSQL seed one organisation',
    async () => {
      const name = `hr_test_${process.pid}_start_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(pgUrl as string);
      url.pathname = `/${name}`;
      const config = testConfig();
      const a = await createDatabase(config, { connectionString: url.toString(), poolMax: 3 });
      const b = await createDatabase(config, { connectionString: url.toString(), poolMax: 3 });
      try {
        await Promise.all([prepareDatabase(a, { today: '2026-11-24' }), prepareDatabase(b, { today: '2026-11-24' })]);
        const after = await counts(a);
        expect(after.organisation).toBe(1);
        const [admins] = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from users where user_name = 'admin'`);
        expect(admins.n).toBe(1);
        // A third start on the seeded database only applies release data: nothing doubles.
        await prepareDatabase(b, { today: '2026-11-24' });
        expect(await counts(b)).toEqual(after);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
