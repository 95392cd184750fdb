// A month's roster as an Excel sheet (issue 11): the template is the unit's staff × the month's days with the
// current roster's shift code or WO; the filled sheet comes back as one rotation per employee covering the month
// (its pattern the month's days in order, null for a weekly off). All rows or none; a month whose salary is
// approved or locked keeps its roster (409); the past days of the month are worked out again.
import { daysInMonth, eachDay, isoDate } from '@hr/calendar';
import { MENU, type TRoster, ZRosterImportQuery, ZRosterImportResult } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client';
import { shiftAssignments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { fileResponse } from '../../lib/responses';
import { fromXlsxText, TEXT_FORMAT, xlsxBook } from '../../lib/xlsx';
import { cellValue, uploadedSheet } from '../../lib/xlsx-read';
import { type AuthContext, canReachUnit } from '../access/context';
import { toIsoDate } from '../employees/import';
import { computeAttendance } from './compute';
import { assertDayOpen } from './service';
import { rosterOf } from './shifts';

const DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** What a cell may say for a day off. */
const OFF_WORDS = new Set(['WO', 'OFF', 'W/O']);
const tags = ['attendance'];
const access = { menu: MENU.viewShift, action: 'add' } as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The unit's whole roster of the month (every employee employed on some day of it), as the screen shows it. */
async function monthRoster(db: Db, auth: AuthContext, unitId: number, year: number, month: number): Promise<TRoster> {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  return rosterOf(db, auth, { year, month, unitId, page: 1, pageSize: 1_000_000 });
}

/** A cell as upper-case text ('' when blank). */
function cellText(v: ExcelJS.CellValue): string {
  const x = cellValue(v);
  if (x === null || x === undefined) return '';
  if (typeof x === 'object' && 'richText' in (x as object)) {
    return (x as ExcelJS.CellRichTextValue).richText
      .map((t) => t.text)
      .join('')
      .trim()
      .toUpperCase();
  }
  if (typeof x === 'object' && 'text' in (x as object))
    return String((x as { text: unknown }).text)
      .trim()
      .toUpperCase();
  // A code the template wrote as '-N (lib/xlsx.ts) reads back as -N.
  return fromXlsxText(String(x).trim()).toUpperCase();
}

export async function buildRosterTemplate(db: Db, auth: AuthContext, unitId: number, year: number, month: number): Promise<Buffer> {
  const roster = await monthRoster(db, auth, unitId, year, month);
  // What a day's cell may say: a shift's code or WO (a drop-down; OFF and W/O are read too, so other text only warns).
  const codes = [...roster.shifts.map((s) => s.code), 'WO'];
  return xlsxBook([
    {
      sheet: 'Roster',
      frozenColumns: 2,
      header: { wrap: true, height: 32 },
      columns: [
        { header: 'Employee Code', width: 16, numFmt: TEXT_FORMAT },
        { header: 'Name', width: 28 },
        ...roster.days.map((d) => ({
          header: `${d.date} ${DAY[d.weekday]}`,
          width: 7,
          numFmt: TEXT_FORMAT,
          list: codes,
          headerFill: d.weekday === 0 || d.holiday ? 'FFFDE68A' : undefined,
          note: d.holiday ? `Holiday: ${d.holiday}` : undefined,
        })),
      ],
      rows: roster.rows.map((r) => ({
        values: [r.employeeCode, r.name, ...r.cells.map((c) => (c.weeklyOff ? 'WO' : c.shiftId === null ? null : c.code))],
      })),
      inputRows: roster.rows.length,
    },
    {
      sheet: 'Explanations',
      columns: [
        { header: 'Code', width: 12 },
        { header: 'Meaning', width: 70 },
      ],
      rows: [
        ...roster.shifts.map((s) => ({ values: [s.code, `${s.name} (${s.startTime}–${s.endTime})`] })),
        { values: ['WO', 'Weekly off (OFF is read the same)'] },
        { values: [] },
        { values: ['Notes', 'One row per employee, one column per day of the month; keep the header row as it is.'] },
        { values: [null, 'A blank day keeps the shift the roster has now; a row with every day blank is left as it is.'] },
        { values: [null, 'Every row is checked first: if any row has an error nothing is saved and the errors name the rows.'] },
      ],
    },
  ]);
}

/** Reads the filled sheet and saves each employee's month as one rotation (all rows or none). */
export async function importRoster(
  db: Db,
  auth: AuthContext,
  unitId: number,
  year: number,
  month: number,
  ws: ExcelJS.Worksheet,
  requestId?: string,
): Promise<{ count: number; recomputedDays: number }> {
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  const days = eachDay(first, last);
  const ym = `${year}-${pad2(month)}`;

  // The columns must be this month's days (a template of another month is refused whole).
  const head = ws.getRow(1);
  for (let i = 0; i < days.length; i++) {
    const cell = head.getCell(3 + i);
    const v = cellValue(cell.value);
    const text = String(cell.text ?? '').trim();
    const asDate = v instanceof Date || typeof v === 'number' ? toIsoDate(v) : undefined;
    if (text.slice(0, 10) !== days[i] && asDate !== days[i]) {
      throw new BadRequest(`This sheet is not the roster of ${ym}: download the template of the month and fill it`, {
        file: [`Column ${3 + i} should be ${days[i]}, not '${text}'`],
      });
    }
  }

  const roster = await monthRoster(db, auth, unitId, year, month);
  const current = new Map(roster.rows.map((r) => [r.employeeCode.toLowerCase(), r]));
  const shifts = await queryRows<{ id: number; code: string }>(db, sql`select id, code from shifts where is_active`);
  const shiftByCode = new Map(shifts.map((s) => [s.code.trim().toUpperCase(), s.id]));

  type Line = { rowNo: number; code: string; cells: string[] };
  const lines: Line[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const code = String(row.getCell(1).text ?? '').trim();
    const cells = days.map((_, i) => cellText(row.getCell(3 + i).value));
    if (!code && cells.every((c) => c === '')) return;
    lines.push({ rowNo: n, code, cells });
  });
  if (!lines.length) throw new BadRequest('The sheet has no rows');

  // Codes that are not in the unit's roster of the month: someone of another unit, not employed then, or nobody.
  const missing = [...new Set(lines.map((l) => l.code.toLowerCase()).filter((c) => c && !current.has(c)))];
  const elsewhere = new Map<string, { unitId: number }>();
  if (missing.length) {
    const rows = await queryRows<{ code: string; unitId: number }>(
      db,
      sql`select lower(employee_code) as code, unit_id as "unitId" from employees
          where lower(employee_code) in (select jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))`,
    );
    for (const r of rows) elsewhere.set(r.code, r);
  }

  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  const assignments: { employeeId: number; pattern: (number | null)[] }[] = [];
  for (const l of lines) {
    const problems: string[] = [];
    const key = l.code.toLowerCase();
    const emp = current.get(key);
    if (!l.code) problems.push('Employee Code: write the employee code');
    else if (!emp) {
      const other = elsewhere.get(key);
      if (!other) problems.push(`Employee Code: no employee with code '${l.code}'`);
      else if (other.unitId !== unitId) problems.push(`Employee Code: ${l.code} is an employee of another unit`);
      else problems.push(`Employee Code: ${l.code} is not employed in ${ym}`);
    } else if (seen.has(key)) problems.push(`Employee Code: ${l.code} is also on row ${seen.get(key)}`);
    if (l.code && !seen.has(key)) seen.set(key, l.rowNo);

    const pattern: (number | null)[] = [];
    l.cells.forEach((c, i) => {
      const day = days[i];
      if (c === '') {
        // Blank: the day as the roster has it now.
        const now = emp?.cells[i];
        if (!now) pattern.push(null);
        else if (now.weeklyOff) pattern.push(null);
        else if (now.shiftId !== null) pattern.push(now.shiftId);
        else problems.push(`${day}: the employee has no shift that day; write a shift code or WO`);
      } else if (OFF_WORDS.has(c)) pattern.push(null);
      else {
        const id = shiftByCode.get(c);
        if (id === undefined) problems.push(`${day}: no active shift coded '${c}'`);
        else pattern.push(id);
      }
    });
    if (problems.length) errors[`row ${l.rowNo}`] = problems;
    else if (emp && l.cells.some((c) => c !== '')) assignments.push({ employeeId: emp.employeeId, pattern });
  }
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  if (!assignments.length) return { count: 0, recomputedDays: 0 };

  const today = orgToday();
  const ids = assignments.map((a) => a.employeeId);
  const idList = `{${ids.join(',')}}`;
  return db.transaction(async (tx) => {
    await assertDayOpen(tx, unitId, first, 'The roster cannot change');
    // An earlier upload of the same month is replaced, not stacked.
    await tx.execute(
      sql`update shift_assignments set is_active = false, updated_by = ${auth.userId}, updated_at = now()
          where is_active and kind = 'rotation' and employee_id = any(${idList}::int[])
            and from_date = ${first}::date and to_date = ${last}::date`,
    );
    const rows = await bulkInsert(
      tx,
      shiftAssignments,
      assignments.map((a) => ({
        employeeId: a.employeeId,
        fromDate: first,
        toDate: last,
        kind: 'rotation',
        pattern: a.pattern as number[],
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })),
      { returning: ['id'] },
    );
    await writeAudit(tx, {
      entity: 'shift_assignments',
      entityId: rows[0]?.id ?? 0,
      action: 'import',
      after: { unitId, year, month, employees: assignments.length },
      userId: auth.userId,
      requestId,
    });
    let recomputedDays = 0;
    if (first <= today) {
      const until = last < today ? last : today;
      const out = await computeAttendance(tx, { employeeIds: ids }, first, until, { persist: true, today });
      recomputedDays = out.reduce((n, e) => n + e.days.filter((d) => !d.frozen && !d.isManual).length, 0);
    }
    return { count: assignments.length, recomputedDays };
  });
}

export const rosterImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/roster/template',
    {
      config: { access },
      schema: {
        tags,
        summary: "An .xlsx of the unit's roster of the month (employees × days, shift code or WO) to fill and upload",
        querystring: ZRosterImportQuery,
        response: { 200: fileResponse('.xlsx') },
      },
    },
    async (request, reply) => {
      const { unitId, year, month } = request.query;
      const file = await buildRosterTemplate(app.db, request.auth, unitId, year, month);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Roster_${year}_${pad2(month)}.xlsx"`)
        .send(file);
    },
  );

  app.post(
    '/api/attendance/roster/import',
    {
      config: { access },
      schema: {
        tags,
        summary: "Uploads the filled roster template (.xlsx): each employee's month becomes one rotation; all rows or none",
        querystring: ZRosterImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ZRosterImportResult },
      },
    },
    async (request) => {
      const { unitId, year, month } = request.query;
      if (!canReachUnit(request.auth, unitId)) throw new NotFound('Unit not found');
      // A frozen month is refused before anyone fixes rows for nothing (and again when saving).
      await assertDayOpen(app.db, unitId, isoDate(year, month, 1), 'The roster cannot change');
      const ws = await uploadedSheet(request, 10 * 1024 * 1024, 'a roster');
      return importRoster(app.db, request.auth, unitId, year, month, ws, request.id);
    },
  );
};
