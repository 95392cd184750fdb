// Attendance photos (ATTPHOTO) a terminal uploads: stored in the file storage with a row in punch_photos, which the
// punch of the same device, PIN and time shows; or acknowledged and dropped when the device is set not to keep them.
import { MENU } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { biometricDevices, punchPhotos } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { newKey } from '../../lib/storage';
import { type AuthContext, canReachUnit, hasAction } from '../access/context';
import type { DeviceContext } from '../access/device-auth';
import { deviceInstant } from '../attendance/punches';
import { reachEmployee } from '../attendance/service';
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

/**
 * The storage key of a punch's photo the caller may see (404 otherwise): one's own, or of an employee within one's
 * units with the employee attendance screen; a photo no employee's punch claims, with the devices screen.
 */
export async function reachablePhotoKey(db: Db, auth: AuthContext, id: number): Promise<string> {
  // The photo with the employee of its punch (kept or late), if any claims it.
  const [photo] = await queryRows<{ storageKey: string; deviceUnitId: number; employeeId: number | null }>(
    db,
    sql`select ph.storage_key as "storageKey", d.unit_id as "deviceUnitId",
          coalesce(
            (select p.employee_id from punches p where p.device_id = ph.device_id and p.device_pin = ph.device_pin
               and p.punched_at between ph.taken_at - interval '5 seconds' and ph.taken_at + interval '5 seconds'
               and p.employee_id is not null limit 1),
            (select p.employee_id from late_punches p where p.device_id = ph.device_id and p.device_pin = ph.device_pin
               and p.punched_at between ph.taken_at - interval '5 seconds' and ph.taken_at + interval '5 seconds' limit 1)
          ) as "employeeId"
        from punch_photos ph join biometric_devices d on d.id = ph.device_id
        where ph.id = ${id}`,
  );
  if (!photo) throw new NotFound('Photo not found');
  if (photo.employeeId != null) {
    await reachEmployee(db, auth, Number(photo.employeeId), MENU.employeeAttendance);
  } else if (auth.isSelfService || !canReachUnit(auth, photo.deviceUnitId) || !(await hasAction(db, auth, MENU.biometricDevice, 'view'))) {
    throw new NotFound('Photo not found');
  }
  return photo.storageKey;
}
