// Two API nodes as two real server processes (issue 29): this run's server bundle started twice, on two ports, on one
// PostgreSQL database and one S3-compatible bucket (s3rver, started here). A document uploaded through A downloads
// through B; failed sign-ins counted on A hold on B; a session signed out on A is refused on B; a salary run started on
// A whose process is killed with SIGKILL inside its saving transaction is finished by B once A's job lease lapses,
// exactly once (one run, its slips once). Needs PostgreSQL: two processes cannot share an embedded database.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Database, queryRows } from '../../src/db/client';
import { departments, designations, employeeDocTypes, employees, payrollRuns, salaryStructures, units } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { createStorage } from '../../src/lib/storage';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { type ServerProcess, serverProcess, waitFor } from '../crash/server-process';
import { multipart, PDF } from '../employees/fixtures';
import { createTestDatabase } from '../helpers';
import { type S3Server, startS3Server } from './s3-server';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('SKIPPED: two server processes need a shared PostgreSQL (set TEST_DATABASE_URL)');

const N = 300;

describe.skipIf(!pgUrl)('two server processes on one PostgreSQL and one bucket', () => {
  let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let s3: S3Server;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    fresh = await createTestDatabase();
    database = fresh.database;
    s3 = await startS3Server(['hr-two-processes']);
    const url = (database.client as pg.Pool).options.connectionString as string;
    env = {
      DATABASE_URL: url,
      DATABASE_POOL_MAX: '4',
      FILE_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'hr-two-processes',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '2',
      JOB_LEASE_SECONDS: '2',
      LOG_LEVEL: 'warn',
    };
    // A holds its salary run's saving transaction open (the crash tests' fault-injection point) until it is killed.
    a = await serverProcess('hr-node-a-', { ...env, HR_TEST_PAYROLL_SAVE_DELAY_MS: '900000' });
    b = await serverProcess('hr-node-b-', env);
    await Promise.all([a.start(240_000), b.start(240_000)]);
  }, 600_000);

  afterAll(async () => {
    a?.dispose();
    b?.dispose();
    await s3?.close();
    await fresh?.close();
  });

  const call = (node: ServerProcess, token: string, p: string, init: RequestInit = {}) =>
    fetch(`${node.url}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const signInAs = (node: ServerProcess, userName: string, password: string) =>
    fetch(`${node.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });

  it('they are two processes on two ports', () => {
    expect(a.pid).toBeDefined();
    expect(b.pid).toBeDefined();
    expect(a.pid).not.toBe(b.pid);
    expect(a.url).not.toBe(b.url);
  });

  it('a document uploaded through A downloads through B, with the same headers', async () => {
    const tokenA = await a.signIn('employee1');
    const me = (await (await call(a, tokenA, '/api/me/employee')).json()) as { id: number };
    const [pan] = await queryRows<{ id: number }>(database.db, sql`select id from ${employeeDocTypes} where code = 'PAN'`);
    const body = multipart({ name: 'pan card.pdf', type: 'application/pdf', data: PDF });
    const up = await call(a, tokenA, `/api/employees/${me.id}/documents?docTypeId=${pan.id}`, {
      method: 'POST',
      body: body.payload,
      headers: body.headers,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const [row] = await queryRows<{ id: number; key: string }>(
      database.db,
      sql`select id, storage_key as key from employee_documents where employee_id = ${me.id} and doc_type_id = ${pan.id}`,
    );
    // In the bucket, not on A's disk (B could not read A's disk).
    expect(await createStorage(loadConfig(env)).exists(row.key)).toBe(true);

    const tokenB = await b.signIn('employee1');
    const res = await call(b, tokenB, `/api/employee-documents/${row.id}/download`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(String(res.headers.get('content-disposition'))).toMatch(/^attachment; filename="pan card\.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(String(res.headers.get('cache-control'))).toMatch(/no-store/);
  });

  it('failed sign-ins counted on A hold on B (SIGNIN_MAX_FAILURES_PER_ACCOUNT=2)', async () => {
    for (let i = 0; i < 2; i++) expect((await signInAs(a, 'payroll', 'not-the-password-1')).status).toBe(401);
    const onB = await signInAs(b, 'payroll', 'not-the-password-1');
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a session signed out on A is refused on B', async () => {
    const token = await a.signIn('admin');
    expect((await call(b, token, '/api/auth/me')).status).toBe(200);
    expect((await call(a, token, '/api/auth/sign-out', { method: 'POST' })).status).toBeLessThan(300);
    expect((await call(b, token, '/api/auth/me')).status).toBe(401);
  });

  it('a salary run started on A and killed with SIGKILL is finished by B once the lease lapses, exactly once', async () => {
    // A unit of N people with salary structures and a draft run of its own.
    const [state] = await queryRows<{ id: number }>(database.db, sql`select id from states where name = 'Maharashtra'`);
    const [u] = await database.db
      .insert(units)
      .values({ name: 'Two Nodes Campus', code: 'TWO-01', city: 'Pune', stateName: 'Maharashtra', stateId: state.id })
      .returning();
    const departmentIds = (await database.db.select({ id: departments.id }).from(departments)).map((d) => d.id);
    const designationIds = (await database.db.select({ id: designations.id }).from(designations)).map((d) => d.id);
    const rows = Array.from({ length: N }, (_, i) => {
      const { aadhaarFull: _a, ...v } = demoEmployee(i + 1, { unitIds: [u.id], departmentIds, designationIds }, 'TWO', 9);
      return { ...v, status: 'active', dateOfJoining: '2020-01-01' };
    });
    const ids = await bulkInsert(database.db, employees, rows, { returning: ['id'] });
    await bulkInsert(
      database.db,
      salaryStructures,
      ids.map((e, i) => ({
        employeeId: e.id,
        effectiveFrom: '2020-01',
        amounts: { 1: 2_000_000 + i * 100, 2: 200_000, 3: 800_000, 4: 160_000 },
      })),
    );
    const [draft] = await queryRows<{ year: number; month: number }>(
      database.db,
      sql`select year, month from payroll_runs where status = 'draft' limit 1`,
    );
    const [run] = await database.db.insert(payrollRuns).values({ unitId: u.id, year: draft.year, month: draft.month }).returning();

    // B is stopped while A takes the job, so that A (not B) is the node that runs it.
    await b.kill('SIGTERM');
    const token = await a.signIn('admin');
    const started = await call(a, token, `/api/payroll/runs/${run.id}/process`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };
    const job = async () =>
      (
        await queryRows<{ state: string; attempts: number; lockedBy: string | null; message: string; error: string | null }>(
          database.db,
          sql`select state, attempts, locked_by as "lockedBy", progress_message as message, error from jobs where id = ${jobId}`,
        )
      )[0];
    // A is inside its saving transaction: the job is A's, says it is saving, and one of A's connections is idle in
    // a transaction (the fault-injection point holds it open).
    const inside = await waitFor(
      async () => {
        const j = await job();
        const [t] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
        );
        return { ...j, idleInTransaction: t.n };
      },
      (j) => (j.state !== 'queued' && j.state !== 'running' ? true : j.message.startsWith('Saving') && j.idleInTransaction > 0),
      { ms: 240_000, everyMs: 100 },
    );
    expect(inside.state, JSON.stringify(inside)).toBe('running');
    expect(inside.lockedBy).toContain(`:${a.pid}:`);
    expect(inside.message).toMatch(/^Saving/);
    expect(inside.idleInTransaction).toBeGreaterThan(0);

    // B comes back while A still holds the lease (A renews it): B leaves the job alone.
    await b.start(240_000);
    expect((await job()).lockedBy).toContain(`:${a.pid}:`);

    await a.kill('SIGKILL');
    const done = await waitFor(job, (j) => j.state === 'succeeded' || j.state === 'failed', { ms: 240_000, everyMs: 200 });
    expect(done.state, `${JSON.stringify(done)}\n${b.output}`).toBe('succeeded');
    expect(done.attempts).toBe(2);
    expect(done.lockedBy).toBeNull();

    // Exactly once: one run for the unit's month, processed, each employee's slip once, the totals the slips' sums.
    const [after] = await queryRows<{ runs: number; status: string; count: number; slips: number; people: number; netOk: boolean }>(
      database.db,
      sql`select (select count(*)::int from payroll_runs where unit_id = ${u.id} and year = ${draft.year} and month = ${draft.month}) as runs,
                 r.status, r.employee_count as count,
                 (select count(*)::int from salary_slips s where s.run_id = r.id) as slips,
                 (select count(distinct s.employee_id)::int from salary_slips s where s.run_id = r.id) as people,
                 r.net = (select sum(s.net) from salary_slips s where s.run_id = r.id) as "netOk"
          from payroll_runs r where r.id = ${run.id}`,
    );
    expect(after).toEqual({ runs: 1, status: 'processed', count: N, slips: N, people: N, netOk: true });

    // B answers for the run it finished.
    const tokenB = await b.signIn('admin');
    const seen = (await (await call(b, tokenB, `/api/payroll/runs/${run.id}`)).json()) as { status: string; employeeCount: number };
    expect(seen).toMatchObject({ status: 'processed', employeeCount: N });
  }, 600_000);
});
