import { and, asc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  academicDomains,
  academicStatuses,
  areas,
  categories,
  cities,
  countries,
  departments,
  designations,
  divisions,
  educationModes,
  employees,
  jobNatures,
  maritalStatuses,
  mobileCodes,
  patentStatuses,
  positions,
  regions,
  responsibilities,
  shifts,
  states,
  unitDepartmentMap,
  unitDesignationMap,
  units,
  users,
  writtens,
} from '../../db/schema';
import {
  DEMO_HOME_TOWNS,
  type DemoDetailRefs,
  type DemoHome,
  type DemoLookupList,
  type DemoPlace,
  demoDetails,
  demoEmployee,
} from './demo-data';
import type { EmployeeValues } from './service';

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

/**
 * A few dozen employees across the units, with contact, address and job look-ups filled from the seeded
 * lists (by name, in the state and city of each unit). Idempotent: codes are the key; details fill only
 * empty columns of records nobody has edited; links only unlinked users.
 */
export async function seedEmployees(db: Db): Promise<void> {
  const unitRows = await db
    .select({ id: units.id, code: units.code, city: units.city, stateName: units.stateName })
    .from(units)
    .orderBy(asc(units.id));
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
  const places = await loadPlaces(db);
  const lookup = await loadLookups(db);
  const [plus91] = await db.select({ id: mobileCodes.id }).from(mobileCodes).where(eq(mobileCodes.code, '+91'));

  const values: EmployeeValues[] = [];
  for (const unit of unitRows) {
    const present = places.place(unit.stateName, unit.city);
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
      const employee: EmployeeValues = {
        ...v,
        employeeCode: code,
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
      };
      const refs: DemoDetailRefs = {
        mobileCodeId: plus91?.id ?? null,
        present,
        homes: places.homes.filter((h) => h.cityId !== present.cityId),
        lookup,
        departmentCode: deptRows.find((d) => d.id === employee.departmentId)?.code ?? '',
        designationCode: desigRows.find((d) => d.id === employee.designationId)?.code ?? '',
      };
      const details = demoDetails(unit.id * 1000 + n, employee, refs, 11);
      values.push({
        ...employee,
        ...details,
        categoryId: details.categoryId ?? category?.id ?? null,
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
  await fillSeededDetails(db, values);

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

/** Columns of the details that an older seed left empty; filled on untouched seeded records only. */
const DETAIL_COLUMNS = [
  'mobileCodeId',
  'maritalStatusId',
  'presentCountryId',
  'presentStateId',
  'presentCityId',
  'presentAreaId',
  'permanentAddress',
  'permanentCountryId',
  'permanentStateId',
  'permanentCityId',
  'permanentPincode',
  'positionId',
  'jobNatureId',
  'divisionId',
  'regionId',
  'confirmationDate',
  'educationModeId',
  'academicDomainId',
  'academicStatusId',
  'responsibilityId',
  'writtenId',
  'patentStatusId',
] as const satisfies readonly (keyof EmployeeValues)[];

/**
 * A database seeded before the details existed: fills the empty detail columns of the seeded records
 * that nobody has changed since (every change through the app sets `updatedBy`; the seed never does).
 * A column with a value is kept; the present address text and PIN move with the area they belong to.
 */
async function fillSeededDetails(db: Db, values: EmployeeValues[]): Promise<void> {
  const cols = getTableColumns(employees) as unknown as Record<string, PgColumn>;
  for (const v of values) {
    const set: Record<string, SQL> = {};
    const empty: SQL[] = [];
    for (const key of DETAIL_COLUMNS) {
      const value = v[key];
      if (value == null) continue;
      set[key] = sql`coalesce(${cols[key]}, ${value})`;
      empty.push(isNull(cols[key]));
    }
    if (!empty.length) continue;
    if (v.presentAreaId != null) {
      set.presentAddress = sql`case when ${employees.presentAreaId} is null then ${v.presentAddress ?? null} else ${employees.presentAddress} end`;
      set.presentPincode = sql`case when ${employees.presentAreaId} is null then ${v.presentPincode ?? null} else ${employees.presentPincode} end`;
    }
    await db
      .update(employees)
      .set(set)
      .where(and(eq(employees.employeeCode, v.employeeCode), isNull(employees.updatedBy), or(...empty)));
  }
}

/** India's states, cities and areas by name, for the units' places and the home towns. */
async function loadPlaces(db: Db) {
  const [india] = await db.select({ id: countries.id }).from(countries).where(sql`lower(${countries.name}) = 'india'`);
  const stateRows = india ? await db.select({ id: states.id, name: states.name }).from(states).where(eq(states.countryId, india.id)) : [];
  const cityRows = await db.select({ id: cities.id, name: cities.name, stateId: cities.stateId }).from(cities);
  const areaRows = await db
    .select({ id: areas.id, name: areas.name, pinCode: areas.pinCode, cityId: areas.cityId })
    .from(areas)
    .where(eq(areas.isActive, true))
    .orderBy(asc(areas.id));
  const place = (stateName: string, city: string): DemoPlace => {
    const st = stateRows.find((x) => x.name.toLowerCase() === stateName.toLowerCase());
    const ct = st ? cityRows.find((x) => x.stateId === st.id && x.name.toLowerCase() === city.toLowerCase()) : undefined;
    return {
      countryId: india?.id ?? null,
      stateId: st?.id ?? null,
      cityId: ct?.id ?? null,
      city,
      areas: ct ? areaRows.filter((a) => a.cityId === ct.id) : [],
    };
  };
  const homes: DemoHome[] = DEMO_HOME_TOWNS.map((h) => ({
    ...place(h.state, h.city),
    localities: h.localities,
    pinPrefix: h.pinPrefix,
  })).filter((h) => h.cityId != null);
  return { place, homes };
}

const LOOKUP_TABLES: Record<DemoLookupList, PgTable & { id: PgColumn; name: PgColumn }> = {
  maritalStatuses,
  jobNatures,
  positions,
  categories,
  divisions,
  regions,
  educationModes,
  academicDomains,
  academicStatuses,
  responsibilities,
  writtens,
  patentStatuses,
};

/** Look-up ids by (case-insensitive) name; null when a list lacks the name. */
async function loadLookups(db: Db): Promise<DemoDetailRefs['lookup']> {
  const byList = new Map<DemoLookupList, Map<string, number>>();
  for (const [list, table] of Object.entries(LOOKUP_TABLES) as [DemoLookupList, (typeof LOOKUP_TABLES)[DemoLookupList]][]) {
    const rows = (await db.select({ id: table.id, name: table.name }).from(table as PgTable)) as { id: number; name: string }[];
    byList.set(list, new Map(rows.map((r) => [r.name.toLowerCase(), r.id])));
  }
  return (list, name) => byList.get(list)?.get(name.toLowerCase()) ?? null;
}
