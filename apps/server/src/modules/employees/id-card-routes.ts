// ID cards: the cards' data for the screen (one employee, or a unit's active employees) and a unit's cards as one
// PDF built by a job.
import { MENU, ZIdCardBatch, ZIdQuery, ZIdText, ZJobStarted } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../lib/storage';
import { startIdCardBatch } from './id-card-job';
import { idCardBatch } from './id-cards';
import { tags } from './routes';

export const idCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);

  app.get(
    '/api/id-cards',
    {
      config: { access: { menu: MENU.idCard, action: 'view' } },
      schema: {
        tags,
        summary: 'ID card data: one employee, or every active employee of a unit',
        querystring: z.object({
          employeeId: ZIdText.optional(),
          unitId: ZIdText.optional(),
        }),
        response: { 200: ZIdCardBatch },
      },
    },
    async (request) => idCardBatch(app.db, storage, request.auth, request.query, app.config.orgTimeZone),
  );

  app.post(
    '/api/id-cards/batch',
    {
      config: { access: { menu: MENU.idCard, action: 'view' } },
      schema: {
        tags,
        summary:
          "A unit's ID cards as one PDF, built by a job (202 { jobId }); follow GET /api/jobs/{jobId} and download GET /api/jobs/{jobId}/file",
        body: z.object({ unitId: ZIdQuery, layout: z.enum(['card', 'a4']).default('a4') }).strict(),
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const jobId = await startIdCardBatch(app.db, request.auth, request.body);
      app.jobs.kick();
      return reply.code(202).send({ jobId });
    },
  );
};
