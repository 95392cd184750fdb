// Mapping an unmatched device PIN to an employee (the devices screen, device-admin-routes.ts): the PIN becomes the
// employee's device user id, and the PIN's kept punches from devices serving the employee's unit become theirs — in the
// punch log for open days, as late punches for frozen ones (late-punches.ts).
import { cachedDateIn } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { orgZone } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { recomputeForPunches } from './compute';
import { deviceScope } from './device-status';
import { dayKey, frozenEmployeeDays } from './frozen';
import { holdMappedPunches } from './late-punches';
import { type ReachedEmployee, reachEmployee } from './service';

/** The employee's device user id, locked; 409 when they have another PIN or the PIN is someone else's. */
async function lockedPinOf(tx: Tx, e: ReachedEmployee, devicePin: string): Promise<string | null> {
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
  return cur.deviceUserId;
}

/**
 * The PIN's unmatched punches (from the caller's units' devices) split by the employee's days: open (into the log) and
 * frozen (kept as late punches). Only devices serving the employee's unit count: 409 when the PIN has punches but none of
 * those (a device of other units only is no way for its punches to be stored against them).
 */
async function punchesToMap(tx: Tx, auth: AuthContext, e: ReachedEmployee, devicePin: string) {
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
  return {
    lateIds: served.filter((k) => frozen.has(dayKey(e.id, dayOf(k)))).map((k) => Number(k.id)),
    openIds: served.filter((k) => !frozen.has(dayKey(e.id, dayOf(k)))).map((k) => Number(k.id)),
  };
}

/** Maps `devicePin` to an employee of the caller's units (404 otherwise; self-service: 404); audited. */
export async function mapDevicePin(
  db: Db,
  auth: AuthContext,
  body: { devicePin: string; employeeId: number },
  requestId: string,
): Promise<{ mapped: number; late: number }> {
  const { devicePin, employeeId } = body;
  const e = await reachEmployee(db, auth, employeeId, null);
  if (auth.isSelfService) throw new NotFound('Employee not found');
  return db.transaction(async (tx) => {
    const current = await lockedPinOf(tx, e, devicePin);
    const { lateIds, openIds } = await punchesToMap(tx, auth, e, devicePin);
    if (!current) {
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
      before: { deviceUserId: current },
      after: { deviceUserId: devicePin, punches: moved.length, latePunches: late },
      userId: auth.userId,
      requestId,
    });
    await recomputeForPunches(
      tx,
      moved.map((m) => ({ employeeId: e.id, at: new Date(m.at) })),
    );
    return { mapped: moved.length + late, late };
  });
}
