// The statutory arrears of approved or locked months (statutory-arrears.ts): the list and one record with its
// members, raising them on demand for the caller's units, and the supplementary (arrear) ECR of an approved
// record — the ECR 2.0 layout for the wage month, uploaded on the EPFO portal as ECR type "Arrear". Decisions go
// through the approvals module ('payroll.statutoryArrears'). Users holding the Statutory Arrears menu, within the record's unit.
// Read and decided in statutory-arrear-records.ts.
import {
  MENU,
  ZIdParams,
  ZStatutoryArrear,
  ZStatutoryArrearDecide,
  ZStatutoryArrearDetail,
  ZStatutoryArrearQuery,
  ZStatutoryArrearsRaised,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses';
import { arrearDetail, arrearEcr, decideArrear, listArrears } from './statutory-arrear-records';
import { raiseStatutoryArrears } from './statutory-arrears';

const tags = ['payroll'];
const view_ = { menu: MENU.statutoryArrears, action: 'view' } as const;

/** The arrears records: the list and one record with its lines. */
export const statutoryArrearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payroll/statutory-arrears',
    {
      config: { access: view_ },
      schema: {
        tags,
        summary: 'PF arrears of approved or locked months that a later parameter row reaches, newest open month first',
        querystring: ZStatutoryArrearQuery,
        response: { 200: z.array(ZStatutoryArrear) },
      },
    },
    async (request) => listArrears(app.db, request.auth, request.query),
  );

  app.get(
    '/api/payroll/statutory-arrears/:id',
    {
      config: { access: view_ },
      schema: { tags, summary: 'One arrears record with its members', params: ZIdParams, response: { 200: ZStatutoryArrearDetail } },
    },
    async (request) => arrearDetail(app.db, request.auth, request.params.id),
  );
};

/** Raising, deciding and the arrear ECR of an approved record. */
export const statutoryArrearsActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payroll/statutory-arrears/raise',
    {
      config: { access: { menu: MENU.statutoryArrears, action: 'edit' } },
      schema: {
        tags,
        summary: 'Works out the PF arrears of the approved or locked months of the caller’s units that a later parameter row reaches',
        response: { 200: ZStatutoryArrearsRaised },
      },
    },
    async (request) => ({
      raised: await raiseStatutoryArrears(app.db, { requestedBy: request.auth.userId, unitIds: request.auth.unitIds }),
    }),
  );

  app.post(
    '/api/payroll/statutory-arrears/:id/decide',
    {
      config: { access: view_ },
      schema: {
        tags,
        summary:
          'Approves or rejects a pending arrears record (the approve action on Statutory Arrears; a remark to reject). Approving says who bears the members’ share: the employer (default; EPF Scheme 1952 para 32 allows recovery only from the wages of the same period) or the members (recovered from their next pay as a PF deduction)',
        params: ZIdParams,
        body: ZStatutoryArrearDecide,
        response: { 200: ZStatutoryArrear },
      },
    },
    async (request) => decideArrear(app.db, request.auth, request.params.id, request.body, request.id),
  );

  app.get(
    '/api/payroll/statutory-arrears/:id/ecr',
    {
      config: { access: view_ },
      schema: {
        tags,
        summary:
          'The supplementary (arrear) ECR of an approved record: ECR 2.0 lines of the wage month with the differences (upload as ECR type Arrear); 409 before approval or when a member has no valid UAN',
        params: ZIdParams,
        response: { 200: fileResponse('text/plain') },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await arrearEcr(app.db, request.auth, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
