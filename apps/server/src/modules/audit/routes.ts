// The audit-trail screen's API: every change recorded by writeAudit(), filtered by entity, record, user,
// action and dates, newest first, paged on the server, read-only, for administrators.
import { MENU, type TAuditEntry, ZAuditPage, ZAuditQuery } from '@hr/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, users } from '../../db/schema';
import { Forbidden } from '../../lib/errors';

/** Keys whose values never leave the server, whatever an entity stored. */
const SECRET = /password|token|secret|keyhash|^key$/i;
/** Bookkeeping columns that say nothing a reader needs in a diff. */
const SKIP = new Set(['updatedAt', 'createdAt', 'updatedBy', 'createdBy']);

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The fields that differ (update), or the record's fields (create / delete), secrets masked. */
export function auditChanges(before: unknown, after: unknown): TAuditEntry['changes'] {
  const b = before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !SKIP.has(k));
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) =>
      SECRET.test(k)
        ? { field: k, from: b[k] == null ? '—' : '••••', to: a[k] == null ? '—' : '••••' }
        : { field: k, from: show(b[k]), to: show(a[k]) },
    );
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
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
      const rows = await app.db
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
        .offset((q.page - 1) * q.pageSize);
      const [{ total }] = await app.db.select({ total: count() }).from(auditLog).where(where);
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          entity: r.entity,
          entityId: r.entityId,
          action: r.action,
          userId: r.userId,
          userName: r.userName,
          at: r.at.toISOString(),
          requestId: r.requestId,
          changes: auditChanges(r.before, r.after),
        })),
      };
    },
  );

  app.get(
    '/api/audit/entities',
    {
      config: { access: { menu: MENU.auditTrail, action: 'view' } },
      schema: { tags, summary: 'The kinds of record the audit trail holds (for its filter)', response: { 200: z.array(z.string()) } },
    },
    async (request) => {
      adminOnly(request.auth.isAdmin);
      const rows = await app.db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
      return rows.map((r) => r.entity);
    },
  );
};
