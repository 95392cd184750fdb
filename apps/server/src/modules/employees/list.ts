// The employee list: paged, sorted, searched (name, code, or the mobile for digits) and filtered within the caller's
// reach, as one prepared statement per shape of query; its WHERE (`listConditions`) is what the Excel export filters by.
// A search reads the kept narrow copy employee_search (issue 30) instead of the wide employees rows.
import type { TEmployee, TEmployeeList, ZEmployeeListQuery } from '@hr/contract';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, designations, employeeSearch, employees, units } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { type AuthContext, selfScope, unitScope } from '../access/context';

/**
 * Where the list reads from: employees, or for a search employee_search (the same columns by the same names, kept
 * by statement triggers on employees: migration employee_search_triggers). A broad search ('Sharma', 750 of 15,000)
 * reads 243 pages of the narrow rows instead of 649 of the wide ones (EXPLAIN ANALYZE on PostgreSQL).
 */
type ListSource = typeof employees | typeof employeeSearch;
const listSource = (q: ListQuery): ListSource => (searchParts(q) ? employeeSearch : employees);

const sortColumns = (t: ListSource) => ({
  employeeCode: t.employeeCode,
  name: t.name,
  unitName: units.name,
  departmentName: departments.name,
  designationName: designations.name,
  dateOfJoining: t.dateOfJoining,
  status: t.status,
});

type ListQuery = z.output<typeof ZEmployeeListQuery>;

/** Each value of the list's conditions by name: the value itself, or a placeholder of a prepared query. */
type Bind = (name: string, value: unknown) => unknown;
// Each value one parameter: a bare array in a sql template would be spread into a row value ($1, $2), which
// `= any(…::int[])` cannot cast (the 500 every non-administrator met on a search that is not the prepared query).
const asValue: Bind = (_name, value) => sql.param(value);

/** The search's parts: the contains pattern and, for a search of digits only (3 or more), the mobile's pattern. */
function searchParts(q: ListQuery): { pattern: string; mobile?: string } | undefined {
  const s = q.search?.trim();
  if (!s) return undefined;
  const digits = s.replace(/\D/g, '');
  return { pattern: containsPattern(s), mobile: digits.length >= 3 && digits === s.replace(/\s/g, '') ? `%${digits}%` : undefined };
}

/**
 * The list's WHERE over `t` (employees, or employee_search for the list's own search): the caller's scope (units; self
 * for self-service), the filters and the search.
 */
export function listConditions(auth: AuthContext, q: ListQuery, bind: Bind = asValue, t: ListSource = employees): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    unitScope(auth, t.unitId, (ids) => bind('scopeUnits', ids)),
    selfScope(auth, t.id, (id) => bind('self', id)),
  ];
  if (q.unitId) conds.push(sql`${t.unitId} = ${bind('unitId', q.unitId)}`);
  if (q.departmentId) conds.push(sql`${t.departmentId} = ${bind('departmentId', q.departmentId)}`);
  if (q.designationId) conds.push(sql`${t.designationId} = ${bind('designationId', q.designationId)}`);
  if (q.categoryId) conds.push(sql`${t.categoryId} = ${bind('categoryId', q.categoryId)}`);
  if (q.status) conds.push(sql`${t.status} = ${bind('status', q.status)}`);
  const search = searchParts(q);
  if (search) {
    const pattern = bind('pattern', search.pattern);
    conds.push(
      or(
        sql`${t.name} ilike ${pattern}`,
        sql`${t.employeeCode} ilike ${pattern}`,
        search.mobile ? sql`${t.mobile} like ${bind('mobile', search.mobile)}` : undefined,
      ),
    );
  }
  return and(...conds);
}

/**
 * The list's total from the kept employee_status_counts (every employee by unit and status, kept by statement triggers
 * on employees) when the only conditions are the caller's units, a unit and a status: a few rows summed instead of
 * every matching employee counted. Undefined for the other lists (counted from the employees).
 */
function keptTotal(auth: AuthContext, q: ListQuery, bind: Bind): SQL | undefined {
  if (auth.isSelfService || q.departmentId || q.designationId || q.categoryId || q.search?.trim()) return undefined;
  const where = and(
    unitScope(auth, sql`c.unit_id`, (ids) => bind('scopeUnits', ids)),
    q.unitId ? sql`c.unit_id = ${bind('unitId', q.unitId)}` : undefined,
    q.status ? sql`c.status = ${bind('status', q.status)}` : undefined,
  );
  return sql`(select coalesce(sum(c.n), 0)::int from employee_status_counts c${where ? sql` where ${where}` : sql``})`;
}

/** The values of a prepared list query (the names `listConditions` binds, and the page). */
function listValues(auth: AuthContext, q: ListQuery): Record<string, unknown> {
  const search = searchParts(q);
  return {
    scopeUnits: auth.unitIds === 'all' ? undefined : auth.unitIds,
    self: auth.employeeId,
    unitId: q.unitId,
    departmentId: q.departmentId,
    designationId: q.designationId,
    categoryId: q.categoryId,
    status: q.status,
    pattern: search?.pattern,
    mobile: search?.mobile,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
}

/** The list query's shape: what decides its text (which conditions are there, the sort), not the values. */
function listShape(auth: AuthContext, q: ListQuery): string {
  const scope = auth.unitIds === 'all' ? 'all' : auth.unitIds.length ? 'units' : 'none';
  const self = auth.isSelfService ? (auth.employeeId == null ? 'none' : 'self') : '';
  const search = searchParts(q);
  const filters = [q.unitId, q.departmentId, q.designationId, q.categoryId, q.status].map((v) => (v ? 1 : 0)).join('');
  return [scope, self, filters, search ? (search.mobile ? 'sm' : 's') : '', q.sort, q.order, pageShape(q)].join('|');
}

/** Page sizes written into the page query's text (the screens' choices); any other size is a parameter. */
const PAGE_SIZES_IN_TEXT = new Set([10, 20, 25, 50, 100]);

/**
 * The page's LIMIT and OFFSET: the first page of a usual size as `limit 25` with no offset in the statement's text,
 * others as parameters. PostgreSQL cannot tell how many rows a LIMIT or OFFSET parameter asks for, so it guesses a
 * tenth of the rows, finds the generic plan dearer than one made for the values and plans the statement again on every
 * call (0.5 of the 0.7 ms of database CPU of the list's first page); with the numbers in the text it keeps one plan.
 */
function pageShape(q: ListQuery): string {
  return `${q.page === 1 ? 'first' : 'deep'}:${PAGE_SIZES_IN_TEXT.has(q.pageSize) ? q.pageSize : 'n'}`;
}

/** A whole number written into the statement's text (drizzle sends a number given to limit() as a parameter). */
const inText = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

function paged<T extends PgSelect>(qb: T, q: ListQuery) {
  const limited = qb.limit(PAGE_SIZES_IN_TEXT.has(q.pageSize) ? inText(q.pageSize) : sql.placeholder('limit'));
  return q.page === 1 ? limited : limited.offset(sql.placeholder('offset'));
}

/**
 * The page query, built once per database and shape and kept as a prepared query (a named statement on
 * PostgreSQL): building it with the query builder cost about as much as the database's work for a search.
 */
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildListQuery>>>();
/** Statement names are never reused for another text (a connection keeps what it prepared). */
let listQueryCount = 0;

export async function listEmployees(db: Db, auth: AuthContext, q: ListQuery): Promise<TEmployeeList> {
  let byShape = listQueries.get(db);
  if (!byShape) {
    byShape = new Map();
    listQueries.set(db, byShape);
  }
  const shape = listShape(auth, q);
  let prepared = byShape.get(shape);
  if (!prepared) {
    // The shapes are few (scope kind × filters present × search kind × sort × order); keep at most 200.
    if (byShape.size >= 200) byShape.clear();
    prepared = buildListQuery(db, auth, q, `hr_employees_${++listQueryCount}`);
    byShape.set(shape, prepared);
  }
  const rows = await prepared.execute(listValues(auth, q));
  // A page past the end has no row to carry the total: count on its own (rare). An empty first page is no match at all
  // (a search that finds nobody: no second statement).
  const total = rows.length ? rows[0].total : q.page === 1 ? 0 : await countAll(db, auth, q);
  return {
    // Each row's fields named (an object rest and spread per row cost more than the rest of the mapping).
    rows: rows.map((r) => ({
      id: r.id,
      employeeCode: r.employeeCode,
      name: r.name,
      mobile: r.mobile,
      email: r.email,
      unitId: r.unitId,
      unitName: r.unitName,
      departmentName: r.departmentName,
      designationName: r.designationName,
      dateOfJoining: r.dateOfJoining,
      status: r.status as TEmployee['status'],
      hasPhoto: r.hasPhoto,
    })),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The matches counted on their own (a page past the end), from where the list reads. */
async function countAll(db: Db, auth: AuthContext, q: ListQuery): Promise<number> {
  const t = listSource(q);
  return Number(
    (
      await db
        .select({ total: sql<number>`count(*)::int` })
        .from(t)
        .where(listConditions(auth, q, asValue, t))
    )[0].total,
  );
}

function buildListQuery(db: Db, auth: AuthContext, q: ListQuery, name: string) {
  const t = listSource(q);
  const where = listConditions(auth, q, (key) => sql.placeholder(key), t);
  const sortBy = sortColumns(t)[q.sort];
  const dir = q.order === 'desc' ? desc : asc;
  // One statement (one round trip): the page's ids, their rows with the names, and the total. Unfiltered, the page
  // reads the first rows in index order and the total is a scalar subquery planned on its own (an index-only count).
  // With a search, the matches are found once (the trigram indexes) and counted by a window in a subquery, which
  // the planner keeps apart (it cannot walk the sort order's index through every employee to fill the page): one
  // heap scan instead of two.
  const windowed = Boolean(q.search?.trim());
  // A new builder each time (a dynamic builder's where / order / limit change it in place).
  const idSelect = (total: SQL) => {
    let qb = db
      .select({
        id: sql<number>`${t.id}`.as('page_id'),
        sortKey: sql`${sortBy}`.as('page_sort_key'),
        total: sql<number>`${total}`.as('page_total'),
      })
      .from(t)
      .$dynamic();
    if (q.sort === 'unitName') qb = qb.innerJoin(units, eq(units.id, t.unitId));
    if (q.sort === 'departmentName') qb = qb.innerJoin(departments, eq(departments.id, t.departmentId));
    if (q.sort === 'designationName') qb = qb.innerJoin(designations, eq(designations.id, t.designationId));
    return qb.where(where);
  };
  const matches = idSelect(sql`count(*) over ()`).as('matches');
  const page = db
    .$with('page')
    .as(
      windowed
        ? paged(
            db
              .select({ id: matches.id, sortKey: matches.sortKey, total: matches.total })
              .from(matches)
              .orderBy(dir(matches.sortKey), dir(matches.id))
              .$dynamic(),
            q,
          )
        : paged(idSelect(sql`0`).orderBy(dir(sortBy), dir(t.id)), q),
    );
  const countQuery = () =>
    keptTotal(auth, q, (key) => sql.placeholder(key)) ?? db.select({ total: sql<number>`count(*)::int` }).from(t).where(where);
  return (
    db
      .with(page)
      .select({
        id: t.id,
        employeeCode: t.employeeCode,
        name: t.name,
        mobile: t.mobile,
        email: t.email,
        unitId: t.unitId,
        unitName: units.name,
        departmentName: departments.name,
        designationName: designations.name,
        dateOfJoining: t.dateOfJoining,
        status: t.status,
        hasPhoto: t === employeeSearch ? employeeSearch.hasPhoto : sql<boolean>`${employees.photoKey} is not null`,
        total: (windowed ? sql<number>`${page.total}` : sql<number>`(${countQuery()})`).mapWith(Number),
      })
      .from(page)
      .innerJoin(t, eq(t.id, page.id))
      .innerJoin(units, eq(units.id, t.unitId))
      .innerJoin(departments, eq(departments.id, t.departmentId))
      .innerJoin(designations, eq(designations.id, t.designationId))
      // the page's own order again, over its rows only
      .orderBy(dir(sortBy), dir(t.id))
      .prepare(name)
  );
}
