import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from './db/client';

const ZHealth = z.object({ status: z.enum(['ok', 'error']), database: z.string(), time: z.string() });

/** GET /api/health: 200 when the database answers `select 1` within 3 s, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], security: [], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (request, reply) => {
      const time = new Date().toISOString();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ping(app.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database timeout')), 3000);
          }),
        ]);
        return { status: 'ok' as const, database: app.dbKind, time };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.code(503).send({ status: 'error' as const, database: app.dbKind, time });
      } finally {
        clearTimeout(timer); // a load balancer polls often: no timer left behind per check
      }
    },
  );
};
