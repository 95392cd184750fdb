// The roster as an Excel sheet: the template round-trips unchanged, an edited sheet becomes each employee's
// month (and works the past days out again), a bad row refuses the whole sheet, and 403 / 404 / 409.
import { addMonths, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { multipart } from '../employees/fixtures';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
const today = todayIn('Asia/Kolkata');
const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
const next = addMonths(today.slice(0, 7), 1);
const [nextYear, nextMonth] = [Number(next.slice(0, 4)), Number(next.slice(5, 7))];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let unit1 = 0;
let unit2 = 0;
let unit3 = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units order by id`);
  [unit1, unit2, unit3] = units.map((u) => u.id);
});
afterAll(() => t?.close());

async function template(who: ReturnType<typeof api>, unitId: number, year: number, month: number) {
  return who.get('/api/attendance/roster/template', { unitId, year, month });
}
async function load(buf: Buffer | string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}
async function upload(who: ReturnType<typeof api>, unitId: number, year: number, month: number, wb: ExcelJS.Workbook) {
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return who.post(
    `/api/attendance/roster/import?unitId=${unitId}&year=${year}&month=${month}`,
    undefined,
    multipart({ name: 'roster.xlsx', type: XLSX, data }),
  );
}
async function roster(unitId: number, year: number, month: number) {
  const res = await admin.get('/api/attendance/roster', { unitId, year, month, pageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: { employeeCode: string; cells: { code: string; shiftId: number | null; weeklyOff: boolean }[] }[] };
}
const assignmentCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from shift_assignments where is_active`))[0].n;
const shiftCodes = async () => queryRows<{ id: number; code: string }>(t.db, sql`select id, code from shifts where is_active order by id`);

describe('roster template', () => {
  it("lists the unit's staff with the month's days: the current roster's shift code or WO", async () => {
    const res = await template(admin, unit1, nextYear, nextMonth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = await load(res.rawPayload as unknown as Buffer);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(head[0]).toBe('Employee Code');
    expect(head[1]).toBe('Name');
    expect(head[2].startsWith(`${next}-01 `)).toBe(true);
    const r = await roster(unit1, nextYear, nextMonth);
    expect(ws.rowCount - 1).toBe(r.rows.length);
    const firstRow = r.rows[0];
    expect(ws.getRow(2).getCell(1).text).toBe(firstRow.employeeCode);
    firstRow.cells.forEach((c, i) => {
      const want = c.weeklyOff ? 'WO' : c.shiftId === null ? '' : c.code;
      expect(ws.getRow(2).getCell(3 + i).text).toBe(want);
    });
  });
});

describe('roster upload', () => {
  it('round-trips the template unchanged, then saves an edited month (one rotation per employee)', async () => {
    const before = await roster(unit1, nextYear, nextMonth);
    const wb = await load((await template(admin, unit1, nextYear, nextMonth)).rawPayload as unknown as Buffer);
    const res = await upload(admin, unit1, nextYear, nextMonth, wb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
    expect(res.json().recomputedDays).toBe(0); // a month still to come
    const after = await roster(unit1, nextYear, nextMonth);
    expect(after.rows.map((r) => r.cells.map((c) => (c.weeklyOff ? 'WO' : c.code)))).toEqual(
      before.rows.map((r) => r.cells.map((c) => (c.weeklyOff ? 'WO' : c.code))),
    );

    // Edit one employee: day 1 WO, day 2 the second shift, day 3 OFF (read as WO), the rest blank (kept).
    const shifts = await shiftCodes();
    expect(shifts.length).toBeGreaterThan(1);
    const ws = wb.worksheets[0];
    const row = ws.getRow(2);
    const code = row.getCell(1).text;
    row.getCell(3).value = 'WO';
    row.getCell(4).value = shifts[1].code.toLowerCase();
    row.getCell(5).value = 'off';
    for (let c = 6; c < 3 + before.rows[0].cells.length; c++) row.getCell(c).value = null;
    const n = await assignmentCount();
    const res2 = await upload(admin, unit1, nextYear, nextMonth, wb);
    expect(res2.statusCode, res2.body).toBe(200);
    // The month's earlier upload is replaced, not stacked.
    expect(await assignmentCount()).toBe(n);
    const edited = (await roster(unit1, nextYear, nextMonth)).rows.find((r) => r.employeeCode === code)!;
    const was = before.rows.find((r) => r.employeeCode === code)!;
    expect(edited.cells[0].weeklyOff).toBe(true);
    expect(edited.cells[1]).toMatchObject({ shiftId: shifts[1].id, weeklyOff: false });
    expect(edited.cells[2].weeklyOff).toBe(true);
    expect(edited.cells.slice(3).map((c) => c.code)).toEqual(was.cells.slice(3).map((c) => (c.weeklyOff ? 'WO' : c.code)));
  });

  it.skipIf(today.slice(8) === '01')('works out the past days of the month again', async () => {
    const wb = await load((await template(admin, unit1, thisYear, thisMonth)).rawPayload as unknown as Buffer);
    const ws = wb.worksheets[0];
    // Only the first employee's row stays; the others are removed (left as they are).
    const code = ws.getRow(2).getCell(1).text;
    for (let r = 3; r <= ws.rowCount; r++) ws.getRow(r).values = [];
    const shifts = await shiftCodes();
    const [emp] = await queryRows<{ id: number; shiftId: number | null }>(
      t.db,
      sql`select id, shift_id as "shiftId" from employees where employee_code = ${code}`,
    );
    const other = shifts.find((s) => s.id !== emp.shiftId)!;
    ws.getRow(2).getCell(3).value = other.code; // the 1st of this month, a past day
    const res = await upload(admin, unit1, thisYear, thisMonth, wb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1 });
    expect(res.json().recomputedDays).toBeGreaterThan(0);
    const [day] = await queryRows<{ shiftId: number | null; isManual: boolean }>(
      t.db,
      sql`select shift_id as "shiftId", is_manual as "isManual" from daily_attendance where employee_id = ${emp.id} and day = ${`${today.slice(0, 7)}-01`}::date`,
    );
    expect(day).toBeTruthy();
    if (!day.isManual) expect(day.shiftId).toBe(other.id);
  });

  it('refuses the whole sheet when a row is bad, naming every bad row', async () => {
    const wb = await load((await template(admin, unit1, nextYear, nextMonth)).rawPayload as unknown as Buffer);
    const ws = wb.worksheets[0];
    const [other] = await queryRows<{ code: string }>(
      t.db,
      sql`select employee_code as code from employees where unit_id = ${unit2} limit 1`,
    );
    ws.getRow(2).getCell(3).value = 'WO'; // a good change, not saved either
    ws.getRow(3).getCell(4).value = 'ZZZ';
    ws.getRow(4).getCell(1).value = 'NOPE-404';
    ws.getRow(5).getCell(1).value = other.code;
    const n = await assignmentCount();
    const res = await upload(admin, unit1, nextYear, nextMonth, wb);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().fieldErrors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['row 3', 'row 4', 'row 5']);
    expect(errors['row 3'][0]).toMatch(/no active shift coded 'ZZZ'/);
    expect(errors['row 4'][0]).toMatch(/no employee with code 'NOPE-404'/);
    expect(errors['row 5'][0]).toMatch(/another unit/);
    expect(await assignmentCount()).toBe(n);
  });

  it("refuses another month's template", async () => {
    const wb = await load((await template(admin, unit1, nextYear, nextMonth)).rawPayload as unknown as Buffer);
    const res = await upload(admin, unit1, thisYear, thisMonth, wb);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not the roster of/);
  });

  it('refuses something that is not a workbook', async () => {
    const res = await admin.post(
      `/api/attendance/roster/import?unitId=${unit1}&year=${nextYear}&month=${nextMonth}`,
      undefined,
      multipart({ name: 'roster.xlsx', type: XLSX, data: Buffer.from('not a workbook') }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('roster import access', () => {
  it('answers 403 to a role without add on View Shift', async () => {
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await template(employee, unit1, nextYear, nextMonth)).statusCode).toBe(403);
    const wb = await load((await template(admin, unit1, nextYear, nextMonth)).rawPayload as unknown as Buffer);
    expect((await upload(employee, unit1, nextYear, nextMonth, wb)).statusCode).toBe(403);
  });

  it('answers 404 for a unit out of reach', async () => {
    expect((await template(manager, unit3, nextYear, nextMonth)).statusCode).toBe(404);
    const wb = await load((await template(admin, unit3, nextYear, nextMonth)).rawPayload as unknown as Buffer);
    expect((await upload(manager, unit3, nextYear, nextMonth, wb)).statusCode).toBe(404);
    expect((await template(manager, unit1, nextYear, nextMonth)).statusCode).toBe(200);
  });

  it("gives the manager and a custom unit-limited role their unit's template as the administrator's, another unit's 404", async () => {
    const limited = (await createUnitLimitedUser(t, { menus: { [MENU.viewShift]: ['view', 'add'] }, unitIds: [unit1, unit2] })).api;
    const lines = async (res: { rawPayload: Buffer }) => {
      const ws = (await load(res.rawPayload)).worksheets[0];
      return Array.from({ length: ws.rowCount }, (_, i) => JSON.stringify((ws.getRow(i + 1).values as unknown[]).slice(1)));
    };
    const want = await lines(await template(admin, unit2, nextYear, nextMonth));
    expect(want.length).toBeGreaterThan(1);
    for (const [who, caller] of [
      ['manager', manager],
      ['custom unit-limited role', limited],
    ] as const) {
      const res = await template(caller, unit2, nextYear, nextMonth);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(await lines(res), who).toEqual(want);
      expect((await template(caller, unit3, nextYear, nextMonth)).statusCode, who).toBe(404);
    }
  });

  it('answers 409 for a month whose salary is locked', async () => {
    const last = addMonths(today.slice(0, 7), -1);
    const [y, m] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
    const [run] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from payroll_runs where unit_id = ${unit1} and year = ${y} and month = ${m}`,
    );
    expect(run.status).toBe('locked');
    const wb = await load((await template(admin, unit1, y, m)).rawPayload as unknown as Buffer);
    const n = await assignmentCount();
    const res = await upload(admin, unit1, y, m, wb);
    expect(res.statusCode, res.body).toBe(409);
    expect(await assignmentCount()).toBe(n);
  });
});
