// The biometric device screen's command queue (device-admin-routes.ts): a command a device reads on its next heartbeat
// (sent as C:{id}:{command} by modules/devices).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit } from '../access/context';

/** Queues `command` for a device of the caller's units (404 for another unit's, like a missing one); audited. Its id. */
export async function queueDeviceCommand(db: Db, auth: AuthContext, deviceId: number, command: string, requestId: string): Promise<number> {
  const [d] = await queryRows<{ unitId: number }>(db, sql`select unit_id as "unitId" from biometric_devices where id = ${deviceId}`);
  if (!d || !canReachUnit(auth, d.unitId)) throw new NotFound('Device not found');
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into device_commands (device_id, command, created_by) values (${deviceId}, ${command}, ${auth.userId}) returning id`,
  );
  await writeAudit(db, {
    entity: 'device_commands',
    entityId: row.id,
    action: 'create',
    after: { deviceId, command },
    userId: auth.userId,
    requestId,
  });
  return row.id;
}
