// A running job's progress as the runner tracks it: the heartbeat that keeps its lease (and hears a cancel), the
// done / total / message written at most every 250 ms (and at every new message and the last one), and the
// checks a job makes at its progress points (cancelled; the server stopping).
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { JobRow, Lease } from './lease';

/** Thrown inside a job (by `progress.set` or `checkCancelled`) when someone asked to cancel it. */
export class JobCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

/**
 * Thrown inside a job (by `progress.set` or `checkCancelled`) when the server is stopping: its transaction rolls
 * back and the job goes back to the queue without using up an attempt, for the next start (or another process).
 */
export class JobInterrupted extends Error {
  constructor() {
    super('Interrupted: the server is stopping');
  }
}

export interface Progress {
  /** Records done / total and a message (persisted at most every 250 ms, and at every new message and the last one). */
  set(done: number, total: number, message?: string): Promise<void>;
  /** Throws JobCancelled when a cancel was requested (cancellable jobs), JobInterrupted when the server is stopping. */
  checkCancelled(): Promise<void>;
}

type Columns = { progressDone?: number; progressTotal?: number; progressMessage?: string };

export interface Tracker {
  progress: Progress;
  /** The progress not yet written, as columns (written with the job's final state). */
  unwritten(): Columns;
  /** Stops the heartbeat. */
  close(): void;
}

export interface TrackOptions {
  db: Db;
  row: JobRow;
  cancellable: boolean;
  lease: Lease;
  leaseMs: number;
  log: FastifyBaseLogger;
  abandoned: () => boolean;
  stopping: () => boolean;
}

export function trackProgress(o: TrackOptions): Tracker {
  const { db, row, lease } = o;
  let cancelRequested = row.cancelRequested;
  let lastWrite = 0;
  let lastMessage: string | null = null;
  let pending: { done: number; total: number; message: string } | null = null;
  const heartbeat = setInterval(
    () => {
      if (o.abandoned()) return;
      lease
        .extend(row.id)
        .then((cancel) => {
          if (cancel) cancelRequested = true;
        })
        .catch((err) => o.log.warn({ err, jobId: row.id }, 'job heartbeat failed'));
    },
    Math.max(200, Math.floor(o.leaseMs / 3)),
  );
  heartbeat.unref();
  const unwritten = (): Columns => {
    const p = pending;
    pending = null;
    return p ? { progressDone: p.done, progressTotal: p.total, progressMessage: p.message.slice(0, 300) } : {};
  };
  const write = async () => {
    if (!pending || o.abandoned()) return;
    lastWrite = Date.now();
    const [r] = await db.update(jobs).set(unwritten()).where(lease.mine(row.id)).returning({ cancel: jobs.cancelRequested });
    if (r?.cancel) cancelRequested = true;
  };
  const progress: Progress = {
    async set(done, total, message = '') {
      const newStep = message !== lastMessage;
      lastMessage = message;
      pending = { done, total, message };
      // Written at most every 250 ms, and always at a new step (a new message) and at the end.
      if (newStep || Date.now() - lastWrite >= 250 || done >= total) await write();
      if (cancelRequested && o.cancellable) throw new JobCancelled();
      if (o.stopping()) throw new JobInterrupted();
    },
    async checkCancelled() {
      if (o.stopping()) throw new JobInterrupted();
      if (!o.cancellable) return;
      if (!cancelRequested) {
        const [r] = await db.select({ cancel: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, row.id));
        cancelRequested = r?.cancel ?? false;
      }
      if (cancelRequested) throw new JobCancelled();
    },
  };
  return { progress, unwritten, close: () => clearInterval(heartbeat) };
}
