// A salary run's approval beyond approving a level (routes.ts): sending it back to whoever processed it, and the
// off-cycle run of the employees an approval left out.
import { MENU, ZRun, ZRunIdParams, ZSendBackRun } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Conflict } from '../../lib/errors';
import { decide } from '../approvals/service';
import { createOffCycleRun } from './off-cycle';
import { loadRun, runView } from './runs';

export const runApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payroll/runs/:id/send-back',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'approve' } },
      schema: {
        tags: ['payroll'],
        summary:
          'Sends a processed run back to whoever processed it (the approver of the level it waits for, with what is to be corrected); it is approved again after it is reprocessed',
        params: ZRunIdParams,
        body: ZSendBackRun,
        response: { 200: ZRun },
      },
    },
    async (request) => {
      const run = await loadRun(app.db, request.auth, request.params.id);
      if (run.status !== 'processed' || !run.approvalId) throw new Conflict(`The run is ${run.status}: only a processed run is sent back`);
      await decide(app.db, request.auth, run.approvalId, 'reject', request.body.remark, request.id);
      return runView(app.db, request.auth, await loadRun(app.db, request.auth, run.id), !!app.config.smtpUrl);
    },
  );

  app.post(
    '/api/payroll/runs/:id/off-cycle',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'add' } },
      schema: {
        tags: ['payroll'],
        summary:
          'Opens an off-cycle run (draft) of the same unit and month for the employees this approved or locked run left out; 409 when none is left out',
        params: ZRunIdParams,
        response: { 201: ZRun },
      },
    },
    async (request, reply) => {
      const parent = await loadRun(app.db, request.auth, request.params.id);
      const run = await createOffCycleRun(app.db, request.auth, parent, request.id);
      return reply.code(201).send(await runView(app.db, request.auth, run, !!app.config.smtpUrl));
    },
  );
};
