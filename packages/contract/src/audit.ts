import { z } from 'zod';
import { ZIdQuery } from './ids';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a date');

/** GET /api/audit: the audit trail, newest first, paged on the server (administrators). */
export const ZAuditQuery = z
  .object({
    entity: z.string().trim().max(80).optional(),
    entityId: z.string().trim().max(80).optional(),
    userId: ZIdQuery.optional(),
    action: z.string().trim().max(20).optional(),
    /** Inclusive days in the organisation's time zone. */
    from: isoDay.optional(),
    to: isoDay.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditChange = z.object({ field: z.string(), from: z.string(), to: z.string() });

export const ZAuditEntry = z.object({
  id: z.number(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
  requestId: z.string().nullable(),
  /** What changed: for an update the fields that differ, for a create / delete the record's fields. */
  changes: z.array(ZAuditChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ rows: z.array(ZAuditEntry), total: z.number() });
export type TAuditPage = z.infer<typeof ZAuditPage>;
