// Form 16 (/outlet/form-16): an employee downloads their own for a financial year; the payroll office (the salary
// process menu, within its units) downloads one employee's, or a unit's as one PDF or a ZIP of one PDF each (a job).
import { MENU, ZForm16Batch, ZForm16Query, ZIdParams, ZJobStarted } from '@hr/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/responses';
import { employeeForm16, type Form16File, ownForm16, startForm16Batch } from './files';

function sendForm16(reply: FastifyReply, file: Form16File) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}

export const form16Routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['form 16'];

  app.get(
    '/api/form-16/me',
    {
      config: { access: { menu: MENU.form16, action: 'view' } },
      schema: {
        tags,
        summary:
          "The caller's own Form 16 of a financial year (PDF: Part B from the year's approved slips, the quarterly TDS summary; Part A proper comes from TRACES); 404 without an approved slip in the year",
        querystring: ZForm16Query,
        response: { 200: fileResponse('application/pdf') },
      },
    },
    async (request, reply) => sendForm16(reply, await ownForm16(app.db, request.auth, request.query.financialYear)),
  );

  app.get(
    '/api/form-16/employees/:id',
    {
      // The Form 16 menu lets an employee in too, so that asking for someone else's is 404 like a missing one (a 403
      // would confirm the id exists); others' Form 16s need the salary process's view action and the unit in reach.
      config: { access: { menu: [MENU.salaryProcess, MENU.form16], action: 'view' } },
      schema: {
        tags,
        summary:
          "One employee's Form 16 of a financial year (PDF): payroll users (salary process view) within their units; anyone else only their own; otherwise 404",
        params: ZIdParams,
        querystring: ZForm16Query,
        response: { 200: fileResponse('application/pdf') },
      },
    },
    async (request, reply) => sendForm16(reply, await employeeForm16(app.db, request.auth, request.params.id, request.query.financialYear)),
  );

  app.post(
    '/api/form-16/batch',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'view' } },
      schema: {
        tags,
        summary:
          "A unit's Form 16s of a financial year as a job: one PDF ('pdf') or a ZIP of one PDF per employee named Form16_{PAN}_{year}.pdf ('zip'); follow GET /api/jobs/{id}, download from /api/jobs/{id}/file",
        body: ZForm16Batch,
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const jobId = await startForm16Batch(app.db, request.auth, request.body);
      app.jobs.kick();
      return reply.code(202).send({ jobId });
    },
  );
};
