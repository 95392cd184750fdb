// The employee import's routes: the template, the upload (a job: all rows or none) and a failed import's errors as
// Excel. The import itself is import*.ts (checked, then saved in one transaction by the job).
import { MENU, ZImportErrorReportRequest, ZJobStarted } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { readMultipartFile } from '../../lib/upload';
import { buildErrorReport, buildTemplate } from './import';
import { startEmployeeImport } from './import-job';
import { tags, XLSX } from './routes';

/** What the uploaded file is: an Excel workbook (a zip) or CSV text (400 for anything else). */
function importFormat(file: { buffer: Buffer; filename: string | undefined; mimetype: string }): 'xlsx' | 'csv' {
  const { buffer, mimetype } = file;
  const isZip = buffer[0] === 0x50 && buffer[1] === 0x4b;
  const name = (file.filename ?? '').toLowerCase();
  if (!isZip && !name.endsWith('.csv') && !mimetype.includes('csv') && !mimetype.startsWith('text/')) {
    throw new BadRequest('Upload the filled template as .xlsx or .csv');
  }
  if (!isZip && buffer.subarray(0, 4096).includes(0)) throw new BadRequest('This file is neither an Excel workbook nor a CSV text file');
  return isZip ? 'xlsx' : 'csv';
}

export const employeeImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = Math.round(app.config.uploadMaxMb * 1024 * 1024);

  app.get(
    '/api/employees/import/template',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: {
        tags,
        summary: 'The import template (.xlsx with an explanations sheet)',
        response: { 200: fileResponse('The template as .xlsx') },
      },
    },
    async (_request, reply) => {
      reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="Employee_Import_Template.xlsx"');
      return reply.send(await buildTemplate());
    },
  );

  app.post(
    '/api/employees/import',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: {
        tags,
        summary:
          'Import employees from .xlsx or .csv: all rows or none. Starts a job (202 { jobId }); follow GET /api/jobs/{jobId}, whose result is the import result',
        consumes: ['multipart/form-data'],
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      const file = await readMultipartFile(request, Math.max(maxBytes, 50 * 1024 * 1024), 'an import');
      const jobId = await startEmployeeImport(app.db, app.config, request.auth, file.buffer, importFormat(file), request.id);
      app.jobs.kick();
      return reply.code(202).send({ jobId });
    },
  );

  app.post(
    '/api/employees/import/error-report',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: {
        tags,
        summary: 'The errors of a failed import as .xlsx',
        body: ZImportErrorReportRequest,
        response: { 200: fileResponse('The errors as .xlsx') },
      },
    },
    async (request, reply) => {
      reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="Employee_Import_Errors.xlsx"');
      return reply.send(await buildErrorReport(request.body.errors));
    },
  );
};
