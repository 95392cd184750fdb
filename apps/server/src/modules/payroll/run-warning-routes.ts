// A processed run's warnings (issue 28): the gaps that stop what follows the salary (run-warnings.ts reads them).
import { MENU, ZRunIdParams, ZRunWarnings } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runWarningsOf } from './run-warnings';

export const runWarningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/warnings',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The gaps of a processed run that stop what follows the salary: ESI applies without an ESI number, PF without a UAN, bank payment without a valid account or IFSC',
        params: ZRunIdParams,
        response: { 200: ZRunWarnings },
      },
    },
    async (request) => runWarningsOf(app.db, request.auth, request.params.id),
  );
};
