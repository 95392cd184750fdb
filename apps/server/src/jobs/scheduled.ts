// The jobs runner's own clean-up, declared and scheduled in the jobs area's manifest (modules/jobs/module.ts)
// like every area's jobs (lib/module.ts; modules/index.ts collects them).

import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { unknownJobError } from './job-list';
import { defineJob } from './runner';

export const ZNoJobData = z.object({}).strict() as z.ZodType<Record<string, never>>;

/** Forgets finished jobs after 30 days, and fails the queued ones no runner has declared for 7 days (failUndeclaredJobs). */
export const pruneJobsJob = defineJob({
  name: 'jobs.prune',
  schema: ZNoJobData,
  maxAttempts: 1,
  async run(ctx) {
    await failUndeclaredJobs(ctx.db, ctx.declaredJobs, 7);
    await pruneJobs(ctx.db, 30);
    return null;
  },
});

/**
 * Fails the queued jobs that no runner has declared (`declared`: this version's jobs) and that have been due for more
 * than `days` days, and the running ones whose runner's lease lapsed that long ago: a job of a version no longer
 * deployed, which no runner will take (the runners leave a job they do not run to a newer node of a rolling deploy).
 */
export async function failUndeclaredJobs(db: Db, declared: readonly string[], days = 7): Promise<number> {
  const stale = and(
    or(
      and(eq(jobs.state, 'queued'), sql`${jobs.runAfter} < now() - (${days}::int * interval '1 day')`),
      // taken by a runner that then stopped, and no runner left that may take it up again after its lease
      and(eq(jobs.state, 'running'), sql`${jobs.lockedUntil} < now() - (${days}::int * interval '1 day')`),
    ),
    declared.length ? notInArray(jobs.name, [...declared]) : undefined,
  );
  let failed = 0;
  for (const { name } of await db.selectDistinct({ name: jobs.name }).from(jobs).where(stale)) {
    const rows = await db
      .update(jobs)
      .set({ state: 'failed', finishedAt: new Date(), lockedBy: null, lockedUntil: null, error: unknownJobError(name) })
      .where(and(stale, eq(jobs.name, name)))
      .returning({ id: jobs.id });
    failed += rows.length;
  }
  return failed;
}

export async function pruneJobs(db: Db, days = 30): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(inArray(jobs.state, ['succeeded', 'failed', 'cancelled']), sql`${jobs.finishedAt} < now() - (${days}::int * interval '1 day')`),
    );
}
