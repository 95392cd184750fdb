// A report's query checked against its declaration and the caller: the filters it declares (required ones
// present, ids within reach, a real range) turned into a ReportContext with the filters in words.
import { daysInMonth, diffDays, financialYearStarting, formatIsoDMY, isIsoDate, isoDate, monthName } from '@hr/calendar';
import type { ZReportQuery } from '@hr/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, departments, designations, employees, menus, modules, roleMenuAccess, states, units } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, canReachRecord, canReachUnit } from '../access/context';
import type { ReportContext, ReportDef, ResolvedFilters } from './define';

type Query = z.output<typeof ZReportQuery>;

/** SQL limiting rows to the caller's reach (see ReportContext.reach). */
export function reachSql(auth: AuthContext, unit: SQL, employee: SQL): SQL {
  if (auth.isSelfService) return auth.employeeId == null ? sql`false` : sql`${employee} = ${auth.employeeId}`;
  if (auth.unitIds === 'all') return sql`true`;
  if (auth.unitIds.length === 0) return sql`false`;
  return sql`${unit} in (${sql.join(
    auth.unitIds.map((u) => sql`${u}`),
    sql`, `,
  )})`;
}

type FieldErrors = Record<string, string[]>;
type FilterKinds = ReadonlySet<ReportDef['filters'][number]['kind']>;

const missing = (fieldErrors: FieldErrors, field: string, label: string) => {
  fieldErrors[field] = [`${label} is required`];
};

/** The filters the report requires that the query leaves out, as field errors. */
function requiredFilters(def: ReportDef, q: Query, fieldErrors: FieldErrors) {
  const need = (field: string, label: string) => missing(fieldErrors, field, label);
  for (const filter of def.filters) {
    if (!filter.required) continue;
    if (filter.kind === 'unit' && q.unitId === undefined) need('unitId', 'Unit');
    if (filter.kind === 'employee' && q.employeeId === undefined) need('employeeId', 'Employee');
    if (filter.kind === 'financialYear' && q.financialYear === undefined) need('financialYear', 'Financial year');
    if (filter.kind === 'month') {
      if (q.year === undefined) need('year', 'Year');
      if (q.month === undefined) need('month', 'Month');
    }
    if (filter.kind === 'dateRange') {
      if (q.from === undefined) need('from', 'From');
      if (q.to === undefined) need('to', 'To');
    }
    if (filter.kind === 'status' && q.status === undefined) need('status', 'Status');
    if (filter.kind === 'state' && q.stateId === undefined) need('stateId', 'State');
    if (filter.kind === 'quarter' && q.quarter === undefined) need('quarter', 'Quarter');
  }
}

/** The month, financial year and quarter into `f` (from, to), in words. */
function periodFilters(kinds: FilterKinds, q: Query, f: ResolvedFilters, fieldErrors: FieldErrors): string[] {
  const words: string[] = [];
  if (kinds.has('month') && q.year !== undefined && q.month !== undefined) {
    f.year = q.year;
    f.month = q.month;
    f.from = isoDate(q.year, q.month, 1);
    f.to = isoDate(q.year, q.month, daysInMonth(q.year, q.month));
    words.push(`${monthName(q.month)} ${q.year}`);
  } else if (kinds.has('month') && (q.year !== undefined) !== (q.month !== undefined)) {
    if (q.year === undefined) missing(fieldErrors, 'year', 'Year');
    else missing(fieldErrors, 'month', 'Month');
  }
  if (kinds.has('financialYear') && q.financialYear !== undefined) {
    const fy = financialYearStarting(q.financialYear);
    f.financialYear = q.financialYear;
    f.from ??= fy.startDate;
    f.to ??= fy.endDate;
    words.push(`Financial year ${fy.name}`);
  }
  if (kinds.has('quarter') && q.quarter !== undefined) {
    if (f.financialYear === undefined) missing(fieldErrors, 'financialYear', 'Financial year');
    else {
      // Q1 April – June … Q4 January – March of the next calendar year.
      const firstMonth = ((q.quarter * 3) % 12) + 1;
      const year = q.quarter === 4 ? f.financialYear + 1 : f.financialYear;
      f.quarter = q.quarter;
      f.from = isoDate(year, firstMonth, 1);
      f.to = isoDate(year, firstMonth + 2, daysInMonth(year, firstMonth + 2));
      words.push(`Q${q.quarter} (${monthName(firstMonth)} – ${monthName(firstMonth + 2)} ${year})`);
    }
  }
  return words;
}

/** A date range (real dates, in order, at most the report's days) and a status of the report's options into `f`, in words. */
function rangeAndStatus(def: ReportDef, kinds: FilterKinds, q: Query, f: ResolvedFilters, fieldErrors: FieldErrors): string[] {
  const words: string[] = [];
  if (kinds.has('dateRange') && (q.from !== undefined || q.to !== undefined)) {
    if (q.from === undefined) missing(fieldErrors, 'from', 'From');
    else if (!isIsoDate(q.from)) fieldErrors.from = ['From is not a real date'];
    if (q.to === undefined) missing(fieldErrors, 'to', 'To');
    else if (!isIsoDate(q.to)) fieldErrors.to = ['To is not a real date'];
    if (!fieldErrors.from && !fieldErrors.to && q.from && q.to) {
      if (q.to < q.from) fieldErrors.to = ['To must not be before From'];
      else if (def.maxDays && diffDays(q.from, q.to) + 1 > def.maxDays) fieldErrors.to = [`At most ${def.maxDays} days at a time`];
      else {
        f.from = q.from;
        f.to = q.to;
        words.push(`${formatIsoDMY(q.from)} to ${formatIsoDMY(q.to)}`);
      }
    }
  }
  if (kinds.has('status') && q.status !== undefined) {
    const options = def.filters.find((x) => x.kind === 'status')?.options ?? [];
    const option = options.find((o) => o.value === q.status);
    if (!option) fieldErrors.status = [`Status must be one of ${options.map((o) => o.label).join(', ')}`];
    else {
      f.status = q.status;
      words.push(option.label);
    }
  }
  return words;
}

/** The unit, department, designation, category, state and employee into `f`, by name: one out of reach is 404 like a missing one. */
async function namedFilters(db: Db, auth: AuthContext, kinds: FilterKinds, q: Query, f: ResolvedFilters): Promise<string[]> {
  const head: string[] = [];
  if (kinds.has('unit') && q.unitId !== undefined) {
    const [u] = await db.select({ name: units.name }).from(units).where(eq(units.id, q.unitId));
    if (!u || !canReachUnit(auth, q.unitId)) throw new NotFound('Unit not found');
    f.unitId = q.unitId;
    head.push(u.name);
  } else {
    head.push(auth.isSelfService ? 'Own record' : auth.unitIds === 'all' ? 'All units' : 'Your units');
  }
  const named = async (table: typeof departments | typeof designations | typeof categories, id: number, what: string) => {
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
    if (!row) throw new NotFound(`${what} not found`);
    return row.name;
  };
  if (kinds.has('department') && q.departmentId !== undefined) {
    head.push(await named(departments, q.departmentId, 'Department'));
    f.departmentId = q.departmentId;
  }
  if (kinds.has('designation') && q.designationId !== undefined) {
    head.push(await named(designations, q.designationId, 'Designation'));
    f.designationId = q.designationId;
  }
  if (kinds.has('category') && q.categoryId !== undefined) {
    head.push(await named(categories, q.categoryId, 'Category'));
    f.categoryId = q.categoryId;
  }
  if (kinds.has('state') && q.stateId !== undefined) {
    const [st] = await db.select({ name: states.name }).from(states).where(eq(states.id, q.stateId));
    if (!st) throw new NotFound('State not found');
    f.stateId = q.stateId;
    head.push(st.name);
  }
  if (kinds.has('employee') && q.employeeId !== undefined) {
    const [e] = await db
      .select({ unitId: employees.unitId, code: employees.employeeCode, name: employees.name })
      .from(employees)
      .where(eq(employees.id, q.employeeId));
    if (!e || !canReachRecord(auth, { employeeId: q.employeeId, unitId: e.unitId })) throw new NotFound('Employee not found');
    f.employeeId = q.employeeId;
    head.push(`${e.code} ${e.name}`);
  }
  return head;
}

/** The checked filters as the report's context: the reach and the employees' condition its query uses. */
function contextOf(db: Db, auth: AuthContext, f: ResolvedFilters, summary: string): ReportContext {
  return {
    db,
    auth,
    f,
    summary,
    reach: (unit, employee) => reachSql(auth, unit, employee),
    employeeWhere(alias, unit) {
      const u = unit ?? sql`${alias}.unit_id`;
      const parts: SQL[] = [reachSql(auth, u, sql`${alias}.id`)];
      if (f.unitId !== undefined) parts.push(sql`${u} = ${f.unitId}`);
      if (f.departmentId !== undefined) parts.push(sql`${alias}.department_id = ${f.departmentId}`);
      if (f.designationId !== undefined) parts.push(sql`${alias}.designation_id = ${f.designationId}`);
      if (f.categoryId !== undefined) parts.push(sql`${alias}.category_id = ${f.categoryId}`);
      if (f.employeeId !== undefined) parts.push(sql`${alias}.id = ${f.employeeId}`);
      return sql.join(parts, sql` and `);
    },
  };
}

/**
 * A report's query checked against its declaration and the caller: required filters present, periods and ranges
 * real (400 with the field errors), ids within reach (404); the filters resolved and their summary in words.
 */
export async function reportContext(db: Db, auth: AuthContext, def: ReportDef, q: Query): Promise<ReportContext> {
  if (auth.isSelfService && def.selfService === 'refuse') throw new Forbidden('This report is not open to self-service roles');
  const kinds: FilterKinds = new Set(def.filters.map((x) => x.kind));
  const fieldErrors: FieldErrors = {};
  requiredFilters(def, q, fieldErrors);
  const f: ResolvedFilters = {};
  const words = [...periodFilters(kinds, q, f, fieldErrors), ...rangeAndStatus(def, kinds, q, f, fieldErrors)];
  const extra = def.validate?.(f);
  if (extra) Object.assign(fieldErrors, extra);
  if (Object.keys(fieldErrors).length) throw new BadRequest('Invalid report filters', fieldErrors);
  const head = await namedFilters(db, auth, kinds, q, f);
  return contextOf(db, auth, f, [...head, ...words].join(' · '));
}

/** The menus (actionUrls) among `urls` the role may view: one query for the report list. */
export async function viewableMenus(db: Db, roleId: number, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: menus.actionUrl })
    .from(roleMenuAccess)
    .innerJoin(menus, eq(menus.id, roleMenuAccess.menuId))
    .innerJoin(modules, eq(modules.id, menus.moduleId))
    .where(
      sql`${roleMenuAccess.roleId} = ${roleId} and ${roleMenuAccess.canView} and ${menus.isActive} and ${modules.isActive} and ${inArray(menus.actionUrl, [...urls])}`,
    );
  return new Set(rows.map((r) => r.url));
}
