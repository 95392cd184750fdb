// What one runner writes to the jobs table: claiming the next due job (or one whose runner's lease lapsed), and
// updating a claimed job only while this runner still holds it (finishing, releasing, extending the lease).
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export interface Lease {
  /**
   * Claims the next due job this runner runs (one of `names`); null when none is due. A job of another name is left
   * queued for a runner that declares it (a newer node in a rolling deploy); `failUndeclaredJobs` ends one nobody takes.
   */
  claim(): Promise<JobRow | null>;
  /** The condition "this runner still holds the job" (the only updates a runner makes to a claimed job). */
  mine(jobId: number): ReturnType<typeof and>;
  /** Ends the runner's hold with the job's final (or queued again) state; nothing once the runner was abandoned. */
  finish(jobId: number, set: PgUpdateSetSource<typeof jobs>): Promise<void>;
  /** Gives a claimed job back to the queue without using up an attempt (the server is stopping). */
  release(jobId: number): Promise<void>;
  /** Extends the lease; whether a cancel was requested meanwhile. */
  extend(jobId: number): Promise<boolean>;
}

export function jobLease(db: Db, runnerId: string, leaseMs: number, abandoned: () => boolean, names: readonly string[]): Lease {
  const mine = (jobId: number) => and(eq(jobs.id, jobId), eq(jobs.lockedBy, runnerId), eq(jobs.state, 'running'));
  const finish = async (jobId: number, set: PgUpdateSetSource<typeof jobs>) => {
    if (abandoned()) return;
    await db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null, ...set })
      .where(mine(jobId));
  };
  const declared = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  return {
    mine,
    finish,
    async claim() {
      if (names.length === 0) return null;
      const [row] = await queryRows<JobRow>(
        db,
        sql`
        update jobs set state = 'running', attempts = attempts + 1, locked_by = ${runnerId},
          locked_until = now() + (${leaseMs}::int * interval '1 millisecond'), started_at = coalesce(started_at, now())
        where id = (
          select id from jobs
          where ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
            and name in (${declared})
          order by run_after, id
          for update skip locked
          limit 1)
        returning id, name, data, state, attempts, max_attempts as "maxAttempts", created_by as "createdBy",
          cancel_requested as "cancelRequested"`,
      );
      return row ?? null;
    },
    release: (jobId) =>
      finish(jobId, {
        state: 'queued',
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        runAfter: new Date(),
        progressMessage: 'Interrupted by a server restart; it continues when the server is back',
      }),
    async extend(jobId) {
      const [r] = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
        .where(mine(jobId))
        .returning({ cancel: jobs.cancelRequested });
      return r?.cancel ?? false;
    },
  };
}
