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
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { exitAdjustments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { selfScope, unitScope } from '../access/context';
import { decide } from '../approvals/service';
import { loadSeparation } from './separations';
import { computeSettlement, loadSettlement, settlementOfSeparation, settlementRows, settlementView } from './settlements';

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
    async (request) => {
      const q = request.query;
      const auth = request.auth;
      const where = and(
        sql`true`,
        unitScope(auth, sql`x.unit_id`),
        selfScope(auth, sql`x.employee_id`),
        q.unitId ? sql`x.unit_id = ${Number(q.unitId)}` : undefined,
        q.status ? sql`x.status = ${q.status}` : undefined,
      )!;
      const rows = await settlementRows(app.db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const [{ n }] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from exit_settlements x where x.is_active and ${where}`,
      );
      return { total: n, rows };
    },
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
    async (request) => {
      const x = await loadSettlement(app.db, request.auth, request.params.id);
      if (x.status !== 'computed' || !x.approvalId) throw new Conflict(`This settlement is ${x.status}`);
      await decide(app.db, request.auth, x.approvalId, request.body.action, request.body.remark ?? null, request.id);
      return settlementView(app.db, request.auth, x.id);
    },
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
    async (request) => {
      const auth = request.auth;
      const sep = await loadSeparation(app.db, auth, request.params.id);
      const open = await settlementOfSeparation(app.db, sep.id);
      if (!open) throw new Conflict('Compute the settlement first');
      if (open.status === 'approved') throw new Conflict('The settlement is approved and locked');
      const b = request.body;
      const [row] = await app.db
        .insert(exitAdjustments)
        .values({
          separationId: sep.id,
          side: b.side,
          label: b.label,
          amount: Math.round(b.amount * 100),
          reason: b.reason,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        })
        .returning();
      await writeAudit(app.db, {
        entity: 'exit_adjustments',
        entityId: row.id,
        action: 'create',
        after: row,
        userId: auth.userId,
        requestId: request.id,
      });
      const x = await loadSettlement(app.db, auth, open.id);
      const id = await computeSettlement(app.db, auth, sep.id, { noticeWaived: x.noticeWaived, waiverReason: x.waiverReason }, request.id);
      return settlementView(app.db, auth, id);
    },
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
    async (request) => {
      const auth = request.auth;
      const sep = await loadSeparation(app.db, auth, request.params.id);
      const open = await settlementOfSeparation(app.db, sep.id);
      if (!open) throw new Conflict('Compute the settlement first');
      if (open.status === 'approved') throw new Conflict('The settlement is approved and locked');
      const [gone] = await app.db
        .update(exitAdjustments)
        .set({ isActive: false, updatedBy: auth.userId, updatedAt: new Date() })
        .where(
          and(
            eq(exitAdjustments.id, request.params.adjustmentId),
            eq(exitAdjustments.separationId, sep.id),
            eq(exitAdjustments.isActive, true),
          ),
        )
        .returning();
      if (!gone) throw new NotFound('Adjustment not found');
      await writeAudit(app.db, {
        entity: 'exit_adjustments',
        entityId: gone.id,
        action: 'delete',
        before: gone,
        userId: auth.userId,
        requestId: request.id,
      });
      const x = await loadSettlement(app.db, auth, open.id);
      const id = await computeSettlement(app.db, auth, sep.id, { noticeWaived: x.noticeWaived, waiverReason: x.waiverReason }, request.id);
      return settlementView(app.db, auth, id);
    },
  );
};
