// A leave request's attachment: uploaded by the employee before the request (stored under requests/<employee>/),
// downloaded by the employee or staff of the request's unit.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { Forbidden, NotFound } from '../../lib/errors';
import { type FileStorage, newKey, StorageNotFound } from '../../lib/storage';
import { type AuthContext, canReachUnit } from '../access/context';
import { requestView } from './lists';

/** Reads and stores the caller's upload (403 for a sign-in without an employee, before reading); the key the leave request names. */
export async function saveAttachment(
  storage: FileStorage,
  auth: AuthContext,
  read: () => Promise<{ buffer: Buffer; ext: string; fileName: string }>,
) {
  if (auth.employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  const file = await read();
  const key = newKey(`requests/${auth.employeeId}`, file.ext);
  await storage.put(key, file.buffer);
  return { key, name: file.fileName };
}

/** The request's attachment as a stream with its type and name (404 out of reach, without one, or missing). */
export async function openAttachment(db: Db, storage: FileStorage, auth: AuthContext, id: number) {
  const r = await requestView(db, auth, id);
  if (r.employeeId !== auth.employeeId && (auth.isSelfService || !canReachUnit(auth, r.unitId))) throw new NotFound('Request not found');
  const [row] = await queryRows<{ key: string | null }>(db, sql`select attachment_key as key from requests where id = ${r.id}`);
  if (!row?.key) throw new NotFound('The request has no attachment');
  const stream = await storage.get(row.key).catch((err) => {
    throw err instanceof StorageNotFound ? new NotFound('The stored file is missing') : err;
  });
  const ext = row.key.slice(row.key.lastIndexOf('.') + 1);
  const mime = ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
  return { stream, mime, fileName: `request_${r.id}.${ext}` };
}
