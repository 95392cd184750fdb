// An employee's photo and documents: read by whoever may see the record (employee screen, Upload Documents, My
// profile), changed by staff within their units or by the employee for their own record (files.ts says who).
import { MENU, ZEmployeeDocumentStatus, ZIdParams, ZIdText } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse, noContent, sendStoredFile } from '../../lib/responses';
import { createStorage } from '../../lib/storage';
import { readUpload } from '../../lib/upload';
import { documentStatus } from './documents';
import { documentFile, photoFile, removeDocument, uploadDocument, uploadPhoto } from './files';
import { tags } from './routes';

const uploadMaxBytes = (mb: number) => Math.round(mb * 1024 * 1024);

export const employeePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const maxBytes = uploadMaxBytes(app.config.uploadMaxMb);

  app.get(
    '/api/employees/:id/photo',
    {
      config: { access: { menu: [MENU.employee, MENU.profile, MENU.idCard], action: 'view' } },
      schema: {
        tags,
        summary: 'The photo (JPEG or PNG)',
        params: ZIdParams,
        response: { 200: fileResponse('The photo (image/jpeg or image/png)') },
      },
    },
    async (request, reply) => {
      const photo = await photoFile(app.db, request.auth, request.params.id);
      return sendStoredFile(reply, storage, photo.key, { mime: photo.mime });
    },
  );

  app.post(
    '/api/employees/:id/photo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload the photo (multipart; JPEG or PNG)',
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await uploadPhoto(app.db, storage, request.auth, request.params.id, (limits) => readUpload(request, limits), maxBytes, request.id);
      return reply.code(204).send(null);
    },
  );
};

export const employeeDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const maxBytes = uploadMaxBytes(app.config.uploadMaxMb);
  const readers = [MENU.employee, MENU.uploadDocuments, MENU.profile];

  app.get(
    '/api/employees/:id/documents',
    {
      config: { access: { menu: readers, action: 'view' } },
      schema: { tags, summary: 'Documents and missing mandatory ones', params: ZIdParams, response: { 200: ZEmployeeDocumentStatus } },
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
        params: ZIdParams,
        querystring: z.object({ docTypeId: ZIdText }),
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ id: z.number(), fileName: z.string(), mimeType: z.string(), sizeBytes: z.number() }) },
      },
    },
    async (request, reply) => {
      const target = { employeeId: request.params.id, docTypeId: request.query.docTypeId, maxBytes };
      const saved = await uploadDocument(app.db, storage, request.auth, target, (limits) => readUpload(request, limits), request.id);
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/employee-documents/:id/download',
    {
      config: { access: { menu: readers, action: 'view' } },
      schema: {
        tags,
        summary: 'Download a document (the employee, managers of the unit, administrators)',
        params: ZIdParams,
        response: { 200: fileResponse('The document as uploaded (PDF, JPEG or PNG)') },
      },
    },
    async (request, reply) => {
      const doc = await documentFile(app.db, request.auth, request.params.id);
      return sendStoredFile(reply, storage, doc.key, { mime: doc.mime, fileName: doc.fileName });
    },
  );

  app.delete(
    '/api/employee-documents/:id',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Delete a document', params: ZIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeDocument(app.db, storage, request.auth, request.params.id, request.id);
      return reply.code(204).send(null);
    },
  );
};
