// The devices screen's reads (device-admin-routes.ts): each biometric device of the caller's units with its status
// (last contact, punches today, unmatched and refused lines, late punches waiting), and the PINs that match no
// employee. The devices themselves talk to /iclock (modules/devices).
import { todayIn, zonedInstant } from '@hr/calendar';
import type { ZDeviceStatus, ZUnmatchedPin } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { orgZone } from '../../lib/org-zone';
import { type AuthContext, unitScope } from '../access/context';

/** A device of the caller's units (by its own unit), as a condition on `d` (biometric_devices). */
export const deviceScope = (auth: AuthContext): SQL => unitScope(auth, sql`d.unit_id`) ?? sql`true`;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** The devices serving the caller's units (their own unit, or one they also serve) with their status. */
export async function deviceStatuses(db: Db, auth: AuthContext): Promise<z.infer<typeof ZDeviceStatus>[]> {
  const tz = orgZone();
  const today = todayIn(tz);
  // A device of the caller's units: its own unit or one of those it also serves.
  const own = unitScope(auth, sql`d.unit_id`);
  const scope = own
    ? sql`(${own} or exists (select 1 from biometric_device_units x where x.device_id = d.id and ${unitScope(auth, sql`x.unit_id`)}))`
    : sql`true`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.id, d.serial_number as "serialNumber", d.name, d.unit_id as "unitId", u.name as "unitName",
          d.time_zone as "timeZone", d.is_active as active, d.last_seen_at as "lastSeenAt", d.last_attlog_stamp as "lastStamp",
          coalesce(p.n, 0)::int as "punchesToday", coalesce(p.unmatched, 0)::int as "unmatchedToday",
          array(select o.name from biometric_device_units x join units o on o.id = x.unit_id where x.device_id = d.id order by o.name)
            as "otherUnitNames",
          (d.key_hash is null and d.allowed_cidrs is null) as unprotected,
          d.refused_future as "refusedFuture", d.refused_old as "refusedOld", d.last_refused_at as "lastRefusedAt",
          (select count(*) from late_punches l where l.device_id = d.id)::int as "latePunches"
        from biometric_devices d join units u on u.id = d.unit_id
        left join (select device_id, count(*) as n, count(*) filter (where employee_id is null) as unmatched from punches
                   where device_id is not null and punched_at >= ${zonedInstant(today, 0, tz).toISOString()}::timestamptz
                   group by device_id) p on p.device_id = d.id
        where ${scope}
        order by u.name, d.name`,
  );
  return rows.map((r) => ({ ...r, lastSeenAt: iso(r.lastSeenAt), lastRefusedAt: iso(r.lastRefusedAt) })) as never;
}

/** Device PINs that match no employee (their punches are kept), per device of the caller's units; the 500 latest. */
export async function unmatchedPins(db: Db, auth: AuthContext): Promise<z.infer<typeof ZUnmatchedPin>[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.device_pin as "devicePin", d.serial_number as "deviceSerial", d.name as "deviceName", count(*)::int as punches,
          min(p.punched_at) as first, max(p.punched_at) as last
        from punches p join biometric_devices d on d.id = p.device_id
        where p.employee_id is null and ${deviceScope(auth)}
        group by p.device_pin, d.serial_number, d.name
        order by max(p.punched_at) desc
        limit 500`,
  );
  return rows.map((r) => ({
    ...r,
    first: new Date(r.first as string).toISOString(),
    last: new Date(r.last as string).toISOString(),
  })) as never;
}
