// The devices screen's API for administrators and the payroll office: the biometric devices of the caller's units with
// their status (last contact, punches today, unmatched and refused lines), the unmatched PINs and mapping one to an
// employee (its punches then count, or are kept as late punches for frozen days), and the command queue a device
// reads on its next heartbeat. The devices themselves talk to /iclock (modules/devices).
import { cachedDateIn, todayIn, zonedInstant } from '@hr/calendar';
import { MENU, ZAttendanceIdParams, ZDeviceStatus, ZMapPin, ZMapPinResult, ZUnmatchedPin, zLine } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { orgZone } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { recomputeForPunches } from './compute';
import { dayKey, frozenEmployeeDays } from './frozen';
import { holdMappedPunches } from './late-punches';
import { reachEmployee } from './service';

/** A device of the caller's units (by its own unit). */
const deviceScope = (auth: AuthContext) => unitScope(auth, sql`d.unit_id`) ?? sql`true`;

/** The devices with their status, and the unmatched PINs. */
const deviceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/devices',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary:
          "Each device serving the caller's units: last contact, stamp, punches received today and unmatched ones, lines refused for their time, late punches waiting, and whether it is unprotected (no key, no allowed addresses)",
        response: { 200: z.array(ZDeviceStatus) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const tz = orgZone();
      const today = todayIn(tz);
      // A device of the caller's units: its own unit or one of those it also serves.
      const own = unitScope(auth, sql`d.unit_id`);
      const scope = own
        ? sql`(${own} or exists (select 1 from biometric_device_units x where x.device_id = d.id and ${unitScope(auth, sql`x.unit_id`)}))`
        : sql`true`;
      const rows = await queryRows<Record<string, unknown>>(
        app.db,
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
      const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
      return rows.map((r) => ({ ...r, lastSeenAt: iso(r.lastSeenAt), lastRefusedAt: iso(r.lastRefusedAt) })) as never;
    },
  );

  app.get(
    '/api/attendance/unmatched',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "Device PINs that match no employee (their punches are kept), per device of the caller's units",
        response: { 200: z.array(ZUnmatchedPin) },
      },
    },
    async (request) => {
      const rows = await queryRows<Record<string, unknown>>(
        app.db,
        sql`select p.device_pin as "devicePin", d.serial_number as "deviceSerial", d.name as "deviceName", count(*)::int as punches,
              min(p.punched_at) as first, max(p.punched_at) as last
            from punches p join biometric_devices d on d.id = p.device_id
            where p.employee_id is null and ${deviceScope(request.auth)}
            group by p.device_pin, d.serial_number, d.name
            order by max(p.punched_at) desc
            limit 500`,
      );
      return rows.map((r) => ({
        ...r,
        first: new Date(r.first as string).toISOString(),
        last: new Date(r.last as string).toISOString(),
      })) as never;
    },
  );
};

/** Mapping an unmatched PIN to an employee: its punches count for them (late punches for frozen days). */
const mapPinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/attendance/unmatched/map',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'edit' } },
      schema: {
        tags: ['attendance'],
        summary: "Maps a device PIN to an employee: the PIN becomes the employee's device user id and the kept punches are theirs",
        body: ZMapPin,
        response: { 200: ZMapPinResult },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { devicePin, employeeId } = request.body;
      const e = await reachEmployee(app.db, auth, employeeId, null);
      if (auth.isSelfService) throw new NotFound('Employee not found');
      const result = await app.db.transaction(async (tx) => {
        const [cur] = await queryRows<{ deviceUserId: string | null; code: string }>(
          tx,
          sql`select device_user_id as "deviceUserId", employee_code as code from employees where id = ${e.id} for update`,
        );
        if (cur.deviceUserId && cur.deviceUserId !== devicePin) {
          throw new Conflict(`${e.name} already has device PIN ${cur.deviceUserId}`, 'employeeId');
        }
        const [other] = await queryRows<{ name: string }>(
          tx,
          sql`select name from employees where device_user_id = ${devicePin} and id <> ${e.id}`,
        );
        if (other) throw new Conflict(`PIN ${devicePin} already belongs to ${other.name}`, 'devicePin');
        // The PIN's unmatched punches from devices serving the employee's unit become theirs; a device of other units
        // only is no way for its punches to be stored against them.
        const kept = await queryRows<{ id: number; at: string; served: boolean }>(
          tx,
          sql`select p.id, p.punched_at as at,
                (d.unit_id = ${e.unitId} or exists (select 1 from biometric_device_units x where x.device_id = d.id and x.unit_id = ${e.unitId})) as served
              from punches p join biometric_devices d on d.id = p.device_id
              where p.employee_id is null and p.device_pin = ${devicePin} and ${deviceScope(auth)}`,
        );
        const served = kept.filter((k) => k.served);
        if (served.length === 0 && kept.length > 0) {
          throw new Conflict(
            `The punches of PIN ${devicePin} come from devices that do not serve ${e.unitName}: add the unit to the device first`,
            'employeeId',
          );
        }
        const tz = orgZone();
        const dayOf = (k: { at: string }) => cachedDateIn(tz, new Date(k.at));
        const frozen = await frozenEmployeeDays(
          tx,
          served.map((k) => ({ employeeId: e.id, day: dayOf(k) })),
        );
        const lateIds = served.filter((k) => frozen.has(dayKey(e.id, dayOf(k)))).map((k) => Number(k.id));
        const openIds = served.filter((k) => !frozen.has(dayKey(e.id, dayOf(k)))).map((k) => Number(k.id));
        if (!cur.deviceUserId) {
          await tx.execute(
            sql`update employees set device_user_id = ${devicePin}, updated_by = ${auth.userId}, updated_at = now() where id = ${e.id}`,
          );
        }
        const moved = openIds.length
          ? await queryRows<{ at: string }>(
              tx,
              sql`update punches p set employee_id = ${e.id}
                  where p.id = any(${`{${openIds.join(',')}}`}::bigint[]) and p.employee_id is null
                  returning p.punched_at as at`,
            )
          : [];
        const late = await holdMappedPunches(tx, lateIds, e.id);
        await writeAudit(tx, {
          entity: 'employees',
          entityId: e.id,
          action: 'map device PIN',
          before: { deviceUserId: cur.deviceUserId },
          after: { deviceUserId: devicePin, punches: moved.length, latePunches: late },
          userId: auth.userId,
          requestId: request.id,
        });
        await recomputeForPunches(
          tx,
          moved.map((m) => ({ employeeId: e.id, at: new Date(m.at) })),
        );
        return { mapped: moved.length + late, late };
      });
      return result;
    },
  );
};

/** The biometric device screen's command queue, read by devices on their next heartbeat. */
const deviceCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/attendance/devices/:id/commands',
    {
      config: { access: { menu: MENU.biometricDevice, action: 'edit' } },
      schema: {
        tags: ['attendance'],
        summary: 'Queues a command for a device (sent as C:{id}:{command} on its next heartbeat), e.g. DATA QUERY ATTLOG StartTime=…',
        params: ZAttendanceIdParams,
        // One line: the device reads the protocol line by line, a line break would smuggle in a second command.
        body: z.object({ command: zLine().min(1).max(500) }),
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      const [d] = await queryRows<{ unitId: number }>(
        app.db,
        sql`select unit_id as "unitId" from biometric_devices where id = ${Number(request.params.id)}`,
      );
      if (!d || !canReachUnit(request.auth, d.unitId)) throw new NotFound('Device not found');
      const [row] = await queryRows<{ id: number }>(
        app.db,
        sql`insert into device_commands (device_id, command, created_by) values (${Number(request.params.id)}, ${request.body.command}, ${request.auth.userId}) returning id`,
      );
      await writeAudit(app.db, {
        entity: 'device_commands',
        entityId: row.id,
        action: 'create',
        after: { deviceId: Number(request.params.id), command: request.body.command },
        userId: request.auth.userId,
        requestId: request.id,
      });
      return reply.code(201).send({ id: row.id });
    },
  );
};

export const deviceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deviceStatusRoutes);
  await app.register(mapPinRoutes);
  await app.register(deviceCommandRoutes);
};
