// What the attendance reports' own paths (routes.ts) answer, in the screens' shapes: a page of the register, of
// shift schedule versus attendance and of its summary, and their exports, each checked by the report framework
// (reportContext: dates → 400, a unit or employee out of reach → 404) like the report it shows.
import { weekday } from '@hr/calendar';
import type { TAttendanceRegister, ZAttendanceReportQuery } from '@hr/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../access/context';
import { reportContext } from '../context';
import type { ReportDef } from '../define';
import { sendExport } from '../export';
import { planOf } from '../run';
import { attendanceRegisterReport, shiftCompareReport, shiftCompareSummaryReport } from './reports';
import { compareRows, registerRow, shiftInfo, summaryRow } from './rows';
import { countStaff, daysOf, filtersOf, staffPage, staffPageWithTotal } from './staff';

export type AttendanceReportQuery = z.output<typeof ZAttendanceReportQuery>;

/** The framework's checks of an attendance report's query (400 / 404) and its filters for the screens' own shapes. */
async function checked(db: Db, auth: AuthContext, def: ReportDef, q: AttendanceReportQuery) {
  const ctx = await reportContext(db, auth, def, { ...q, dir: 'asc' });
  return { ctx, f: filtersOf(ctx) };
}

/** A page of the register, paged by employee (by employee code). */
export async function registerPage(db: Db, auth: AuthContext, q: AttendanceReportQuery): Promise<TAttendanceRegister> {
  const { f } = await checked(db, auth, attendanceRegisterReport, q);
  const { staff, total } = await staffPageWithTotal(db, f, q.pageSize, (q.page - 1) * q.pageSize);
  const days = await daysOf(db, staff, f);
  return {
    from: f.from,
    to: f.to,
    days: f.days.map((d) => ({ date: d, weekday: weekday(d) })),
    rows: staff.map((s) => registerRow(s, days.get(s.id) ?? [], f.days)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A page of shift schedule versus attendance: every day of a page of employees. */
export async function comparePage(db: Db, auth: AuthContext, q: AttendanceReportQuery) {
  const { f } = await checked(db, auth, shiftCompareReport, q);
  const total = await countStaff(db, f);
  const staff = await staffPage(db, f, q.pageSize, (q.page - 1) * q.pageSize);
  const days = await daysOf(db, staff, f);
  const shifts = await shiftInfo(db);
  return { rows: staff.flatMap((s) => compareRows(s, days.get(s.id) ?? [], shifts)), total, page: q.page, pageSize: q.pageSize };
}

/** A page of shift schedule versus attendance summed per employee. */
export async function compareSummaryPage(db: Db, auth: AuthContext, q: AttendanceReportQuery) {
  const { f } = await checked(db, auth, shiftCompareSummaryReport, q);
  const total = await countStaff(db, f);
  const staff = await staffPage(db, f, q.pageSize, (q.page - 1) * q.pageSize);
  const days = await daysOf(db, staff, f);
  return { rows: staff.map((s) => summaryRow(s, days.get(s.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
}

/** Exports through the framework's one exporter. */
export async function exportAttendanceReport(
  db: Db,
  reply: FastifyReply,
  auth: AuthContext,
  def: ReportDef,
  q: AttendanceReportQuery,
  format: 'xlsx' | 'pdf',
) {
  const { ctx } = await checked(db, auth, def, q);
  return sendExport(reply, await planOf(def, ctx, { dir: 'asc' }), format);
}
