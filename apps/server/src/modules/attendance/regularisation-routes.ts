// Corrections of a day (regularisation): asked by the employee, decided by the reporting manager.
import { ZAttendanceIdParams, ZDecide, ZRegularisation, ZRegularisationList, ZRegularisationQuery, ZRegularise } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideRegularisation, listRegularisations, requestRegularisation } from './regularisation';

const signedIn = 'signedIn' as const;

export const regularisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/attendance/regularisations',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: 'Asks for a correction of a day (missed punch, wrong time), for approval by the reporting manager',
        body: ZRegularise,
        response: { 201: ZRegularisation },
      },
    },
    async (request, reply) => reply.code(201).send(await requestRegularisation(app.db, request.auth, request.body, request.id)),
  );

  app.get(
    '/api/attendance/regularisations',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "Corrections: one's own, those the caller may decide, or all in reach; pending first",
        querystring: ZRegularisationQuery,
        response: { 200: ZRegularisationList },
      },
    },
    async (request) => listRegularisations(app.db, request.auth, request.query),
  );

  app.post(
    '/api/attendance/regularisations/:id/decide',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary:
          'Approves or rejects a correction (a remark to reject), or withdraws it (the requester) / cancels it (an approver, with a reason)',
        params: ZAttendanceIdParams,
        body: ZDecide,
        response: { 200: ZRegularisation },
      },
    },
    async (request) =>
      decideRegularisation(app.db, request.auth, Number(request.params.id), request.body.action, request.body.remark, request.id),
  );
};
