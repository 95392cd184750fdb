import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | (string & {});

export interface AuditEntry {
  /** Table or resource name, e.g. 'shifts', 'salary_process'. */
  entity: string;
  entityId: string | number;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  userId?: number | null;
  requestId?: string | null;
}

/** Records who changed what, when, before and after. Pass the transaction when inside one. */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: toJson(entry.before),
    after: toJson(entry.after),
    userId: entry.userId ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** Dates → ISO strings, bigint → string; undefined → null. Never stores password hashes. */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (key, v) => {
      if (key === 'passwordHash' || key === 'tokenHash') return undefined;
      return typeof v === 'bigint' ? v.toString() : v;
    }),
  );
}
