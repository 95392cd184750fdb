// The statutory returns of a processed salary run, built from its slips' statutory figures (worked out by the
// rules when the run was processed): the EPFO's ECR 2.0 text file and the ESIC's monthly contribution upload
// (Excel). Payroll users of the run's unit only. Built in statutory-returns.ts.
import { MENU, ZRunIdParams, ZRunStatutory } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/responses';
import { ecrFile, esiFile, runStatutoryTotals } from './statutory-returns';
import { wageRuleRoutes } from './wage-rule-routes';

export const statutoryReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wageRuleRoutes);
  app.get(
    '/api/payroll/runs/:id/ecr',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The ECR 2.0 file of a processed run (text, one line per PF member: UAN#~#name#~#gross#~#EPF#~#EPS#~#EDLI wages#~#contributions#~#NCP days#~#refund); 409 when a member has no valid UAN or the run is not processed',
        params: ZRunIdParams,
        response: { 200: fileResponse('text/plain') },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await ecrFile(app.db, request.auth, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  app.get(
    '/api/payroll/runs/:id/esi',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'The ESIC monthly contribution file of a processed run (.xlsx in the portal’s layout: IP number, IP name, days paid rounded up, total monthly wages, reason code — 0 none, 1 on leave, 2 left service, 3 retired, 4 out of coverage, 5 expired, 10 retrenchment … — and the last working day where the reason needs it) for the covered employees; 409 when one has no IP number',
        params: ZRunIdParams,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const { fileName, file } = await esiFile(app.db, request.auth, request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/payroll/runs/:id/statutory',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags: ['payroll'],
        summary:
          'A processed run’s statutory totals in rupees: PF (members, EPF wages, member’s share, EPS, EPF difference, EDLI, the establishment’s administration charges), ESI, professional tax and labour welfare fund; 409 for a draft run',
        params: ZRunIdParams,
        response: { 200: ZRunStatutory },
      },
    },
    async (request) => runStatutoryTotals(app.db, request.auth, request.params.id),
  );
};
