// The attendance reports: the register (employee × day status codes with totals) and shift schedule versus
// attendance (each day's scheduled shift times against the actual first in / last out, and a summary per
// employee), on screen and as Excel / PDF downloads. Every figure comes from computeAttendance (compute.ts),
// the one place attendance is worked out; totals from `summarize` (@hr/attendance). The three are reports of the
// report framework (modules/reports: defineReport, rows worked out a page of employees at a time), declared here,
// so they are listed, granted, run and exported like every other report; their own paths (routes.ts, through
// screens.ts) keep the screens' shapes and export through the same exporter. The employees and their days come
// from staff.ts, the rows from rows.ts.
import { type IsoDate, WEEKDAY_NAMES, weekday } from '@hr/calendar';
import { MENU } from '@hr/contract';
import type { ComputedDay } from '../../attendance/compute';
import { defineReport, type ReportColumn, type ReportContext, type ReportRow } from '../define';
import { type CompareRow, compareRows, type RegisterRow, registerRow, shiftInfo, summaryRow } from './rows';
import { chunksOf, countStaff, daysOf, type Filters, filtersOf, type StaffRow, staffPage } from './staff';

/** The longest range a report covers (a register of two months). */
const MAX_DAYS = 62;

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
