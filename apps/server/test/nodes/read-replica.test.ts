// Read replicas (issue 29): with DATABASE_READ_URL, reports, their exports and the admin dashboard read from the
// streaming replica, and every write (and every read inside a write's transaction) stays on the primary. CI starts a
// real replica of its PostgreSQL (scripts/pg-replica.sh) and sets TEST_DATABASE_READ_URL; without one this file skips.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

const readUrl = process.env.TEST_DATABASE_READ_URL;
if (!readUrl) console.warn('SKIPPED: read-replica tests (no TEST_DATABASE_READ_URL)');

describe.runIf(!!readUrl && !!process.env.TEST_DATABASE_URL)('reports read from the streaming replica', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let replicaUses = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = api(t.app, await signIn(t.app, 'admin'));
    (t.app.readDb as unknown as { $client: pg.Pool }).$client.on('acquire', () => replicaUses++);
  }, 600_000);
  afterAll(() => t?.close());

  const inRecovery = async (db: typeof t.db) => (await queryRows<{ r: boolean }>(db, sql`select pg_is_in_recovery() as r`))[0].r;

  it('the read database is a replica in recovery; the primary is not', async () => {
    expect(t.app.readDb).not.toBe(t.app.db);
    expect(await inRecovery(t.app.readDb)).toBe(true);
    expect(await inRecovery(t.app.db)).toBe(false);
    // Nothing can be written there.
    const refused = await t.app.readDb.execute(sql`update units set name = name`).then(
      () => null,
      (e: { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(refused).toBe('25006'); // read_only_sql_transaction
  });

  it('a report, its export and a dashboard widget are read on the replica', async () => {
    const d = new Date();
    const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
    const month = { year: prev.getUTCFullYear(), month: prev.getUTCMonth() + 1 };
    let before = replicaUses;
    const run = await admin.get('/api/reports/salary-register/run', month);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().rows.length).toBeGreaterThan(0);
    expect(replicaUses).toBeGreaterThan(before);
    before = replicaUses;
    const file = await admin.get('/api/reports/salary-register/export', { ...month, format: 'xlsx' });
    expect(file.statusCode).toBe(200);
    expect(replicaUses).toBeGreaterThan(before);
    before = replicaUses;
    const widget = await admin.get('/api/dashboard/admin/headcount', undefined, { headers: { 'cache-control': 'no-cache' } });
    expect(widget.statusCode).toBe(200);
    expect(widget.json().total).toBeGreaterThan(0);
    expect(replicaUses).toBeGreaterThan(before);
  });

  it('a write goes to the primary and its result is then read on the replica', async () => {
    const created = await admin.post('/api/resources/department', { name: 'Replica Check', code: 'REPCHK' });
    expect(created.statusCode, created.body).toBe(201);
    // The next request waits until the replica has replayed the write (the test helper's hook), then reads it there.
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    const before = replicaUses;
    const rows = await queryRows<{ n: number }>(t.app.readDb, sql`select count(*)::int as n from departments where code = 'REPCHK'`);
    expect(rows[0].n).toBe(1);
    expect(replicaUses).toBeGreaterThan(before);
  });
});
