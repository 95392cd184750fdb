// Form 16 (/outlet/form-16): an employee downloads their own for a financial year; the payroll office (the salary
// process menu, within its units) downloads one employee's, or a unit's as one PDF or a ZIP of one PDF each (a job).
import { MENU, ZForm16Batch, ZForm16Query, ZIdParams, ZJobStarted } from '@hr/contract';
import { buildForm16Doc, financialYearStart, form16FileName } from '@hr/documents';
import { renderPdf } from '@hr/documents/node';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { enqueue } from '../../jobs/runner';
import { NotFound } from '../../lib/errors';
import { FINAL_RUN } from '../../lib/month-lock';
import { fileResponse } from '../../lib/responses';
import { canReachRecord, canReachUnit, hasAction } from '../access/context';
import { loadForm16Records, runInYear } from './data';
import { form16BatchJob } from './job';

async function sendForm16(reply: FastifyReply, db: Parameters<typeof loadForm16Records>[0], employeeId: number, financialYear: string) {
  const [record] = await loadForm16Records(db, [employeeId], financialYear);
  if (!record) throw new NotFound(`No approved salary in the financial year ${financialYear}`);
  const pdf = await renderPdf(buildForm16Doc([record]));
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${form16FileName(record)}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
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
    async (request, reply) => {
      const employeeId = request.auth.employeeId;
      if (!employeeId) throw new NotFound('No employee record is linked to this sign-in');
      return sendForm16(reply, app.db, employeeId, request.query.financialYear);
    },
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
    async (request, reply) => {
      const id = request.params.id;
      const own = request.auth.employeeId === id;
      const payroll = !own && (await hasAction(app.db, request.auth, MENU.salaryProcess, 'view'));
      const [e] = await queryRows<{ unitId: number }>(app.db, sql`select unit_id as "unitId" from employees where id = ${id}`);
      if (!e || !(own || (payroll && canReachRecord(request.auth, { employeeId: id, unitId: e.unitId })))) {
        throw new NotFound('Employee not found');
      }
      return sendForm16(reply, app.db, id, request.query.financialYear);
    },
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
      const { unitId, financialYear, format } = request.body;
      const unit = Number(unitId);
      const [u] = await queryRows<{ id: number }>(app.db, sql`select id from units where id = ${unit}`);
      if (!u || !canReachUnit(request.auth, unit)) throw new NotFound('Unit not found');
      const start = financialYearStart(financialYear);
      const [any] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from payroll_runs r where r.unit_id = ${unit} and ${FINAL_RUN} and ${runInYear(start)}`,
      );
      if (!any?.n) throw new NotFound(`No approved salary of the unit in the financial year ${financialYear}`);
      const jobId = await enqueue(app.db, form16BatchJob, { unitId: unit, financialYear, format }, { createdBy: request.auth.userId });
      app.jobs.kick();
      return reply.code(202).send({ jobId: jobId as number });
    },
  );
};
