import multipart from '@fastify/multipart';
import {
  MENU,
  type TAction,
  type TMenuPath,
  ZCreateUserAccount,
  ZDecideChangeRequest,
  ZEmployee,
  ZEmployeeContact,
  ZEmployeeDocumentStatus,
  ZEmployeeInput,
  ZEmployeeList,
  ZEmployeeListQuery,
  ZEmployeeOption,
  ZIdCardBatch,
  ZIdParams,
  ZIdQuery,
  ZIdText,
  ZImportErrorReportRequest,
  ZJobStarted,
  ZProfileChangeRequest,
  ZProfileChangeRequestInput,
  ZSearchText,
} from '@hr/contract';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employees } from '../../db/schema';
import { enqueue } from '../../jobs/runner';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { fileResponse, noContent } from '../../lib/responses';
import { containsPattern } from '../../lib/sql';
import { createStorage, StorageNotFound } from '../../lib/storage';
import { readMultipartFile, readUpload } from '../../lib/upload';
import { type AuthContext, assertUnit, hasAction, selfScope, unitScope } from '../access/context';
import {
  allowedKinds,
  deleteDocument,
  docTypeMaxBytes,
  documentStatus,
  loadDocType,
  loadDocument,
  saveDocument,
  savePhoto,
} from './documents';
import { exportEmployees } from './export';
import { idCardJob } from './id-card-job';
import { idCardBatch } from './id-cards';
import { buildErrorReport, buildTemplate } from './import';
import { startEmployeeImport } from './import-job';
import { createChangeRequest, decideChangeRequest, listChangeRequests, listOwnChangeRequests, ownEmployeeId } from './profile';
import {
  createEmployee,
  createUserAccount,
  deleteEmployee,
  listEmployees,
  loadEmployeeRow,
  readEmployee,
  updateContact,
  updateEmployee,
} from './service';

const ZId = ZIdParams;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 403 unless the caller may change this employee's files: `staff` on the employee screen (then the unit
 * scoping of loadEmployeeRow applies), or `own` on a My profile screen for their own record only.
 */
async function assertStaffOrOwn(
  db: Parameters<typeof hasAction>[0],
  auth: AuthContext,
  employeeId: number,
  staff: [TMenuPath, TAction],
  own: [TMenuPath, TAction],
) {
  if (await hasAction(db, auth, staff[0], staff[1])) return;
  if (auth.employeeId === employeeId && (await hasAction(db, auth, own[0], own[1]))) return;
  throw new Forbidden(auth.employeeId === employeeId ? 'Your role may not do this' : 'You can only change your own documents and photo');
}

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const maxBytes = Math.round(app.config.uploadMaxMb * 1024 * 1024);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  }
  const tags = ['employees'];

  // ----------------------------------------------------------------------------------- record
  app.get(
    '/api/employees',
    {
      config: { access: { menu: MENU.employee, action: 'view' } },
      schema: {
        tags,
        summary: 'Employee list (paged, sorted, searched, filtered)',
        querystring: ZEmployeeListQuery,
        response: { 200: ZEmployeeList },
      },
    },
    async (request) => listEmployees(app.db, request.auth, request.query),
  );

  app.get(
    '/api/employees/export',
    {
      config: { access: { menu: MENU.employee, action: 'view' } },
      schema: {
        tags,
        summary: 'The filtered list as Excel',
        querystring: ZEmployeeListQuery,
        response: { 200: fileResponse('The list as .xlsx') },
      },
    },
    async (request, reply) => {
      const stream = await exportEmployees(app.db, request.auth, request.query);
      reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="Employees.xlsx"');
      return reply.send(stream);
    },
  );

  app.get(
    '/api/employees/options',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Employees for a select (within reach)',
        querystring: z.object({ search: ZSearchText.optional(), unitId: ZIdText.optional() }),
        response: { 200: z.array(ZEmployeeOption) },
      },
    },
    async (request) => {
      const s = request.query.search?.trim();
      const like = s ? containsPattern(s) : undefined;
      return app.db
        .select({ id: employees.id, name: employees.name, employeeCode: employees.employeeCode })
        .from(employees)
        .where(
          and(
            unitScope(request.auth, employees.unitId),
            selfScope(request.auth, employees.id),
            request.query.unitId ? eq(employees.unitId, request.query.unitId) : undefined,
            like ? or(ilike(employees.name, like), ilike(employees.employeeCode, like)) : undefined,
          ),
        )
        .orderBy(asc(employees.name))
        .limit(50);
    },
  );

  app.get(
    '/api/employees/:id',
    {
      config: { access: { menu: [MENU.employee, MENU.profile, MENU.idCard], action: 'view' } },
      schema: { tags, summary: 'One employee', params: ZId, response: { 200: ZEmployee } },
    },
    async (request) => readEmployee(app.db, request.auth, request.params.id),
  );

  app.post(
    '/api/employees',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: { tags, summary: 'Add an employee', body: ZEmployeeInput, response: { 201: ZEmployee } },
    },
    async (request, reply) => {
      const row = await createEmployee(app.db, request.auth, request.body, request.id);
      return reply.code(201).send(await readEmployee(app.db, request.auth, row.id));
    },
  );

  app.post(
    '/api/employees/:id',
    {
      config: { access: { menu: MENU.employee, action: 'edit' } },
      schema: { tags, summary: 'Update an employee', params: ZId, body: ZEmployeeInput, response: { 200: ZEmployee } },
    },
    async (request) => {
      await updateEmployee(app.db, request.auth, request.params.id, request.body, request.id);
      return readEmployee(app.db, request.auth, request.params.id);
    },
  );

  app.delete(
    '/api/employees/:id',
    {
      config: { access: { menu: MENU.employee, action: 'delete' } },
      schema: { tags, summary: 'Delete an employee nothing uses yet (409 otherwise)', params: ZId, response: { 204: noContent } },
    },
    async (request, reply) => {
      const keys = await deleteEmployee(app.db, request.auth, request.params.id, request.id);
      for (const k of keys) await storage.delete(k).catch(() => {});
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/employees/:id/user-account',
    {
      config: { access: { menu: MENU.employee, action: 'add' } },
      schema: {
        tags,
        summary: 'Create the sign-in account of an employee (role Employee by default)',
        params: ZId,
        body: ZCreateUserAccount,
        response: { 201: z.object({ userId: z.number(), userName: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = await createUserAccount(app.db, request.auth, request.params.id, request.body, request.id);
      return reply.code(201).send({ userId: user.id, userName: user.userName });
    },
  );

  // ----------------------------------------------------------------------------------- photo
  app.get(
    '/api/employees/:id/photo',
    {
      config: { access: { menu: [MENU.employee, MENU.profile, MENU.idCard], action: 'view' } },
      schema: {
        tags,
        summary: 'The photo (JPEG or PNG)',
        params: ZId,
        response: { 200: fileResponse('The photo (image/jpeg or image/png)') },
      },
    },
    async (request, reply) => {
      const emp = await loadEmployeeRow(app.db, request.auth, request.params.id);
      if (!emp.photoKey) throw new NotFound('No photo');
      return sendStored(reply, emp.photoKey, emp.photoKey.endsWith('.png') ? 'image/png' : 'image/jpeg', undefined);
    },
  );

  app.post(
    '/api/employees/:id/photo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload the photo (multipart; JPEG or PNG)',
        params: ZId,
        consumes: ['multipart/form-data'],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      await assertStaffOrOwn(app.db, auth, request.params.id, [MENU.employee, 'edit'], [MENU.profile, 'edit']);
      await loadEmployeeRow(app.db, auth, request.params.id);
      const file = await readUpload(request, {
        maxBytes: Math.min(maxBytes, 5 * 1024 * 1024),
        allowed: ['jpg', 'png'],
        fallbackName: 'photo',
        what: 'a photo',
      });
      await savePhoto(app.db, storage, auth, request.params.id, file, request.id);
      return reply.code(204).send(null);
    },
  );

  // ----------------------------------------------------------------------------------- documents
  app.get(
    '/api/employees/:id/documents',
    {
      config: { access: { menu: [MENU.employee, MENU.uploadDocuments, MENU.profile], action: 'view' } },
      schema: { tags, summary: 'Documents and missing mandatory ones', params: ZId, response: { 200: ZEmployeeDocumentStatus } },
    },
    async (request) => documentStatus(app.db, request.auth, request.params.id, maxBytes),
  );

  app.post(
    '/api/employees/:id/documents',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload a document (multipart; PDF, JPEG or PNG by content)',
        params: ZId,
        querystring: z.object({ docTypeId: ZIdText }),
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.number(), fileName: z.string(), mimeType: z.string(), sizeBytes: z.number() }) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      await assertStaffOrOwn(app.db, auth, request.params.id, [MENU.employee, 'edit'], [MENU.uploadDocuments, 'add']);
      const emp = await loadEmployeeRow(app.db, auth, request.params.id);
      const type = await loadDocType(app.db, request.query.docTypeId);
      const file = await readUpload(request, {
        maxBytes: docTypeMaxBytes(type.maxSizeKb, maxBytes),
        allowed: allowedKinds(type.allowedFileTypes),
        fallbackName: type.name,
        what: type.name,
      });
      const row = await saveDocument(app.db, storage, auth, emp.id, type.id, file, request.id);
      return reply.code(201).send({ id: row.id, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes });
    },
  );

  app.get(
    '/api/employee-documents/:id/download',
    {
      config: { access: { menu: [MENU.employee, MENU.uploadDocuments, MENU.profile], action: 'view' } },
      schema: {
        tags,
        summary: 'Download a document (the employee, managers of the unit, administrators)',
        params: ZId,
        response: { 200: fileResponse('The document as uploaded (PDF, JPEG or PNG)') },
      },
    },
    async (request, reply) => {
      const doc = await loadDocument(app.db, request.auth, request.params.id);
      return sendStored(reply, doc.storageKey, doc.mimeType, doc.fileName);
    },
  );

  app.delete(
    '/api/employee-documents/:id',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Delete a document', params: ZId, response: { 204: noContent } } },
    async (request, reply) => {
      const doc = await loadDocument(app.db, request.auth, request.params.id);
      await assertStaffOrOwn(app.db, request.auth, doc.employeeId, [MENU.employee, 'edit'], [MENU.uploadDocuments, 'delete']);
      await deleteDocument(app.db, storage, request.auth, doc, request.id);
      return reply.code(204).send(null);
    },
  );

  async function sendStored(reply: FastifyReply, key: string, mime: string, fileName: string | undefined) {
    const stream = await storage.get(key).catch((err) => {
      throw err instanceof StorageNotFound ? new NotFound('The stored file is missing') : err;
    });
    reply.header('content-type', mime).header('cache-control', 'private, no-store');
    if (fileName)
      reply.header(
        'content-disposition',
        `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
    return reply.send(stream);
  }

  // ----------------------------------------------------------------------------------- my profile
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
        params: ZId,
        body: ZDecideChangeRequest,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await decideChangeRequest(app.db, request.auth, request.params.id, request.body.approve, request.body.note, request.id);
      return reply.code(204).send(null);
    },
  );

  // ----------------------------------------------------------------------------------- import
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
      const { buffer, filename, mimetype } = await readMultipartFile(request, Math.max(maxBytes, 50 * 1024 * 1024), 'an import');
      const isZip = buffer[0] === 0x50 && buffer[1] === 0x4b;
      const name = (filename ?? '').toLowerCase();
      if (!isZip && !name.endsWith('.csv') && !mimetype.includes('csv') && !mimetype.startsWith('text/')) {
        throw new BadRequest('Upload the filled template as .xlsx or .csv');
      }
      if (!isZip && buffer.subarray(0, 4096).includes(0))
        throw new BadRequest('This file is neither an Excel workbook nor a CSV text file');
      const jobId = await startEmployeeImport(app.db, app.config, request.auth, buffer, isZip ? 'xlsx' : 'csv', request.id);
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

  // ----------------------------------------------------------------------------------- ID cards
  app.get(
    '/api/id-cards',
    {
      config: { access: { menu: MENU.idCard, action: 'view' } },
      schema: {
        tags,
        summary: 'ID card data: one employee, or every active employee of a unit',
        querystring: z.object({
          employeeId: ZIdText.optional(),
          unitId: ZIdText.optional(),
        }),
        response: { 200: ZIdCardBatch },
      },
    },
    async (request) => idCardBatch(app.db, storage, request.auth, request.query, app.config.orgTimeZone),
  );

  app.post(
    '/api/id-cards/batch',
    {
      config: { access: { menu: MENU.idCard, action: 'view' } },
      schema: {
        tags,
        summary:
          "A unit's ID cards as one PDF, built by a job (202 { jobId }); follow GET /api/jobs/{jobId} and download GET /api/jobs/{jobId}/file",
        body: z.object({ unitId: ZIdQuery, layout: z.enum(['card', 'a4']).default('a4') }).strict(),
        response: { 202: ZJobStarted },
      },
    },
    async (request, reply) => {
      if (request.auth.isSelfService) throw new Forbidden('Your role prints only your own card');
      assertUnit(request.auth, request.body.unitId);
      const jobId = await enqueue(app.db, idCardJob, { auth: request.auth, ...request.body }, { createdBy: request.auth.userId });
      app.jobs.kick();
      return reply.code(202).send({ jobId: jobId! });
    },
  );
};
