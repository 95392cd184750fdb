// The employee import as a durable job: the upload is kept in the file storage, the job reads, checks and
// saves it with progress, and marks itself done in the import's own transaction, so a server killed at any
// point leaves either nothing or the whole import, and a restart finishes it exactly once.
import type { TImportResult } from '@hr/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, enqueue } from '../../jobs/runner';
import { createStorage, newKey } from '../../lib/storage';
import type { AuthContext } from '../access/context';
import { ZAuthSnapshot } from '../access/snapshot';
import { importEmployees } from './import';

const ZImportJob = z.object({
  auth: ZAuthSnapshot,
  storageKey: z.string(),
  kind: z.enum(['xlsx', 'csv']),
  requestId: z.string().optional(),
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

export const employeeImportJob = defineJob({
  name: 'employees.import',
  schema: ZImportJob,
  maxAttempts: 3,
  async run(ctx, data, progress): Promise<TImportResult> {
    const storage = createStorage(ctx.config);
    const buffer = await readAll(await storage.get(data.storageKey));
    const result = await importEmployees(ctx.db, data.auth, buffer, data.kind, data.requestId, {
      progress: (done, total, message) => progress.set(done, total, message),
      beforeCommit: (tx, r) => ctx.completeIn(tx, r),
    });
    if (!result.ok) await progress.set(3, 3, `${result.errorRows.toLocaleString('en-IN')} rows need correcting; nothing was saved`);
    // The upload is no longer needed once the outcome is recorded (a retry after a crash still finds it before).
    await storage.delete(data.storageKey).catch((err) => ctx.log.warn({ err }, 'could not delete the import upload'));
    return result;
  },
});

/** Keeps the upload and queues the import; returns the job id. */
export async function startEmployeeImport(
  db: Db,
  config: { dataDir: string },
  auth: AuthContext,
  buffer: Buffer,
  kind: 'xlsx' | 'csv',
  requestId?: string,
): Promise<number> {
  const storage = createStorage(config);
  const storageKey = newKey('imports/employees', kind);
  await storage.put(storageKey, buffer);
  const id = await enqueue(db, employeeImportJob, { auth, storageKey, kind, requestId }, { createdBy: auth.userId });
  if (id === null) throw new Error('The import could not be queued');
  return id;
}
