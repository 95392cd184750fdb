// Salary advances: requested → approved (approvals module) → paid (bank or cash) → recovering → closed, or
// rejected / cancelled. The schedule's instalments sum to the amount exactly (the last absorbs the rounding);
// each run recovers the month's instalment through deduction head 41; a pre-closure recovers the balance in
// one month; a skipped instalment moves to the end. A recovery in an approved or locked month is final.
// Queries in advances.ts and advance-actions.ts.
import { MENU, ZAdvance, ZAdvanceAction, ZAdvanceListQuery, ZAdvancePage, ZIdParams, ZSaveAdvance, ZUpdateAdvance } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnAdvance, changeAdvance, requestAdvance } from './advance-actions';
import { advanceView, listAdvances, loadAdvance } from './advances';

export { advanceApproval } from './advances';

export const advanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const menu = MENU.salaryAdvance;

  app.get(
    '/api/payroll/advances',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'Salary advances (paged), newest first', querystring: ZAdvanceListQuery, response: { 200: ZAdvancePage } },
    },
    async (request) => listAdvances(app.db, request.auth, request.query),
  );

  app.get(
    '/api/payroll/advances/:id',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'One advance with its schedule and approval history', params: ZIdParams, response: { 200: ZAdvance } },
    },
    async (request) => {
      await loadAdvance(app.db, request.auth, request.params.id);
      return advanceView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/advances',
    {
      config: { access: { menu, action: 'add' } },
      schema: { tags, summary: 'Requests an advance (sent for approval)', body: ZSaveAdvance, response: { 201: ZAdvance } },
    },
    async (request, reply) => {
      const id = await requestAdvance(app.db, request.auth, request.body, request.id);
      return reply.code(201).send(await advanceView(app.db, id));
    },
  );

  app.put(
    '/api/payroll/advances/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Changes an advance not yet paid (amount, instalments, start month, remarks, pay mode); after approval it goes back for approval',
        params: ZIdParams,
        body: ZUpdateAdvance,
        response: { 200: ZAdvance },
      },
    },
    async (request) => {
      await changeAdvance(app.db, request.auth, request.params.id, request.body, request.id);
      return advanceView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/advances/:id/action',
    {
      // Approve / reject need the approve action (checked by the approvals module); the rest the edit action.
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve, reject (approvers); pay, cancel, pre-close an advance or skip an instalment (edit)',
        params: ZIdParams,
        body: ZAdvanceAction,
        response: { 200: ZAdvance },
      },
    },
    async (request) => {
      await actOnAdvance(app.db, request.auth, request.params.id, request.body, request.id);
      return advanceView(app.db, request.params.id);
    },
  );
};
