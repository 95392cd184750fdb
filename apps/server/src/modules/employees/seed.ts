import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  departments,
  designations,
  employees,
  shifts,
  unitDepartmentMap,
  unitDesignationMap,
  units,
  users,
} from '../../db/schema';
import { demoEmployee } from './demo-data';

/** Named demo staff linked to the demo sign-ins; the rest are generated. */
const NAMED: { userName: string; name: string; gender: string; unit: string; department: string; designation: string; code: string }[] = [
  { userName: 'manager', name: 'Rahul Menon', gender: 'Male', unit: 'HO-BLR', department: 'HR', designation: 'HRM', code: 'BLR0001' },
  { userName: 'employee1', name: 'Priya Sharma', gender: 'Female', unit: 'HO-BLR', department: 'FIN', designation: 'ACE', code: 'BLR0002' },
  {
    userName: 'employee2',
    name: 'Karthik Subramanian',
    gender: 'Male',
    unit: 'BR-CHN',
    department: 'HR',
    designation: 'HRE',
    code: 'CHN0001',
  },
];

const PER_UNIT = 12;

/** A few dozen employees across the units; idempotent (codes are the key; links only unlinked users). */
export async function seedEmployees(db: Db): Promise<void> {
  const unitRows = await db.select({ id: units.id, code: units.code }).from(units).orderBy(asc(units.id));
  const deptRows = await db.select({ id: departments.id, code: departments.code }).from(departments).orderBy(asc(departments.id));
  const desigRows = await db.select({ id: designations.id, code: designations.code }).from(designations).orderBy(asc(designations.id));
  if (!unitRows.length || !deptRows.length || !desigRows.length) return;
  const [category] = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1);
  const [shift] = await db.select({ id: shifts.id }).from(shifts).orderBy(asc(shifts.id)).limit(1);

  // Departments and designations mapped to each unit (all of them where a unit has no map).
  const dMap = await db.select({ unitId: unitDepartmentMap.unitId, id: unitDepartmentMap.departmentId }).from(unitDepartmentMap);
  const gMap = await db.select({ unitId: unitDesignationMap.unitId, id: unitDesignationMap.designationId }).from(unitDesignationMap);
  const withFallback = (map: { unitId: number; id: number }[], all: { id: number }[]) =>
    unitRows.flatMap((u) =>
      map.some((m) => m.unitId === u.id) ? map.filter((m) => m.unitId === u.id) : all.map((a) => ({ unitId: u.id, id: a.id })),
    );
  const deptMap = withFallback(dMap, deptRows);
  const desigMap = withFallback(gMap, desigRows);

  const values = [];
  for (const unit of unitRows) {
    const prefix = unit.code.split('-').pop()!.slice(0, 3).toUpperCase();
    for (let n = 1; n <= PER_UNIT; n++) {
      const code = `${prefix}${String(n).padStart(4, '0')}`;
      const base = demoEmployee(
        unit.id * 1000 + n,
        {
          unitIds: [unit.id],
          departmentIds: deptMap.filter((m) => m.unitId === unit.id).map((m) => m.id),
          designationIds: desigMap.filter((m) => m.unitId === unit.id).map((m) => m.id),
        },
        prefix,
        11,
      );
      const { aadhaarFull: _full, ...v } = base;
      const named = NAMED.find((x) => x.code === code);
      values.push({
        ...v,
        employeeCode: code,
        categoryId: category?.id ?? null,
        shiftId: shift?.id ?? null,
        ...(named
          ? {
              name: named.name,
              gender: named.gender,
              departmentId: deptRows.find((d) => d.code === named.department)?.id ?? v.departmentId,
              designationId: desigRows.find((d) => d.code === named.designation)?.id ?? v.designationId,
              email: `${named.userName === 'manager' ? 'manager' : named.name.toLowerCase().replace(/\s.*/, '')}@sunrise-edu.example`,
            }
          : {}),
        // A couple of leavers keep the status badges honest.
        ...(n === PER_UNIT
          ? { status: 'exited', exitDate: '2025-12-31', exitReason: 'Resigned: higher studies' }
          : n === PER_UNIT - 1
            ? { status: 'onNotice' }
            : {}),
      });
    }
  }
  await db.insert(employees).values(values).onConflictDoNothing();

  // Reporting manager: everyone at the head office reports to Rahul Menon.
  const [mgr] = await db.select({ id: employees.id }).from(employees).where(eq(employees.employeeCode, 'BLR0001'));
  if (mgr) {
    await db
      .update(employees)
      .set({ reportingManagerId: mgr.id })
      .where(and(isNull(employees.reportingManagerId), sql`${employees.employeeCode} like 'BLR%'`, sql`${employees.id} <> ${mgr.id}`));
  }

  // Link the demo sign-ins to their records.
  const codes = NAMED.map((x) => x.code);
  const emps = await db
    .select({ id: employees.id, code: employees.employeeCode })
    .from(employees)
    .where(inArray(employees.employeeCode, codes));
  for (const x of NAMED) {
    const e = emps.find((r) => r.code === x.code);
    if (!e) continue;
    await db
      .update(users)
      .set({ employeeId: e.id })
      .where(and(eq(users.userName, x.userName), isNull(users.employeeId)));
  }
}
