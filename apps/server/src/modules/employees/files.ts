// An employee's photo and documents as the routes serve them: who may change them (staff of the employee screen
// within their units, or the employee on a My profile screen for their own record), the upload read only after
// those checks, and the stored file to send (404 out of reach, like a missing one).
import { MENU, type TAction, type TMenuPath } from '@hr/contract';
import type { Db } from '../../db/client';
import { Forbidden, NotFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { Upload } from '../../lib/upload';
import { type AuthContext, hasAction } from '../access/context';
import { allowedKinds, deleteDocument, docTypeMaxBytes, loadDocType, loadDocument, saveDocument, savePhoto } from './documents';
import { loadEmployeeRow } from './read';

/** What an upload is read with: the size limit, the kinds allowed by content, the name when none is sent, the words for errors. */
export type UploadLimits = { maxBytes: number; allowed: string[]; fallbackName: string; what: string };

/**
 * 403 unless the caller may change this employee's files: `staff` on the employee screen (then the unit
 * scoping of loadEmployeeRow applies), or `own` on a My profile screen for their own record only.
 */
async function assertStaffOrOwn(db: Db, auth: AuthContext, employeeId: number, staff: [TMenuPath, TAction], own: [TMenuPath, TAction]) {
  if (await hasAction(db, auth, staff[0], staff[1])) return;
  if (auth.employeeId === employeeId && (await hasAction(db, auth, own[0], own[1]))) return;
  throw new Forbidden(auth.employeeId === employeeId ? 'Your role may not do this' : 'You can only change your own documents and photo');
}

/** The photo's storage key and type (404 without one). */
export async function photoFile(db: Db, auth: AuthContext, employeeId: number): Promise<{ key: string; mime: string }> {
  const emp = await loadEmployeeRow(db, auth, employeeId);
  if (!emp.photoKey) throw new NotFound('No photo');
  return { key: emp.photoKey, mime: emp.photoKey.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** A new photo (JPEG or PNG, at most 5 MB and the installation's limit), read once the caller may change it. */
export async function uploadPhoto(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  employeeId: number,
  read: (limits: UploadLimits) => Promise<Upload>,
  maxBytes: number,
  requestId?: string,
): Promise<void> {
  await assertStaffOrOwn(db, auth, employeeId, [MENU.employee, 'edit'], [MENU.profile, 'edit']);
  await loadEmployeeRow(db, auth, employeeId);
  const file = await read({
    maxBytes: Math.min(maxBytes, 5 * 1024 * 1024),
    allowed: ['jpg', 'png'],
    fallbackName: 'photo',
    what: 'a photo',
  });
  await savePhoto(db, storage, auth, employeeId, file, requestId);
}

/** A new document of a type, read by the type's kinds and size limit once the caller may add it. */
export async function uploadDocument(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  target: { employeeId: number; docTypeId: number; maxBytes: number },
  read: (limits: UploadLimits) => Promise<Upload>,
  requestId?: string,
) {
  await assertStaffOrOwn(db, auth, target.employeeId, [MENU.employee, 'edit'], [MENU.uploadDocuments, 'add']);
  const emp = await loadEmployeeRow(db, auth, target.employeeId);
  const type = await loadDocType(db, target.docTypeId);
  const file = await read({
    maxBytes: docTypeMaxBytes(type.maxSizeKb, target.maxBytes),
    allowed: allowedKinds(type.allowedFileTypes),
    fallbackName: type.name,
    what: type.name,
  });
  const row = await saveDocument(db, storage, auth, emp.id, type.id, file, requestId);
  return { id: row.id, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}

/** A document's storage key, type and name, when the caller reaches it. */
export async function documentFile(db: Db, auth: AuthContext, documentId: number) {
  const doc = await loadDocument(db, auth, documentId);
  return { key: doc.storageKey, mime: doc.mimeType, fileName: doc.fileName };
}

/** Deletes a document the caller reaches and may delete (staff, or the employee's own on Upload Documents). */
export async function removeDocument(db: Db, storage: FileStorage, auth: AuthContext, documentId: number, requestId?: string) {
  const doc = await loadDocument(db, auth, documentId);
  await assertStaffOrOwn(db, auth, doc.employeeId, [MENU.employee, 'edit'], [MENU.uploadDocuments, 'delete']);
  await deleteDocument(db, storage, auth, doc, requestId);
}
