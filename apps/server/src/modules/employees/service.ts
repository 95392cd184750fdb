import {
  CONTACT_FIELDS,
  maskAadhaar,
  type TCreateUserAccount,
  type TEmployee,
  type TEmployeeContact,
  type TEmployeeInputParsed,
  type TEmployeeList,
  type ZEmployeeListQuery,
} from '@hr/contract';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import {
  departments,
  designations,
  employeeChangeRequests,
  employeeDocuments,
  employees,
  roles,
  unitDepartmentMap,
  unitDesignationMap,
  units,
  users,
  userUnitMap,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import { assertLoginUnique, assertMayGiveRole } from '../access/accounts';
import { type AuthContext, assertUnit, canReachRecord, selfScope, unitScope } from '../access/context';
import { hashPassword, newPasswordProblem } from '../auth/password';
import { findEmployeeUsage } from './usage';

type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeValues = typeof employees.$inferInsert;

const manager = alias(employees, 'reporting_manager');

const readColumns = {
  e: employees,
  unitName: units.name,
  unitCode: units.code,
  departmentName: departments.name,
  designationName: designations.name,
  reportingManagerName: manager.name,
  userId: users.id,
  userName: users.userName,
};

type ReadRow = {
  e: EmployeeRow;
  unitName: string;
  unitCode: string;
  departmentName: string;
  designationName: string;
  reportingManagerName: string | null;
  userId: number | null;
  userName: string | null;
};

function toEmployee(r: ReadRow): TEmployee {
  const { e } = r;
  const { aadhaarLast4, photoKey, createdAt, createdBy, updatedBy, isActive, updatedAt, ...rest } = e;
  return {
    ...rest,
    status: e.status as TEmployee['status'],
    weeklyOffs: e.weeklyOffs ?? [],
    epfWagesAtJoining: e.epfWagesAtJoining == null ? null : e.epfWagesAtJoining / 100,
    aadhaarMasked: maskAadhaar(aadhaarLast4),
    hasPhoto: photoKey != null,
    unitName: r.unitName,
    unitCode: r.unitCode,
    departmentName: r.departmentName,
    designationName: r.designationName,
    reportingManagerName: r.reportingManagerName,
    userId: r.userId,
    userName: r.userName,
    updatedAt: updatedAt.toISOString(),
  };
}

function readQuery(db: Db | Tx) {
  return db
    .select(readColumns)
    .from(employees)
    .innerJoin(units, eq(units.id, employees.unitId))
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .innerJoin(designations, eq(designations.id, employees.designationId))
    .leftJoin(manager, eq(manager.id, employees.reportingManagerId))
    .leftJoin(users, eq(users.employeeId, employees.id));
}

/**
 * The raw row; 404 when absent and equally when outside the caller's reach, so that probing ids tells
 * nobody which employees exist in other units.
 */
export async function loadEmployeeRow(db: Db | Tx, auth: AuthContext, id: number): Promise<EmployeeRow> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
  if (!row || !canReachRecord(auth, { employeeId: row.id, unitId: row.unitId })) throw new NotFound('Employee not found');
  return row;
}

/**
 * The employee's record with its names, in one statement built once (a select of the hundred columns built on every
 * call cost more server time than the database's work); 404 as `loadEmployeeRow` answers it.
 */
export async function readEmployee(db: Db, auth: AuthContext, id: number): Promise<TEmployee> {
  const read = preparedOnce(db, 'employee_read', (name) =>
    readQuery(db)
      .where(eq(employees.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = (await read.execute({ id })) as ReadRow[];
  if (!row || !canReachRecord(auth, { employeeId: row.e.id, unitId: row.e.unitId })) throw new NotFound('Employee not found');
  return toEmployee(row);
}

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

/** Input → table values. Aadhaar: only the last four digits, and only when a new number is given. */
export function toValues(input: TEmployeeInputParsed): EmployeeValues {
  // Copied key by key: an object rest of some 70 keys cost 15–25 µs a row of the import (issue 30), this about 3 µs.
  const values: Record<string, unknown> = {};
  for (const key in input) if (key !== 'aadhaar') values[key] = input[key as keyof TEmployeeInputParsed];
  // EPF wages at joining: rupees in, paise kept. Of the Aadhaar number only the last four digits are kept.
  values.epfWagesAtJoining = input.epfWagesAtJoining == null ? null : Math.round(input.epfWagesAtJoining * 100);
  if (input.aadhaar) values.aadhaarLast4 = input.aadhaar.slice(-4);
  return values as EmployeeValues;
}

async function assertCodeFree(db: Db | Tx, code: string, exceptId?: number) {
  const [hit] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(sql`lower(${employees.employeeCode}) = lower(${code})`)
    .limit(1);
  if (hit && hit.id !== exceptId) throw new Conflict(`Employee code '${code}' is already used by another employee`, 'employeeCode');
}

/** Every active row of the unit-wise department and designation maps, as [departments, designations]. */
export function unitMapRows(db: Db | Tx): Promise<[{ unitId: number; id: number }[], { unitId: number; id: number }[]]> {
  return Promise.all([
    db
      .select({ unitId: unitDepartmentMap.unitId, id: unitDepartmentMap.departmentId })
      .from(unitDepartmentMap)
      .where(eq(unitDepartmentMap.isActive, true)),
    db
      .select({ unitId: unitDesignationMap.unitId, id: unitDesignationMap.designationId })
      .from(unitDesignationMap)
      .where(eq(unitDesignationMap.isActive, true)),
  ]);
}

/**
 * The unit-wise department and designation maps, where a unit has one, decide what an employee of that
 * unit may be given (400 naming the field otherwise). A unit without a map accepts any.
 */
export async function assertMappedToUnit(db: Db | Tx, input: { unitId: number; departmentId: number; designationId: number }) {
  // One after the other: `db` may be a transaction, whose connection runs one statement at a time.
  const dep = await db
    .select({ id: unitDepartmentMap.departmentId })
    .from(unitDepartmentMap)
    .where(and(eq(unitDepartmentMap.unitId, input.unitId), eq(unitDepartmentMap.isActive, true)));
  const des = await db
    .select({ id: unitDesignationMap.designationId })
    .from(unitDesignationMap)
    .where(and(eq(unitDesignationMap.unitId, input.unitId), eq(unitDesignationMap.isActive, true)));
  const fe: Record<string, string[]> = {};
  if (dep.length && !dep.some((d) => d.id === input.departmentId)) fe.departmentId = ['This department is not mapped to the unit'];
  if (des.length && !des.some((d) => d.id === input.designationId)) fe.designationId = ['This designation is not mapped to the unit'];
  if (Object.keys(fe).length) throw new BadRequest('Please correct the highlighted fields', fe);
}

async function assertManager(db: Db | Tx, managerId: number | null | undefined, selfId?: number) {
  if (managerId == null) return;
  if (managerId === selfId) throw new BadRequest('An employee cannot report to themself', { reportingManagerId: ['Choose someone else'] });
  const [m] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, managerId)).limit(1);
  if (!m) throw new BadRequest('The reporting manager does not exist', { reportingManagerId: ['Unknown employee'] });
}

export async function createEmployee(db: Db, auth: AuthContext, input: TEmployeeInputParsed, requestId?: string) {
  if (auth.isSelfService) throw new Forbidden('Employees cannot add employee records');
  assertUnit(auth, input.unitId);
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.employeeCode);
    await assertMappedToUnit(tx, input);
    await assertManager(tx, input.reportingManagerId);
    const [row] = await tx
      .insert(employees)
      .values({ ...toValues(input), createdBy: auth.userId, updatedBy: auth.userId })
      .returning();
    await writeAudit(tx, { entity: 'employees', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    return row;
  });
}

export async function updateEmployee(db: Db, auth: AuthContext, id: number, input: TEmployeeInputParsed, requestId?: string) {
  if (auth.isSelfService) throw new Forbidden('Use My profile to change your own details');
  return db.transaction(async (tx) => {
    const before = await loadEmployeeRow(tx, auth, id);
    assertUnit(auth, input.unitId); // moving to a unit the caller does not manage is refused too
    await assertCodeFree(tx, input.employeeCode, id);
    if (input.unitId !== before.unitId || input.departmentId !== before.departmentId || input.designationId !== before.designationId) {
      await assertMappedToUnit(tx, input);
    }
    await assertManager(tx, input.reportingManagerId, id);
    const [after] = await tx
      .update(employees)
      .set({ ...toValues(input), updatedBy: auth.userId, updatedAt: new Date() })
      .where(eq(employees.id, id))
      .returning();
    await writeAudit(tx, { entity: 'employees', entityId: id, action: 'update', before, after, userId: auth.userId, requestId });
    return after;
  });
}

/** Contact, addresses and emergency contact: what an employee may change on My profile. */
export async function updateContact(db: Db, auth: AuthContext, id: number, input: TEmployeeContact, requestId?: string) {
  return db.transaction(async (tx) => {
    const before = await loadEmployeeRow(tx, auth, id);
    const set: Partial<EmployeeValues> = {};
    for (const f of CONTACT_FIELDS) (set as Record<string, unknown>)[f] = input[f];
    const [after] = await tx
      .update(employees)
      .set({ ...set, updatedBy: auth.userId, updatedAt: new Date() })
      .where(eq(employees.id, id))
      .returning();
    await writeAudit(tx, { entity: 'employees', entityId: id, action: 'update', before, after, userId: auth.userId, requestId });
    return after;
  });
}

/** Deletes an employee nothing uses yet (documents and pending requests go with it); 409 otherwise. */
export async function deleteEmployee(db: Db, auth: AuthContext, id: number, requestId?: string): Promise<string[]> {
  if (auth.isSelfService) throw new Forbidden('Employees cannot delete employee records');
  return db.transaction(async (tx) => {
    const before = await loadEmployeeRow(tx, auth, id);
    const uses = await findEmployeeUsage(tx, id);
    if (uses.length) {
      throw new Conflict(`This employee cannot be deleted: they have ${uses.join(', ')}. Mark them as exited instead.`);
    }
    const docs = await tx
      .delete(employeeDocuments)
      .where(eq(employeeDocuments.employeeId, id))
      .returning({ key: employeeDocuments.storageKey });
    // Their own profile-change requests go with them (with their approval lines); other kinds of approval
    // (leave, advances) are usages that stop the delete above.
    await tx.execute(
      sql`delete from approval_history where approval_id in (select id from approvals where employee_id = ${id} and kind = 'employee.profileChange')`,
    );
    await tx.execute(sql`delete from approvals where employee_id = ${id} and kind = 'employee.profileChange'`);
    await tx.delete(employeeChangeRequests).where(eq(employeeChangeRequests.employeeId, id));
    await tx.update(users).set({ employeeId: null, isActive: false }).where(eq(users.employeeId, id));
    await tx.delete(employees).where(eq(employees.id, id));
    await writeAudit(tx, { entity: 'employees', entityId: id, action: 'delete', before, userId: auth.userId, requestId });
    return [...docs.map((d) => d.key), ...(before.photoKey ? [before.photoKey] : [])];
  });
}

/** The sign-in account of an employee: the self-service role unless one is chosen, mapped to the employee's unit. */
export async function createUserAccount(db: Db, auth: AuthContext, employeeId: number, input: TCreateUserAccount, requestId?: string) {
  const emp = await loadEmployeeRow(db, auth, employeeId);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.employeeId, emp.id)).limit(1);
  if (existing) throw new Conflict('This employee already has a sign-in account');
  let roleId = input.roleId;
  if (roleId === undefined) {
    // The staff's own role is the one marked self-service in the role master (never found by its name).
    const [r] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.isSelfService, true), eq(roles.isActive, true)))
      .orderBy(asc(roles.id))
      .limit(1);
    if (!r) throw new BadRequest('No active self-service role exists; choose a role', { roleId: ['Choose a role'] });
    roleId = r.id;
  }
  // The same rules as the user master: no administrator role unless an administrator, no role above the caller's.
  await assertMayGiveRole(db, auth, roleId, 'Invalid sign-in account');
  await assertLoginUnique(db, { userName: input.userName, email: emp.email });
  const problem = await newPasswordProblem(db, input.password, { userName: input.userName, fullName: emp.name });
  if (problem) throw new BadRequest('Invalid sign-in account', { password: [problem] });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        fullName: emp.name,
        email: emp.email,
        passwordHash,
        roleId,
        employeeId: emp.id,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    await tx.insert(userUnitMap).values({ userId: u.id, unitId: emp.unitId, createdBy: auth.userId }).onConflictDoNothing();
    await writeAudit(tx, { entity: 'users', entityId: u.id, action: 'create', after: u, userId: auth.userId, requestId });
    return u;
  });
}

/** Employees for the ID cards, limited to the caller's reach, each with its photo's storage key. */
export async function readEmployeesForCards(
  db: Db,
  auth: AuthContext,
  where: SQL | undefined,
  /** The on-screen answer stops here; the PDF job takes a whole unit (null). */
  limit: number | null = 500,
): Promise<{ employee: TEmployee; photoKey: string | null }[]> {
  const query = readQuery(db)
    .where(and(where, unitScope(auth, employees.unitId), selfScope(auth, employees.id)))
    .orderBy(asc(employees.employeeCode));
  const rows = limit === null ? await query : await query.limit(limit);
  return rows.map((r) => ({ employee: toEmployee(r as ReadRow), photoKey: r.e.photoKey }));
}
