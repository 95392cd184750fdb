// Scheduled work has one home: each entry is a job the runner enqueues (at most one pending) every so often.
// Leave accrual, device clean-up and e-mail join this list as their areas land.

import { z } from 'zod';
import { pruneAuthTables } from '../modules/auth/prune';
import { leavePostJob } from '../modules/requests/jobs';
import { defineJob, pruneJobs, type Schedule } from './runner';

const ZNone = z.object({}).strict() as z.ZodType<Record<string, never>>;

/** Forgets ended sessions and old failed sign-ins (was a setInterval in main.ts). */
export const pruneSessionsJob = defineJob({
  name: 'auth.pruneSessions',
  schema: ZNone,
  maxAttempts: 1,
  async run(ctx) {
    await pruneAuthTables(ctx.db, ctx.config);
    return null;
  },
});

/** Forgets finished jobs after 30 days. */
export const pruneJobsJob = defineJob({
  name: 'jobs.prune',
  schema: ZNone,
  maxAttempts: 1,
  async run(ctx) {
    await pruneJobs(ctx.db, 30);
    return null;
  },
});

export const SCHEDULES: Schedule[] = [
  { job: pruneSessionsJob, everyMs: 3_600_000 },
  { job: pruneJobsJob, everyMs: 86_400_000 },
  // Leave credits and the year-end (modules/requests/jobs.ts): posted within hours of the 1st; reads never post.
  { job: leavePostJob, everyMs: 6 * 3_600_000 },
];
