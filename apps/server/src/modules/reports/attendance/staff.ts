// The employees an attendance report covers and their days: the filters the framework checked turned into a
// condition on `employees`, pages and export chunks of the staff by employee code, and their days as
// computeAttendance (attendance/compute.ts, the one place attendance is worked out) works them out.
import { eachDay, type IsoDate } from '@hr/calendar';
import { and, asc, count, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { departments, employees } from '../../../db/schema';
import { selfScope, unitScope } from '../../access/context';
import { type ComputedDay, computeAttendance } from '../../attendance/compute';
import type { ReportContext } from '../define';

/** Employees worked out at a time by an export: memory stays bounded whatever the unit's size. */
const EXPORT_CHUNK = 500;

/** A report's checked filters: a real range of at most 62 days, and a unit / department / employee within reach. */
export interface Filters {
  from: IsoDate;
  to: IsoDate;
  days: IsoDate[];
  where: SQL;
}

/**
 * The condition on `employees` every attendance report reads, from the filters the framework checked
 * (reportContext: dates → 400 with field errors, a unit or employee out of reach → 404).
 */
export function filtersOf(ctx: ReportContext): Filters {
  const { auth, f } = ctx;
  const from = f.from as IsoDate;
  const to = f.to as IsoDate;
  const where = and(
    // Employed on some day of the range.
    lte(employees.dateOfJoining, to),
    or(isNull(employees.exitDate), gte(employees.exitDate, from)),
    auth.isSelfService ? selfScope(auth, employees.id) : unitScope(auth, employees.unitId),
    f.unitId !== undefined ? eq(employees.unitId, f.unitId) : undefined,
    f.departmentId !== undefined ? eq(employees.departmentId, f.departmentId) : undefined,
    f.employeeId !== undefined ? eq(employees.id, f.employeeId) : undefined,
  ) as SQL;
  return { from, to, days: eachDay(from, to), where };
}

export interface StaffRow {
  id: number;
  code: string;
  name: string;
  departmentName: string;
}

export async function countStaff(db: Db, f: Filters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employees).where(f.where);
  return Number(row?.n ?? 0);
}

/**
 * One page of the employees in the filters, by employee code, with their departments (one query): at `offset`,
 * or (exports) after the employee `after`, so a chunk neither repeats nor skips anyone as staff change meanwhile.
 */
export function staffPage(db: Db, f: Filters, limit: number, offset: number, after?: StaffRow): Promise<StaffRow[]> {
  return db
    .select({ id: employees.id, code: employees.employeeCode, name: employees.name, departmentName: departments.name })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(after ? and(f.where, sql`(${employees.employeeCode}, ${employees.id}) > (${after.code}, ${after.id})`) : f.where)
    .orderBy(asc(employees.employeeCode), asc(employees.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A page of the employees in the filters (as staffPage) and how many there are in all, in one statement: the count is
 * an uncorrelated scalar subquery, worked out once. An empty page (past the end) counts them by itself.
 */
export async function staffPageWithTotal(db: Db, f: Filters, limit: number, offset: number): Promise<{ staff: StaffRow[]; total: number }> {
  const rows = await db
    .select({
      id: employees.id,
      code: employees.employeeCode,
      name: employees.name,
      departmentName: departments.name,
      total: sql<number>`(select count(*)::int from ${employees} where ${f.where})`,
    })
    .from(employees)
    .innerJoin(departments, eq(departments.id, employees.departmentId))
    .where(f.where)
    .orderBy(asc(employees.employeeCode), asc(employees.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return { staff: [], total: offset === 0 ? 0 : await countStaff(db, f) };
  return { staff: rows.map(({ total: _t, ...s }) => s), total: Number(rows[0].total) };
}

/** The employees' days over the range, as computeAttendance works them out (nothing is written). */
export async function daysOf(db: Db, staff: readonly StaffRow[], f: Filters): Promise<Map<number, ComputedDay[]>> {
  if (staff.length === 0) return new Map();
  const computed = await computeAttendance(db, { employeeIds: staff.map((s) => s.id) }, f.from, f.to, { persist: false });
  return new Map(computed.map((c) => [c.employeeId, c.days]));
}

/** Every employee in the filters, EXPORT_CHUNK at a time, with their days. */
export async function* chunksOf(db: Db, f: Filters): AsyncGenerator<{ staff: StaffRow[]; days: Map<number, ComputedDay[]> }> {
  for (let after: StaffRow | undefined; ; ) {
    const staff = await staffPage(db, f, EXPORT_CHUNK, 0, after);
    if (staff.length) yield { staff, days: await daysOf(db, staff, f) };
    if (staff.length < EXPORT_CHUNK) return;
    after = staff[staff.length - 1];
  }
}
