// Manual monthly attendance: the month's figures per employee (payable, present, LWOP days, overtime hours),
// entered on screen or uploaded from Excel, for offices that keep attendance outside the system. monthInputs()
// reads them in place of the calendar's figures. A month approved or locked refuses them (409).
import { daysInMonth } from '@hr/calendar';
import { ZMonthAttendanceRow } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { monthlyAttendance } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkUpsert } from '../../lib/bulk';
import { BadRequest, NotFound } from '../../lib/errors';
import { type SheetCell, TEXT_FORMAT, type UploadedSheet, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachUnit } from '../access/context';
import { tracksAttendance } from '../attendance/month';
import { monthInputs, paidEmployees } from './inputs';
import { assertMonthOpen } from './runs';

type Row = z.infer<typeof ZMonthAttendanceRow>;

const HEADERS = ['Employee Code', 'Name', 'Payable Days', 'Present Days', 'LWOP Days', 'OT Hours'];

/** Saves the month's figures of some employees of the unit (all rows or none: 400 naming each row's problems). */
export async function saveMonthAttendance(
  db: Db,
  auth: AuthContext,
  unitId: number,
  year: number,
  month: number,
  rows: Row[],
  requestId: string,
) {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const staff = await paidEmployees(db, unitId, year, month);
  const byCode = new Map(staff.map((e) => [e.employeeCode.toLowerCase(), e.id]));
  const monthDays = daysInMonth(year, month);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const line = `rows.${i}`;
    const code = r.employeeCode.toLowerCase();
    const problems: string[] = [];
    if (!byCode.has(code)) problems.push(`${r.employeeCode}: not an employee of the unit in this month`);
    if (seen.has(code)) problems.push(`${r.employeeCode}: appears twice`);
    seen.add(code);
    if (r.payableDays > monthDays || r.presentDays > monthDays) problems.push(`${r.employeeCode}: more than the month's ${monthDays} days`);
    if (r.payableDays + r.lwopDays > monthDays) problems.push(`${r.employeeCode}: payable and LWOP days exceed the month`);
    if (problems.length) errors[line] = problems;
  });
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  return db.transaction(async (tx) => {
    await assertMonthOpen(tx, unitId, year, month, 'Attendance cannot change');
    await bulkUpsert(
      tx,
      monthlyAttendance,
      rows.map((r) => ({
        employeeId: byCode.get(r.employeeCode.toLowerCase())!,
        year,
        month,
        payableDays: String(r.payableDays),
        presentDays: String(r.presentDays),
        lwopDays: String(r.lwopDays),
        otHours: String(r.otHours),
        isActive: true,
        updatedBy: auth.userId,
        createdBy: auth.userId,
      })),
      { target: ['employeeId', 'year', 'month'], set: ['payableDays', 'presentDays', 'lwopDays', 'otHours', 'isActive', 'updatedBy'] },
    );
    await writeAudit(tx, {
      entity: 'monthly_attendance',
      entityId: `${unitId}/${year}-${month}`,
      action: 'update',
      after: { rows: rows.length },
      userId: auth.userId,
      requestId,
    });
    return { saved: rows.length };
  });
}

/** The month's attendance figures the run uses, per employee, and where each comes from (manual, attendance, calendar). */
export async function monthAttendance(db: Db, auth: AuthContext, unitId: number, year: number, month: number) {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const staff = await paidEmployees(db, unitId, year, month);
  const figures = await monthInputs(db, unitId, year, month, staff);
  const manual = new Set(
    (
      await queryRows<{ id: number }>(
        db,
        sql`select employee_id as id from monthly_attendance where year = ${year} and month = ${month} and is_active
            and employee_id in (select id from employees where unit_id = ${unitId})`,
      )
    ).map((r) => r.id),
  );
  const byAttendance = await tracksAttendance(db, unitId);
  return {
    monthDays: daysInMonth(year, month),
    rows: staff.map((e) => {
      const f = figures.get(e.id)!;
      return {
        employeeId: e.id,
        employeeCode: e.employeeCode,
        name: e.name,
        source: manual.has(e.id) ? ('manual' as const) : byAttendance ? ('attendance' as const) : ('calendar' as const),
        payableDays: f.payableDays,
        presentDays: f.presentDays,
        lwopDays: f.lwopDays,
        otHours: f.otHours,
        holidays: f.holidays,
        weeklyOffs: f.weeklyOffs,
      };
    }),
  };
}

/** An .xlsx of the unit's staff for the month with the current figures, to fill and upload. */
export async function monthAttendanceTemplate(db: Db, auth: AuthContext, unitId: number, year: number, month: number): Promise<Buffer> {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  const staff = await paidEmployees(db, unitId, year, month);
  const figures = await monthInputs(db, unitId, year, month, staff);
  return xlsxBook([
    {
      sheet: 'Attendance',
      columns: HEADERS.map((header, i) =>
        i === 0
          ? { header, width: 14, numFmt: TEXT_FORMAT }
          : i === 1
            ? { header, width: 28 }
            : { header, width: 14, type: 'number' as const },
      ),
      rows: staff.map((e) => {
        const f = figures.get(e.id)!;
        return { values: [e.employeeCode, e.name, f.payableDays, f.presentDays, f.lwopDays, f.otHours] };
      }),
    },
  ]);
}

/** Reads the filled template's rows (400 naming each row's problems, nothing saved; 400 for a sheet without rows). */
export function monthAttendanceRows(sheet: UploadedSheet): Row[] {
  const num = (v: SheetCell | undefined) => (v === null || v === undefined || v === '' ? 0 : Number(v));
  const rows: Row[] = [];
  const errors: Record<string, string[]> = {};
  for (const { rowNo: n, cells } of sheet.rows) {
    const code = String(cells[0] ?? '').trim();
    if (!code) continue;
    const parsed = ZMonthAttendanceRow.safeParse({
      employeeCode: code,
      payableDays: num(cells[2]),
      presentDays: num(cells[3]),
      lwopDays: num(cells[4]),
      otHours: num(cells[5]),
    });
    if (parsed.success) rows.push(parsed.data);
    else
      errors[`row ${n}`] = parsed.error.issues.map(
        (i) =>
          `${HEADERS[['employeeCode', 'name', 'payableDays', 'presentDays', 'lwopDays', 'otHours'].indexOf(String(i.path[0]))] ?? i.path[0]}: ${i.message}`,
      );
  }
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  if (rows.length === 0) throw new BadRequest('The sheet has no rows');
  return rows;
}
