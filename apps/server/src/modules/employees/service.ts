// Adding, changing and deleting an employee record: the checks (a free code, the unit's department and designation
// maps, a reporting manager who exists), the table values from the input, and the audit trail.
import { CONTACT_FIELDS, type TEmployeeContact, type TEmployeeInputParsed } from '@hr/contract';
import { toPaise } from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { employeeChangeRequests, employeeDocuments, employees, unitDepartmentMap, unitDesignationMap, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import { type AuthContext, assertUnit } from '../access/context';
import { loadEmployeeRow } from './read';
import { findEmployeeUsage } from './usage';

export type EmployeeValues = typeof employees.$inferInsert;

/** Input → table values. Aadhaar: only the last four digits, and only when a new number is given. */
export function toValues(input: TEmployeeInputParsed): EmployeeValues {
  // Copied key by key: an object rest of some 70 keys cost 15–25 µs a row of the import (issue 30), this about 3 µs.
  const values: Record<string, unknown> = {};
  for (const key in input) if (key !== 'aadhaar') values[key] = input[key as keyof TEmployeeInputParsed];
  // EPF wages at joining: rupees in, paise kept. Of the Aadhaar number only the last four digits are kept.
  values.epfWagesAtJoining = input.epfWagesAtJoining == null ? null : Number(toPaise(input.epfWagesAtJoining));
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
