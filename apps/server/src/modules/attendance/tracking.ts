// Where each employee of the caller's reach last punched on a date (the tracking screen's map and list).
import { addDays, zonedInstant } from '@hr/calendar';
import type { ZTracking, ZTrackingQuery } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { orgZone } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, selfScope, unitScope } from '../access/context';

export async function trackingOf(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof ZTrackingQuery>,
  tileUrl: z.infer<typeof ZTracking>['tileUrl'],
): Promise<z.infer<typeof ZTracking>> {
  const unitId = q.unitId === undefined ? undefined : Number(q.unitId);
  if (unitId !== undefined && !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const tz = orgZone();
  const conds = [
    sql`p.punched_at >= ${zonedInstant(q.date, 0, tz).toISOString()}::timestamptz`,
    sql`p.punched_at < ${zonedInstant(addDays(q.date, 1), 0, tz).toISOString()}::timestamptz`,
  ];
  const scope = auth.isSelfService ? selfScope(auth, sql`e.id`) : unitScope(auth, sql`e.unit_id`);
  if (scope) conds.push(scope);
  if (unitId !== undefined) conds.push(sql`e.unit_id = ${unitId}`);
  if (q.departmentId !== undefined) conds.push(sql`e.department_id = ${Number(q.departmentId)}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (
          select distinct on (p.employee_id) p.employee_id as "employeeId", e.employee_code as "employeeCode", e.name,
            u.name as "unitName", dp.name as "departmentName", p.punched_at as at,
            to_char(p.punched_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "localTime", p.source,
            p.latitude::float8 as latitude, p.longitude::float8 as longitude, p.accuracy_m as accuracy,
            p.outside_geofence as "outsideGeofence", d.name as "deviceName"
          from punches p join employees e on e.id = p.employee_id join units u on u.id = e.unit_id
          join departments dp on dp.id = e.department_id left join biometric_devices d on d.id = p.device_id
          where ${sql.join(conds, sql` and `)}
          order by p.employee_id, p.punched_at desc) t
        order by t."employeeCode"`,
  );
  return {
    date: q.date,
    tileUrl,
    rows: rows.map((r) => ({ ...r, at: new Date(r.at as string).toISOString() })) as never,
  };
}
