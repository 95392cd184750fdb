import { type TJob, ZBigIdText, ZJob } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Conflict, NotFound } from '../lib/errors';
import type { AuthContext } from '../modules/access/context';
import { type JobRow, readJob, requestCancel } from './runner';

const ZJobParams = z.object({ id: ZBigIdText });

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function jobView(row: JobRow): TJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state as TJob['state'],
    progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
    result: row.result ?? null,
    error: row.error,
    attempts: row.attempts,
    cancellable: row.cancellable,
    cancelRequested: row.cancelRequested,
    createdAt: iso(row.createdAt) ?? '',
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** A job is the business of the user who started it, and of administrators; to anyone else it does not exist. */
function mayFollow(auth: AuthContext, row: JobRow | null): row is JobRow {
  return !!row && (auth.isAdmin || (row.createdBy !== null && row.createdBy === auth.userId));
}

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['jobs'];

  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A background job: state, progress (done / total, message), result or error (its starter and administrators)',
        params: ZJobParams,
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const row = await readJob(app.db, request.params.id);
      if (!mayFollow(request.auth, row)) throw new NotFound('No such job');
      return jobView(row);
    },
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Ask a job to stop (where the job allows it); 409 when it has finished or cannot be cancelled',
        params: ZJobParams,
        response: { 200: ZJob },
      },
    },
    async (request) => {
      const row = await readJob(app.db, request.params.id);
      if (!mayFollow(request.auth, row)) throw new NotFound('No such job');
      const outcome = await requestCancel(app.db, row.id);
      if (outcome === 'not-cancellable') throw new Conflict('This job cannot be cancelled');
      if (outcome === 'finished') throw new Conflict('This job has already finished');
      const after = await readJob(app.db, row.id);
      return jobView(after ?? row);
    },
  );
};
