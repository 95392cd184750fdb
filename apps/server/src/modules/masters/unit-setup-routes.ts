// GET /api/masters/units/{id}/setup: the unit set-up checklist (issue 28), worked out by unit-setup.ts. A unit outside
// the caller's reach answers 404 like a missing one.

import { MENU, ZIdParams, ZUnitSetup } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../lib/errors';
import { canReachUnit } from '../access/context';
import { unitSetup } from './unit-setup';

export const unitSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/masters/units/:id/setup',
    {
      config: { access: { menu: MENU.unit, action: 'view' } },
      schema: {
        tags: ['masters'],
        summary: 'What a unit still lacks: departments, designations, heads, leave types, approvers, holidays, shifts',
        params: ZIdParams,
        response: { 200: ZUnitSetup },
      },
    },
    async (request) => {
      const unitId = Number(request.params.id);
      if (!canReachUnit(request.auth, unitId)) throw new NotFound('Unit not found');
      const setup = await unitSetup(app.db, unitId);
      if (!setup) throw new NotFound('Unit not found');
      return setup;
    },
  );
};
