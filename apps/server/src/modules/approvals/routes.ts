// The approver's inbox: every approval waiting for the caller, whatever its kind (issue 29). Each is decided at its
// own screen (the kind's route), which the item links to.
import { ZWaitingApprovals, ZWaitingApprovalsQuery } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waitingFor } from './waiting';

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/approvals/waiting',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['approvals'],
        summary: 'The pending approvals of every kind the caller may decide now, newest first, each with the screen where it is decided',
        querystring: ZWaitingApprovalsQuery,
        response: { 200: ZWaitingApprovals },
      },
    },
    async (request) => waitingFor(app.db, request.auth, request.query),
  );
};
