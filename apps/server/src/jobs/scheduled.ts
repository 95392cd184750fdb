// The jobs runner's own clean-up, declared and scheduled in the jobs area's manifest (modules/jobs/module.ts)
// like every area's jobs (lib/module.ts; modules/index.ts collects them).

import { z } from 'zod';
import { defineJob, failUndeclaredJobs, pruneJobs } from './runner';

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
