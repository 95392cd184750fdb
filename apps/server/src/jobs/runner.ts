// The one jobs runner: durable background work on a table of our own (schema/jobs.ts), the same on PGlite
// and PostgreSQL. An area defines a job (`defineJob`) and lists it in its manifest (`jobs`), enqueues it with data
// checked by its schema, and the screen follows GET /api/jobs/{id}. See CONVENTIONS.md, "Jobs".
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { appContextOf, inAppContext } from '../app-context';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { jobsByName } from './job-list';
import { type JobRow, jobLease, type Lease } from './lease';
import { JobCancelled, JobInterrupted, type Progress, trackProgress } from './progress';

export { unknownJobError } from './job-list';
export type { JobRow } from './lease';
export { JobCancelled, JobInterrupted, type Progress } from './progress';

/** A failure that retrying cannot fix (bad data): the job fails at once. */
export class JobFailure extends Error {}

export interface JobContext {
  db: Db;
  /** The replica for a job that only reads (a report export; DATABASE_READ_URL), else `db`. Never inside a transaction of `db`. */
  readDb: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  jobId: number;
  attempt: number;
  createdBy: number | null;
  /** The names of the jobs this runner runs (its manifests' `jobs`). */
  declaredJobs: readonly string[];
  /**
   * Marks the job succeeded inside the caller's own transaction, so its work and its completion commit
   * together: a runner that dies after the commit leaves a finished job, never one that runs twice.
   * Throws (rolling the work back) when this runner no longer holds the job.
   */
  completeIn(tx: Tx, result: unknown): Promise<void>;
}

export interface JobDefinition<T> {
  name: string;
  schema: z.ZodType<T>;
  /** Attempts before the job fails for good (default 3). */
  maxAttempts?: number;
  /** Delay before attempt n + 1 after a failure (default 2^n seconds, at most 5 minutes). */
  backoffMs?: (attempt: number) => number;
  /** Whether the user may cancel it while it runs (the job must call progress.set / checkCancelled). */
  cancellable?: boolean;
  run(ctx: JobContext, data: T, progress: Progress): Promise<unknown>;
}

/** Any job, whatever its data (what a manifest's `jobs` list and the runner hold). */
export type AnyJob = JobDefinition<any>;

/**
 * Declares a job; returns it for `enqueue`. Nothing is registered: the area lists it in its manifest's `jobs`
 * (lib/module.ts), and the runner built by buildApp runs the jobs of every manifest.
 */
export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}

export interface EnqueueOptions {
  createdBy?: number | null;
  runAfter?: Date;
  /** At most one queued or running job with this key (scheduled work); a second enqueue is skipped. */
  singletonKey?: string;
}

/** Queues a job (validated by its schema); returns its id, or null when a singleton is already queued. */
export async function enqueue<T>(db: Db | Tx, def: JobDefinition<T>, data: T, opts: EnqueueOptions = {}): Promise<number | null> {
  const parsed = def.schema.parse(data);
  const [row] = await db
    .insert(jobs)
    .values({
      name: def.name,
      data: parsed as unknown as Record<string, unknown>,
      maxAttempts: def.maxAttempts ?? 3,
      cancellable: def.cancellable ?? false,
      createdBy: opts.createdBy ?? null,
      singletonKey: opts.singletonKey ?? null,
      ...(opts.runAfter ? { runAfter: opts.runAfter } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Asks a job to stop; true when the request was recorded (or a queued job was cancelled outright). */
export async function requestCancel(db: Db, id: number): Promise<'cancelled' | 'requested' | 'not-cancellable' | 'finished'> {
  const [queued] = await db
    .update(jobs)
    .set({ state: 'cancelled', cancelRequested: true, finishedAt: sql`now()`, progressMessage: 'Cancelled before it started' })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued'), eq(jobs.cancellable, true)))
    .returning({ id: jobs.id });
  if (queued) return 'cancelled';
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.cancellable, true)))
    .returning({ id: jobs.id });
  if (running) return 'requested';
  const [row] = await db.select({ state: jobs.state, cancellable: jobs.cancellable }).from(jobs).where(eq(jobs.id, id));
  return row && !row.cancellable && (row.state === 'queued' || row.state === 'running') ? 'not-cancellable' : 'finished';
}

export interface Schedule {
  /** A job enqueued with the data {} (its fields all optional, e.g. session pruning; the leave poster's `asOf`). */
  job: JobDefinition<Record<string, never>> | JobDefinition<{ [k: string]: unknown }>;
  everyMs: number;
}

export interface RunnerOptions {
  db: Db;
  /** The replica (DATABASE_READ_URL); default `db`. */
  readDb?: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The jobs this runner runs (buildApp: every manifest's `jobs`); a due job of another name is left queued for a runner that declares it
   *  (`failUndeclaredJobs` ends one nobody takes). */
  jobs: readonly AnyJob[];
  /** How long a claimed job stays ours without a heartbeat (default 60 s). */
  leaseMs?: number;
  /** Idle polling interval (default 1 s). */
  pollMs?: number;
  schedules?: Schedule[];
}

export interface JobRunner {
  readonly id: string;
  /** Starts polling (and the schedules). */
  start(): void;
  /** Polls at once (after an enqueue in this process). */
  kick(): void;
  /** Claims and runs jobs until none is due; returns how many ran. For tests and the CLI. */
  drain(): Promise<number>;
  /**
   * Stops polling and taking jobs; the running job is interrupted at its next `progress.set` / `checkCancelled`
   * (back to the queue) or finishes. Waits for it at most `waitMs`: a job still running then is left to run
   * on, unreleased, and is taken up again when its lease lapses (as after a crash); false in that case.
   */
  stop(waitMs?: number): Promise<boolean>;
  /** Stops at once without finishing or releasing the running job (what a crash does; tests). */
  abandon(): void;
}

const backoff = (attempt: number) => Math.min(300_000, 1000 * 2 ** attempt);

/** What a failed run writes: back to the queue after the back-off, or failed for good (bad data, or the last attempt). */
function failureOf(err: unknown, row: JobRow, def: JobDefinition<unknown>, log: FastifyBaseLogger): PgUpdateSetSource<typeof jobs> {
  const message = err instanceof Error ? err.message : String(err);
  const final = err instanceof JobFailure || row.attempts >= row.maxAttempts;
  log.warn({ err, attempt: row.attempts, final }, 'job failed');
  return final
    ? { state: 'failed', finishedAt: new Date(), error: message.slice(0, 2000) }
    : { state: 'queued', error: message.slice(0, 2000), runAfter: new Date(Date.now() + (def.backoffMs ?? backoff)(row.attempts)) };
}

/** Waits for `work` at most `waitMs` (forever when infinite); whether it finished. */
async function within(work: Promise<unknown>, waitMs: number): Promise<boolean> {
  if (waitMs === Number.POSITIVE_INFINITY) {
    await work;
    return true;
  }
  let wait: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    work.then(() => true),
    new Promise<boolean>((resolve) => {
      wait = setTimeout(() => resolve(false), waitMs);
    }),
  ]);
  clearTimeout(wait);
  return finished;
}

interface RunState {
  abandoned: boolean;
  /** Set by stop(): the running job stops at its next progress point. */
  stopping: boolean;
}

/** Runs one claimed job to its end: succeeded (unless it completed in its own transaction), failed, queued again, cancelled or released. */
async function runJob(
  opts: RunnerOptions,
  lease: Lease,
  state: RunState,
  row: JobRow,
  leaseMs: number,
  def: JobDefinition<unknown>,
): Promise<void> {
  if (row.attempts > row.maxAttempts) {
    // Claimed again after its runner died on the last attempt: give up rather than loop.
    await lease.finish(row.id, {
      state: 'failed',
      finishedAt: new Date(),
      error: `Stopped after ${row.maxAttempts} attempts (the server stopped during the run)`,
    });
    return;
  }
  const { db } = opts;
  const tracker = trackProgress({
    db,
    row,
    cancellable: def.cancellable ?? false,
    lease,
    leaseMs,
    log: opts.log,
    abandoned: () => state.abandoned,
    stopping: () => state.stopping,
  });
  let completed = false;
  const ctx: JobContext = {
    db,
    readDb: opts.readDb ?? db,
    config: opts.config,
    log: opts.log.child({ jobId: row.id, job: row.name }),
    jobId: row.id,
    attempt: row.attempts,
    createdBy: row.createdBy,
    declaredJobs: opts.jobs.map((j) => j.name),
    async completeIn(tx, result) {
      const done = await tx
        .update(jobs)
        .set({
          state: 'succeeded',
          result: result as object,
          finishedAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
          ...tracker.unwritten(),
        })
        .where(lease.mine(row.id))
        .returning({ id: jobs.id });
      if (done.length === 0) throw new Error('This runner no longer holds the job; its work is rolled back');
      completed = true;
    },
  };
  try {
    // The job runs in its app's context (zone, password minimum, mail: lib/app-context.ts). Its mail needs no kick:
    // the runner polls again as soon as a job ends.
    const result = await inAppContext(appContextOf(opts.config), () => def.run(ctx, def.schema.parse(row.data), tracker.progress));
    if (!completed)
      await lease.finish(row.id, {
        state: 'succeeded',
        result: (result ?? null) as object,
        finishedAt: new Date(),
        ...tracker.unwritten(),
      });
  } catch (err) {
    if (state.abandoned) return;
    if (err instanceof JobInterrupted) {
      ctx.log.info('job interrupted by the server stopping; back in the queue');
      await lease.release(row.id);
    } else if (err instanceof JobCancelled) {
      await lease.finish(row.id, { state: 'cancelled', finishedAt: new Date(), progressMessage: 'Cancelled' });
    } else {
      await lease.finish(row.id, failureOf(err, row, def, ctx.log));
    }
  } finally {
    tracker.close();
  }
}

export function createJobRunner(opts: RunnerOptions): JobRunner {
  const { db, log } = opts;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 1000;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let scheduleTimers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> | null = null;
  let stopped = true;
  const state: RunState = { abandoned: false, stopping: false };
  const definitions = jobsByName(opts.jobs, opts.schedules ?? []);
  const lease = jobLease(db, id, leaseMs, () => state.abandoned, [...definitions.keys()]);

  async function tick(): Promise<boolean> {
    // The claim is part of the work stop() waits for: a job claimed while stopping goes straight back.
    const work = (async () => {
      const row = await lease.claim();
      if (!row) return false;
      const def = definitions.get(row.name);
      if (state.stopping || !def) await lease.release(row.id);
      else await runJob(opts, lease, state, row, leaseMs, def);
      return true;
    })();
    running = work;
    try {
      return await work;
    } finally {
      running = null;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (stopped || running) return;
      let found = false;
      try {
        found = await tick();
      } catch (err) {
        log.warn({ err }, 'job runner poll failed');
      }
      schedule(found ? 0 : pollMs);
    }, delay);
    timer.unref();
  }

  /** Scheduled enqueues in flight: stop() waits for them, so nothing is written after it returns. */
  const enqueuing = new Set<Promise<void>>();
  function enqueueScheduled(s: Schedule) {
    if (stopped) return;
    const p = (async () => {
      try {
        await enqueue(db, s.job, {}, { singletonKey: s.job.name });
        schedule(0);
      } catch (err) {
        log.warn({ err, job: s.job.name }, 'scheduling a job failed');
      }
    })();
    enqueuing.add(p);
    void p.finally(() => enqueuing.delete(p));
  }

  function stopTimers() {
    stopped = true;
    clearTimeout(timer);
    for (const t of scheduleTimers) clearInterval(t);
    scheduleTimers = [];
  }

  return {
    id,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
      for (const s of opts.schedules ?? []) {
        enqueueScheduled(s);
        const t = setInterval(() => enqueueScheduled(s), s.everyMs);
        t.unref();
        scheduleTimers.push(t);
      }
    },
    kick() {
      if (!stopped && !running) schedule(0);
    },
    async drain() {
      let n = 0;
      while (await tick()) n++;
      return n;
    },
    async stop(waitMs = Number.POSITIVE_INFINITY) {
      state.stopping = true;
      stopTimers();
      // A scheduled enqueue in flight is one insert: waited for (within waitMs), so nothing is written after stop.
      if (enqueuing.size) await within(Promise.all([...enqueuing]), waitMs);
      const current = running?.catch(() => undefined);
      if (!current) return true;
      const finished = await within(current, waitMs);
      if (!finished) log.warn({ waitMs }, 'a job did not stop in time; it is taken up again when its lease lapses');
      return finished;
    },
    abandon() {
      state.abandoned = true;
      stopTimers();
    },
  };
}

/** The jobs a user may see: their own; administrators see all. */
export async function readJob(db: Db, jobId: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}

/** Forgets finished jobs older than `days` (scheduled clean-up). */
