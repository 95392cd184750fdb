// The decisions on requests: one shape (POST /api/requests/{id}/<action>, the request back), one table; and several
// approved or rejected at once. All go through the approvals module (decisions.ts).
import {
  type TRequest,
  type TRouteAccess,
  ZApproveRequest,
  ZBulkDecide,
  ZBulkDecideResult,
  ZCancelRequest,
  ZIdParams,
  ZRejectRequest,
  ZRequest,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../access/context';
import { bulkDecide, cancelRequest, decideRequest, withdrawRequest } from './decisions';
import { ALL_REQUEST_MENUS, signedIn } from './routes';

type DecisionBody = { remark?: string | null; reason?: string | null } | undefined;

const DECISIONS: {
  action: 'approve' | 'reject' | 'cancel' | 'withdraw';
  access: TRouteAccess;
  summary: string;
  body?: z.ZodType;
  run: (db: Db, auth: AuthContext, id: number, body: DecisionBody, requestId: string) => Promise<TRequest>;
}[] = [
  {
    action: 'approve',
    access: { menu: ALL_REQUEST_MENUS, action: 'approve' },
    summary: 'Approves a pending request (its approver; never one’s own)',
    body: ZApproveRequest,
    run: (db, auth, id, body, rid) => decideRequest(db, auth, id, 'approve', body?.remark, rid),
  },
  {
    action: 'reject',
    access: { menu: ALL_REQUEST_MENUS, action: 'approve' },
    summary: 'Rejects a pending request (a remark is required)',
    body: ZRejectRequest,
    run: (db, auth, id, body, rid) => decideRequest(db, auth, id, 'reject', body?.remark, rid),
  },
  {
    action: 'cancel',
    access: signedIn,
    summary:
      'Cancels a request through the approvals module: a pending one (the requester withdraws; an approver with a reason), an approved one (the requester before it starts, an approver with a reason; an approved leave returns to the balance)',
    body: ZCancelRequest,
    run: (db, auth, id, body, rid) => cancelRequest(db, auth, id, body?.reason, rid),
  },
  {
    action: 'withdraw',
    access: signedIn,
    summary: 'The requester withdraws a pending request',
    run: (db, auth, id, _body, rid) => withdrawRequest(db, auth, id, rid),
  },
];

export const requestDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  for (const d of DECISIONS) {
    app.post(
      `/api/requests/:id/${d.action}`,
      {
        config: { access: d.access },
        schema: { tags, summary: d.summary, params: ZIdParams, ...(d.body ? { body: d.body } : {}), response: { 200: ZRequest } },
      },
      async (request) => d.run(app.db, request.auth, request.params.id, request.body as DecisionBody, request.id),
    );
  }

  app.post(
    '/api/requests/bulk',
    {
      config: { access: { menu: ALL_REQUEST_MENUS, action: 'approve' } },
      schema: {
        tags,
        summary: 'Approves or rejects several requests, each on its own',
        body: ZBulkDecide,
        response: { 200: ZBulkDecideResult },
      },
    },
    async (request) => bulkDecide(app.db, request.auth, request.body, request.id),
  );
};
