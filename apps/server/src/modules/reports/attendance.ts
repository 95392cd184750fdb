// The attendance reports: the register (employee × day status codes with totals) and shift schedule versus
// attendance (each day's scheduled shift times against the actual first in / last out, and a summary per
// employee), on screen and as Excel / PDF downloads. Every figure comes from computeAttendance (compute.ts),
// the one place attendance is worked out; totals from `summarize` (@hr/attendance). The three are reports of the
// report framework (modules/reports: defineReport, rows worked out a page of employees at a time), so they are
// listed, granted, run and exported like every other report; their own paths below keep the screens' shapes and
// export through the same exporter. Their routes are the reports module's (module.ts).
import { clockOf, summarize } from '@hr/attendance';
import { eachDay, type IsoDate, WEEKDAY_NAMES, weekday } from '@hr/calendar';
import {
  MENU,
  type TAttendanceRegister,
  ZAttendanceExportQuery,
  ZAttendanceRegister,
  ZAttendanceReportQuery,
  ZShiftCompare,
  type ZShiftCompareRow,
  ZShiftCompareSummary,
  type ZShiftCompareSummaryRow,
} from '@hr/contract';
import { and, asc, count, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, employees } from '../../db/schema';
import { Forbidden } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { hasAction, selfScope, unitScope } from '../access/context';
import { type ComputedDay, computeAttendance, shiftRules } from '../attendance/compute';
import { shiftCodes } from '../attendance/service';
import { reportContext } from './context';
import { defineReport, type ReportColumn, type ReportContext, type ReportDef, type ReportRow } from './define';
import { sendExport } from './export';
import { planOf } from './run';

/** The longest range a report covers (a register of two months). */
const MAX_DAYS = 62;
/** Employees worked out at a time by an export: memory stays bounded whatever the unit's size. */
const EXPORT_CHUNK = 500;

type ReportQuery = z.output<typeof ZAttendanceReportQuery>;
type RegisterRow = TAttendanceRegister['rows'][number];
type CompareRow = z.infer<typeof ZShiftCompareRow>;
type SummaryRow = z.infer<typeof ZShiftCompareSummaryRow>;

const ZCompareExportQuery = ZAttendanceExportQuery.extend({ kind: z.enum(['detail', 'summary']).default('detail') });

// ---- filters and scope ----

/** A report's checked filters: a real range of at most 62 days, and a unit / department / employee within reach. */
interface Filters {
  from: IsoDate;
  to: IsoDate;
  days: IsoDate[];
  where: SQL;
}

/**
 * The condition on `employees` every attendance report reads, from the filters the framework checked
 * (reportContext: dates → 400 with field errors, a unit or employee out of reach → 404).
 */
function filtersOf(ctx: ReportContext): Filters {
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

interface StaffRow {
  id: number;
  code: string;
  name: string;
  departmentName: string;
}

async function countStaff(db: Db, f: Filters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employees).where(f.where);
  return Number(row?.n ?? 0);
}

/**
 * One page of the employees in the filters, by employee code, with their departments (one query): at `offset`,
 * or (exports) after the employee `after`, so a chunk neither repeats nor skips anyone as staff change meanwhile.
 */
function staffPage(db: Db, f: Filters, limit: number, offset: number, after?: StaffRow): Promise<StaffRow[]> {
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
async function staffPageWithTotal(db: Db, f: Filters, limit: number, offset: number): Promise<{ staff: StaffRow[]; total: number }> {
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
async function daysOf(db: Db, staff: readonly StaffRow[], f: Filters): Promise<Map<number, ComputedDay[]>> {
  if (staff.length === 0) return new Map();
  const computed = await computeAttendance(db, { employeeIds: staff.map((s) => s.id) }, f.from, f.to, { persist: false });
  return new Map(computed.map((c) => [c.employeeId, c.days]));
}

/** Every employee in the filters, EXPORT_CHUNK at a time, with their days. */
async function* chunksOf(db: Db, f: Filters): AsyncGenerator<{ staff: StaffRow[]; days: Map<number, ComputedDay[]> }> {
  for (let after: StaffRow | undefined; ; ) {
    const staff = await staffPage(db, f, EXPORT_CHUNK, 0, after);
    if (staff.length) yield { staff, days: await daysOf(db, staff, f) };
    if (staff.length < EXPORT_CHUNK) return;
    after = staff[staff.length - 1];
  }
}

// ---- rows ----

function registerRow(s: StaffRow, days: readonly ComputedDay[], range: readonly IsoDate[]): RegisterRow {
  const byDay = new Map(days.map((d) => [d.day, d.status]));
  const sum = summarize(days);
  return {
    employeeId: s.id,
    employeeCode: s.code,
    name: s.name,
    departmentName: s.departmentName,
    // '' for a day the employee was not employed (or not yet come).
    codes: range.map((d) => byDay.get(d) ?? ''),
    totals: {
      present: sum.presentDays,
      absent: sum.absentDays,
      leave: sum.leaveDays,
      lwop: sum.lwopDays,
      holidays: sum.holidays,
      weeklyOffs: sum.weeklyOffs,
      late: sum.lateCount,
      otHours: sum.otHours,
      payable: sum.payableDays,
    },
  };
}

/** Shift codes and scheduled times by shift id (the shift master is small: read whole). */
interface ShiftInfo {
  code: string;
  startMin: number;
  endMin: number;
}
async function shiftInfo(db: Db): Promise<Map<number, ShiftInfo>> {
  const rules = await shiftRules(db);
  const codes = await shiftCodes(db);
  const out = new Map<number, ShiftInfo>();
  for (const [id, code] of codes) {
    const r = rules.get(id);
    if (r) out.set(id, { code, startMin: r.startMin, endMin: r.endMin });
  }
  return out;
}

/** A holiday or weekly off: no shift is scheduled (work done on it shows as actual times and overtime). */
const isOff = (d: ComputedDay) => d.status === 'H' || d.status === 'WO';

function compareRows(s: StaffRow, days: readonly ComputedDay[], shifts: Map<number, ShiftInfo>): CompareRow[] {
  return days.map((d) => {
    const shift = !isOff(d) && d.shiftId !== null ? shifts.get(d.shiftId) : undefined;
    return {
      employeeId: s.id,
      employeeCode: s.code,
      name: s.name,
      day: d.day,
      shiftCode: shift?.code ?? null,
      scheduledIn: shift ? clockOf(shift.startMin) : null,
      scheduledOut: shift ? clockOf(shift.endMin) : null,
      actualIn: d.firstIn === null ? null : clockOf(d.firstIn),
      actualOut: d.lastOut === null ? null : clockOf(d.lastOut),
      status: d.status,
      lateMinutes: d.lateMin,
      earlyMinutes: d.earlyMin,
      otMinutes: d.otMin,
      workedMinutes: d.workedMin,
    };
  });
}

function summaryRow(s: StaffRow, days: readonly ComputedDay[]): SummaryRow {
  const sum = summarize(days);
  let lateMinutes = 0;
  let earlyMinutes = 0;
  let workedMinutes = 0;
  for (const d of days) {
    lateMinutes += d.lateMin;
    earlyMinutes += d.earlyMin;
    workedMinutes += d.workedMin;
  }
  return {
    employeeId: s.id,
    employeeCode: s.code,
    name: s.name,
    departmentName: s.departmentName,
    scheduledDays: days.filter((d) => !isOff(d)).length,
    presentDays: sum.presentDays,
    absentDays: sum.absentDays,
    lateDays: sum.lateCount,
    lateMinutes,
    earlyDays: sum.earlyCount,
    earlyMinutes,
    otMinutes: sum.otMinutes,
    workedMinutes,
  };
}

// ---- the three reports as declarations of the report framework ----

const ATTENDANCE_FILTERS = [
  { kind: 'unit' as const },
  { kind: 'department' as const },
  { kind: 'employee' as const },
  { kind: 'dateRange' as const, required: true },
];

const TOTAL_COLUMNS: [string, keyof RegisterRow['totals']][] = [
  ['Present', 'present'],
  ['Absent', 'absent'],
  ['Leave', 'leave'],
  ['LWOP', 'lwop'],
  ['Holidays', 'holidays'],
  ['Weekly Offs', 'weeklyOffs'],
  ['Late', 'late'],
  ['OT Hours', 'otHours'],
  ['Payable', 'payable'],
];

const dayHeader = (d: IsoDate) => `${d.slice(8)} ${WEEKDAY_NAMES[weekday(d)].slice(0, 2)}`;
const text = (key: string, label: string, width: number, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  label,
  type: 'text',
  width,
  ...extra,
});
const num = (key: string, label: string, width = 10, extra: Partial<ReportColumn> = {}): ReportColumn => ({
  key,
  label,
  type: 'number',
  width,
  ...extra,
});

const REGISTER_BASE: ReportColumn[] = [
  text('employeeCode', 'Employee Code', 14, { pdfWidth: 32 }),
  // The PDF has no room for a department column: it goes under the name.
  text('name', 'Name', 26, { pdfWidth: '*', pdfUnder: 'departmentName' }),
  text('departmentName', 'Department', 18, { pdfHidden: true }),
];
const REGISTER_TOTALS: ReportColumn[] = TOTAL_COLUMNS.map(([label, key]) => num(key, label, 9, { pdfWidth: 24 }));

function registerColumns(days: readonly IsoDate[]): ReportColumn[] {
  return [...REGISTER_BASE, ...days.map((d, i) => text(`d${i}`, dayHeader(d), 5, { pdfWidth: 9 })), ...REGISTER_TOTALS];
}

function registerCells(r: RegisterRow): ReportRow {
  const row: ReportRow = { employeeCode: r.employeeCode, name: r.name, departmentName: r.departmentName };
  r.codes.forEach((c, i) => {
    row[`d${i}`] = c;
  });
  for (const [, key] of TOTAL_COLUMNS) row[key] = r.totals[key];
  return row;
}

const COMPARE_COLUMNS: ReportColumn[] = [
  text('employeeCode', 'Employee Code', 14, { pdfWidth: 55 }),
  text('name', 'Name', 26, { pdfWidth: '*' }),
  { key: 'day', label: 'Date', type: 'date', width: 12, pdfWidth: 50 },
  text('shiftCode', 'Shift', 8, { pdfWidth: 32 }),
  text('scheduledIn', 'Scheduled In', 12, { pdfWidth: 44 }),
  text('scheduledOut', 'Scheduled Out', 12, { pdfWidth: 44 }),
  text('actualIn', 'Actual In', 10, { pdfWidth: 40 }),
  text('actualOut', 'Actual Out', 10, { pdfWidth: 40 }),
  text('status', 'Status', 8, { pdfWidth: 32 }),
  num('lateMinutes', 'Late (min)', 10, { pdfWidth: 40 }),
  num('earlyMinutes', 'Early (min)', 10, { pdfWidth: 40 }),
  num('otMinutes', 'OT (min)', 10, { pdfWidth: 40 }),
  num('workedMinutes', 'Worked (min)', 12, { pdfWidth: 44 }),
];

/** A compare row's cells ('' for a time or shift that is not there, as the files have always shown it). */
const compareCells = (r: CompareRow): ReportRow => ({
  ...r,
  shiftCode: r.shiftCode ?? '',
  scheduledIn: r.scheduledIn ?? '',
  scheduledOut: r.scheduledOut ?? '',
  actualIn: r.actualIn ?? '',
  actualOut: r.actualOut ?? '',
});

const SUMMARY_COLUMNS: ReportColumn[] = [
  text('employeeCode', 'Employee Code', 14, { pdfWidth: 55 }),
  text('name', 'Name', 26, { pdfWidth: '*' }),
  text('departmentName', 'Department', 18, { pdfWidth: 80 }),
  num('scheduledDays', 'Scheduled Days', 10, { pdfWidth: 44 }),
  num('presentDays', 'Present Days', 10, { pdfWidth: 44 }),
  num('absentDays', 'Absent Days', 10, { pdfWidth: 44 }),
  num('lateDays', 'Late Days', 10, { pdfWidth: 40 }),
  num('lateMinutes', 'Late (min)', 10, { pdfWidth: 40 }),
  num('earlyDays', 'Early Days', 10, { pdfWidth: 40 }),
  num('earlyMinutes', 'Early (min)', 10, { pdfWidth: 40 }),
  num('otMinutes', 'OT (min)', 10, { pdfWidth: 40 }),
  num('workedMinutes', 'Worked (min)', 12, { pdfWidth: 48 }),
];

/**
 * Rows worked out a page of employees at a time (employee code order): `rows` turns a chunk of employees with
 * their computed days into the report's rows. Paged by employee (a compare page holds every day of its employees).
 */
function staffSource(
  rows: (ctx: ReportContext, f: Filters, staff: StaffRow[], days: Map<number, ComputedDay[]>) => Promise<ReportRow[]>,
  pageUnit: 'row' | 'employee' = 'row',
) {
  return {
    kind: 'chunks' as const,
    pageUnit,
    count: (ctx: ReportContext) => countStaff(ctx.db, filtersOf(ctx)),
    async page(ctx: ReportContext, offset: number, limit: number) {
      const f = filtersOf(ctx);
      const staff = await staffPage(ctx.db, f, limit, offset);
      return rows(ctx, f, staff, await daysOf(ctx.db, staff, f));
    },
    async *batches(ctx: ReportContext) {
      const f = filtersOf(ctx);
      for await (const { staff, days } of chunksOf(ctx.db, f)) yield rows(ctx, f, staff, days);
    },
  };
}

export const attendanceRegisterReport = defineReport({
  id: 'attendance-register',
  title: 'Attendance Register',
  menu: MENU.attendanceReport,
  kind: 'attendance',
  description: 'Employee × day status codes over a range of up to 62 days, with the totals of each employee',
  filters: ATTENDANCE_FILTERS,
  columns: REGISTER_BASE.concat(REGISTER_TOTALS),
  columnsFor: async (ctx) => registerColumns(filtersOf(ctx).days),
  groupBy: [],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Attendance_Register',
  maxDays: MAX_DAYS,
  source: staffSource(async (_ctx, f, staff, days) => staff.map((s) => registerCells(registerRow(s, days.get(s.id) ?? [], f.days)))),
});

export const shiftCompareReport = defineReport({
  id: 'shift-compare',
  title: 'Shift Schedule vs Attendance',
  menu: MENU.shiftAttendanceCompare,
  kind: 'attendance',
  description: "Each day's scheduled shift times against the actual first in and last out, with late, early, overtime and worked minutes",
  filters: ATTENDANCE_FILTERS,
  columns: COMPARE_COLUMNS,
  groupBy: [],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Shift_Compare',
  maxDays: MAX_DAYS,
  pdf: { fontSize: 7.5, orientation: 'landscape' },
  source: staffSource(async (ctx, _f, staff, days) => {
    const shifts = await shiftInfo(ctx.db);
    return staff.flatMap((s) => compareRows(s, days.get(s.id) ?? [], shifts).map(compareCells));
  }, 'employee'),
});

export const shiftCompareSummaryReport = defineReport({
  id: 'shift-compare-summary',
  title: 'Shift Schedule vs Attendance Summary',
  menu: MENU.shiftAttendanceCompareSummary,
  kind: 'attendance',
  description:
    'Shift schedule versus attendance summed per employee: scheduled, present and absent days, late, early, overtime and worked minutes',
  filters: ATTENDANCE_FILTERS,
  columns: SUMMARY_COLUMNS,
  groupBy: [],
  defaultSort: null,
  selfService: 'own',
  fileStem: 'Shift_Compare_Summary',
  maxDays: MAX_DAYS,
  pdf: { fontSize: 7.5, orientation: 'landscape' },
  source: staffSource(async (_ctx, _f, staff, days) => staff.map((s) => ({ ...summaryRow(s, days.get(s.id) ?? []) }))),
});

/** The framework's checks of an attendance report's query (400 / 404) and its filters for the screens' own shapes. */
async function checked(app: { db: Db }, auth: ReportContext['auth'], def: ReportDef, q: ReportQuery) {
  const ctx = await reportContext(app.db, auth, def, { ...q, dir: 'asc' });
  return { ctx, f: filtersOf(ctx) };
}

/** Exports through the framework's one exporter. */
async function exportReport(
  app: { db: Db },
  reply: FastifyReply,
  auth: ReportContext['auth'],
  def: ReportDef,
  q: ReportQuery,
  format: 'xlsx' | 'pdf',
) {
  const { ctx } = await checked(app, auth, def, q);
  return sendExport(reply, await planOf(def, ctx, { dir: 'asc' }), format);
}

// ---- routes ----

export const attendanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['attendance'];

  app.get(
    '/api/attendance/register',
    {
      config: { access: { menu: MENU.attendanceReport, action: 'view' } },
      schema: {
        tags,
        summary: 'The attendance register: employee × day status codes with totals (paged by employee, by employee code)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZAttendanceRegister },
      },
    },
    async (request) => {
      const q = request.query;
      const { f } = await checked(app, request.auth, attendanceRegisterReport, q);
      const { staff, total } = await staffPageWithTotal(app.db, f, q.pageSize, (q.page - 1) * q.pageSize);
      const days = await daysOf(app.db, staff, f);
      return {
        from: f.from,
        to: f.to,
        days: f.days.map((d) => ({ date: d, weekday: weekday(d) })),
        rows: staff.map((s) => registerRow(s, days.get(s.id) ?? [], f.days)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    '/api/attendance/register/export',
    {
      config: { access: { menu: MENU.attendanceReport, action: 'view' } },
      schema: {
        tags,
        summary: 'The attendance register as Excel or PDF (every employee in the filters)',
        querystring: ZAttendanceExportQuery,
        response: { 200: fileResponse('The register as .xlsx or .pdf') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      return exportReport(app, reply, request.auth, attendanceRegisterReport, q, q.format);
    },
  );

  app.get(
    '/api/attendance/shift-compare',
    {
      config: { access: { menu: MENU.shiftAttendanceCompare, action: 'view' } },
      schema: {
        tags,
        summary:
          'Shift schedule versus attendance: each day’s scheduled shift times against the actual in / out, with the deviations ' +
          '(paged by employee: `total` counts employees, a page holds every day of its employees)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZShiftCompare },
      },
    },
    async (request) => {
      const q = request.query;
      const { f } = await checked(app, request.auth, shiftCompareReport, q);
      const total = await countStaff(app.db, f);
      const staff = await staffPage(app.db, f, q.pageSize, (q.page - 1) * q.pageSize);
      const days = await daysOf(app.db, staff, f);
      const shifts = await shiftInfo(app.db);
      return { rows: staff.flatMap((s) => compareRows(s, days.get(s.id) ?? [], shifts)), total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/api/attendance/shift-compare/summary',
    {
      config: { access: { menu: MENU.shiftAttendanceCompareSummary, action: 'view' } },
      schema: {
        tags,
        summary: 'Shift schedule versus attendance, summed per employee (paged by employee code)',
        querystring: ZAttendanceReportQuery,
        response: { 200: ZShiftCompareSummary },
      },
    },
    async (request) => {
      const q = request.query;
      const { f } = await checked(app, request.auth, shiftCompareSummaryReport, q);
      const total = await countStaff(app.db, f);
      const staff = await staffPage(app.db, f, q.pageSize, (q.page - 1) * q.pageSize);
      const days = await daysOf(app.db, staff, f);
      return { rows: staff.map((s) => summaryRow(s, days.get(s.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/api/attendance/shift-compare/export',
    {
      config: { access: { menu: MENU.shiftAttendanceCompare, action: 'view' } },
      schema: {
        tags,
        summary: 'Shift schedule versus attendance as Excel or PDF: the day-wise detail, or the summary per employee',
        querystring: ZCompareExportQuery,
        response: { 200: fileResponse('The report as .xlsx or .pdf') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.kind === 'summary' && !(await hasAction(app.db, request.auth, MENU.shiftAttendanceCompareSummary, 'view'))) {
        throw new Forbidden('Your role may not see the shift schedule versus attendance summary');
      }
      return exportReport(app, reply, request.auth, q.kind === 'summary' ? shiftCompareSummaryReport : shiftCompareReport, q, q.format);
    },
  );
};
