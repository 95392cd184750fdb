// The Labour Codes' wages rule on a processed run (Code on Wages s.2(y) proviso, in force from 21 Nov 2025): which
// employees' excluded payments passed the limit and how much that raised their PF (ESI) wages, read from the slips'
// statutory figures (codeWages, codeWagesAddedBack, pfWagesRaise, esiWagesRaise, written by the engine). The run
// screen lists them under the statutory summary. Payroll users of the run's unit only. Read in statutory-returns.ts.
import { MENU, ZRunIdParams, ZRunWageRule } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runWageRule } from './statutory-returns';

export const wageRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/runs/:id/wage-rule',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The Labour Codes’ wages rule on a processed run: the employees whose excluded allowances passed half of all remuneration, the amount added back to wages and how much it raised their PF (ESI) wages; 409 for a draft run',
        params: ZRunIdParams,
        response: { 200: ZRunWageRule },
      },
    },
    async (request) => runWageRule(app.db, request.auth, request.params.id),
  );
};
