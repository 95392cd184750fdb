import { getResource, referencesTo, type TMappingLine, type TMappingSave, type TResource } from '@hr/contract';
import { and, asc, desc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert, bulkUpdate } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, assertUnit, canReachUnit } from '../access/context';
import { optionRows, type Plan, planOf, type Row, readRow } from './query';
import { tableOf } from './tables';

export interface Caller {
  auth: AuthContext;
  requestId?: string;
}

/** 404 unless the row exists and (for unit-scoped resources) lies in the caller's units. */
export async function getRow(db: Db | Tx, plan: Plan, auth: AuthContext, id: number): Promise<Row> {
  const row = await readRow(db, plan, id, plan.hooks.scope(auth));
  if (!row) throw new NotFound(`${plan.resource.singular} not found`);
  if (plan.resource.unitScoped && !canReachUnit(auth, row[plan.resource.unitScoped] as number)) {
    // Out-of-unit rows are answered like missing ones: their existence is not revealed.
    throw new NotFound(`${plan.resource.singular} not found`);
  }
  return row;
}

/** 409 naming the field when another row already holds one of the resource's unique keys. */
async function checkUnique(tx: Tx, plan: Plan, data: Record<string, unknown>, id?: number) {
  const { resource, cols, table } = plan;
  for (const key of resource.unique) {
    const conds: SQL[] = [];
    let skip = false;
    for (const field of key) {
      const v = data[field];
      if (v === null || v === undefined) {
        skip = true;
        break;
      }
      conds.push(typeof v === 'string' ? sql`lower(${cols[field]}::text) = lower(${v})` : eq(cols[field], v));
    }
    if (skip) continue;
    const clash = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(...conds, id ? ne(table.id, id) : undefined))
      .limit(1);
    if (clash.length) {
      const field = key[key.length - 1];
      const label = resource.fields[field]?.label ?? field;
      const scope =
        key.length > 1
          ? ` for this ${key
              .slice(0, -1)
              .map((k) => resource.fields[k].label)
              .join(' and ')}`
          : '';
      throw new Conflict(`A ${resource.singular} with this ${label.toLowerCase()} already exists${scope}`, field);
    }
  }
}

/** 409 naming what references the row, checked through the registry before the database's own FKs. */
async function checkNotReferenced(tx: Tx, plan: Plan, id: number) {
  for (const { resource: other, field } of referencesTo(plan.resource.name)) {
    const spec = tableOf(other.name);
    const link = spec.links?.[field];
    const [table, col] = link ? [link.table, link.other] : [spec.table, (getTableColumns(spec.table) as Record<string, PgColumn>)[field]];
    if (!col) continue;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(col, id));
    if (n > 0) {
      throw new Conflict(
        `This ${plan.resource.singular} is used by ${n} ${other.singular} record${n === 1 ? '' : 's'} and cannot be removed; mark it inactive instead`,
      );
    }
  }
}

/**
 * Multi-select fields of units (a holiday's units): for a non-administrator, every one must be theirs (empty means every
 * unit, unless the field is `emptyIsNone`: a device's other units).
 */
function unitLinkFields(plan: Plan): string[] {
  return Object.keys(plan.links).filter((f) => plan.resource.fields[f]?.reference === 'unit');
}

/**
 * Units a payload points at must be the caller's: the unit-scoped field and every list of units. An
 * empty list of units means every unit, which only an administrator may choose; so is creating a unit.
 */
function assertPayloadUnit(plan: Plan, auth: AuthContext, data: Record<string, unknown>, creating: boolean) {
  const field = plan.resource.unitScoped;
  if (field && field !== 'id') assertUnit(auth, data[field] as number);
  if (auth.unitIds === 'all') return;
  if (field === 'id' && creating) throw new Forbidden('Only an administrator may create units');
  for (const f of unitLinkFields(plan)) {
    const ids = (data[f] as number[] | undefined) ?? [];
    const label = plan.resource.fields[f].label;
    if (ids.length === 0 && !plan.resource.fields[f].emptyIsNone)
      throw new Forbidden(`Choose the ${label.toLowerCase()}: only an administrator may choose every unit`);
    for (const id of ids) assertUnit(auth, id);
  }
}

/** A non-administrator changes or removes a row only when every unit it lists is theirs (none listed: every unit). */
function assertRowUnits(plan: Plan, auth: AuthContext, row: Row) {
  if (auth.unitIds === 'all') return;
  for (const f of unitLinkFields(plan)) {
    const ids = (row[f] as number[] | null) ?? [];
    if ((ids.length === 0 && !plan.resource.fields[f].emptyIsNone) || ids.some((id) => !canReachUnit(auth, id))) {
      throw new Forbidden(`This ${plan.resource.singular.toLowerCase()} also applies to units you are not mapped to`);
    }
  }
}

/** The Drizzle property name of a column (its key in the table). */
function keyOf(col: PgColumn): string {
  const entries = Object.entries(getTableColumns(col.table)) as [string, PgColumn][];
  return entries.find(([, c]) => c === col)?.[0] ?? col.name;
}

function splitLinks(plan: Plan, data: Record<string, unknown>) {
  const links = plan.links;
  const linkData: Record<string, unknown> = {};
  for (const field of Object.keys(links)) {
    linkData[field] = data[field];
    delete data[field];
  }
  return linkData;
}

async function saveLinks(tx: Tx, plan: Plan, id: number, linkData: Record<string, unknown>) {
  const links = plan.links;
  for (const [field, link] of Object.entries(links)) {
    const ids = [...new Set((linkData[field] as number[] | undefined) ?? [])];
    await tx.delete(link.table).where(eq(link.own, id));
    if (ids.length) await tx.insert(link.table).values(ids.map((v) => ({ [keyOf(link.own)]: id, [keyOf(link.other)]: v })));
  }
}

export async function createRow(db: Db, plan: Plan, { auth, requestId }: Caller, payload: Record<string, unknown>) {
  const data = { ...payload };
  assertPayloadUnit(plan, auth, data, true);
  return db.transaction(async (tx) => {
    await checkUnique(tx, plan, data);
    await plan.hooks.beforeSave({ tx, auth, resource: plan.resource, data });
    const linkData = splitLinks(plan, data);
    const [{ id }] = (await tx
      .insert(plan.table)
      .values({ ...data, createdBy: auth.userId, updatedBy: auth.userId } as never)
      .returning({ id: plan.table.id })) as { id: number }[];
    await saveLinks(tx, plan, id, linkData);
    const after = (await readRow(tx, plan, id)) as Row;
    await plan.hooks.afterSave({ tx, auth, resource: plan.resource, data, id, after });
    await writeAudit(tx, { entity: plan.entity, entityId: id, action: 'create', after, userId: auth.userId, requestId });
    return after;
  });
}

export async function updateRow(db: Db, plan: Plan, { auth, requestId }: Caller, id: number, payload: Record<string, unknown>) {
  const data = { ...payload };
  return db.transaction(async (tx) => {
    const before = await getRow(tx, plan, auth, id);
    assertRowUnits(plan, auth, before);
    assertPayloadUnit(plan, auth, data, false);
    await checkUnique(tx, plan, data, id);
    await plan.hooks.beforeSave({ tx, auth, resource: plan.resource, data, id, before });
    const linkData = splitLinks(plan, data);
    await tx
      .update(plan.table)
      .set({ ...data, updatedBy: auth.userId, updatedAt: new Date() } as never)
      .where(eq(plan.table.id, id));
    await saveLinks(tx, plan, id, linkData);
    const after = (await readRow(tx, plan, id)) as Row;
    await plan.hooks.afterSave({ tx, auth, resource: plan.resource, data, id, before, after });
    await writeAudit(tx, { entity: plan.entity, entityId: id, action: 'update', before, after, userId: auth.userId, requestId });
    return after;
  });
}

export async function deleteRow(db: Db, plan: Plan, { auth, requestId }: Caller, id: number) {
  await db.transaction(async (tx) => {
    const before = await getRow(tx, plan, auth, id);
    assertRowUnits(plan, auth, before);
    await plan.hooks.beforeDelete({ tx, auth, resource: plan.resource, id, before });
    await checkNotReferenced(tx, plan, id);
    await tx.delete(plan.table).where(eq(plan.table.id, id));
    await writeAudit(tx, { entity: plan.entity, entityId: id, action: 'delete', before, userId: auth.userId, requestId });
  });
}

export async function auditTrail(db: Db, plan: Plan, id: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      userId: auditLog.userId,
      userName: users.userName,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, plan.entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(500);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

// ---- unit-wise / user-wise mappings edited as a checklist ----

function mappingParts(resource: TResource) {
  const m = resource.mapping;
  if (!m) throw new NotFound('This resource has no mapping form');
  const itemRef = resource.fields[m.item].reference;
  const itemResource = itemRef ? getResource(itemRef) : undefined;
  if (!itemResource) throw new Error(`Mapping ${resource.name} has no item resource`);
  return { m, itemResource };
}

/** Asserts the caller may edit the owner's mapping (a unit of theirs; users only by administrators' units). */
function assertOwner(resource: TResource, auth: AuthContext, ownerId: number) {
  if (resource.mapping?.owner === 'unitId') assertUnit(auth, ownerId);
}

export async function mappingLines(db: Db, plan: Plan, auth: AuthContext, ownerId: number): Promise<TMappingLine[]> {
  const { m, itemResource } = mappingParts(plan.resource);
  assertOwner(plan.resource, auth, ownerId);
  await assertOwnerExists(db, plan.resource, auth, ownerId);
  const candidates = await optionRows(db, planOf(itemResource), auth, { limit: null });
  const cols = plan.cols;
  const mapped = await db
    .select({ itemId: cols[m.item], ...Object.fromEntries(m.extras.map((e) => [e, cols[e]])) })
    .from(plan.table)
    .where(eq(cols[m.owner], ownerId));
  const byItem = new Map(mapped.map((r) => [r.itemId as number, r as Record<string, unknown>]));
  // Inactive items still mapped stay visible so they can be unmapped.
  const offered = new Set(candidates.map((c) => c.id));
  const missing = [...byItem.keys()].filter((id) => !offered.has(id));
  if (missing.length) candidates.push(...(await optionRows(db, planOf(itemResource), auth, { ids: missing, limit: 0 })));
  const own = await itemValues(
    db,
    plan.resource,
    candidates.map((c) => c.id),
  );
  return candidates.map((c) => {
    const hit = byItem.get(c.id);
    const line: TMappingLine = { itemId: c.id, label: c.label ?? `#${c.id}`, mapped: !!hit };
    for (const e of m.extras) line[e] = hit ? hit[e] : extraDefault(plan.resource, e);
    const values = own.get(c.id);
    if (values) line.itemValues = values;
    return line;
  });
}

/** An extra's value on a line that gives none: its field's default (null for an optional override). */
function extraDefault(resource: TResource, e: string): unknown {
  const parsed = resource.fields[e]?.zod.safeParse(undefined);
  return parsed?.success ? (parsed.data ?? null) : null;
}

/** Whether a stored extra equals a saved one (decimals by value: '20.0' as stored is '20' as sent). */
function sameExtra(resource: TResource, e: string, stored: unknown, sent: unknown): boolean {
  if (stored === null || stored === undefined || sent === null || sent === undefined) return (stored ?? null) === (sent ?? null);
  return resource.fields[e]?.decimal ? Number(stored) === Number(sent) : stored === sent;
}

/**
 * The items' own values of the extras named like the item resource's fields (a unit's leave policy overrides the
 * leave type's quota, limits…): what an empty override keeps, shown beside it. One query; none when no extra is.
 */
async function itemValues(db: Db | Tx, resource: TResource, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const { m, itemResource } = mappingParts(resource);
  const itemTable = tableOf(itemResource.name).table;
  const itemCols = getTableColumns(itemTable) as Record<string, PgColumn>;
  const shared = m.extras.filter((e) => e in itemResource.fields && itemCols[e]);
  if (shared.length === 0 || ids.length === 0) return new Map();
  const rows = (await db
    .select({ id: itemTable.id, ...Object.fromEntries(shared.map((e) => [e, itemCols[e]])) })
    .from(itemTable)
    .where(inArray(itemTable.id, ids))) as ({ id: number } & Record<string, unknown>)[];
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** 404 unless the owner exists and is within the caller's reach (a user's mapping: users the caller may manage). */
async function assertOwnerExists(db: Db | Tx, resource: TResource, auth: AuthContext, ownerId: number) {
  const ownerRef = resource.fields[resource.mapping?.owner ?? ''].reference;
  const ownerResource = ownerRef ? getResource(ownerRef) : undefined;
  if (!ownerResource) return;
  const ownerTable = tableOf(ownerResource.name).table;
  const [row] = await db
    .select({ id: ownerTable.id })
    .from(ownerTable)
    .where(and(eq(ownerTable.id, ownerId), planOf(ownerResource).hooks.scope(auth)));
  if (!row) throw new NotFound(`${ownerResource.singular} not found`);
}

/** Replaces the owner's whole mapping in one transaction; audited as one change. */
export async function saveMapping(db: Db, plan: Plan, { auth, requestId }: Caller, ownerId: number, body: TMappingSave) {
  const { m, itemResource } = mappingParts(plan.resource);
  assertOwner(plan.resource, auth, ownerId);
  const cols = plan.cols;
  const items = new Map(body.items.map((i) => [i.itemId, i]));
  if (m.owner === 'userId' && auth.unitIds !== 'all') {
    // User-wise unit mapping: nobody hands out units they do not hold themselves.
    for (const id of items.keys()) assertUnit(auth, id);
  }
  return db.transaction(async (tx) => {
    await assertOwnerExists(tx, plan.resource, auth, ownerId);
    const itemTable = tableOf(itemResource.name).table;
    if (items.size) {
      const found = await tx
        .select({ id: itemTable.id })
        .from(itemTable)
        .where(inArray(itemTable.id, [...items.keys()]));
      if (found.length !== items.size) throw new BadRequest('Some selected items do not exist', { items: ['Unknown item'] });
    }
    await plan.hooks.beforeMappingSave({ tx, auth, resource: plan.resource, ownerId, items: body.items });
    const before = (await tx
      .select({ id: plan.table.id, itemId: cols[m.item], ...Object.fromEntries(m.extras.map((e) => [e, cols[e]])) })
      .from(plan.table)
      .where(eq(cols[m.owner], ownerId))
      .orderBy(asc(cols[m.item]))) as Record<string, unknown>[];
    // Items outside the caller's units (a user's other units) are neither shown nor removed.
    const inScope = (itemId: number) => m.owner !== 'userId' || canReachUnit(auth, itemId);
    const removed = before.filter((r) => !items.has(r.itemId as number) && inScope(r.itemId as number)).map((r) => r.id as number);
    if (removed.length) await tx.delete(plan.table).where(inArray(plan.table.id, removed));
    const beforeByItem = new Map(before.map((r) => [r.itemId as number, r]));
    const added: Record<string, unknown>[] = [];
    const changed: ({ id: number } & Record<string, unknown>)[] = [];
    const now = new Date();
    for (const [itemId, item] of items) {
      const extras = Object.fromEntries(m.extras.map((e) => [e, item[e] === undefined ? extraDefault(plan.resource, e) : item[e]]));
      const existing = beforeByItem.get(itemId);
      if (!existing) {
        added.push({ [m.owner]: ownerId, [m.item]: itemId, ...extras, createdBy: auth.userId, updatedBy: auth.userId });
      } else if (m.extras.some((e) => !sameExtra(plan.resource, e, existing[e], extras[e]))) {
        // Only lines whose extras (order, level, mandatory, a unit's overrides) changed are written.
        changed.push({ id: existing.id as number, ...extras, updatedBy: auth.userId, updatedAt: now });
      }
    }
    // Set-based whatever the number of lines: one update for the changed lines, one insert for the new.
    await bulkUpdate(tx, plan.table, changed, { key: 'id', set: [...m.extras, 'updatedBy', 'updatedAt'] });
    await bulkInsert(tx, plan.table, added);
    const after = [...items.values()];
    await writeAudit(tx, {
      entity: plan.entity,
      entityId: `${m.owner}:${ownerId}`,
      action: 'update',
      before,
      after,
      userId: auth.userId,
      requestId,
    });
    return mappingLinesTx(tx, plan, ownerId);
  });
}

async function mappingLinesTx(tx: Tx, plan: Plan, ownerId: number): Promise<Array<{ itemId: number } & Record<string, unknown>>> {
  const m = plan.resource.mapping;
  if (!m) return [];
  const cols = plan.cols;
  return (await tx
    .select({ itemId: cols[m.item], ...Object.fromEntries(m.extras.map((e) => [e, cols[e]])) })
    .from(plan.table)
    .where(eq(cols[m.owner], ownerId))) as Array<{ itemId: number } & Record<string, unknown>>;
}
