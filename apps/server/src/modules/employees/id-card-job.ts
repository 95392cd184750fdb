// A unit's ID cards as one PDF built on the server by a job (no cap, no photos shipped to the browser as
// one JSON): the job reads the cards with their photos, renders the PDF with packages/documents and keeps
// it in the file storage; the starter downloads it from GET /api/jobs/{id}/file.
import { buildIdCardDoc, idCardFileName } from '@hr/documents';
import { renderPdf } from '@hr/documents/node';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob, enqueue, JobFailure } from '../../jobs/runner';
import { Forbidden } from '../../lib/errors';
import { createStorage, newKey } from '../../lib/storage';
import { type AuthContext, assertUnit } from '../access/context';
import { ZAuthSnapshot } from '../access/snapshot';
import { idCardBatch } from './id-cards';

export const idCardJob = defineJob({
  name: 'employees.idCards',
  schema: z.object({ auth: ZAuthSnapshot, unitId: z.number().int().positive(), layout: z.enum(['card', 'a4']) }),
  maxAttempts: 2,
  cancellable: true,
  async run(ctx, data, progress) {
    const storage = createStorage(ctx.config);
    await progress.set(0, 1, 'Reading the cards and photos');
    const batch = await idCardBatch(ctx.db, storage, data.auth, { unitId: data.unitId }, ctx.config.orgTimeZone, {
      limit: null,
      progress: (done, total) => progress.set(done, total + 1, `Photos ${done} of ${total}`),
    });
    if (batch.cards.length === 0) throw new JobFailure('No active employee to print a card for');
    await progress.set(batch.cards.length, batch.cards.length + 1, `Building the PDF of ${batch.cards.length} cards`);
    const pdf = await renderPdf(buildIdCardDoc(batch, data.layout));
    const key = newKey('jobs/id-cards', 'pdf');
    await storage.put(key, pdf);
    await progress.set(batch.cards.length + 1, batch.cards.length + 1, `${batch.cards.length} cards`);
    return { cards: batch.cards.length, file: { key, name: idCardFileName(batch), mime: 'application/pdf', bytes: pdf.length } };
  },
});

/** Starts a unit's ID card PDF (403 for a self-service role, which prints only its own card, and for a unit outside reach). */
export async function startIdCardBatch(db: Db, auth: AuthContext, input: { unitId: number; layout: 'card' | 'a4' }): Promise<number> {
  if (auth.isSelfService) throw new Forbidden('Your role prints only your own card');
  assertUnit(auth, input.unitId);
  const jobId = await enqueue(db, idCardJob, { auth, ...input }, { createdBy: auth.userId });
  return jobId!;
}
