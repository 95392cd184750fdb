import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { biometricDevices } from '../../db/schema';
import './rules';

/** Every call of the ADMS push protocol names the device; terminals add fields of their own (INFO, pushver…). */
export const ZDeviceQuery = z.looseObject({ SN: z.string().max(40) });

/**
 * Device endpoints (outside /api: terminals call fixed paths). This file holds the heartbeat; the
 * attendance module adds the punch upload (/iclock/cdata) on the same 'device' access.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iclock/getrequest',
    {
      config: { access: 'device' },
      schema: {
        tags: ['devices'],
        summary: 'Device heartbeat: records the last contact, answers OK (or a queued command)',
        querystring: ZDeviceQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      await app.db.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, request.device.id));
      return reply.type('text/plain').send('OK');
    },
  );
};
