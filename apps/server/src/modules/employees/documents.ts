import { createHash } from 'node:crypto';
import type { TEmployeeDocument, TEmployeeDocumentStatus } from '@hr/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employeeDocTypes, employeeDocuments, employees, unitEmployeeDocTypeMap, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, NotFound } from '../../lib/errors';
import { type FileStorage, newKey } from '../../lib/storage';
import type { Upload } from '../../lib/upload';
import { type AuthContext, canReachRecord } from '../access/context';
import { loadEmployeeRow } from './read';

/** The file kinds a document type allows, from its comma-separated list (e.g. 'pdf,jpg,jpeg,png'). */
export function allowedKinds(allowedFileTypes: string | null | undefined): string[] {
  const all = ['pdf', 'jpg', 'png'];
  if (!allowedFileTypes) return all;
  const list = allowedFileTypes
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((x) => (x.replace(/^\./, '') === 'jpeg' ? 'jpg' : x.replace(/^\./, '')))
    .filter((x) => all.includes(x));
  return list.length ? [...new Set(list)] : all;
}

/** The smaller of the installation's limit (UPLOAD_MAX_MB) and the document type's own (when set). */
export function docTypeMaxBytes(maxSizeKb: number | null | undefined, globalMaxBytes: number): number {
  return maxSizeKb && maxSizeKb > 0 ? Math.min(maxSizeKb * 1024, globalMaxBytes) : globalMaxBytes;
}

export async function loadDocType(db: Db, docTypeId: number) {
  const [t] = await db.select().from(employeeDocTypes).where(eq(employeeDocTypes.id, docTypeId)).limit(1);
  if (!t?.isActive) throw new BadRequest('Unknown document type', { docTypeId: ['Choose a document type'] });
  return t;
}

export async function listDocuments(db: Db, employeeId: number): Promise<TEmployeeDocument[]> {
  const rows = await db
    .select({
      id: employeeDocuments.id,
      employeeId: employeeDocuments.employeeId,
      docTypeId: employeeDocuments.docTypeId,
      docTypeName: employeeDocTypes.name,
      fileName: employeeDocuments.fileName,
      mimeType: employeeDocuments.mimeType,
      sizeBytes: employeeDocuments.sizeBytes,
      uploadedAt: employeeDocuments.uploadedAt,
      uploadedByName: users.fullName,
    })
    .from(employeeDocuments)
    .innerJoin(employeeDocTypes, eq(employeeDocTypes.id, employeeDocuments.docTypeId))
    .leftJoin(users, eq(users.id, employeeDocuments.uploadedBy))
    .where(eq(employeeDocuments.employeeId, employeeId))
    .orderBy(asc(employeeDocTypes.name), asc(employeeDocuments.id));
  return rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() }));
}

/** The employee's documents plus the unit-wise map's types, with which mandatory ones are missing. */
export async function documentStatus(db: Db, auth: AuthContext, employeeId: number, maxBytes: number): Promise<TEmployeeDocumentStatus> {
  const emp = await loadEmployeeRow(db, auth, employeeId);
  const [documents, mapped, types] = await Promise.all([
    listDocuments(db, employeeId),
    db
      .select({ docTypeId: employeeDocTypes.id, docTypeName: employeeDocTypes.name, isMandatory: unitEmployeeDocTypeMap.isMandatory })
      .from(unitEmployeeDocTypeMap)
      .innerJoin(employeeDocTypes, eq(employeeDocTypes.id, unitEmployeeDocTypeMap.employeeDocTypeId))
      .where(
        and(eq(unitEmployeeDocTypeMap.unitId, emp.unitId), eq(unitEmployeeDocTypeMap.isActive, true), eq(employeeDocTypes.isActive, true)),
      )
      .orderBy(asc(employeeDocTypes.name)),
    db.select().from(employeeDocTypes).where(eq(employeeDocTypes.isActive, true)).orderBy(asc(employeeDocTypes.name)),
  ]);
  const docTypes = types.map((t) => ({
    id: t.id,
    name: t.name,
    allowed: allowedKinds(t.allowedFileTypes),
    maxBytes: docTypeMaxBytes(t.maxSizeKb, maxBytes),
  }));
  const have = new Set(documents.map((d) => d.docTypeId));
  const required = mapped.map((m) => ({ ...m, uploaded: have.has(m.docTypeId) }));
  return {
    documents,
    required,
    docTypes,
    missingMandatory: required
      .filter((r) => r.isMandatory && !r.uploaded)
      .map(({ docTypeId, docTypeName }) => ({ docTypeId, docTypeName })),
  };
}

export async function saveDocument(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  employeeId: number,
  docTypeId: number,
  file: Upload,
  requestId?: string,
) {
  const key = newKey(`employees/${employeeId}/documents`, file.ext);
  await storage.put(key, file.buffer);
  try {
    const [row] = await db
      .insert(employeeDocuments)
      .values({
        employeeId,
        docTypeId,
        storageKey: key,
        fileName: file.fileName,
        mimeType: file.mime,
        sizeBytes: file.buffer.length,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
        uploadedBy: auth.userId,
      })
      .returning();
    await writeAudit(db, { entity: 'employee_documents', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    return row;
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

/**
 * A document the caller reaches like its employee's record. Another unit's or employee's document answers the same
 * 404 as a missing one (same message), so probing ids tells nobody which documents exist.
 */
export async function loadDocument(db: Db, auth: AuthContext, documentId: number) {
  const [found] = await db
    .select({ doc: employeeDocuments, unitId: employees.unitId })
    .from(employeeDocuments)
    .innerJoin(employees, eq(employees.id, employeeDocuments.employeeId))
    .where(eq(employeeDocuments.id, documentId))
    .limit(1);
  if (!found || !canReachRecord(auth, { employeeId: found.doc.employeeId, unitId: found.unitId })) {
    throw new NotFound('Document not found');
  }
  return found.doc;
}

/** Deletes a document the caller has loaded (and so may reach) through loadDocument. */
export async function deleteDocument(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  doc: typeof employeeDocuments.$inferSelect,
  requestId?: string,
) {
  await db.delete(employeeDocuments).where(eq(employeeDocuments.id, doc.id));
  await writeAudit(db, {
    entity: 'employee_documents',
    entityId: doc.id,
    action: 'delete',
    before: doc,
    userId: auth.userId,
    requestId,
  });
  await storage.delete(doc.storageKey).catch(() => {});
}

export async function savePhoto(db: Db, storage: FileStorage, auth: AuthContext, employeeId: number, file: Upload, requestId?: string) {
  const before = await loadEmployeeRow(db, auth, employeeId);
  const key = newKey(`employees/${employeeId}/photo`, file.ext);
  await storage.put(key, file.buffer);
  await db.update(employees).set({ photoKey: key, updatedAt: new Date(), updatedBy: auth.userId }).where(eq(employees.id, employeeId));
  await writeAudit(db, {
    entity: 'employees',
    entityId: employeeId,
    action: 'update',
    before: { photoKey: before.photoKey },
    after: { photoKey: key },
    userId: auth.userId,
    requestId,
  });
  if (before.photoKey) await storage.delete(before.photoKey).catch(() => {});
}
