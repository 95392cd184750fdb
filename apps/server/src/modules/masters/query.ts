import { getResource, RESOURCES, type TListQuery, type TResource, ZListQuery } from '@hr/contract';
import { and, asc, desc, eq, getTableColumns, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { BadRequest, NotFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { hooksOf, type ResourceHooks } from './hooks';
import { type LinkSpec, tableOf } from './tables';

/** Builds the SQL pieces of one resource once: columns, reference labels, scope. */
export interface Plan {
  resource: TResource;
  table: ReturnType<typeof tableOf>['table'];
  entity: string;
  cols: Record<string, PgColumn>;
  /** What a row returns: id, fields, labels of references, active flag, who and when. */
  selection: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** Sortable/searchable expressions by field (a reference sorts/searches by its label). */
  labelExpr: Record<string, SQL>;
  scopeColumn?: PgColumn;
  /** Multi-select fields kept in link tables. */
  links: Record<string, LinkSpec>;
  /** The domains' business rules on this resource (registerResourceHooks), composed. */
  hooks: Required<ResourceHooks>;
}

const plans = new Map<string, Plan>();

export function planOf(resource: TResource): Plan {
  const cached = plans.get(resource.name);
  if (cached) return cached;
  const spec = tableOf(resource.name);
  const cols = getTableColumns(spec.table) as Record<string, PgColumn>;
  const selection: Plan['selection'] = { id: spec.table.id };
  const labelExpr: Record<string, SQL> = {};
  const self = sql.identifier(getTableName(spec.table));
  for (const [field, def] of Object.entries(resource.fields)) {
    const link = spec.links?.[field];
    if (link) {
      const ref = def.reference ? getResource(def.reference) : undefined;
      const l = sql.identifier(getTableName(link.table));
      const own = sql`${l}.${sql.identifier(link.own.name)}`;
      const other = sql`${l}.${sql.identifier(link.other.name)}`;
      selection[field] = sql<
        number[]
      >`coalesce((select json_agg(${other} order by ${other}) from ${l} where ${own} = ${self}."id"), '[]'::json)`;
      if (ref) {
        const refSpec = tableOf(ref.name);
        const rt = sql.identifier(`r_${field}`);
        const refLabel = (getTableColumns(refSpec.table) as Record<string, PgColumn>)[ref.labelField];
        const expr = sql<string>`(select string_agg(${rt}.${sql.identifier(refLabel.name)}::text, ', ' order by ${rt}.${sql.identifier(refLabel.name)}) from ${l} join ${sql.identifier(getTableName(refSpec.table))} ${rt} on ${rt}."id" = ${other} where ${own} = ${self}."id")`;
        selection[`${field}Label`] = expr;
        labelExpr[field] = expr;
      }
      continue;
    }
    const col = cols[field];
    if (!col) continue; // virtual fields (a password) are handled by hooks
    if (spec.hidden?.includes(field)) continue;
    selection[field] = col;
    if (def.kind === 'select' && def.reference) {
      const ref = getResource(def.reference);
      if (!ref) throw new Error(`Resource ${resource.name}.${field} references unknown '${def.reference}'`);
      const refSpec = tableOf(ref.name);
      const rt = sql.identifier(`r_${field}`);
      const refLabel = (getTableColumns(refSpec.table) as Record<string, PgColumn>)[ref.labelField];
      // Written out with explicit aliases: a single-table select renders columns unqualified.
      const expr = sql<string>`(select ${rt}.${sql.identifier(refLabel.name)}::text from ${sql.identifier(getTableName(refSpec.table))} ${rt} where ${rt}."id" = ${self}.${sql.identifier(col.name)})`;
      selection[`${field}Label`] = expr;
      labelExpr[field] = expr;
    }
  }
  for (const k of ['isActive', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']) {
    if (cols[k]) selection[k] = cols[k];
  }
  const plan: Plan = {
    resource,
    table: spec.table,
    entity: getTableName(spec.table),
    cols,
    selection,
    labelExpr,
    scopeColumn: resource.unitScoped ? cols[resource.unitScoped] : undefined,
    links: spec.links ?? {},
    hooks: hooksOf(resource.name),
  };
  plans.set(resource.name, plan);
  return plan;
}

/** Equality filters given as a JSON object of field → value, limited to the resource's filter fields. */
export function filterConditions(plan: Plan, filters: string | undefined): SQL[] {
  if (!filters) return [];
  const { resource, cols } = plan;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    throw new BadRequest('Invalid filters', { filters: ['Not valid JSON'] });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequest('Invalid filters', { filters: ['Expected an object'] });
  }
  const parts: SQL[] = [];
  for (const [field, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (raw === '' || raw === null || raw === undefined) continue;
    if (!resource.filters.includes(field)) throw new BadRequest('Invalid filters', { filters: [`Cannot filter by ${field}`] });
    const def = resource.fields[field];
    const col = cols[field];
    if (def.kind === 'boolean') parts.push(eq(col, raw === true || raw === 'true'));
    else if (def.kind === 'select' && def.reference) {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647)
        throw new BadRequest('Invalid filters', { filters: [`${field} must be an id`] });
      parts.push(eq(col, n));
    } else parts.push(eq(col, String(raw)));
  }
  return parts;
}

/**
 * Rows a unit may use under the unit-wise mappings that list this resource (departments of a unit,
 * designations of a unit…): those mapped to the unit, or every row when the unit has no mapping yet.
 */
export function mappedToUnit(plan: Plan, unitId: number): SQL | undefined {
  const parts: SQL[] = [];
  for (const r of RESOURCES as unknown as TResource[]) {
    const m = r.mapping;
    if (m?.owner !== 'unitId' || r.fields[m.item]?.reference !== plan.resource.name) continue;
    const map = tableOf(r.name).table;
    const mapCols = getTableColumns(map) as Record<string, PgColumn>;
    const owner = mapCols[m.owner];
    const item = mapCols[m.item];
    parts.push(
      sql`(not exists (select 1 from ${map} where ${owner} = ${unitId}) or ${plan.table.id} in (select ${item} from ${map} where ${owner} = ${unitId}))`,
    );
  }
  return and(...parts);
}

/** WHERE of a list (search, filters, active flag, the caller's units). */
export function listWhere(plan: Plan, auth: AuthContext, q: ReturnType<typeof ZListQuery.parse>): SQL | undefined {
  const { resource, cols } = plan;
  const parts: (SQL | undefined)[] = [];
  if (q.active !== 'all' && cols.isActive) parts.push(eq(cols.isActive, q.active === 'true'));
  if (q.search) {
    const pattern = containsPattern(q.search);
    const targets: SQL[] = resource.searchable.length
      ? resource.searchable.map((f) => sql`${cols[f]}::text`)
      : Object.values(plan.labelExpr);
    if (targets.length) parts.push(or(...targets.map((t) => sql`${t} ilike ${pattern}`)));
  }
  parts.push(...filterConditions(plan, q.filters));
  if (plan.scopeColumn) parts.push(unitScope(auth, plan.scopeColumn));
  parts.push(plan.hooks.scope(auth));
  return and(...parts);
}

export function listOrder(plan: Plan, q: ReturnType<typeof ZListQuery.parse>): SQL[] {
  const { resource } = plan;
  const field = q.sort ?? resource.defaultSort.field;
  const dir = q.sort ? (q.dir ?? 'asc') : (q.dir ?? resource.defaultSort.dir);
  const allowed = [...resource.sortable, 'id', 'isActive', 'createdAt', 'updatedAt'];
  if (!allowed.includes(field)) throw new BadRequest('Invalid sort', { sort: [`Cannot sort by ${field}`] });
  const label = plan.labelExpr[field];
  const col = plan.cols[field];
  // Text sorts the way people read a list: 'apple' beside 'Apple', not after 'Zebra'.
  const isText = label !== undefined || col?.columnType === 'PgVarchar' || col?.columnType === 'PgText';
  const expr: SQL | PgColumn = isText ? sql`lower(${label ?? col})` : col;
  const by = dir === 'desc' ? desc(expr) : asc(expr);
  return [by, asc(plan.table.id)];
}

export type Row = Record<string, unknown> & { id: number };

export async function listRows(db: Db | Tx, plan: Plan, auth: AuthContext, query: TListQuery) {
  const q = ZListQuery.parse(query);
  const where = listWhere(plan, auth, q);
  const order = listOrder(plan, q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(plan.selection)
      .from(plan.table)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(plan.table).where(where),
  ]);
  return { rows: rows as Row[], total };
}

/** One row by id; `scope` (a caller's reach) makes a row outside it read as missing. */
export async function readRow(db: Db | Tx, plan: Plan, id: number, scope?: SQL): Promise<Row | undefined> {
  const [row] = await db
    .select(plan.selection)
    .from(plan.table)
    .where(and(eq(plan.table.id, id), scope));
  return row as Row | undefined;
}

/**
 * id + label pairs for selects: up to `limit` active rows matching `search`, plus always the `ids`
 * asked for (a form's current values, shown by label whatever the search; `limit: 0`: only those).
 */
export async function optionRows(
  db: Db | Tx,
  plan: Plan,
  auth: AuthContext,
  /** `limit: null`: every matching row (a mapping checklist shows them all, never a silent first 5,000). */
  opts: { search?: string; ids?: number[]; limit: number | null; filters?: string; mappedToUnit?: number },
) {
  // Another unit's mappings are not the caller's to read: a unit outside their reach is missing to them (404).
  if (opts.mappedToUnit !== undefined && !canReachUnit(auth, opts.mappedToUnit)) throw new NotFound('Unit not found');
  const { resource, cols } = plan;
  const label = plan.labelExpr[resource.labelField] ?? sql`${cols[resource.labelField]}::text`;
  const scope = and(plan.scopeColumn ? unitScope(auth, plan.scopeColumn) : undefined, plan.hooks.scope(auth));
  const pick = opts.ids?.length ? inArray(plan.table.id, opts.ids) : undefined;
  const matches = and(
    cols.isActive ? eq(cols.isActive, true) : undefined,
    opts.search ? sql`${label} ilike ${containsPattern(opts.search)}` : undefined,
    ...filterConditions(plan, opts.filters),
    opts.mappedToUnit ? mappedToUnit(plan, opts.mappedToUnit) : undefined,
  );
  const where = and(scope, !pick ? matches : opts.limit === null || opts.limit > 0 ? or(pick, matches) : pick);
  // The asked-for ids rank first so the limit never crowds them out; the answer is then ordered by label.
  const picked = db
    .select({ id: plan.table.id, label: sql<string>`${label}`.as('label') })
    .from(plan.table)
    .where(where)
    .orderBy(...(pick ? [sql`case when ${pick} then 0 else 1 end`] : []), asc(label))
    .limit(opts.limit === null ? Number.MAX_SAFE_INTEGER : opts.limit + (opts.ids?.length ?? 0))
    .as('picked');
  const rows = await db.select().from(picked).orderBy(asc(picked.label), asc(picked.id));
  return rows as { id: number; label: string }[];
}
