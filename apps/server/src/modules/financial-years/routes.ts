import { ZFinancialYear } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orgToday } from '../../lib/org-zone';
import { listFinancialYears } from './service';

export const financialYearRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/financial-years',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['financial years'],
        summary: 'Financial years, newest first; one is current',
        response: { 200: z.array(ZFinancialYear) },
      },
    },
    async () => listFinancialYears(app.db, orgToday()),
  );
};
