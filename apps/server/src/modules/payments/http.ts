// Answering with a payment file, for the runs' and the settlements' routes alike: the file as an attachment (never
// cached), or 409 with the employees whose bank details stop it; each file made is written to the audit trail.
import { toRupees } from '@hr/payroll';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { BankDetailsMissing, type BankFile } from './files';

export function sendFile(reply: FastifyReply, file: { fileName: string; mime: string }, body: string | Buffer) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Sends what `make` builds (a file or a document), or 409 with the problems when bank details stop it. */
export async function sendOrRefuse(
  reply: FastifyReply,
  requestId: string,
  make: () => Promise<{ file: { fileName: string; mime: string }; body: string | Buffer }>,
) {
  let made: Awaited<ReturnType<typeof make>>;
  try {
    made = await make();
  } catch (e) {
    if (!(e instanceof BankDetailsMissing)) throw e;
    return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: e.message, requestId, problems: e.problems });
  }
  return sendFile(reply, made.file, made.body);
}

/** What a bank file was made of, for the audit trail: `entity` / `entityId` are the runs or the settlements. */
export interface BankFileAudit {
  entity: string;
  entityId: string;
  layoutName: string;
  userId: number;
  requestId: string;
}

/** Sends the bank file `make` builds after writing it to the audit trail, or 409 with the employees to fix. */
export function sendBankFile(db: Db, reply: FastifyReply, audit: BankFileAudit, make: () => Promise<BankFile>) {
  return sendOrRefuse(reply, audit.requestId, async () => {
    const file = await make();
    await writeAudit(db, {
      entity: audit.entity,
      entityId: audit.entityId,
      action: 'bank-file',
      after: { layout: audit.layoutName, employees: file.count, total: toRupees(file.total) },
      userId: audit.userId,
      requestId: audit.requestId,
    });
    return { file, body: file.text };
  });
}
