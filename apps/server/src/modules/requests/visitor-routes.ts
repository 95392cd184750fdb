// The reception's visitors: the expected visitors of the caller's units, and marking an approved visitor's arrival
// or departure.
import { MENU, ZIdParams, ZRequest, ZVisitorMark, ZVisitorsQuery } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markVisitor, visitorsOf } from './visitors';

export const visitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  app.get(
    '/api/visitors',
    {
      config: { access: { menu: MENU.allRequestVisitor, action: 'view' } },
      schema: {
        tags,
        summary: "Expected visitors of the caller's units for a day (default today and tomorrow), pending and approved",
        querystring: ZVisitorsQuery,
        response: { 200: z.array(ZRequest) },
      },
    },
    async (request) => visitorsOf(app.db, request.auth, request.query),
  );

  for (const what of ['arrival', 'departure'] as const) {
    app.post(
      `/api/visitors/:id/${what}`,
      {
        config: { access: { menu: MENU.allRequestVisitor, action: 'view' } },
        schema: {
          tags,
          summary: `Marks an approved visitor's ${what} (the reception)`,
          params: ZIdParams,
          body: ZVisitorMark,
          response: { 200: ZRequest },
        },
      },
      async (request) => markVisitor(app.db, request.auth, request.params.id, what, request.id),
    );
  }
};
