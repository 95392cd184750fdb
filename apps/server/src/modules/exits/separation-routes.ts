// Separation routes: list (unit and self scoped), view, record (self-service resignation or HR), approve / reject /
// withdraw through the approvals module.
import { MENU, ZIdParams, ZSaveSeparation, ZSeparation, ZSeparationAction, ZSeparationListQuery, ZSeparationPage } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnSeparation, listSeparations } from './separation-office';
import { parseBody, recordSeparation, separationView } from './separations';

const MENUS = [MENU.separation, MENU.mySeparation];

export const separationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exits'];

  app.get(
    '/api/exits/separations',
    {
      config: { access: { menu: MENUS, action: 'view' } },
      schema: { tags, summary: 'Separations (paged), newest first', querystring: ZSeparationListQuery, response: { 200: ZSeparationPage } },
    },
    async (request) => listSeparations(app.db, request.auth, request.query),
  );

  app.get(
    '/api/exits/separations/:id',
    {
      config: { access: { menu: MENUS, action: 'view' } },
      schema: { tags, summary: 'One separation with its approval', params: ZIdParams, response: { 200: ZSeparation } },
    },
    async (request) => separationView(app.db, request.auth, request.params.id),
  );

  app.post(
    '/api/exits/separations',
    {
      config: { access: { menu: MENUS, action: 'add' } },
      schema: { tags, summary: 'Records a separation (sent for approval)', body: ZSaveSeparation, response: { 201: ZSeparation } },
    },
    async (request, reply) => {
      const id = await recordSeparation(app.db, request.auth, parseBody(request.body), request.id);
      return reply.code(201).send(await separationView(app.db, request.auth, id));
    },
  );

  app.post(
    '/api/exits/separations/:id/action',
    {
      // Approve / reject need the approve action on the separation menu (checked by the approvals module).
      config: { access: { menu: MENUS, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve (optionally agreeing the last working day), reject with a remark, or withdraw a pending separation',
        params: ZIdParams,
        body: ZSeparationAction,
        response: { 200: ZSeparation },
      },
    },
    async (request) => actOnSeparation(app.db, request.auth, request.params.id, request.body, request.id),
  );
};
