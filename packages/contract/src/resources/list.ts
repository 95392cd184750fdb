import { z } from 'zod';
import { ZSearchText } from '../ids';

// What the generic master screens read: a list's query and result, a select's options, a record's audit trail.

/** Query of a list: server-side paging, sorting, search, filters. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(60).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  search: ZSearchText.optional(),
  /** 'true' | 'false' | 'all' (default all). */
  active: z.enum(['true', 'false', 'all']).default('all'),
  /** JSON object of field → value (equality) for the resource's filter fields. */
  filters: z.string().max(2000).optional(),
});
export type TListQuery = z.input<typeof ZListQuery>;

export interface TListResult<Row = Record<string, unknown>> {
  rows: Row[];
  total: number;
}

export interface TOptionRow {
  id: number;
  label: string;
}

/** One row of the record audit trail. */
export const ZAuditRow = z.object({
  id: z.number(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;
