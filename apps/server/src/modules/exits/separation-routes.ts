// Separation routes: list (unit and self scoped), view, record (self-service resignation or HR), approve / reject /
// withdraw through the approvals module.
import { MENU, ZIdParams, ZSaveSeparation, ZSeparation, ZSeparationAction, ZSeparationListQuery, ZSeparationPage } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { separations } from '../../db/schema';
import { BadRequest, Conflict } from '../../lib/errors';
import { selfScope, unitScope } from '../access/context';
import { cancelApproval, decide } from '../approvals/service';
import { loadSeparation, parseBody, recordSeparation, separationRows, separationView } from './separations';

const MENUS = [MENU.separation, MENU.mySeparation];

export const separationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exits'];

  app.get(
    '/api/exits/separations',
    {
      config: { access: { menu: MENUS, action: 'view' } },
      schema: { tags, summary: 'Separations (paged), newest first', querystring: ZSeparationListQuery, response: { 200: ZSeparationPage } },
    },
    async (request) => {
      const q = request.query;
      const auth = request.auth;
      const where = and(
        sql`true`,
        unitScope(auth, sql`s.unit_id`),
        selfScope(auth, sql`s.employee_id`),
        q.mine ? sql`s.employee_id = ${auth.employeeId ?? 0}` : undefined,
        q.unitId ? sql`s.unit_id = ${Number(q.unitId)}` : undefined,
        q.status ? sql`s.status = ${q.status}` : undefined,
      )!;
      const rows = await separationRows(app.db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const [{ n }] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from separations s where s.is_active and ${where}`,
      );
      return { total: n, rows };
    },
  );

  app.get(
    '/api/exits/separations/:id',
    {
      config: { access: { menu: MENUS, action: 'view' } },
      schema: { tags, summary: 'One separation with its approval', params: ZIdParams, response: { 200: ZSeparation } },
    },
    async (request) => separationView(app.db, request.auth, request.params.id),
  );

  app.post(
    '/api/exits/separations',
    {
      config: { access: { menu: MENUS, action: 'add' } },
      schema: { tags, summary: 'Records a separation (sent for approval)', body: ZSaveSeparation, response: { 201: ZSeparation } },
    },
    async (request, reply) => {
      const id = await recordSeparation(app.db, request.auth, parseBody(request.body), request.id);
      return reply.code(201).send(await separationView(app.db, request.auth, id));
    },
  );

  app.post(
    '/api/exits/separations/:id/action',
    {
      // Approve / reject need the approve action on the separation menu (checked by the approvals module).
      config: { access: { menu: MENUS, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve (optionally agreeing the last working day), reject with a remark, or withdraw a pending separation',
        params: ZIdParams,
        body: ZSeparationAction,
        response: { 200: ZSeparation },
      },
    },
    async (request) => {
      const auth = request.auth;
      const id = request.params.id;
      const b = request.body;
      const s = await loadSeparation(app.db, auth, id);
      if (s.status !== 'pending' || !s.approvalId) throw new Conflict(`This separation is ${s.status}`);
      if (b.action === 'withdraw') {
        await cancelApproval(app.db, auth, s.approvalId, b.remark ?? null, request.id);
        return separationView(app.db, auth, id);
      }
      if (b.action === 'approve' && b.lastDay && b.lastDay !== s.lastDay) {
        if (b.lastDay < s.noticeGivenOn)
          throw new BadRequest('Before the notice', { lastDay: ['The last working day cannot be before the notice is given'] });
        // The agreed day goes in before the decision (onApproved reads it) and back out if the decision is refused.
        await app.db
          .update(separations)
          .set({ lastDay: b.lastDay, updatedBy: auth.userId, updatedAt: new Date() })
          .where(eq(separations.id, id));
        try {
          await decide(app.db, auth, s.approvalId, 'approve', b.remark ?? null, request.id);
        } catch (e) {
          await app.db.update(separations).set({ lastDay: s.lastDay }).where(eq(separations.id, id));
          throw e;
        }
        return separationView(app.db, auth, id);
      }
      await decide(app.db, auth, s.approvalId, b.action, b.remark ?? null, request.id);
      return separationView(app.db, auth, id);
    },
  );
};
