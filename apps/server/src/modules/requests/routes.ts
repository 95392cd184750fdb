// The requests API (issue 12): raising work-from-home, leave and visitor requests, one's own list, the allRequest
// lists and their Excel export, one request and its attachment. Decisions (decision-routes.ts), leave balances and
// the ledger (leave-routes.ts), the reception's visitors (visitor-routes.ts) and the bell (notification-routes.ts)
// have their own route files; each route calls one service function.
import {
  MENU,
  type TRequestKind,
  ZHostList,
  ZHostsQuery,
  ZIdParams,
  ZMyRequestsQuery,
  ZRaiseRequest,
  ZRequest,
  ZRequestAttachment,
  ZRequestList,
  ZRequestsQuery,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Forbidden } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { createStorage } from '../../lib/storage';
import { readUpload } from '../../lib/upload';
import { hasAction } from '../access/context';
import { openAttachment, saveAttachment } from './attachments';
import { requestsWorkbook } from './export';
import { listRequests, myRequests, reachableRequest } from './lists';
import { raiseRequest } from './raise';
import { hostsOf } from './visitors';

export const signedIn = 'signedIn' as const;
export const ALL_REQUEST_MENUS = [MENU.allRequestWfh, MENU.allRequestLeave, MENU.allRequestVisitor];
const RAISE_MENU: Record<TRequestKind, (typeof MENU)[keyof typeof MENU]> = {
  wfh: MENU.requestWfh,
  leave: MENU.requestLeave,
  visitor: MENU.requestVisitor,
};
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Raising a request (and its attachment, a visitor's host) and one's own requests. */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  const storage = createStorage(app.config);
  const maxBytes = Math.min(5, app.config.uploadMaxMb) * 1024 * 1024;

  app.post(
    '/api/requests',
    {
      config: { access: { menu: [MENU.requestWfh, MENU.requestLeave, MENU.requestVisitor], action: 'add' } },
      schema: {
        tags,
        summary: 'Raises a work-from-home, leave or visitor request for oneself (pending; approvers are notified)',
        body: ZRaiseRequest,
        response: { 201: ZRequest },
      },
    },
    async (request, reply) => {
      if (!(await hasAction(app.db, request.auth, RAISE_MENU[request.body.kind], 'add')))
        throw new Forbidden('Your role may not raise this request');
      return reply.code(201).send(await raiseRequest(app.db, request.auth, request.body, request.id));
    },
  );

  app.post(
    '/api/requests/attachments',
    {
      config: { access: { menu: MENU.requestLeave, action: 'add' } },
      schema: {
        tags,
        summary: 'Uploads a leave attachment (multipart, one file: PDF, JPEG or PNG up to 5 MB); send the key with the leave request',
        consumes: ['multipart/form-data'],
        response: { 201: ZRequestAttachment },
      },
    },
    async (request, reply) => {
      const read = () =>
        readUpload(request, { maxBytes, allowed: ['pdf', 'jpg', 'png'], fallbackName: 'Attachment', what: 'an attachment' });
      return reply.code(201).send(await saveAttachment(storage, request.auth, read));
    },
  );

  app.get(
    '/api/requests/hosts',
    {
      config: { access: { menu: MENU.requestVisitor, action: 'add' } },
      schema: {
        tags,
        summary: "Who may host the caller's visitor: active employees of the caller's own unit (name, code, department), searched, paged",
        querystring: ZHostsQuery,
        response: { 200: ZHostList },
      },
    },
    async (request) => hostsOf(app.db, request.auth, request.query),
  );

  app.get(
    '/api/requests/mine',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "One's own requests of every kind, newest first",
        querystring: ZMyRequestsQuery,
        response: { 200: ZRequestList },
      },
    },
    async (request) => myRequests(app.db, request.auth, request.query),
  );
};

/** The allRequest lists, their export, one request and its attachment. */
export const requestListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  const storage = createStorage(app.config);

  app.get(
    '/api/requests',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'view' } },
      schema: {
        tags,
        summary: "Requests of the caller's units (administrators: all) of the kinds the role may see; pending first; paged",
        querystring: ZRequestsQuery,
        response: { 200: ZRequestList },
      },
    },
    async (request) => listRequests(app.db, request.auth, request.query),
  );

  app.get(
    '/api/requests/export',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'view' } },
      schema: {
        tags,
        summary: 'The allRequest list with the same filters as an Excel file',
        querystring: ZRequestsQuery,
        response: { 200: fileResponse('Excel') },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await requestsWorkbook(app.db, request.auth, request.query);
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.type(XLSX).send(stream);
    },
  );

  app.get(
    '/api/requests/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'One request with its history (own, or in the caller’s units)',
        params: ZIdParams,
        response: { 200: ZRequest },
      },
    },
    async (request) => reachableRequest(app.db, request.auth, request.params.id),
  );

  app.get(
    '/api/requests/:id/attachment',
    {
      config: { access: signedIn },
      schema: { tags, summary: "A leave request's attachment", params: ZIdParams, response: { 200: fileResponse('PDF, JPEG or PNG') } },
    },
    async (request, reply) => {
      const { stream, mime, fileName } = await openAttachment(app.db, storage, request.auth, request.params.id);
      reply.header('content-type', mime).header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  );
};
