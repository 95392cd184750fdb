// The attendance photo a terminal took at a punch, for the punch lists of the web (a punch's `photoId`).
import { ZAttendanceIdParams } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { createStorage, StorageNotFound } from '../../lib/storage';
import { reachablePhotoKey } from './photos';

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
      const key = await reachablePhotoKey(app.db, request.auth, request.params.id);
      const stream = await storage.get(key).catch((err) => {
        throw err instanceof StorageNotFound ? new NotFound('The stored photo is missing') : err;
      });
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(stream);
    },
  );
};
