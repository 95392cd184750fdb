// The jobs runner on the real database: retries with backoff, progress and cancel through the API and only
// for the job's starter (and administrators), a job taken up again after its runner died completes exactly
// once, and two runners never run one job twice.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/client';
import { jobs } from '../../src/db/schema';
import { type AnyJob, createJobRunner, defineJob, enqueue, JobFailure, type RunnerOptions, unknownJobError } from '../../src/jobs/runner';
import { JOBS, SCHEDULES } from '../../src/modules';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let adminId = 0;
const log = pino({ level: 'silent' });

const ZCount = z.object({ key: z.string() });

/** Side effects of the test jobs: one row per completed run, written in the job's own transaction. */
async function runsOf(key: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from job_test_runs where key = ${key}`);
  return r.n;
}

let flaky = 0;
const flakyJob = defineJob({
  name: 'test.flaky',
  schema: ZCount,
  maxAttempts: 3,
  backoffMs: () => 0,
  async run() {
    flaky++;
    throw new Error(`flaky failure ${flaky}`);
  },
});

const badDataJob = defineJob({
  name: 'test.badData',
  schema: ZCount,
  maxAttempts: 5,
  backoffMs: () => 0,
  async run() {
    throw new JobFailure('The data cannot be processed');
  },
});

/** Gates: a run of `key` waits until the test opens its gate (only the first attempt waits). */
const gates = new Map<string, { open: () => void; wait: Promise<void>; reached: Promise<void>; reach: () => void }>();
function gate(key: string) {
  let open!: () => void;
  let reach!: () => void;
  const wait = new Promise<void>((r) => {
    open = r;
  });
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  gates.set(key, { open, wait, reached, reach });
  return gates.get(key)!;
}

const countedJob = defineJob({
  name: 'test.counted',
  schema: ZCount,
  cancellable: true,
  async run(ctx, data, progress) {
    await progress.set(1, 4, 'Started');
    const g = gates.get(data.key);
    if (g && ctx.attempt === 1) {
      g.reach();
      await g.wait;
    }
    await progress.checkCancelled();
    await progress.set(2, 4, 'Working');
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_test_runs (key, attempt) values (${data.key}, ${ctx.attempt})`);
      await ctx.completeIn(tx, { key: data.key, attempt: ctx.attempt });
    });
  },
});

/** The test's jobs are declared to its runners, as an area declares its jobs in its manifest (the app's runner knows none of them). */
const testJobs: AnyJob[] = [flakyJob, badDataJob, countedJob];
const runnerOf = (opts: Partial<RunnerOptions> = {}) =>
  createJobRunner({ db: t.db, config: t.config, log, ...opts, jobs: [...JOBS, ...testJobs, ...(opts.jobs ?? [])] });

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  adminId = (await admin.get('/api/auth/me')).json().acc_dtls.userId;
  await t.db.execute(sql`create table job_test_runs (key text not null, attempt int not null)`);
});
afterAll(() => t?.close());

const jobRow = async (id: number) => (await t.db.select().from(jobs).where(sql`${jobs.id} = ${id}`))[0];

describe('retries', () => {
  it('retries a failing job with backoff, then fails it with the last error', async () => {
    const id = (await enqueue(t.db, flakyJob, { key: 'f' }, { createdBy: adminId }))!;
    const runner = runnerOf();
    expect(await runner.drain()).toBe(3);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, error: 'flaky failure 3' });
    expect(row.finishedAt).not.toBeNull();
  });

  it('waits for the backoff before the next attempt', async () => {
    const slow = defineJob({ ...flakyJob, name: 'test.slowRetry', backoffMs: () => 60_000 });
    const id = (await enqueue(t.db, slow, { key: 's' }))!;
    const runner = runnerOf({ jobs: [slow] });
    expect(await runner.drain()).toBe(1);
    const row = await jobRow(id);
    expect(row.state).toBe('queued');
    expect(row.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('does not retry a failure that retrying cannot fix', async () => {
    const id = (await enqueue(t.db, badDataJob, { key: 'b' }))!;
    await runnerOf().drain();
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 1, error: 'The data cannot be processed' });
  });

  it('refuses data its schema refuses, before queueing', async () => {
    await expect(enqueue(t.db, countedJob, { key: 5 } as unknown as { key: string })).rejects.toThrow();
  });
});

describe('following a job through the API', () => {
  it('shows progress and the result to its starter and administrators, and to nobody else', async () => {
    const managerId = (await manager.get('/api/auth/me')).json().acc_dtls.userId;
    const id = (await enqueue(t.db, countedJob, { key: 'api' }, { createdBy: managerId }))!;
    const queued = await manager.get(`/api/jobs/${id}`);
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toMatchObject({ id, state: 'queued', progress: { done: 0, total: 0 }, cancellable: true });
    await runnerOf().drain();
    const done = (await manager.get(`/api/jobs/${id}`)).json();
    expect(done).toMatchObject({
      state: 'succeeded',
      progress: { done: 2, total: 4, message: 'Working' },
      result: { key: 'api', attempt: 1 },
    });
    expect((await admin.get(`/api/jobs/${id}`)).statusCode).toBe(200);
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await employee.get(`/api/jobs/${id}`)).statusCode).toBe(404);
    expect((await employee.post(`/api/jobs/${id}/cancel`)).statusCode).toBe(404);
    expect((await api(t.app).get(`/api/jobs/${id}`)).statusCode).toBe(401);
    expect((await admin.get('/api/jobs/99999999')).statusCode).toBe(404);
    expect((await admin.get('/api/jobs/abc')).statusCode).toBe(400);
    // Finished: nothing to cancel.
    expect((await manager.post(`/api/jobs/${id}/cancel`)).statusCode).toBe(409);
  });

  it('cancels a queued job at once, and a running one at its next progress step', async () => {
    const queued = (await enqueue(t.db, countedJob, { key: 'cq' }, { createdBy: adminId }))!;
    const res = await admin.post(`/api/jobs/${queued}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('cancelled');

    const g = gate('cr');
    const running = (await enqueue(t.db, countedJob, { key: 'cr' }, { createdBy: adminId }))!;
    const runner = runnerOf();
    const drained = runner.drain();
    await g.reached;
    const asked = await admin.post(`/api/jobs/${running}/cancel`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'running', cancelRequested: true });
    g.open();
    await drained;
    expect(await jobRow(running)).toMatchObject({ state: 'cancelled' });
    expect(await runsOf('cr')).toBe(0);
  });

  it('refuses to cancel a job that does not allow it (409)', async () => {
    const id = (await enqueue(t.db, flakyJob, { key: 'nc' }, { createdBy: adminId }))!;
    expect((await admin.post(`/api/jobs/${id}/cancel`)).statusCode).toBe(409);
    await t.db.delete(jobs).where(sql`${jobs.id} = ${id}`);
  });
});

describe('durability', () => {
  it('a job whose runner died is taken up after its lease and completes exactly once', async () => {
    const g = gate('crash');
    const id = (await enqueue(t.db, countedJob, { key: 'crash' }))!;
    // A lease of 5 s, renewed every 1.7 s: a loaded machine's pauses do not end it early (one of 300 ms did), and the
    // second runner takes the job once it has run out.
    const first = runnerOf({ leaseMs: 5_000 });
    const firstRun = first.drain();
    await g.reached;
    // The process "dies": it stops renewing its lease and writes nothing more.
    first.abandon();
    const second = runnerOf({ leaseMs: 5_000 });
    expect(await second.drain()).toBe(0); // still leased
    let taken = 0;
    for (const deadline = Date.now() + 120_000; taken === 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 250));
      taken = await second.drain();
    }
    expect(taken).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 2, result: { key: 'crash', attempt: 2 } });
    // The dead runner's job body wakes up: its work is rolled back, as it no longer holds the job.
    g.open();
    await firstRun.catch(() => undefined);
    expect(await runsOf('crash')).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('two runners on one database never run one job twice', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `pair-${i}`);
    for (const key of keys) await enqueue(t.db, countedJob, { key });
    const a = runnerOf();
    const b = runnerOf();
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(40);
    const rows = await queryRows<{ key: string; n: number }>(
      t.db,
      sql`select key, count(*)::int as n from job_test_runs where key like 'pair-%' group by key`,
    );
    expect(rows.length).toBe(40);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});

describe('scheduled work', () => {
  it('session pruning runs as a scheduled job, one pending at a time', async () => {
    await t.db.execute(sql`insert into sign_in_attempts (user_key, ip, at) values ('old-attempt', '10.0.0.1', now() - interval '2 days')`);
    const runner = runnerOf({ pollMs: 60_000, schedules: SCHEDULES });
    runner.start();
    runner.start();
    await runner.stop();
    // stop() waits for the schedules' enqueues in flight: the job is there (queued, or already run) when it returns.
    const all = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jobs where name = 'auth.pruneSessions'`);
    expect(all[0].n).toBeGreaterThanOrEqual(1);
    const pending = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where name = 'auth.pruneSessions' and state in ('queued', 'running')`,
    );
    expect(pending[0].n).toBeLessThanOrEqual(1);
    await runnerOf().drain();
    const left = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sign_in_attempts where user_key = 'old-attempt'`);
    expect(left[0].n).toBe(0);
  });
});

describe('declared jobs', () => {
  it('leaves a due job no runner declares queued for a runner that does (a rolling deploy), and fails it after a week', async () => {
    let ran = 0;
    const undeclared = defineJob({
      name: 'test.undeclared',
      schema: ZCount,
      async run() {
        ran++;
      },
    });
    const id = (await enqueue(t.db, undeclared, { key: 'u' }))!;
    // The app's runner (buildApp) knows the manifests' jobs only: it does not claim this one.
    expect(await t.app.jobs.drain()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0, error: null });
    expect(ran).toBe(0);
    // A runner of a newer version, which declares it, runs it.
    expect(await runnerOf({ jobs: [undeclared] }).drain()).toBeGreaterThanOrEqual(1);
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(ran).toBe(1);

    // One nobody runs: the daily clean-up fails it once it has been due for over 7 days, saying why; not before.
    const stale = (await enqueue(t.db, undeclared, { key: 'stale' }))!;
    const recent = (await enqueue(t.db, undeclared, { key: 'recent' }))!;
    await t.db.execute(sql`update jobs set run_after = now() - interval '8 days' where id = ${stale}`);
    await t.db.execute(sql`update jobs set run_after = now() - interval '6 days' where id = ${recent}`);
    // Taken by a newer node that stopped mid-run (rolled back): its lease lapsed 8 days ago, and no runner here may take it.
    const orphan = (await enqueue(t.db, undeclared, { key: 'orphan' }))!;
    await t.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_by = 'gone', locked_until = now() - interval '8 days' where id = ${orphan}`,
    );
    const prune = JOBS.find((j) => j.name === 'jobs.prune')!;
    await enqueue(t.db, prune, {});
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await jobRow(stale)).toMatchObject({ state: 'failed', error: unknownJobError('test.undeclared') });
    expect((await jobRow(stale)).error).toBe("No module declares the job 'test.undeclared' (a manifest's jobs); it cannot run");
    expect(await jobRow(orphan)).toMatchObject({ state: 'failed', error: unknownJobError('test.undeclared') });
    expect(await jobRow(recent)).toMatchObject({ state: 'queued', error: null });
    expect(ran).toBe(1);
    await t.db.execute(sql`delete from jobs where id = ${recent}`);
  });

  it('refuses a job name taken twice, and a schedule of a job it does not run, when the runner is built', () => {
    const twin = defineJob({ ...countedJob });
    expect(() => createJobRunner({ db: t.db, config: t.config, log, jobs: [countedJob, twin] })).toThrow(
      "Job 'test.counted' is declared twice",
    );
    // The same definition listed twice is one job.
    expect(() => createJobRunner({ db: t.db, config: t.config, log, jobs: [countedJob, countedJob] })).not.toThrow();
    const scheduled = defineJob({ ...countedJob, name: 'test.scheduled', schema: ZCount.partial() });
    expect(() =>
      createJobRunner({ db: t.db, config: t.config, log, jobs: [countedJob], schedules: [{ job: scheduled, everyMs: 60_000 }] }),
    ).toThrow("Job 'test.scheduled' is scheduled but not in the runner's jobs");
  });

  it("the app's runner runs every manifest's jobs, each name once, scheduled ones among them", () => {
    const names = JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['jobs.prune', 'auth.pruneSessions', 'leave.post', 'payroll.process']));
    for (const s of SCHEDULES) expect(JOBS).toContain(s.job);
  });
});
