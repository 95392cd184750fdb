import type { TEmployeeFormOptions } from '@hr/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
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
  fellowshipStatuses,
  jobNatures,
  maritalStatuses,
  mobileCodes,
  patentStatuses,
  positions,
  regions,
  responsibilities,
  shifts,
  states,
  units,
  writtens,
} from '../../db/schema';
import type { AuthContext } from '../access/context';
import { unitMapRows } from './service';

type Lookup = PgTable & { id: PgColumn; name: PgColumn; isActive: PgColumn };

async function list(db: Db, table: Lookup, parent?: PgColumn) {
  const rows = await db
    .select({ id: table.id, name: table.name, ...(parent ? { parentId: parent } : {}) })
    .from(table)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.name))
    .limit(5000);
  return rows as { id: number; name: string; parentId?: number | null }[];
}

/**
 * Every choice of the employee form in one call, readable by whoever may open the record or My profile
 * (the master screens' own option lists need master access, which staff do not hold).
 */
export async function employeeFormOptions(db: Db, auth: AuthContext): Promise<TEmployeeFormOptions> {
  const unitRows = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(and(eq(units.isActive, true), auth.unitIds === 'all' ? undefined : inArray(units.id, auth.unitIds.length ? auth.unitIds : [0])))
    .orderBy(asc(units.name));
  const mobile = await db
    .select({ id: mobileCodes.id, code: mobileCodes.code, name: mobileCodes.name })
    .from(mobileCodes)
    .orderBy(asc(mobileCodes.code));
  const [dep, des, [ud, ug]] = await Promise.all([
    list(db, departments as unknown as Lookup),
    list(db, designations as unknown as Lookup),
    unitMapRows(db),
  ]);
  const entries: [string, Lookup, PgColumn?][] = [
    ['countries', countries as unknown as Lookup],
    ['states', states as unknown as Lookup, states.countryId],
    ['cities', cities as unknown as Lookup, cities.stateId],
    ['areas', areas as unknown as Lookup, areas.cityId],
    ['maritalStatuses', maritalStatuses as unknown as Lookup],
    ['categories', categories as unknown as Lookup],
    ['positions', positions as unknown as Lookup],
    ['jobNatures', jobNatures as unknown as Lookup],
    ['divisions', divisions as unknown as Lookup],
    ['regions', regions as unknown as Lookup],
    ['shifts', shifts as unknown as Lookup],
    ['educationModes', educationModes as unknown as Lookup],
    ['academicDomains', academicDomains as unknown as Lookup],
    ['academicStatuses', academicStatuses as unknown as Lookup],
    ['fellowshipStatuses', fellowshipStatuses as unknown as Lookup],
    ['patentStatuses', patentStatuses as unknown as Lookup],
    ['responsibilities', responsibilities as unknown as Lookup],
    ['writtens', writtens as unknown as Lookup],
  ];
  const lists = await Promise.all(entries.map(([, table, parent]) => list(db, table, parent)));
  const lookups: Record<string, { id: number; name: string; parentId?: number | null }[]> = {};
  entries.forEach(([name], i) => {
    lookups[name] = lists[i];
  });
  lookups.mobileCodes = mobile.map((m) => ({ id: m.id, name: `${m.code} (${m.name})` }));
  return { units: unitRows, departments: dep, designations: des, unitDepartments: ud, unitDesignations: ug, lookups };
}
