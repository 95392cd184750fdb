// The attendance photo a terminal took at a punch, for the punch lists of the web (a punch's `photoId`).
import { MENU, ZAttendanceIdParams } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { createStorage, StorageNotFound } from '../../lib/storage';
import { canReachUnit, hasAction } from '../access/context';
import { reachEmployee } from '../attendance/service';

export const punchPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);

  app.get(
    '/api/attendance/punch-photos/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['attendance'],
        summary:
          "The photo a biometric device took at a punch (JPEG): one's own, or of an employee within one's units with the employee attendance screen; a photo no employee's punch claims, with the devices screen",
        params: ZAttendanceIdParams,
        produces: ['image/jpeg'],
        response: { 200: fileResponse('The photo (image/jpeg)') },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      // The photo with the employee of its punch (kept or late), if any claims it.
      const [photo] = await queryRows<{ storageKey: string; deviceUnitId: number; employeeId: number | null }>(
        app.db,
        sql`select ph.storage_key as "storageKey", d.unit_id as "deviceUnitId",
              coalesce(
                (select p.employee_id from punches p where p.device_id = ph.device_id and p.device_pin = ph.device_pin
                   and p.punched_at between ph.taken_at - interval '5 seconds' and ph.taken_at + interval '5 seconds'
                   and p.employee_id is not null limit 1),
                (select p.employee_id from late_punches p where p.device_id = ph.device_id and p.device_pin = ph.device_pin
                   and p.punched_at between ph.taken_at - interval '5 seconds' and ph.taken_at + interval '5 seconds' limit 1)
              ) as "employeeId"
            from punch_photos ph join biometric_devices d on d.id = ph.device_id
            where ph.id = ${request.params.id}`,
      );
      if (!photo) throw new NotFound('Photo not found');
      if (photo.employeeId != null) {
        await reachEmployee(app.db, auth, Number(photo.employeeId), MENU.employeeAttendance);
      } else if (
        auth.isSelfService ||
        !canReachUnit(auth, photo.deviceUnitId) ||
        !(await hasAction(app.db, auth, MENU.biometricDevice, 'view'))
      ) {
        throw new NotFound('Photo not found');
      }
      const stream = await storage.get(photo.storageKey).catch((err) => {
        throw err instanceof StorageNotFound ? new NotFound('The stored photo is missing') : err;
      });
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(stream);
    },
  );
};
