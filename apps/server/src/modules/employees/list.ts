// The employee list: paged, sorted, searched (name, code, or the mobile for digits) and filtered within the caller's
// reach, as one prepared statement per shape of query; its WHERE (`listConditions`) is what the Excel export filters by.
import type { TEmployee, TEmployeeList, ZEmployeeListQuery } from '@hr/contract';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, designations, employees, units } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { type AuthContext, selfScope, unitScope } from '../access/context';

const sortColumns = {
  employeeCode: employees.employeeCode,
  name: employees.name,
  unitName: units.name,
  departmentName: departments.name,
  designationName: designations.name,
  dateOfJoining: employees.dateOfJoining,
  status: employees.status,
} as const;

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

/** The list's WHERE: the caller's scope (units; self for self-service), the filters and the search. */
export function listConditions(auth: AuthContext, q: ListQuery, bind: Bind = asValue): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    unitScope(auth, employees.unitId, (ids) => bind('scopeUnits', ids)),
    selfScope(auth, employees.id, (id) => bind('self', id)),
  ];
  if (q.unitId) conds.push(sql`${employees.unitId} = ${bind('unitId', q.unitId)}`);
  if (q.departmentId) conds.push(sql`${employees.departmentId} = ${bind('departmentId', q.departmentId)}`);
  if (q.designationId) conds.push(sql`${employees.designationId} = ${bind('designationId', q.designationId)}`);
  if (q.categoryId) conds.push(sql`${employees.categoryId} = ${bind('categoryId', q.categoryId)}`);
  if (q.status) conds.push(sql`${employees.status} = ${bind('status', q.status)}`);
  const search = searchParts(q);
  if (search) {
    const pattern = bind('pattern', search.pattern);
    conds.push(
      or(
        sql`${employees.name} ilike ${pattern}`,
        sql`${employees.employeeCode} ilike ${pattern}`,
        search.mobile ? sql`${employees.mobile} like ${bind('mobile', search.mobile)}` : undefined,
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
  const total = rows.length
    ? rows[0].total
    : q.page === 1
      ? 0
      : Number((await db.select({ total: sql<number>`count(*)::int` }).from(employees).where(listConditions(auth, q)))[0].total);
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
      hasPhoto: r.photoKey != null,
    })),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}

function buildListQuery(db: Db, auth: AuthContext, q: ListQuery, name: string) {
  const where = listConditions(auth, q, (key) => sql.placeholder(key));
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
        id: sql<number>`${employees.id}`.as('page_id'),
        sortKey: sql`${sortColumns[q.sort]}`.as('page_sort_key'),
        total: sql<number>`${total}`.as('page_total'),
      })
      .from(employees)
      .$dynamic();
    if (q.sort === 'unitName') qb = qb.innerJoin(units, eq(units.id, employees.unitId));
    if (q.sort === 'departmentName') qb = qb.innerJoin(departments, eq(departments.id, employees.departmentId));
    if (q.sort === 'designationName') qb = qb.innerJoin(designations, eq(designations.id, employees.designationId));
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
        : paged(idSelect(sql`0`).orderBy(dir(sortColumns[q.sort]), dir(employees.id)), q),
    );
  const countQuery = () =>
    keptTotal(auth, q, (key) => sql.placeholder(key)) ?? db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where);
  return (
    db
      .with(page)
      .select({
        id: employees.id,
        employeeCode: employees.employeeCode,
        name: employees.name,
        mobile: employees.mobile,
        email: employees.email,
        unitId: employees.unitId,
        unitName: units.name,
        departmentName: departments.name,
        designationName: designations.name,
        dateOfJoining: employees.dateOfJoining,
        status: employees.status,
        photoKey: employees.photoKey,
        total: (windowed ? sql<number>`${page.total}` : sql<number>`(${countQuery()})`).mapWith(Number),
      })
      .from(page)
      .innerJoin(employees, eq(employees.id, page.id))
      .innerJoin(units, eq(units.id, employees.unitId))
      .innerJoin(departments, eq(departments.id, employees.departmentId))
      .innerJoin(designations, eq(designations.id, employees.designationId))
      // the page's own order again, over its rows only
      .orderBy(dir(sortColumns[q.sort]), dir(employees.id))
      .prepare(name)
  );
}
