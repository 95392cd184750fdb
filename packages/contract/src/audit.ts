import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZIdQuery } from './ids';
import { zLine } from './text';

const isoDay = ZIsoDate();

/** GET /api/audit: the audit trail, newest first, paged on the server (administrators). */
export const ZAuditQuery = z
  .object({
    entity: zLine().max(80).optional(),
    entityId: zLine().max(80).optional(),
    userId: ZIdQuery.optional(),
    action: zLine().max(20).optional(),
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
  /** The kind of record as the screens name it (the master's title, else the table in words). */
  entityLabel: z.string(),
  /** The record's name where it has one (an employee, a unit, a user). */
  recordLabel: z.string().nullable(),
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

// ---- the fields a change touched, computed once for the audit-trail screen and a record's history ----

export type TAuditChange = z.infer<typeof ZAuditChange>;

/** Keys whose values never leave the server, whatever an entity stored (keyHash, storageKey, photoKey …). */
const SECRET_KEY = /password|token|secret|hash|key$/i;
/** Bookkeeping columns that say nothing a reader needs in a diff. */
const BOOKKEEPING = new Set(['updatedAt', 'createdAt', 'updatedBy', 'createdBy']);
/** The key a list of lines (a mapping, a role's menu grants) is matched by, first that every line has. */
const LINE_KEYS = ['itemId', 'menuId', 'id'] as const;
const MASK = '••••';
const NONE = '—';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A deep copy with every secret-looking key's value masked. */
function redactAudit(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactAudit);
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v != null ? MASK : redactAudit(v)]));
}

/** Display text of a value (secrets inside an object masked), cut at 200 characters. */
function text(v: unknown): string {
  if (v === null || v === undefined || v === '') return NONE;
  const s = typeof v === 'object' ? JSON.stringify(redactAudit(v)) : String(v);
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}

/** A field's value as a reader wants it: a reference shows its label beside the id (`unitIdLabel`). */
function shown(row: Obj, k: string): string {
  if (SECRET_KEY.test(k)) return row[k] == null ? NONE : MASK;
  const label = row[`${k}Label`];
  return label != null && label !== '' && row[k] != null ? `${text(label)} (#${text(row[k])})` : text(row[k]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const visible = (k: string) => !BOOKKEEPING.has(k) && !k.endsWith('Label');

function objectChanges(b: Obj, a: Obj, labelOf: (field: string) => string): TAuditChange[] {
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(visible);
  return (
    keys
      .filter((k) => !same(b[k], a[k]))
      // An empty text and a missing value read the same; a secret that changed still says so.
      .filter((k) => SECRET_KEY.test(k) || shown(b, k) !== shown(a, k))
      .map((k) => ({ field: labelOf(k), from: shown(b, k), to: shown(a, k) }))
  );
}

/** Lists of lines (a whole mapping or a role's grants saved at once): one change per line added, removed or edited. */
function lineChanges(b: unknown[], a: unknown[]): TAuditChange[] | null {
  const lines = [...b, ...a];
  const key = LINE_KEYS.find((k) => lines.every((l) => isObj(l) && (typeof l[k] === 'number' || typeof l[k] === 'string')));
  if (!key || lines.length === 0) return null;
  const byKey = (rows: unknown[]) => new Map((rows as Obj[]).map((r) => [String(r[key]), r]));
  const before = byKey(b);
  const after = byKey(a);
  // The fields both sides carry (the stored line has its id and owner, the saved one only what the form sends).
  const fieldsOf = (rows: Map<string, Obj>) => new Set([...rows.values()].flatMap((r) => Object.keys(r)));
  const fb = fieldsOf(before);
  const fa = fieldsOf(after);
  const common = [...fb].filter((f) => fa.has(f));
  const fields = (common.length ? common : [...new Set([...fb, ...fa])]).filter((f) => f !== key && f !== 'id' && visible(f));
  const describe = (r: Obj | undefined) =>
    r === undefined ? NONE : fields.length ? fields.map((f) => `${f}: ${shown(r, f)}`).join(', ') : 'included';
  const out: TAuditChange[] = [];
  for (const k of [...new Set([...before.keys(), ...after.keys()])]) {
    const from = before.get(k);
    const to = after.get(k);
    if (from && to && fields.every((f) => same(from[f], to[f]))) continue;
    out.push({ field: `${key} ${k}`, from: describe(from), to: describe(to) });
  }
  return out;
}

/**
 * What one audit line changed, secrets masked (a changed secret shows as changed, never its value): for an update
 * the fields that differ, for a create / delete the record's fields, for a list saved at once (a mapping) the
 * lines added, removed or edited. `labelOf` names a field for the reader.
 */
export function auditChanges(before: unknown, after: unknown, labelOf: (field: string) => string = (f) => f): TAuditChange[] {
  const b = before ?? null;
  const a = after ?? null;
  if (Array.isArray(b) || Array.isArray(a)) {
    const lines = lineChanges(Array.isArray(b) ? b : [], Array.isArray(a) ? a : []);
    if (lines) return lines;
    return same(b, a) ? [] : [{ field: labelOf('value'), from: text(b), to: text(a) }];
  }
  if (isObj(b) || isObj(a)) return objectChanges(isObj(b) ? b : {}, isObj(a) ? a : {}, labelOf);
  return same(b, a) ? [] : [{ field: labelOf('value'), from: text(b), to: text(a) }];
}
