// The audit trail's reading: a page of lines filtered by entity, record, user, action and dates (the organisation's
// days), newest first, in the screens' words (present.ts); and the kinds of record and actions it holds.
import type { TAuditQuery } from '@hr/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { presentAudit } from './present';

/** A page of the trail; `tz` is the organisation's time zone, whose days `from` and `to` name. */
export async function auditPage(db: Db, q: TAuditQuery, tz: string) {
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
    db
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
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  // In the screens' words: labels, rupees and names (present.ts); the stored lines stay as written.
  const shown = await presentAudit(db, rows);
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
}

/**
 * The filter's choices: the kinds of record and the actions the trail holds. A loose index scan (one index probe per
 * distinct value, on audit_entity_at_idx / audit_action_at_idx) instead of reading every line of the trail.
 */
export async function auditDistinct(db: Db, column: 'entity' | 'action'): Promise<string[]> {
  const c = sql.identifier(column);
  const result = await db.execute(sql`
    with recursive t(v) as (
      select min(${c}) from audit_log
      union all
      select (select min(${c}) from audit_log where ${c} > t.v) from t where t.v is not null
    )
    select v from t where v is not null`);
  // pg and PGlite both answer { rows }.
  return (result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
}
