// The audit-trail screen's API: every change recorded by writeAudit(), filtered by entity, record, user,
// action and dates, newest first, paged on the server, read-only, for administrators.
import { MENU, ZAuditPage, ZAuditQuery } from '@hr/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema';
import { Forbidden } from '../../lib/errors';
import { presentAudit } from './present';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  // Beside the menu grant: an audit line is not scoped to units (it may describe any unit's records), so only a
  // caller who reaches every unit reads the trail, whatever menu a role was given.
  const adminOnly = (isAdmin: boolean) => {
    if (!isAdmin) throw new Forbidden('Only administrators read the audit trail');
  };

  app.get(
    '/api/audit',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: {
        tags,
        summary: 'The audit trail: who changed what and when, newest first (administrators)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      const q = request.query;
      const tz = app.config.orgTimeZone;
      const conds: (SQL | undefined)[] = [
        q.entity ? eq(auditLog.entity, q.entity) : undefined,
        q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
        q.userId ? eq(auditLog.userId, q.userId) : undefined,
        q.action ? eq(auditLog.action, q.action) : undefined,
        // Days are the organisation's days.
        q.from ? gte(auditLog.at, sql`(${q.from}::date)::timestamp at time zone ${tz}`) : undefined,
        q.to ? lt(auditLog.at, sql`((${q.to}::date + 1))::timestamp at time zone ${tz}`) : undefined,
      ];
      const where = and(...conds);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({
            id: auditLog.id,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            action: auditLog.action,
            before: auditLog.before,
            after: auditLog.after,
            userId: auditLog.userId,
            userName: users.fullName,
            at: auditLog.at,
            requestId: auditLog.requestId,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.userId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        app.db.select({ total: count() }).from(auditLog).where(where),
      ]);
      // In the screens' words: labels, rupees and names (present.ts); the stored lines stay as written.
      const shown = await presentAudit(app.db, rows);
      return {
        total,
        rows: rows.map((r, i) => ({
          id: r.id,
          entity: r.entity,
          entityId: r.entityId,
          entityLabel: shown[i].entityLabel,
          recordLabel: shown[i].recordLabel,
          action: r.action,
          userId: r.userId,
          userName: r.userName,
          at: r.at.toISOString(),
          requestId: r.requestId,
          changes: shown[i].changes,
        })),
      };
    },
  );

  // The filter's choices: the kinds of record and the actions the trail holds. A loose index scan (one index probe
  // per distinct value, on audit_entity_at_idx / audit_action_at_idx) instead of reading every line of the trail.
  const distinct = async (column: 'entity' | 'action'): Promise<string[]> => {
    const c = sql.identifier(column);
    const result = await app.db.execute(sql`
      with recursive t(v) as (
        select min(${c}) from audit_log
        union all
        select (select min(${c}) from audit_log where ${c} > t.v) from t where t.v is not null
      )
      select v from t where v is not null`);
    // pg and PGlite both answer { rows }.
    return (result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
  };

  app.get(
    '/api/audit/entities',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: { tags, summary: 'The kinds of record the audit trail holds (for its filter)', response: { 200: z.array(z.string()) } },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      return distinct('entity');
    },
  );

  app.get(
    '/api/audit/actions',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: { tags, summary: 'The actions the audit trail holds (for its filter)', response: { 200: z.array(z.string()) } },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      return distinct('action');
    },
  );
};
