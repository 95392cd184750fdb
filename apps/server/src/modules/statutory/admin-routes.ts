// /outlet/statutory-parameters (issue 25): the dated statutory parameters an administrator or the payroll
// office keeps current. List the rows in force on a day with their history; add a row from the day a
// notification takes effect; change or deactivate an employer's row that no approved or locked month used.
// A release's rows are never changed here: a newer employer row supersedes them. Every change is audited.
import {
  MENU,
  ZIdParams,
  ZStatutoryParameter,
  ZStatutoryParameterInput,
  ZStatutoryParameterList,
  ZStatutoryParametersQuery,
  ZStatutoryParameterUpdate,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../lib/responses';
import { addParameter, changeParameter, deactivateParameter, listParameters } from './parameter-changes';

const tags = ['statutory'];

export const statutoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const menu = MENU.statutoryParameters;

  app.get(
    '/api/statutory/parameters',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'The statutory parameter rows in force on a day (one per kind and state) and their dated history',
        querystring: ZStatutoryParametersQuery,
        response: { 200: ZStatutoryParameterList },
      },
    },
    async (request) => listParameters(app.db, request.query),
  );

  app.post(
    '/api/statutory/parameters',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: 'Adds a row from the day a notification takes effect (400 naming overlapping or missing bands; 409 for a day taken)',
        body: ZStatutoryParameterInput,
        response: { 201: ZStatutoryParameter },
      },
    },
    async (request, reply) => reply.code(201).send(await addParameter(app.db, request.auth, request.body, request.id, request.log)),
  );

  app.put(
    '/api/statutory/parameters/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes an employer’s row that no approved or locked month used (409 otherwise, and for a release’s row)',
        params: ZIdParams,
        body: ZStatutoryParameterUpdate,
        response: { 200: ZStatutoryParameter },
      },
    },
    async (request) => changeParameter(app.db, request.auth, request.params.id, request.body, request.id, request.log),
  );

  app.delete(
    '/api/statutory/parameters/:id',
    {
      config: { access: { menu, action: 'delete' } },
      schema: {
        tags,
        summary: 'Deactivates an employer’s row that no approved or locked month used (409 otherwise, and for a release’s row)',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deactivateParameter(app.db, request.auth, request.params.id, request.id);
      return reply.code(204).send(null);
    },
  );
};
