import { z } from 'zod';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TJobState = (typeof JOB_STATES)[number];

/** GET /api/jobs/{id}: a background job as its starter (or an administrator) follows it. */
export const ZJob = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string() }),
  /** What the job produced (its shape is the job's own, e.g. TImportResult). */
  result: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number(),
  cancellable: z.boolean(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

/** 202 answer of an endpoint that started a job. */
export const ZJobStarted = z.object({ jobId: z.number() });
export type TJobStarted = z.infer<typeof ZJobStarted>;

export const isJobFinished = (state: TJobState) => state === 'succeeded' || state === 'failed' || state === 'cancelled';
