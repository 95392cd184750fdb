import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigIdColumn } from './common';
import { users } from './core';

/**
 * Durable background work (apps/server/src/jobs): an import, a salary run, a batch of documents, scheduled
 * clean-ups. A runner claims a queued job with FOR UPDATE SKIP LOCKED and holds it under a lease it renews;
 * a job whose runner died (lease passed) is claimed again, so work survives a restart and runs once across
 * several API processes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigIdColumn(),
    name: varchar('name', { length: 80 }).notNull(),
    data: jsonb('data').notNull(),
    /** queued | running | succeeded | failed | cancelled */
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: varchar('locked_by', { length: 80 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    progressMessage: varchar('progress_message', { length: 300 }).notNull().default(''),
    result: jsonb('result'),
    error: text('error'),
    cancellable: boolean('cancellable').notNull().default(false),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** A scheduled job's name: at most one such job is queued or running at a time. */
    singletonKey: varchar('singleton_key', { length: 120 }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.runAfter),
    index('jobs_created_by_idx').on(t.createdBy, t.createdAt),
    uniqueIndex('jobs_singleton_uq').on(t.singletonKey).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
