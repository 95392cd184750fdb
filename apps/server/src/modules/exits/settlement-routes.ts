// Settlement routes: list by unit and status (due date, overdue), view with lines, compute / compute again,
// adjustments (other recoveries or payments with a reason), approve / reject through the approvals module.
import {
  MENU,
  ZComputeSettlement,
  ZIdParams,
  ZSettlement,
  ZSettlementAction,
  ZSettlementAdjustment,
  ZSettlementListQuery,
  ZSettlementPage,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAdjustment, decideSettlement, listSettlements, removeAdjustment } from './settlement-office';
import { computeSettlement, settlementView } from './settlements';

const menu = MENU.settlement;

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exits'];

  app.get(
    '/api/exits/settlements',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Full and final settlements (paged): open ones first by due date',
        querystring: ZSettlementListQuery,
        response: { 200: ZSettlementPage },
      },
    },
    async (request) => listSettlements(app.db, request.auth, request.query),
  );

  app.get(
    '/api/exits/settlements/:id',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'One settlement with its lines, adjustments and approval',
        params: ZIdParams,
        response: { 200: ZSettlement },
      },
    },
    async (request) => settlementView(app.db, request.auth, request.params.id),
  );

  app.post(
    '/api/exits/separations/:id/settlement',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: 'Computes the settlement of an approved separation (again, while not approved)',
        params: ZIdParams,
        body: ZComputeSettlement,
        response: { 200: ZSettlement },
      },
    },
    async (request) => {
      const b = request.body;
      const id = await computeSettlement(
        app.db,
        request.auth,
        request.params.id,
        { noticeWaived: b.noticeWaived, waiverReason: b.waiverReason ?? null },
        request.id,
      );
      return settlementView(app.db, request.auth, id);
    },
  );

  app.post(
    '/api/exits/settlements/:id/action',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve (locks it) or reject with a remark',
        params: ZIdParams,
        body: ZSettlementAction,
        response: { 200: ZSettlement },
      },
    },
    async (request) => decideSettlement(app.db, request.auth, request.params.id, request.body, request.id),
  );
};

/** Other recoveries or payments the payroll office adds to a settlement (each with its reason). */
export const adjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exits'];

  app.post(
    '/api/exits/separations/:id/adjustments',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Adds another recovery or payment (with its reason) to the settlement, which is computed again',
        params: ZIdParams,
        body: ZSettlementAdjustment,
        response: { 200: ZSettlement },
      },
    },
    async (request) => addAdjustment(app.db, request.auth, request.params.id, request.body, request.id),
  );

  app.delete(
    '/api/exits/separations/:id/adjustments/:adjustmentId',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Removes an adjustment; the settlement is computed again',
        params: ZIdParams.extend({ adjustmentId: ZIdParams.shape.id }),
        response: { 200: ZSettlement },
      },
    },
    async (request) => removeAdjustment(app.db, request.auth, request.params.id, request.params.adjustmentId, request.id),
  );
};
