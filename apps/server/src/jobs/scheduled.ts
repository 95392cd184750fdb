// The jobs runner's own scheduled work; every area adds its schedules in its manifest (lib/module.ts,
// modules/index.ts collects them).

import { z } from 'zod';
import { defineJob, pruneJobs, type Schedule } from './runner';

export const ZNoJobData = z.object({}).strict() as z.ZodType<Record<string, never>>;

/** Forgets finished jobs after 30 days. */
export const pruneJobsJob = defineJob({
  name: 'jobs.prune',
  schema: ZNoJobData,
  maxAttempts: 1,
  async run(ctx) {
    await pruneJobs(ctx.db, 30);
    return null;
  },
});

export const runnerSchedules: Schedule[] = [{ job: pruneJobsJob, everyMs: 86_400_000 }];
