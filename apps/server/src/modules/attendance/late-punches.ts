// Late punches: punches that arrive (a device's ATTLOG line, a web or phone punch, an approved correction, a PIN
// mapped to an employee) for a day frozen for the employee (frozen.ts: its salary month is approved or locked). They
// are kept apart in `late_punches`, counted nowhere, listed for the payroll office, and moved into `punches` — their
// days worked out again — when the month is reopened (unlockRun, modules/payroll/runs.ts) or when the payroll office
// applies them after that (POST /api/attendance/late-punches/apply).
import type { TLatePunch } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { orgZone } from '../../lib/org-zone';
import { recomputeForPunches } from './compute';
import { frozenEmployeeDays } from './frozen';

/** The columns a late punch shares with a punch (late_punches adds `day`). */
const SHARED = sql.raw(
  'employee_id, punched_at, source, direction, device_id, device_pin, device_local_time, device_status, verify_mode, work_code, ' +
    'latitude, longitude, accuracy_m, outside_geofence, client_device, app_version, remark, client_key, recorded_offline, ' +
    'client_time, created_by, created_at',
);

export interface LateDeviceLine {
  employeeId: number;
  day: string;
  punchedAt: Date;
  deviceId: number;
  devicePin: string;
  deviceLocalTime: string;
  deviceStatus: number | null;
  verifyMode: number | null;
  workCode: string | null;
  direction: 'in' | 'out' | null;
}

/**
 * Keeps a device batch's lines for frozen days apart, in one statement: a line already in the punch log (stored
 * before the month was closed) or already kept (a resend) is not kept again. Returns how many were kept now.
 */
export async function holdDeviceLines(tx: Tx, lines: readonly LateDeviceLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into late_punches (employee_id, day, punched_at, source, direction, device_id, device_pin, device_local_time,
          device_status, verify_mode, work_code)
        select l.employee_id, l.day, l.punched_at, 'device', l.direction, l.device_id, l.device_pin, l.device_local_time,
          l.device_status, l.verify_mode, l.work_code
        from jsonb_to_recordset(${JSON.stringify(
          lines.map((l) => ({
            employee_id: l.employeeId,
            day: l.day,
            punched_at: l.punchedAt.toISOString(),
            direction: l.direction,
            device_id: l.deviceId,
            device_pin: l.devicePin,
            device_local_time: l.deviceLocalTime,
            device_status: l.deviceStatus,
            verify_mode: l.verifyMode,
            work_code: l.workCode,
          })),
        )}::jsonb) as l(employee_id int, day date, punched_at timestamptz, direction text, device_id int, device_pin text,
          device_local_time text, device_status smallint, verify_mode smallint, work_code text)
        where not exists (select 1 from punches p
          where p.device_id = l.device_id and p.device_pin = l.device_pin and p.punched_at = l.punched_at)
        on conflict (device_id, device_pin, punched_at) do nothing
        returning id`,
  );
  return rows.length;
}

/**
 * Moves the late punches chosen by `where` (a condition on `l`, late_punches, and `e`, employees) whose days are no
 * longer frozen into the punch log (a device line already there is not stored twice; the arrival time is kept) and
 * works out their days again. Run it inside the transaction that reopened the month. Punches of days still frozen
 * (another run that paid the employee, another unit's month) stay kept apart.
 */
export async function applyLatePunches(tx: Tx | Db, where: SQL): Promise<{ applied: number; stillFrozen: number }> {
  const candidates = await queryRows<{ id: number; employeeId: number; day: string }>(
    tx,
    sql`select l.id, l.employee_id as "employeeId", l.day::text as day
        from late_punches l join employees e on e.id = l.employee_id
        where ${where}
        order by l.id`,
  );
  if (candidates.length === 0) return { applied: 0, stillFrozen: 0 };
  const frozen = await frozenEmployeeDays(tx, candidates);
  const ids = candidates.filter((c) => !frozen.has(`${c.employeeId}|${c.day}`)).map((c) => Number(c.id));
  if (ids.length === 0) return { applied: 0, stillFrozen: candidates.length };
  const moved = await queryRows<{ employeeId: number; at: string }>(
    tx,
    sql`with moved as (delete from late_punches where id = any(${`{${ids.join(',')}}`}::bigint[]) returning *)
        insert into punches (${SHARED})
        select ${SHARED} from moved
        on conflict do nothing
        returning employee_id as "employeeId", punched_at as at`,
  );
  await recomputeForPunches(
    tx,
    moved.map((m) => ({ employeeId: m.employeeId, at: new Date(m.at) })),
  );
  return { applied: ids.length, stillFrozen: candidates.length - ids.length };
}

/** Late punches as the API lists them; `where` is a condition on `l` (late_punches) and `e` (employees). */
export async function listLatePunches(db: Db | Tx, where: SQL, limit = 1000): Promise<TLatePunch[]> {
  const tz = orgZone();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName",
          e.unit_id as "unitId", u.name as "unitName", l.day::text as day,
          l.punched_at as "punchedAt", to_char(l.punched_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "localTime",
          l.source, l.direction, d.serial_number as "deviceSerial", d.name as "deviceName", l.device_pin as "devicePin",
          l.remark, l.created_at as "arrivedAt"
        from late_punches l
        join employees e on e.id = l.employee_id
        join units u on u.id = e.unit_id
        left join biometric_devices d on d.id = l.device_id
        where ${where}
        order by l.day, e.employee_code, l.punched_at, l.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    ...(r as unknown as TLatePunch),
    id: Number(r.id),
    punchedAt: new Date(r.punchedAt as string).toISOString(),
    arrivedAt: new Date(r.arrivedAt as string).toISOString(),
  }));
}

/**
 * Unmatched device punches (`ids`) mapped to an employee whose days they fall on are frozen: taken out of the
 * holding area of unmatched punches and kept as the employee's late punches (never into a frozen day's log).
 */
export async function holdMappedPunches(tx: Tx, ids: readonly number[], employeeId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with moved as (delete from punches where id = any(${`{${ids.join(',')}}`}::bigint[]) and employee_id is null returning *)
        insert into late_punches (day, ${SHARED})
        select (punched_at at time zone ${orgZone()})::date, ${employeeId}, ${sql.raw(
          'punched_at, source, direction, device_id, device_pin, device_local_time, device_status, verify_mode, work_code, ' +
            'latitude, longitude, accuracy_m, outside_geofence, client_device, app_version, remark, client_key, recorded_offline, ' +
            'client_time, created_by, created_at',
        )}
        from moved
        on conflict (device_id, device_pin, punched_at) do nothing
        returning id`,
  );
  return rows.length;
}
