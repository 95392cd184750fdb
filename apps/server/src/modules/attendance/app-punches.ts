// Punches from the web app and the phone (routes in punch-routes.ts): the idempotency key that stores a resent punch
// once, and punches made without a network and sent later ("recorded offline"), whose time is the phone's, checked
// against the server's clock (the device window of config: DEVICE_CLOCK_SKEW_MINUTES, DEVICE_PUNCH_MAX_AGE_DAYS).
import { cachedDateIn } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { BadRequest, Conflict, UpgradeRequired } from '../../lib/errors';
import { orgZone } from '../../lib/org-zone';
import { latestApkVersion } from '../apk/versions';
import { computeAttendance } from './compute';
import { addPunch, listPunches, type PunchInput } from './punches';
import { dayView, shiftCodes } from './service';

/** The clock rules of app punches (from config). */
export interface AppPunchRules {
  clockSkewMinutes: number;
  maxAgeDays: number;
  minGapSeconds: number;
}

/** What the web and phone punch bodies share (packages/contract ZWebPunch / ZMobilePunch). */
export interface AppPunchBody {
  direction?: 'in' | 'out';
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  appVersion?: number;
  clientKey?: string;
  punchedAt?: string;
  sentAt?: string;
}

export interface StoredAppPunch {
  id: number;
  late: boolean;
  duplicate: boolean;
  /** The instant stored (the day the answer works out). */
  at: Date;
}

/** 426 when the app's version code is below the minimum of the newest active release in the APK version master. */
export async function assertAppSupported(db: Db, appVersion: number | undefined): Promise<void> {
  if (appVersion === undefined) return;
  const latest = await latestApkVersion(db);
  if (latest && appVersion < latest.minSupportedVersionCode) {
    throw new UpgradeRequired(
      `This version of the app is no longer supported: install version ${latest.versionName} (${latest.versionCode}) or later`,
    );
  }
}

/** The employee's punch already stored with this idempotency key (in the punch log, or kept apart as late). */
export async function punchByClientKey(
  db: Db | Tx,
  employeeId: number,
  clientKey: string,
): Promise<Omit<StoredAppPunch, 'duplicate'> | null> {
  const [row] = await queryRows<{ id: string | number; late: boolean; at: string }>(
    db,
    sql`select id, false as late, punched_at as at from punches where employee_id = ${employeeId} and client_key = ${clientKey}
        union all
        select id, true, punched_at from late_punches where employee_id = ${employeeId} and client_key = ${clientKey}
        limit 1`,
  );
  return row ? { id: Number(row.id), late: row.late, at: new Date(row.at) } : null;
}

/**
 * The time an offline punch is stored at. `punchedAt` is the phone's clock at the punch, `sentAt` its clock when sent;
 * the server's clock at arrival (`now`) measures the phone's error. Within the allowed skew the phone's time is kept
 * (never after now); beyond it the time is put right by the error (the punch was made `sentAt − punchedAt` before it
 * arrived). Refused (400): a punch after its own sending, or older than the window once put right.
 */
export function offlinePunchTime(punchedAt: string, sentAt: string, now: Date, rules: AppPunchRules): Date {
  const made = Date.parse(punchedAt);
  const sent = Date.parse(sentAt);
  if (!Number.isFinite(made) || !Number.isFinite(sent))
    throw new BadRequest('Invalid punch time', { [Number.isFinite(made) ? 'sentAt' : 'punchedAt']: ['Not a date and time'] });
  if (made > sent) throw new BadRequest('Invalid punch time', { punchedAt: ['Must not be after the time it was sent (sentAt)'] });
  const error = now.getTime() - sent;
  const at = Math.abs(error) > rules.clockSkewMinutes * 60_000 ? made + error : Math.min(made, now.getTime());
  if (at < now.getTime() - rules.maxAgeDays * 86_400_000) {
    throw new BadRequest('Punch too old', {
      punchedAt: [`Older than ${rules.maxAgeDays} days: it is not stored (ask for an attendance correction instead)`],
    });
  }
  return new Date(at);
}

/** A web or phone punch within `seconds` of `at` (either side, kept as late too): a double tap. */
async function punchedNear(db: Db | Tx, employeeId: number, at: Date, seconds: number): Promise<boolean> {
  const t = at.toISOString();
  const [near] = await queryRows<{ id: number }>(
    db,
    sql`select id from punches where employee_id = ${employeeId} and source in ('web', 'mobile')
          and punched_at between ${t}::timestamptz - make_interval(secs => ${seconds}) and ${t}::timestamptz + make_interval(secs => ${seconds})
        union all
        select id from late_punches where employee_id = ${employeeId} and source in ('web', 'mobile')
          and punched_at between ${t}::timestamptz - make_interval(secs => ${seconds}) and ${t}::timestamptz + make_interval(secs => ${seconds})
        limit 1`,
  );
  return near !== undefined;
}

function doubleTap(gap: number): Conflict {
  return new Conflict(gap === 60 ? 'You punched less than a minute ago' : `You punched less than ${gap} seconds ago`);
}

/**
 * Stores a web or phone punch: a resend of a key already stored answers that punch (`duplicate`), an app below the
 * supported version is refused (426), an offline punch gets its checked time (`offlinePunchTime`), a second punch
 * within PUNCH_MIN_GAP_SECONDS is a double tap (409). One employee's punches are stored one at a time (an advisory
 * lock), so two copies of one punch sent at once are stored once.
 */
export async function storeAppPunch(
  db: Db,
  rules: AppPunchRules,
  body: AppPunchBody,
  punch: Omit<PunchInput, 'at' | 'direction' | 'clientKey' | 'recordedOffline' | 'clientTime'>,
): Promise<StoredAppPunch> {
  const { employeeId } = punch;
  const key = body.clientKey;
  if (key) {
    const known = await punchByClientKey(db, employeeId, key);
    if (known) return { ...known, duplicate: true };
  }
  await assertAppSupported(db, body.appVersion);
  const offline = body.punchedAt !== undefined || body.sentAt !== undefined;
  if (offline && (!key || !body.punchedAt || !body.sentAt)) {
    const missing = (v: unknown) => (v ? [] : ['Required for a punch made offline']);
    throw new BadRequest('Incomplete offline punch', {
      ...(key ? {} : { clientKey: missing(key) }),
      ...(body.punchedAt ? {} : { punchedAt: missing(body.punchedAt) }),
      ...(body.sentAt ? {} : { sentAt: missing(body.sentAt) }),
    });
  }
  const gap = rules.minGapSeconds;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app-punch'), ${employeeId})`);
    if (key) {
      const known = await punchByClientKey(tx, employeeId, key);
      if (known) return { ...known, duplicate: true };
    }
    const [{ now }] = await queryRows<{ now: string }>(tx, sql`select now() as now`);
    const serverNow = new Date(now);
    const at = offline ? offlinePunchTime(body.punchedAt as string, body.sentAt as string, serverNow, rules) : undefined;
    if (gap > 0 && (await punchedNear(tx, employeeId, at ?? serverNow, gap))) throw doubleTap(gap);
    const stored = await addPunch(tx, {
      ...punch,
      at,
      direction: body.direction ?? null,
      clientKey: key ?? null,
      recordedOffline: offline,
      clientTime: offline ? new Date(body.punchedAt as string) : null,
    });
    return { ...stored, duplicate: false, at: at ?? serverNow };
  });
}

/** The answer to an app punch: the punch stored (or kept apart as late, or stored before: a resend) and its day, as worked out now. */
export async function appPunchResult(db: Db, employeeId: number, stored: StoredAppPunch) {
  const [punch] = await listPunches(db, sql`p.id = ${stored.id}`, 1, stored.late ? 'late_punches' : 'punches');
  const date = cachedDateIn(orgZone(), stored.at);
  const [computed] = await computeAttendance(db, { employeeIds: [employeeId] }, date, date, { persist: false });
  const day = computed?.days[0] ?? null;
  return { punch, day: day ? dayView(day, await shiftCodes(db)) : null, late: stored.late, duplicate: stored.duplicate };
}
