import { type TJob, ZBigIdText, ZJob } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type JobRow, readJob, requestCancel } from '../../jobs/runner';
import { Conflict, NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { createStorage, StorageNotFound } from '../../lib/storage';
import type { AuthContext } from '../access/context';

const ZJobParams = z.object({ id: ZBigIdText });

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A job's file (a built PDF, an export): kept in the file storage, downloaded from /api/jobs/{id}/file. */
interface JobFile {
  key: string;
  name: string;
  mime: string;
  bytes?: number;
}
const fileOf = (row: JobRow): JobFile | null => {
  const f = (row.result as { file?: JobFile } | null)?.file;
  return f && typeof f.key === 'string' && typeof f.name === 'string' ? f : null;
};

export function jobView(row: JobRow): TJob {
  const file = fileOf(row);
  // The storage key stays on the server; the client gets the file's name and where to fetch it.
  const result =
    file && row.result && typeof row.result === 'object'
      ? {
          ...(row.result as object),
          file: { name: file.name, mime: file.mime, bytes: file.bytes ?? null, url: `/api/jobs/${row.id}/file` },
        }
      : (row.result ?? null);
  return {
    id: row.id,
    name: row.name,
    state: row.state as TJob['state'],
    progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
    result,
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
  const storage = createStorage(app.config);

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

  app.get(
    '/api/jobs/:id/file',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The file a finished job produced (a PDF, an export), as an attachment; its starter and administrators',
        params: ZJobParams,
        response: { 200: fileResponse('The job’s file') },
      },
    },
    async (request, reply) => {
      const row = await readJob(app.db, request.params.id);
      if (!mayFollow(request.auth, row)) throw new NotFound('No such job');
      const file = row.state === 'succeeded' ? fileOf(row) : null;
      if (!file) throw new NotFound('This job has no file (yet)');
      const stream = await storage.get(file.key).catch((err) => {
        throw err instanceof StorageNotFound ? new NotFound('The file is no longer kept') : err;
      });
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(stream);
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
