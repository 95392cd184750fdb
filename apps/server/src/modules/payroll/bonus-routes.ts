// Employee bonus (/outlet/transaction/employee-bonus): the statutory bonus of a financial year under the Code on
// Wages, 2019, Part IV (s.26; the Payment of Bonus Act, 1965 it repealed for the years before), computed from the
// approved salary months (the Code's wages earned — s.2(y), the slip's codeWages, basic + DA on slips before the
// rule — capped, pro rata for the months worked; thresholds and their source are dated data in bonus_rules), or ad
// hoc amounts; approved on the approvals module; paid with a salary month (the BONUS head of that run) or separately.
// Queries in bonuses.ts and bonus-actions.ts.
import { MENU, ZBonus, ZBonusAction, ZBonusListQuery, ZBonusPage, ZIdParams, ZSaveBonus } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnBonus, changeBonus, createBonus } from './bonus-actions';
import { bonusView, listBonuses, loadBonus } from './bonuses';

export { bonusApproval, bonusRulesFor } from './bonuses';

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const menu = MENU.employeeBonus;

  app.get(
    '/api/payroll/bonuses',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'Bonuses (paged), newest year first', querystring: ZBonusListQuery, response: { 200: ZBonusPage } },
    },
    async (request) => listBonuses(app.db, request.auth, request.query),
  );

  app.get(
    '/api/payroll/bonuses/:id',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'One bonus with its employee lines', params: ZIdParams, response: { 200: ZBonus } },
    },
    async (request) => {
      await loadBonus(app.db, request.auth, request.params.id);
      return bonusView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/bonuses',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: 'Computes a statutory bonus for a unit and year, or records ad hoc amounts (sent for approval)',
        body: ZSaveBonus,
        response: { 201: ZBonus },
      },
    },
    async (request, reply) => {
      const id = await createBonus(app.db, request.auth, request.body, request.id);
      return reply.code(201).send(await bonusView(app.db, id));
    },
  );

  app.put(
    '/api/payroll/bonuses/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes a bonus not yet paid (rate or amounts, pay month, remarks); it goes back for approval',
        params: ZIdParams,
        body: ZSaveBonus,
        response: { 200: ZBonus },
      },
    },
    async (request) => {
      await changeBonus(app.db, request.auth, request.params.id, request.body, request.id);
      return bonusView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/bonuses/:id/action',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve or reject (approvers); mark a separately paid bonus paid, or cancel a draft (edit)',
        params: ZIdParams,
        body: ZBonusAction,
        response: { 200: ZBonus },
      },
    },
    async (request) => {
      await actOnBonus(app.db, request.auth, request.params.id, request.body, request.id);
      return bonusView(app.db, request.params.id);
    },
  );
};
