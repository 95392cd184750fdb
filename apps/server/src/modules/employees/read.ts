// An employee's record as the API answers it (the names of the unit, department, designation, reporting manager and
// sign-in account beside it), the raw row, the records for the ID cards and the employees for a select; each limited
// to the caller's reach (404 outside it, like a missing one).
import { maskAadhaar, type TEmployee } from '@hr/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { departments, designations, employees, units, users } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql';
import { type AuthContext, canReachRecord, selfScope, unitScope } from '../access/context';

export type EmployeeRow = typeof employees.$inferSelect;

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

/** Employees for a select: within reach, by name or code containing the search, of one unit if given; the first 50 by name. */
export function employeeOptions(db: Db, auth: AuthContext, query: { search?: string; unitId?: number }) {
  const s = query.search?.trim();
  const like = s ? containsPattern(s) : undefined;
  return db
    .select({ id: employees.id, name: employees.name, employeeCode: employees.employeeCode })
    .from(employees)
    .where(
      and(
        unitScope(auth, employees.unitId),
        selfScope(auth, employees.id),
        query.unitId ? eq(employees.unitId, query.unitId) : undefined,
        like ? or(ilike(employees.name, like), ilike(employees.employeeCode, like)) : undefined,
      ),
    )
    .orderBy(asc(employees.name))
    .limit(50);
}
