// Attendance photos (ATTPHOTO) a terminal uploads: stored in the file storage with a row in punch_photos, which the
// punch of the same device, PIN and time shows; or acknowledged and dropped when the device is set not to keep them.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { biometricDevices, punchPhotos } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { newKey } from '../../lib/storage';
import type { DeviceContext } from '../access/device-auth';
import { deviceInstant } from '../attendance/punches';
import { parsePhotoUpload } from './protocol';

export type PhotoOutcome = 'stored' | 'duplicate' | 'dropped' | 'unreadable';

/**
 * Stores one photo upload for `device` and keeps its stamp. A resend (same device and file name) is stored once; a body
 * that is no photo upload, or names no real time, is acknowledged and not kept (the device would otherwise resend it
 * for ever).
 */
export async function receivePhoto(
  db: Db,
  storage: FileStorage,
  device: DeviceContext,
  body: Buffer,
  query: { PIN?: unknown; stamp: string | null },
): Promise<PhotoOutcome> {
  const outcome = await storePhoto(db, storage, device, body, query.PIN);
  await db
    .update(biometricDevices)
    .set({ lastSeenAt: sql`now()`, ...(query.stamp ? { lastAttphotoStamp: query.stamp } : {}) })
    .where(eq(biometricDevices.id, device.id));
  return outcome;
}

async function storePhoto(db: Db, storage: FileStorage, device: DeviceContext, body: Buffer, queryPin: unknown): Promise<PhotoOutcome> {
  if (!device.keepPhotos) return 'dropped';
  const photo = parsePhotoUpload(body, queryPin);
  const takenAt = photo ? deviceInstant(photo.localTime, device.timeZone) : null;
  if (!photo || !takenAt) return 'unreadable';
  const [known] = await db
    .select({ id: punchPhotos.id })
    .from(punchPhotos)
    .where(and(eq(punchPhotos.deviceId, device.id), eq(punchPhotos.fileName, photo.fileName)))
    .limit(1);
  if (known) return 'duplicate';
  const key = newKey(`punch-photos/${device.id}/${photo.localTime.slice(0, 7).replace('-', '/')}`, 'jpg');
  await storage.put(key, photo.jpeg);
  const inserted = await db
    .insert(punchPhotos)
    .values({
      deviceId: device.id,
      devicePin: photo.pin,
      takenAt,
      deviceLocalTime: photo.localTime,
      fileName: photo.fileName,
      storageKey: key,
      bytes: photo.jpeg.length,
    })
    .onConflictDoNothing()
    .returning({ id: punchPhotos.id });
  if (inserted.length === 0) {
    // The same photo stored by a concurrent resend: keep that one.
    await storage.delete(key).catch(() => {});
    return 'duplicate';
  }
  return 'stored';
}
