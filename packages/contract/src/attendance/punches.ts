import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { zLine } from '../text';
import { PUNCH_SOURCES } from './common';
import { isoDate, latitude, longitude } from './fields';

// Punches from the web and the mobile app (made offline too), as stored and listed.

/**
 * What a web or phone punch may add so it can be made without a network and sent later (all optional):
 * `clientKey` makes the punch idempotent (a resend with the same key is acknowledged with the punch stored first,
 * `duplicate: true`, and stored once); `punchedAt` (the phone's clock when the punch was made) with `sentAt` (the
 * phone's clock when it is sent) marks it "recorded offline". The server measures the phone's clock against its own
 * at `sentAt`, puts the punch's time right by that error when it exceeds DEVICE_CLOCK_SKEW_MINUTES, and refuses a
 * time ahead of its clock or older than DEVICE_PUNCH_MAX_AGE_DAYS (400); a day of an approved or locked month keeps
 * it as a late punch.
 */
const offlinePunch = {
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'An idempotency key (8 to 64 letters, digits, _ or -)')
    .optional(),
  punchedAt: z.iso.datetime({ offset: true, message: 'A date and time (ISO 8601)' }).optional(),
  sentAt: z.iso.datetime({ offset: true, message: 'A date and time (ISO 8601)' }).optional(),
};

/** The signed-in employee's punch from the web; the server stamps the time. Location when the browser gives it. */
export const ZWebPunch = z
  .object({
    direction: z.enum(['in', 'out']).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    accuracy: z.number().min(0).max(100_000).optional(),
    /** The installed web app's version code (compared with the APK version master's minimum: 426 below it). */
    appVersion: z.number().int().min(0).max(2_000_000_000).optional(),
    ...offlinePunch,
  })
  .default({});

/** `POST /api/attendance/punches/mobile`: the mobile app's punch. */
export const ZMobilePunch = z.object({
  latitude,
  longitude,
  /** Metres. */
  accuracy: z.number().min(0).max(100_000),
  /** The phone's own id (installation id). */
  deviceId: zLine().min(1).max(80),
  /** The app's version code (integer, as in the apkVersion master). */
  appVersion: z.number().int().min(0),
  direction: z.enum(['in', 'out']).optional(),
  ...offlinePunch,
});

export const ZPunch = z.object({
  id: z.number(),
  employeeId: z.number().nullable(),
  employeeCode: z.string().nullable(),
  employeeName: z.string().nullable(),
  punchedAt: z.string(),
  /** Local date and time 'YYYY-MM-DD HH:MM' in the organisation's time zone. */
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  direction: z.enum(['in', 'out']).nullable(),
  deviceSerial: z.string().nullable(),
  devicePin: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  outsideGeofence: z.boolean(),
  remark: z.string().nullable(),
  /** The attendance photo the device took at the punch (GET /api/attendance/punch-photos/{photoId}); null: none. */
  photoId: z.number().nullable(),
  /** Made on a phone without a network and sent when it returned (its time is the phone's, checked by the server). */
  recordedOffline: z.boolean(),
});
export type TPunch = z.infer<typeof ZPunch>;

export const ZPunchesQuery = z.object({
  employeeId: ZIdQuery.optional(),
  from: isoDate,
  to: isoDate,
});
