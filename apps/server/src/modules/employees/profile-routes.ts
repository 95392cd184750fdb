// My profile: the signed-in employee's own record, the contact details they change themself, and the bank or
// statutory changes they ask for; the employee screen's list of those requests and their decision.
import {
  MENU,
  ZDecideChangeRequest,
  ZEmployee,
  ZEmployeeContact,
  ZIdParams,
  ZProfileChangeRequest,
  ZProfileChangeRequestInput,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../lib/responses';
import { createChangeRequest, decideChangeRequest, listChangeRequests, listOwnChangeRequests, ownEmployeeId } from './profile';
import { readEmployee } from './read';
import { tags } from './routes';
import { updateContact } from './service';

export const employeeProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/employee',
    {
      config: { access: { menu: MENU.profile, action: 'view' } },
      schema: { tags, summary: "The signed-in user's own employee record", response: { 200: ZEmployee } },
    },
    async (request) => readEmployee(app.db, request.auth, ownEmployeeId(request.auth)),
  );

  app.post(
    '/api/me/employee/contact',
    {
      config: { access: { menu: MENU.profile, action: 'edit' } },
      schema: {
        tags,
        summary: 'Change own contact details, addresses and emergency contact',
        body: ZEmployeeContact,
        response: { 200: ZEmployee },
      },
    },
    async (request) => {
      const id = ownEmployeeId(request.auth);
      await updateContact(app.db, request.auth, id, request.body, request.id);
      return readEmployee(app.db, request.auth, id);
    },
  );

  app.get(
    '/api/me/employee/change-requests',
    {
      config: { access: { menu: MENU.profile, action: 'view' } },
      schema: { tags, summary: 'Own bank / statutory change requests', response: { 200: z.array(ZProfileChangeRequest) } },
    },
    async (request) => listOwnChangeRequests(app.db, request.auth),
  );

  app.post(
    '/api/me/employee/change-requests',
    {
      config: { access: { menu: MENU.profile, action: 'edit' } },
      schema: {
        tags,
        summary: 'Ask an administrator to change bank or statutory fields',
        body: ZProfileChangeRequestInput,
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => reply.code(201).send({ id: await createChangeRequest(app.db, request.auth, request.body, request.id) }),
  );

  app.get(
    '/api/employee-change-requests',
    {
      config: { access: { menu: MENU.employee, action: 'approve' } },
      schema: {
        tags,
        summary: 'Bank / statutory change requests to decide',
        querystring: z.object({ status: z.enum(['pending', 'all']).default('pending') }),
        response: { 200: z.array(ZProfileChangeRequest) },
      },
    },
    async (request) => listChangeRequests(app.db, request.auth, request.query.status),
  );

  app.post(
    '/api/employee-change-requests/:id/decide',
    {
      config: { access: { menu: MENU.employee, action: 'approve' } },
      schema: {
        tags,
        summary: 'Approve (apply) or reject a change request',
        params: ZIdParams,
        body: ZDecideChangeRequest,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await decideChangeRequest(app.db, request.auth, request.params.id, request.body.approve, request.body.note, request.id);
      return reply.code(204).send(null);
    },
  );
};
