// The attendance reports: the register (employee × day status codes with totals) and shift schedule versus
// attendance (each day's scheduled shift times against the actual first in / last out, and a summary per
// employee), on screen and as Excel / PDF downloads. Every figure comes from computeAttendance (compute.ts),
// the one place attendance is worked out; totals from `summarize` (@hr/attendance). Registered by the
// attendance routes plugin (routes.ts).
import { PassThrough } from 'node:stream';
import { clockOf, summarize } from '@hr/attendance';
import { diffDays, eachDay, formatIsoDMY, type IsoDate, isIsoDate, WEEKDAY_NAMES, weekday } from '@hr/calendar';
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
import { baseDocument, COLORS, GRID } from '@hr/documents/common';
import { renderPdf } from '@hr/documents/node';
import { and, asc, count, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, employees, units } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { fileResponse } from '../../lib/responses';
import { sheetName } from '../../lib/xlsx';
import { type AuthContext, canReachRecord, canReachUnit, hasAction, selfScope, unitScope } from '../access/context';
import { type ComputedDay, computeAttendance, shiftRules } from './compute';
import { shiftCodes } from './service';

/** The longest range a report covers (a register of two months). */
const MAX_DAYS = 62;
/** Employees worked out at a time by an export: memory stays bounded whatever the unit's size. */
const EXPORT_CHUNK = 500;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';

type ReportQuery = z.output<typeof ZAttendanceReportQuery>;
type RegisterRow = TAttendanceRegister['rows'][number];
type CompareRow = z.infer<typeof ZShiftCompareRow>;
type SummaryRow = z.infer<typeof ZShiftCompareSummaryRow>;
type DocDefinition = Parameters<typeof renderPdf>[0];
type PdfText = {
  text: string;
  bold?: boolean;
  alignment?: string;
  color?: string;
  fillColor?: string;
  noWrap?: boolean;
  fontSize?: number;
};
type PdfCell = string | PdfText | { stack: (string | PdfText)[] };

const ZCompareExportQuery = ZAttendanceExportQuery.extend({ kind: z.enum(['detail', 'summary']).default('detail') });

// ---- filters and scope ----

/** A report's checked filters: a real range of at most 62 days, and a unit / department / employee within reach. */
interface Filters {
  from: IsoDate;
  to: IsoDate;
  days: IsoDate[];
  where: SQL;
  /** For the documents' titles. */
  title: string;
}

/**
 * Checks the query against the caller: dates (400 with field errors), the unit and employee within reach
 * (404 like a missing record), and builds the condition on `employees` that every report reads.
 */
async function filtersOf(db: Db, auth: AuthContext, q: ReportQuery): Promise<Filters> {
  const fieldErrors: Record<string, string[]> = {};
  if (!isIsoDate(q.from)) fieldErrors.from = ['From is not a real date'];
  if (!isIsoDate(q.to)) fieldErrors.to = ['To is not a real date'];
  if (!fieldErrors.from && !fieldErrors.to) {
    if (q.to < q.from) fieldErrors.to = ['To must not be before From'];
    else if (diffDays(q.from, q.to) + 1 > MAX_DAYS) fieldErrors.to = [`At most ${MAX_DAYS} days at a time`];
  }
  if (Object.keys(fieldErrors).length) throw new BadRequest('Invalid date range', fieldErrors);

  const parts: string[] = [];
  if (q.unitId !== undefined) {
    const [u] = await db.select({ name: units.name }).from(units).where(eq(units.id, q.unitId));
    if (!u || !canReachUnit(auth, q.unitId)) throw new NotFound('Unit not found');
    parts.push(u.name);
  } else {
    parts.push(auth.unitIds === 'all' ? 'All units' : 'Your units');
  }
  if (q.departmentId !== undefined) {
    const [d] = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, q.departmentId));
    if (!d) throw new NotFound('Department not found');
    parts.push(d.name);
  }
  if (q.employeeId !== undefined) {
    const [e] = await db
      .select({ unitId: employees.unitId, code: employees.employeeCode, name: employees.name })
      .from(employees)
      .where(eq(employees.id, q.employeeId));
    if (!e || !canReachRecord(auth, { employeeId: q.employeeId, unitId: e.unitId })) throw new NotFound('Employee not found');
    parts.push(`${e.code} ${e.name}`);
  }

  const where = and(
    // Employed on some day of the range.
    lte(employees.dateOfJoining, q.to),
    or(isNull(employees.exitDate), gte(employees.exitDate, q.from)),
    auth.isSelfService ? selfScope(auth, employees.id) : unitScope(auth, employees.unitId),
    q.unitId !== undefined ? eq(employees.unitId, q.unitId) : undefined,
    q.departmentId !== undefined ? eq(employees.departmentId, q.departmentId) : undefined,
    q.employeeId !== undefined ? eq(employees.id, q.employeeId) : undefined,
  ) as SQL;
  return {
    from: q.from,
    to: q.to,
    days: eachDay(q.from, q.to),
    where,
    title: `${parts.join(' · ')} · ${formatIsoDMY(q.from)} to ${formatIsoDMY(q.to)}`,
  };
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

// ---- the three reports as tables (one layout for Excel and PDF) ----

interface Column<R> {
  header: string;
  /** Excel column width (characters). */
  width: number;
  /** PDF column width (points) or '*'. */
  pdfWidth: number | '*' | 'auto';
  value: (r: R) => string | number;
  numeric?: boolean;
  /** Left out of the PDF (shown in another column there). */
  pdfSkip?: boolean;
  /** The PDF cell, when not the value's text. */
  pdfCell?: (r: R) => PdfCell;
}

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

function registerColumns(days: readonly IsoDate[]): Column<RegisterRow>[] {
  return [
    { header: 'Employee Code', width: 14, pdfWidth: 32, value: (r) => r.employeeCode },
    {
      header: 'Name',
      width: 26,
      pdfWidth: '*',
      value: (r) => r.name,
      // The PDF has no room for a department column: it goes under the name.
      pdfCell: (r) => ({ stack: [r.name, { text: r.departmentName, color: COLORS.muted, fontSize: 4.5 }] }),
    },
    { header: 'Department', width: 18, pdfWidth: 0, pdfSkip: true, value: (r) => r.departmentName },
    ...days.map((d, i) => ({
      header: dayHeader(d),
      width: 5,
      pdfWidth: 9,
      value: (r: RegisterRow) => r.codes[i],
      pdfCell: (r: RegisterRow) => ({ text: r.codes[i], alignment: 'center', noWrap: true }),
    })),
    ...TOTAL_COLUMNS.map(([header, key]) => ({
      header,
      width: 9,
      pdfWidth: 24,
      numeric: true,
      value: (r: RegisterRow) => r.totals[key],
    })),
  ];
}

const text = (v: string | null) => v ?? '';
const COMPARE_COLUMNS: Column<CompareRow>[] = [
  { header: 'Employee Code', width: 14, pdfWidth: 55, value: (r) => r.employeeCode },
  { header: 'Name', width: 26, pdfWidth: '*', value: (r) => r.name },
  { header: 'Date', width: 12, pdfWidth: 50, value: (r) => formatIsoDMY(r.day) },
  { header: 'Shift', width: 8, pdfWidth: 32, value: (r) => text(r.shiftCode) },
  { header: 'Scheduled In', width: 12, pdfWidth: 44, value: (r) => text(r.scheduledIn) },
  { header: 'Scheduled Out', width: 12, pdfWidth: 44, value: (r) => text(r.scheduledOut) },
  { header: 'Actual In', width: 10, pdfWidth: 40, value: (r) => text(r.actualIn) },
  { header: 'Actual Out', width: 10, pdfWidth: 40, value: (r) => text(r.actualOut) },
  { header: 'Status', width: 8, pdfWidth: 32, value: (r) => r.status },
  { header: 'Late (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.lateMinutes },
  { header: 'Early (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.earlyMinutes },
  { header: 'OT (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.otMinutes },
  { header: 'Worked (min)', width: 12, pdfWidth: 44, numeric: true, value: (r) => r.workedMinutes },
];

const SUMMARY_COLUMNS: Column<SummaryRow>[] = [
  { header: 'Employee Code', width: 14, pdfWidth: 55, value: (r) => r.employeeCode },
  { header: 'Name', width: 26, pdfWidth: '*', value: (r) => r.name },
  { header: 'Department', width: 18, pdfWidth: 80, value: (r) => r.departmentName },
  { header: 'Scheduled Days', width: 10, pdfWidth: 44, numeric: true, value: (r) => r.scheduledDays },
  { header: 'Present Days', width: 10, pdfWidth: 44, numeric: true, value: (r) => r.presentDays },
  { header: 'Absent Days', width: 10, pdfWidth: 44, numeric: true, value: (r) => r.absentDays },
  { header: 'Late Days', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.lateDays },
  { header: 'Late (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.lateMinutes },
  { header: 'Early Days', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.earlyDays },
  { header: 'Early (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.earlyMinutes },
  { header: 'OT (min)', width: 10, pdfWidth: 40, numeric: true, value: (r) => r.otMinutes },
  { header: 'Worked (min)', width: 12, pdfWidth: 48, numeric: true, value: (r) => r.workedMinutes },
];

interface Report<R> {
  title: string;
  fileStem: string;
  columns: Column<R>[];
  /** The rows of one chunk of employees. */
  rows: (chunk: { staff: StaffRow[]; days: Map<number, ComputedDay[]> }) => R[];
  /** PDF font size (a two-month register needs a small one). */
  fontSize: number;
}

/**
 * Writes the report: Excel through ExcelJS's streaming writer (rows committed as each chunk of employees is
 * worked out), or a landscape PDF with the column headings repeated on every page and 'Page x / y' below.
 * The first chunk is worked out before anything is sent, so an error answers properly instead of a download
 * that breaks off.
 */
async function sendReport<R>(db: Db, reply: FastifyReply, f: Filters, format: 'xlsx' | 'pdf', report: Report<R>): Promise<FastifyReply> {
  const chunks = chunksOf(db, f);
  const first = await chunks.next();
  const fileName = `${report.fileStem}_${f.from}_${f.to}.${format}`;
  const heading = `${report.title} — ${f.title}`;
  reply.header('content-disposition', `attachment; filename="${fileName}"`);

  if (format === 'pdf') {
    const columns = report.columns.filter((c) => !c.pdfSkip);
    const body: PdfCell[][] = [
      columns.map((c) => ({ text: c.header, bold: true, color: COLORS.navy, fillColor: COLORS.band, alignment: 'center' })),
    ];
    let n = 0;
    for (let step = first; !step.done; step = await chunks.next()) {
      for (const r of report.rows(step.value)) {
        n++;
        body.push(
          columns.map((c) => {
            if (c.pdfCell) return c.pdfCell(r);
            const v = c.value(r);
            return c.numeric ? { text: String(v), alignment: 'right', noWrap: true } : String(v);
          }),
        );
      }
    }
    const wide = columns.length > 45;
    const doc: DocDefinition = {
      ...baseDocument(),
      pageSize: wide ? 'A3' : 'A4',
      pageOrientation: 'landscape',
      pageMargins: [20, 24, 20, 28],
      info: { title: fileName },
      defaultStyle: { ...baseDocument().defaultStyle, fontSize: report.fontSize },
      content: [
        { text: heading, bold: true, fontSize: 11, color: COLORS.navy, margin: [0, 0, 0, 2] },
        { text: `${n} ${n === 1 ? 'row' : 'rows'}`, color: COLORS.muted, margin: [0, 0, 0, 6] },
        {
          layout: { ...GRID, paddingLeft: () => 1.5, paddingRight: () => 1.5, paddingTop: () => 1.5, paddingBottom: () => 1.5 },
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: columns.map((c) => c.pdfWidth),
            body: body as never,
          },
        },
      ],
      footer: (page: number, pages: number) => ({
        text: `Page ${page} / ${pages}`,
        alignment: 'right',
        fontSize: 7,
        color: COLORS.muted,
        margin: [20, 8, 20, 0],
      }),
    };
    const pdf = await renderPdf(doc);
    return reply.type(PDF).send(pdf);
  }

  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(report.title), { views: [{ state: 'frozen', ySplit: 3, xSplit: 2 }] });
  ws.columns = report.columns.map((c) => ({ width: c.width }));
  const titleRow = ws.addRow([heading]);
  titleRow.font = { bold: true, size: 13 };
  titleRow.commit();
  ws.addRow([]).commit();
  const head = ws.addRow(report.columns.map((c) => c.header));
  head.font = { bold: true };
  head.commit();
  void (async () => {
    for (let step = first; !step.done; step = await chunks.next()) {
      for (const r of report.rows(step.value)) ws.addRow(report.columns.map((c) => c.value(r))).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return reply.type(XLSX).send(out);
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
      const f = await filtersOf(app.db, request.auth, q);
      const total = await countStaff(app.db, f);
      const staff = await staffPage(app.db, f, q.pageSize, (q.page - 1) * q.pageSize);
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
      const f = await filtersOf(app.db, request.auth, q);
      return sendReport(app.db, reply, f, q.format, {
        title: 'Attendance Register',
        fileStem: 'Attendance_Register',
        columns: registerColumns(f.days),
        rows: ({ staff, days }) => staff.map((s) => registerRow(s, days.get(s.id) ?? [], f.days)),
        fontSize: f.days.length > 31 ? 5.5 : 6,
      });
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
      const f = await filtersOf(app.db, request.auth, q);
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
      const f = await filtersOf(app.db, request.auth, q);
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
      const f = await filtersOf(app.db, request.auth, q);
      if (q.kind === 'summary') {
        return sendReport(app.db, reply, f, q.format, {
          title: 'Shift Schedule vs Attendance Summary',
          fileStem: 'Shift_Compare_Summary',
          columns: SUMMARY_COLUMNS,
          rows: ({ staff, days }) => staff.map((s) => summaryRow(s, days.get(s.id) ?? [])),
          fontSize: 7.5,
        });
      }
      const shifts = await shiftInfo(app.db);
      return sendReport(app.db, reply, f, q.format, {
        title: 'Shift Schedule vs Attendance',
        fileStem: 'Shift_Compare',
        columns: COMPARE_COLUMNS,
        rows: ({ staff, days }) => staff.flatMap((s) => compareRows(s, days.get(s.id) ?? [], shifts)),
        fontSize: 7.5,
      });
    },
  );
};
