// Punches in, from every source, append-only: a device's ATTLOG batch (set-based: one query to match PINs,
// one insert that skips lines already stored), the web punch and the phone punch (the server stamps the
// time; the phone's location is checked against the unit's geofence and a punch outside is kept, flagged).
// After the punches are stored, the days they touch are worked out again.

import { addDays, cachedDateIn, cachedZonedInstant, type IsoDate, zonedInstant } from '@hr/calendar';
import type { TPunch } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { biometricDevices, latePunches, punches } from '../../db/schema';
import { bulkInsert } from '../../lib/bulk';
import { holdForCrashTest } from '../../lib/fault-injection';
import { orgZone } from '../../lib/org-zone';
import type { DeviceContext } from '../access/device-auth';
import { recomputeForPunches } from './compute';
import { dayKey, frozenEmployeeDays } from './frozen';
import { holdDeviceLines, type LateDeviceLine } from './late-punches';

export interface AttlogLine {
  pin: string;
  localTime: string;
  at: Date;
  status: number | null;
  verify: number | null;
  workCode: string | null;
}

const PIN = /^[A-Za-z0-9]{1,20}$/;
const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const SMALL = /^\d{1,4}$/;

/** The instant a device's wall-clock reading means in its time zone; null when the reading is not a real time. */
export function deviceInstant(local: string, timeZone: string): Date | null {
  const m = STAMP.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (y < 2000 || y > 2099 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1) return null; // 31 April
  // zonedInstant with the zone's offsets remembered per hour (a batch's lines fall in a few hours).
  return cachedZonedInstant(local.slice(0, 10), h * 60 + mi + s / 60, timeZone);
}

/**
 * Reads an ATTLOG body: `PIN\tYYYY-MM-DD HH:MM:SS\tstatus\tverify\tworkcode…` per line. A line that is not
 * that (no PIN, not a real time) is skipped and counted; blank lines are ignored. The same line twice in one
 * batch is kept once.
 */
export function parseAttlog(body: string, timeZone: string): { lines: AttlogLine[]; malformed: number } {
  const lines: AttlogLine[] = [];
  const seen = new Set<string>();
  let malformed = 0;
  for (const raw of body.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const f = raw.split('\t').map((x) => x.trim());
    const pin = f[0] ?? '';
    const localTime = f[1] ?? '';
    const at = PIN.test(pin) ? deviceInstant(localTime, timeZone) : null;
    if (!at) {
      malformed++;
      continue;
    }
    const key = `${pin}|${at.getTime()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push({
      pin,
      localTime,
      at,
      status: SMALL.test(f[2] ?? '') ? Number(f[2]) : null,
      verify: SMALL.test(f[3] ?? '') ? Number(f[3]) : null,
      workCode: f[4] ? f[4].slice(0, 20) : null,
    });
  }
  return { lines, malformed };
}

export interface IngestResult {
  /** Lines acknowledged (what the device is told): stored now or before, kept as late, or refused for their time. */
  accepted: number;
  stored: number;
  duplicates: number;
  malformed: number;
  unmatched: number;
  /** Kept apart: the employee's day is frozen (late-punches.ts). */
  late: number;
  /** Refused (acknowledged, counted on the device, not stored): ahead of the clock beyond the allowance / too old. */
  refusedFuture: number;
  refusedOld: number;
  /** Lines whose PIN is an employee of a unit the device does not serve: kept unmatched. */
  outsideUnits: number;
}

/** Which device line times are believable: not ahead of `now` by more than the skew, not older than the window. */
export interface DeviceTimeWindow {
  now: Date;
  clockSkewMinutes: number;
  maxAgeDays: number;
}

type PinMatch = { id: number; unitId: number };

/**
 * The employees a batch's PINs name: by device user id, and by code (lower case) among those without one. Two index
 * lookups (employees_device_user_uq, and employees_code_uq on lower(code)), not a join with an OR that compared every
 * PIN with every employee. PINs are letters and digits (PIN), quoted as array elements.
 */
async function employeesOfPins(tx: Tx, pins: string[]) {
  const byDeviceId = new Map<string, PinMatch>();
  const byCode = new Map<string, PinMatch>();
  if (pins.length) {
    const matches = await queryRows<{ key: string; id: number; unitId: number; exact: boolean }>(
      tx,
      sql`select e.device_user_id as key, e.id, e.unit_id as "unitId", true as exact from employees e
            where e.device_user_id = any(${`{"${pins.join('","')}"}`}::text[])
          union all
          select lower(e.employee_code), e.id, e.unit_id, false from employees e
            where e.device_user_id is null and lower(e.employee_code) = any(${`{"${pins.map((p) => p.toLowerCase()).join('","')}"}`}::text[])`,
    );
    for (const m of matches) (m.exact ? byDeviceId : byCode).set(m.key, { id: m.id, unitId: m.unitId });
  }
  return { byDeviceId, byCode };
}

/**
 * Stores a device's ATTLOG batch in one transaction with the device's new stamp, then works out the days of
 * the batch's lines (already stored ones too, so a resend completes a batch cut off by a crash). A PIN is the employee's
 * device user id, or (when that is empty) the employee code, of an employee of a unit the device serves (its own and
 * `biometric_device_units`); a PIN that matches nobody there is stored unmatched for an administrator to map. A line
 * timed beyond the window (`DeviceTimeWindow`) is refused: acknowledged so the device moves on, counted on the device,
 * not stored. A line for a day frozen for the employee (its salary month approved or locked) is kept as a late punch.
 */
export async function ingestAttlog(
  db: Db,
  device: DeviceContext,
  body: string,
  stamp: string | null,
  window: DeviceTimeWindow,
): Promise<IngestResult> {
  const parsed = parseAttlog(body, device.timeZone);
  const latest = window.now.getTime() + window.clockSkewMinutes * 60_000;
  const earliest = window.now.getTime() - window.maxAgeDays * 86_400_000;
  let refusedFuture = 0;
  let refusedOld = 0;
  const lines = parsed.lines.filter((l) => {
    const at = l.at.getTime();
    if (at > latest) refusedFuture++;
    else if (at < earliest) refusedOld++;
    else return true;
    return false;
  });
  const malformed = parsed.malformed;
  const pins = [...new Set(lines.map((l) => l.pin))];
  const served = new Set(device.unitIds);
  const tz = orgZone();
  const { inserted, matched, late, outsideUnits } = await db.transaction(async (tx) => {
    const { byDeviceId, byCode } = await employeesOfPins(tx, pins);
    // The employee whose device user id is the PIN, else the one without a device user id whose code it is — when
    // the device serves their unit; else nobody (the line is kept unmatched).
    let outside = 0;
    const employeeOf = (pin: string) => {
      const e = byDeviceId.get(pin) ?? byCode.get(pin.toLowerCase());
      if (!e) return null;
      if (served.has(e.unitId)) return e.id;
      outside++;
      return null;
    };
    const rows = lines.map((l) => ({
      employeeId: employeeOf(l.pin),
      punchedAt: l.at,
      source: 'device',
      deviceId: device.id,
      devicePin: l.pin,
      deviceLocalTime: l.localTime,
      deviceStatus: l.status,
      verifyMode: l.verify,
      workCode: l.workCode,
      direction: l.status === 0 ? ('in' as const) : l.status === 1 ? ('out' as const) : null,
    }));
    // Lines for days frozen for their employee are kept apart (one statement for the batch's employee-days).
    const dayOf = rows.map((r) => (r.employeeId === null ? null : cachedDateIn(tz, r.punchedAt)));
    const frozen = await frozenEmployeeDays(
      tx,
      rows.flatMap((r, i) => (r.employeeId === null ? [] : [{ employeeId: r.employeeId, day: dayOf[i] as string }])),
    );
    const open: typeof rows = [];
    const kept: LateDeviceLine[] = [];
    rows.forEach((r, i) => {
      const day = dayOf[i];
      if (r.employeeId !== null && day !== null && frozen.has(dayKey(r.employeeId, day)))
        kept.push({ ...r, employeeId: r.employeeId, day });
      else open.push(r);
    });
    const added = open.length
      ? await bulkInsert(tx, punches, open, {
          onConflictDoNothing: { target: ['deviceId', 'devicePin', 'punchedAt'] },
          returning: ['employeeId', 'punchedAt'],
          // The employees and the device referenced are checked in one statement, not two internal queries a row.
          foreignKeysOnce: true,
        })
      : [];
    const held = await holdDeviceLines(tx, kept);
    const refused = refusedFuture + refusedOld;
    await tx
      .update(biometricDevices)
      .set({
        lastSeenAt: sql`now()`,
        ...(stamp ? { lastAttlogStamp: stamp } : {}),
        ...(refused
          ? {
              refusedFuture: sql`${biometricDevices.refusedFuture} + ${refusedFuture}`,
              refusedOld: sql`${biometricDevices.refusedOld} + ${refusedOld}`,
              lastRefusedAt: sql`now()`,
            }
          : {}),
      })
      .where(sql`${biometricDevices.id} = ${device.id}`);
    // A fault-injection point for the device crash test only: the batch's punches written, not committed.
    await holdForCrashTest('deviceBatch');
    return {
      inserted: added,
      matched: open.map((r) => ({ employeeId: r.employeeId, at: r.punchedAt })),
      late: { lines: kept.length, stored: held },
      outsideUnits: outside,
    };
  });
  // The days of every line of the batch, stored now or before: when a process died after the punches were
  // committed but before their days were worked out, the device's resend (it heard no OK) puts them right.
  // Days whose figures come out the same are not rewritten.
  await holdForCrashTest('deviceDays');
  await recomputeForPunches(db, matched);
  return {
    accepted: lines.length + refusedFuture + refusedOld,
    stored: inserted.length,
    duplicates: lines.length - late.lines - inserted.length + (late.lines - late.stored),
    malformed,
    unmatched: inserted.filter((p) => p.employeeId === null).length,
    late: late.stored,
    refusedFuture,
    refusedOld,
    outsideUnits,
  };
}

/** Metres between two points on the earth (haversine). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = 6_371_000;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface PunchInput {
  employeeId: number;
  source: 'web' | 'mobile' | 'manual' | 'regularisation';
  at?: Date;
  direction?: 'in' | 'out' | null;
  latitude?: number | null;
  longitude?: number | null;
  accuracy?: number | null;
  clientDevice?: string | null;
  appVersion?: number | null;
  remark?: string | null;
  /** The app's idempotency key; made offline and sent later, with the phone's own clock at the punch (app-punches.ts). */
  clientKey?: string | null;
  recordedOffline?: boolean;
  clientTime?: Date | null;
  createdBy: number;
}

/**
 * Stores one punch (the time is the server's unless given by a regularisation) and works out its days; a punch for a
 * day frozen for the employee (its salary month approved or locked) is kept apart as a late punch instead (`late`).
 */
export async function addPunch(db: Db | Tx, p: PunchInput): Promise<{ id: number; late: boolean }> {
  let outside = false;
  if (p.latitude != null && p.longitude != null) {
    const [fence] = await queryRows<{ lat: string | null; lng: string | null; radius: number | null }>(
      db,
      sql`select u.geo_latitude::text as lat, u.geo_longitude::text as lng, u.geo_radius_m as radius
          from employees e join units u on u.id = e.unit_id where e.id = ${p.employeeId}`,
    );
    if (fence?.lat && fence.lng && fence.radius) {
      outside = distanceMetres(Number(fence.lat), Number(fence.lng), p.latitude, p.longitude) > fence.radius;
    }
  }
  const values = {
    employeeId: p.employeeId,
    punchedAt: p.at ?? sql`now()`,
    source: p.source,
    direction: p.direction ?? null,
    latitude: p.latitude == null ? null : p.latitude.toFixed(6),
    longitude: p.longitude == null ? null : p.longitude.toFixed(6),
    accuracyM: p.accuracy == null ? null : Math.round(p.accuracy),
    outsideGeofence: outside,
    clientDevice: p.clientDevice ?? null,
    appVersion: p.appVersion ?? null,
    remark: p.remark ?? null,
    clientKey: p.clientKey ?? null,
    recordedOffline: p.recordedOffline ?? false,
    clientTime: p.clientTime ?? null,
    createdBy: p.createdBy,
  };
  const day = cachedDateIn(orgZone(), p.at ?? new Date());
  if ((await frozenEmployeeDays(db, [{ employeeId: p.employeeId, day }])).has(dayKey(p.employeeId, day))) {
    const [held] = await db
      .insert(latePunches)
      .values({ ...values, day } as typeof latePunches.$inferInsert)
      .returning({ id: latePunches.id });
    return { id: held.id, late: true };
  }
  const [row] = await db
    .insert(punches)
    .values(values as typeof punches.$inferInsert)
    .returning({ id: punches.id, punchedAt: punches.punchedAt });
  await recomputeForPunches(db, [{ employeeId: p.employeeId, at: row.punchedAt }]);
  return { id: row.id, late: false };
}

/**
 * Punches as the API shows them; `where` is a condition on `p` (punches, or with `table` the late punches kept apart)
 * and `e` (employees).
 */
export async function listPunches(
  db: Db | Tx,
  where: ReturnType<typeof sql>,
  limit = 5000,
  table: 'punches' | 'late_punches' = 'punches',
): Promise<TPunch[]> {
  const tz = orgZone();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.id, p.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName",
          p.punched_at as "punchedAt", to_char(p.punched_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "localTime",
          p.source, p.direction, d.serial_number as "deviceSerial", p.device_pin as "devicePin",
          p.latitude::float8 as latitude, p.longitude::float8 as longitude, p.accuracy_m as accuracy,
          p.outside_geofence as "outsideGeofence", p.remark, p.recorded_offline as "recordedOffline",
          -- the attendance photo the device took at the punch (same device and PIN, within five seconds; the nearest)
          (select ph.id from punch_photos ph
            where p.device_id is not null and ph.device_id = p.device_id and ph.device_pin = p.device_pin
              and ph.taken_at between p.punched_at - interval '5 seconds' and p.punched_at + interval '5 seconds'
            order by abs(extract(epoch from ph.taken_at - p.punched_at)), ph.id limit 1) as "photoId"
        from ${sql.raw(table === 'late_punches' ? 'late_punches' : 'punches')} p
        left join employees e on e.id = p.employee_id
        left join biometric_devices d on d.id = p.device_id
        where ${where}
        order by p.punched_at, p.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    ...(r as unknown as TPunch),
    id: Number(r.id),
    photoId: r.photoId == null ? null : Number(r.photoId),
    punchedAt: new Date(r.punchedAt as string).toISOString(),
  }));
}

/** An employee's punches from `from` to `to` (the organisation's days, both included). */
export function employeePunches(db: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate): Promise<TPunch[]> {
  const tz = orgZone();
  return listPunches(
    db,
    sql`p.employee_id = ${employeeId} and p.punched_at >= ${zonedInstant(from, 0, tz).toISOString()}::timestamptz
        and p.punched_at < ${zonedInstant(addDays(to, 1), 0, tz).toISOString()}::timestamptz`,
  );
}
