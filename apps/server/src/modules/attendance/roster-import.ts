// A month's roster as an Excel sheet (issue 11): the template is the unit's staff × the month's days with the
// current roster's shift code or WO; the filled sheet comes back as one rotation per employee covering the month
// (its pattern the month's days in order, null for a weekly off). All rows or none; a month whose salary is
// approved or locked keeps its roster (409); the past days of the month are worked out again. Routes in roster-routes.ts.
import { daysInMonth, eachDay, isoDate } from '@hr/calendar';
import type { TRoster } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { shiftAssignments } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { cellText, type SheetCell, TEXT_FORMAT, type UploadedSheet, xlsxBook } from '../../lib/xlsx';
import { type AuthContext, canReachUnit } from '../access/context';
import { toIsoDate } from '../employees/import';
import { computeAttendance } from './compute';
import { assertDayOpen } from './service';
import { rosterOf } from './shifts';

const DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** What a cell may say for a day off. */
const OFF_WORDS = new Set(['WO', 'OFF', 'W/O']);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The unit's whole roster of the month (every employee employed on some day of it), as the screen shows it. */
async function monthRoster(db: Db, auth: AuthContext, unitId: number, year: number, month: number): Promise<TRoster> {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  return rosterOf(db, auth, { year, month, unitId, page: 1, pageSize: 1_000_000 });
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

type Line = { rowNo: number; code: string; cells: string[] };
type Assignment = { employeeId: number; pattern: (number | null)[] };
interface Month {
  unitId: number;
  year: number;
  month: number;
  first: string;
  last: string;
  days: string[];
  ym: string;
}

/** The columns must be this month's days (a template of another month is refused whole). */
function assertMonthColumns(header: SheetCell[], m: Month) {
  for (let i = 0; i < m.days.length; i++) {
    const v = header[2 + i] ?? null;
    const text = String(v ?? '').trim();
    const asDate = v instanceof Date || typeof v === 'number' ? toIsoDate(v) : undefined;
    if (text.slice(0, 10) !== m.days[i] && asDate !== m.days[i]) {
      throw new BadRequest(`This sheet is not the roster of ${m.ym}: download the template of the month and fill it`, {
        file: [`Column ${3 + i} should be ${m.days[i]}, not '${text}'`],
      });
    }
  }
}

/** The sheet's filled rows: the employee code and a cell per day (upper-case text, '' when blank). */
function sheetLines(sheet: UploadedSheet, days: string[]): Line[] {
  const lines: Line[] = [];
  for (const { rowNo, cells } of sheet.rows) {
    const code = String(cells[0] ?? '').trim();
    // A code the template wrote as '-N (lib/xlsx) reads back as -N.
    const dayCells = days.map((_, i) => cellText(cells[2 + i]).toUpperCase());
    if (!code && dayCells.every((c) => c === '')) continue;
    lines.push({ rowNo, code, cells: dayCells });
  }
  if (!lines.length) throw new BadRequest('The sheet has no rows');
  return lines;
}

/** The units of employees by lower-case code, for codes not in the unit's roster of the month. */
async function unitsOfCodes(db: Db, codes: string[]): Promise<Map<string, { unitId: number }>> {
  const elsewhere = new Map<string, { unitId: number }>();
  if (codes.length) {
    const rows = await queryRows<{ code: string; unitId: number }>(
      db,
      sql`select lower(employee_code) as code, unit_id as "unitId" from employees
          where lower(employee_code) in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
    );
    for (const r of rows) elsewhere.set(r.code, r);
  }
  return elsewhere;
}

/** What the sheet asks of each employee, checked: one rotation per employee, or the problems of each row. */
async function readAssignments(db: Db, roster: TRoster, m: Month, lines: Line[]) {
  const current = new Map(roster.rows.map((r) => [r.employeeCode.toLowerCase(), r]));
  const shifts = await queryRows<{ id: number; code: string }>(db, sql`select id, code from shifts where is_active`);
  const shiftByCode = new Map(shifts.map((s) => [s.code.trim().toUpperCase(), s.id]));
  // Codes that are not in the unit's roster of the month: someone of another unit, not employed then, or nobody.
  const elsewhere = await unitsOfCodes(db, [...new Set(lines.map((l) => l.code.toLowerCase()).filter((c) => c && !current.has(c)))]);

  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  const assignments: Assignment[] = [];
  for (const l of lines) {
    const problems: string[] = [];
    const key = l.code.toLowerCase();
    const emp = current.get(key);
    if (!l.code) problems.push('Employee Code: write the employee code');
    else if (!emp) {
      const other = elsewhere.get(key);
      if (!other) problems.push(`Employee Code: no employee with code '${l.code}'`);
      else if (other.unitId !== m.unitId) problems.push(`Employee Code: ${l.code} is an employee of another unit`);
      else problems.push(`Employee Code: ${l.code} is not employed in ${m.ym}`);
    } else if (seen.has(key)) problems.push(`Employee Code: ${l.code} is also on row ${seen.get(key)}`);
    if (l.code && !seen.has(key)) seen.set(key, l.rowNo);
    const pattern = dayPattern(l.cells, m.days, emp?.cells, shiftByCode, problems);
    if (problems.length) errors[`row ${l.rowNo}`] = problems;
    else if (emp && l.cells.some((c) => c !== '')) assignments.push({ employeeId: emp.employeeId, pattern });
  }
  if (Object.keys(errors).length) throw new BadRequest('Some rows cannot be used; nothing was saved', errors);
  return assignments;
}

/** One row's days as a rotation's pattern (a shift id, null for a weekly off); the problems are added to `problems`. */
function dayPattern(
  cells: string[],
  days: string[],
  now: TRoster['rows'][number]['cells'] | undefined,
  shiftByCode: Map<string, number>,
  problems: string[],
): (number | null)[] {
  const pattern: (number | null)[] = [];
  cells.forEach((c, i) => {
    const day = days[i];
    if (c === '') {
      // Blank: the day as the roster has it now.
      const cell = now?.[i];
      if (!cell) pattern.push(null);
      else if (cell.weeklyOff) pattern.push(null);
      else if (cell.shiftId !== null) pattern.push(cell.shiftId);
      else problems.push(`${day}: the employee has no shift that day; write a shift code or WO`);
    } else if (OFF_WORDS.has(c)) pattern.push(null);
    else {
      const id = shiftByCode.get(c);
      if (id === undefined) problems.push(`${day}: no active shift coded '${c}'`);
      else pattern.push(id);
    }
  });
  return pattern;
}

/** Saves each employee's month as one rotation (replacing an earlier upload of the month) and works out the past days. */
async function saveRoster(db: Db, auth: AuthContext, m: Month, assignments: Assignment[], requestId?: string) {
  const today = orgToday();
  const ids = assignments.map((a) => a.employeeId);
  const idList = `{${ids.join(',')}}`;
  const { first, last } = m;
  return db.transaction(async (tx) => {
    await assertDayOpen(tx, m.unitId, first, 'The roster cannot change');
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
      after: { unitId: m.unitId, year: m.year, month: m.month, employees: assignments.length },
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

/** Reads the filled sheet and saves each employee's month as one rotation (all rows or none). */
export async function importRoster(
  db: Db,
  auth: AuthContext,
  unitId: number,
  year: number,
  month: number,
  sheet: UploadedSheet,
  requestId?: string,
): Promise<{ count: number; recomputedDays: number }> {
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  const m: Month = { unitId, year, month, first, last, days: eachDay(first, last), ym: `${year}-${pad2(month)}` };
  assertMonthColumns(sheet.header, m);
  const roster = await monthRoster(db, auth, unitId, year, month);
  const assignments = await readAssignments(db, roster, m, sheetLines(sheet, m.days));
  if (!assignments.length) return { count: 0, recomputedDays: 0 };
  return saveRoster(db, auth, m, assignments, requestId);
}

/** Checks before an upload is read: the unit within reach (404), the month open (409; checked again when saving). */
export async function assertRosterOpen(db: Db, auth: AuthContext, unitId: number, year: number, month: number) {
  if (!canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
  await assertDayOpen(db, unitId, isoDate(year, month, 1), 'The roster cannot change');
}
