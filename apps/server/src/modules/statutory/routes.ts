// The statutory calculators (issue 13): income tax on a year's salary in either regime, and a month's PF, ESI,
// professional tax and labour welfare fund for one wage figure in a state. Both read the dated parameters from
// statutory_parameters, so a figure an administrator adds is used at once. Payroll users only (the salary
// process menu's view action).
import { MENU, ZStatutoryCompute, ZStatutoryComputeResult, ZTaxCompute, ZTaxComputeResult } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statutoryCalculation, taxCalculation } from './calculators';

export const statutoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const access = { menu: MENU.salaryProcess, action: 'view' } as const;

  app.post(
    '/api/payroll/tax/compute',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Income tax on a year’s salary in one regime (slabs, 87A rebate with marginal relief, surcharge, cess)',
        body: ZTaxCompute,
        response: { 200: ZTaxComputeResult },
      },
    },
    async (request) => taxCalculation(app.db, request.log, request.body),
  );

  app.post(
    '/api/payroll/statutory/compute',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A month’s PF, ESI, professional tax and labour welfare fund on given wages in a state',
        body: ZStatutoryCompute,
        response: { 200: ZStatutoryComputeResult },
      },
    },
    async (request) => statutoryCalculation(app.db, request.log, request.body),
  );
};
