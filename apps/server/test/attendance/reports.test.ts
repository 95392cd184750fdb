// The attendance reports on the API: the register's codes and totals, shift schedule versus attendance (detail
// and summary), paging by employee, scoping (units, self-service, menus), bad ranges, and the Excel / PDF
// downloads holding the same rows as the screen. Punches are inserted for a past week of the Mysuru unit,
// which the demo seed leaves without punches.
import { addDays, todayIn, zonedInstant } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { punches } from '../../src/db/schema';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let mys = 0;
let mysName = '';
let emp: { id: number; code: string; name: string; departmentName: string };
let unitStaff = 0;

const TZ = 'Asia/Kolkata';
// Monday 6 to Sunday 12 July 2026: no holiday; Sunday is the Mysuru staff's weekly off.
const FROM = '2026-07-06';
const TO = '2026-07-12';
const week = { unitId: 0, from: FROM, to: TO };
const at = (day: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(day, h * 60 + m, TZ);
};

type Register = {
  days: { date: string; weekday: number }[];
  rows: {
    employeeId: number;
    employeeCode: string;
    name: string;
    departmentName: string;
    codes: string[];
    totals: Record<string, number>;
  }[];
  total: number;
  page: number;
  pageSize: number;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  const [unit] = await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from units where code = 'CMP-MYS'`);
  mys = unit.id;
  mysName = unit.name;
  week.unitId = mys;
  [emp] = await queryRows<typeof emp>(
    t.db,
    sql`select e.id, e.employee_code as code, e.name, d.name as "departmentName"
        from employees e join departments d on d.id = e.department_id
        where e.employee_code = 'MYS0001'`,
  );
  // The General shift 09:30–18:00 (10 min grace either way, 30 min break; overtime after 30 minutes), Sundays off.
  await t.db.execute(sql`update shifts set grace_minutes = 10, early_grace_minutes = 10, break_minutes = 30,
    half_day_min_hours = 4, full_day_min_hours = 8, overtime_after_minutes = 30 where code = 'GEN'`);
  await t.db.execute(sql`update employees set shift_id = (select id from shifts where code = 'GEN'), weekly_offs = '{0}'
    where unit_id = ${mys}`);
  [{ n: unitStaff }] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from employees where unit_id = ${mys} and date_of_joining <= ${TO}::date
          and (exit_date is null or exit_date >= ${FROM}::date)`,
  );
  const punch = (day: string, hhmm: string) => ({ employeeId: emp.id, punchedAt: at(day, hhmm), source: 'manual' });
  await t.db.insert(punches).values([
    punch('2026-07-06', '09:25'), // on time, full day
    punch('2026-07-06', '18:05'),
    punch('2026-07-07', '09:55'), // 25 minutes late
    punch('2026-07-07', '18:30'),
    punch('2026-07-08', '09:30'), // half day: 4 h 30 less the break, left 4 h early
    punch('2026-07-08', '14:00'),
    // Thursday 9: no punch (absent)
    punch('2026-07-10', '09:20'), // 90 minutes of overtime
    punch('2026-07-10', '19:30'),
    // Saturday 11: no punch (absent); Sunday 12: weekly off
  ]);
});
afterAll(() => t?.close());

async function grant(role: string, menu: string) {
  await t.db.execute(sql`insert into role_menu_access (role_id, menu_id, can_view)
    select r.id, m.id, true from roles r, menus m where r.name = ${role} and m.action_url = ${menu}
    on conflict (role_id, menu_id) do update set can_view = true`);
}

describe('attendance register', () => {
  it("shows each day's code and the totals", async () => {
    const res = await admin.get('/api/attendance/register', { ...week, employeeId: emp.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Register;
    expect(body.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(body.days[0].date).toBe(FROM);
    expect(body.total).toBe(1);
    expect(body.rows).toEqual([
      {
        employeeId: emp.id,
        employeeCode: 'MYS0001',
        name: emp.name,
        departmentName: emp.departmentName,
        codes: ['P', 'P', 'HD', 'A', 'P', 'A', 'WO'],
        totals: { present: 3.5, absent: 2.5, leave: 0, lwop: 2.5, holidays: 0, weeklyOffs: 1, late: 1, otHours: 1.5, payable: 4.5 },
      },
    ]);
  });

  it('pages by employee code and works out only the page', async () => {
    const pages: Register[] = [];
    for (const page of [1, 2, 3]) {
      const res = await admin.get('/api/attendance/register', { ...week, page, pageSize: 5 });
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
    }
    expect(unitStaff).toBeGreaterThan(10);
    for (const p of pages) expect(p.total).toBe(unitStaff);
    expect(pages.map((p) => p.rows.length)).toEqual([5, 5, unitStaff - 10]);
    const codes = pages.flatMap((p) => p.rows.map((r) => r.employeeCode));
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(unitStaff);
    expect(codes[0]).toBe('MYS0001');
    // Everyone else of the unit: no punches, so absent on working days and off on Sunday.
    for (const r of pages.flatMap((p) => p.rows).slice(1)) {
      expect(r.codes).toEqual(['A', 'A', 'A', 'A', 'A', 'A', 'WO']);
      expect(r.totals.payable).toBe(1);
      expect(r.totals.absent).toBe(6);
    }
    const beyond = await admin.get('/api/attendance/register', { ...week, page: 9, pageSize: 5 });
    expect(beyond.json()).toMatchObject({ rows: [], total: unitStaff, page: 9 });
  });

  it("leaves a day not yet come blank ('')", async () => {
    const today = todayIn(TZ);
    const res = await admin.get('/api/attendance/register', { employeeId: emp.id, from: addDays(today, -1), to: addDays(today, 2) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (res.json() as Register).rows;
    expect(row.codes.slice(2)).toEqual(['', '']);
    expect(row.codes[0]).not.toBe('');
  });

  it('filters by department', async () => {
    const [d] = await queryRows<{ id: number }>(t.db, sql`select department_id as id from employees where id = ${emp.id}`);
    const res = await admin.get('/api/attendance/register', { ...week, departmentId: d.id, pageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Register;
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((r) => r.departmentName === emp.departmentName)).toBe(true);
    expect(body.rows.map((r) => r.employeeCode)).toContain('MYS0001');
  });
});

describe('shift schedule versus attendance', () => {
  it('compares the scheduled shift with the actual times, day by day', async () => {
    const res = await admin.get('/api/attendance/shift-compare', { ...week, employeeId: emp.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const base = {
      employeeId: emp.id,
      employeeCode: 'MYS0001',
      name: emp.name,
      shiftCode: 'GEN',
      scheduledIn: '09:30',
      scheduledOut: '18:00',
    };
    const none = { actualIn: null, actualOut: null, lateMinutes: 0, earlyMinutes: 0, otMinutes: 0, workedMinutes: 0 };
    expect(body.rows).toEqual([
      {
        ...base,
        day: '2026-07-06',
        actualIn: '09:25',
        actualOut: '18:05',
        status: 'P',
        lateMinutes: 0,
        earlyMinutes: 0,
        otMinutes: 0,
        workedMinutes: 490,
      },
      {
        ...base,
        day: '2026-07-07',
        actualIn: '09:55',
        actualOut: '18:30',
        status: 'P',
        lateMinutes: 25,
        earlyMinutes: 0,
        otMinutes: 0,
        workedMinutes: 485,
      },
      {
        ...base,
        day: '2026-07-08',
        actualIn: '09:30',
        actualOut: '14:00',
        status: 'HD',
        lateMinutes: 0,
        earlyMinutes: 240,
        otMinutes: 0,
        workedMinutes: 240,
      },
      { ...base, day: '2026-07-09', status: 'A', ...none },
      {
        ...base,
        day: '2026-07-10',
        actualIn: '09:20',
        actualOut: '19:30',
        status: 'P',
        lateMinutes: 0,
        earlyMinutes: 0,
        otMinutes: 90,
        workedMinutes: 580,
      },
      { ...base, day: '2026-07-11', status: 'A', ...none },
      // A weekly off: no shift is scheduled.
      { ...base, day: '2026-07-12', shiftCode: null, scheduledIn: null, scheduledOut: null, status: 'WO', ...none },
    ]);
  });

  it('pages by employee: a page holds every day of its employees', async () => {
    const res = await admin.get('/api/attendance/shift-compare', { ...week, page: 2, pageSize: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(unitStaff);
    expect(body.rows).toHaveLength(3 * 7);
    expect(new Set(body.rows.map((r: { employeeCode: string }) => r.employeeCode)).size).toBe(3);
  });

  it('sums the deviations per employee', async () => {
    const res = await admin.get('/api/attendance/shift-compare/summary', { ...week, pageSize: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: unitStaff, page: 1, pageSize: 2 });
    expect(body.rows[0]).toEqual({
      employeeId: emp.id,
      employeeCode: 'MYS0001',
      name: emp.name,
      departmentName: emp.departmentName,
      scheduledDays: 6,
      presentDays: 3.5,
      absentDays: 2.5,
      lateDays: 1,
      lateMinutes: 25,
      earlyDays: 1,
      earlyMinutes: 240,
      otMinutes: 90,
      workedMinutes: 490 + 485 + 240 + 580,
    });
    expect(body.rows[1]).toMatchObject({ scheduledDays: 6, presentDays: 0, absentDays: 6, lateDays: 0, workedMinutes: 0 });
  });
});

describe('scoping and access', () => {
  it('answers 401 without a sign-in', async () => {
    const res = await api(t.app).get('/api/attendance/register', week);
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a role without the menu', async () => {
    for (const url of [
      '/api/attendance/register',
      '/api/attendance/register/export',
      '/api/attendance/shift-compare',
      '/api/attendance/shift-compare/summary',
      '/api/attendance/shift-compare/export',
    ]) {
      expect((await payroll.get(url, week)).statusCode, url).toBe(403);
    }
  });

  it("keeps a manager to their units: another unit's records are 404", async () => {
    for (const url of [
      '/api/attendance/register',
      '/api/attendance/register/export',
      '/api/attendance/shift-compare',
      '/api/attendance/shift-compare/summary',
      '/api/attendance/shift-compare/export',
    ]) {
      expect((await manager.get(url, week)).statusCode, url).toBe(404);
      expect((await manager.get(url, { from: FROM, to: TO, employeeId: emp.id })).statusCode, url).toBe(404);
    }
    expect((await manager.get('/api/attendance/register', { ...week, unitId: 999999 })).statusCode).toBe(404);
    const res = await manager.get('/api/attendance/register', { from: FROM, to: TO, pageSize: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Register;
    expect(body.total).toBe(body.rows.length);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((r) => /^(BLR|CHN)/.test(r.employeeCode))).toBe(true);
  });

  it('shows a self-service caller only their own record', async () => {
    expect((await emp1.get('/api/attendance/register', { from: FROM, to: TO })).statusCode).toBe(403);
    await grant('Employee', MENU.attendanceReport);
    await grant('Employee', MENU.shiftAttendanceCompare);
    const [own] = await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee1'`);
    const res = await emp1.get('/api/attendance/register', { from: FROM, to: TO });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Register;
    expect(body.total).toBe(1);
    expect(body.rows.map((r) => r.employeeId)).toEqual([own.id]);
    expect((await emp1.get('/api/attendance/register', { from: FROM, to: TO, employeeId: own.id })).statusCode).toBe(200);
    expect((await emp1.get('/api/attendance/register', { from: FROM, to: TO, employeeId: emp.id })).statusCode).toBe(404);
    expect((await emp1.get('/api/attendance/register', week)).statusCode).toBe(404);
    const compare = await emp1.get('/api/attendance/shift-compare', { from: FROM, to: TO });
    expect(compare.statusCode, compare.body).toBe(200);
    expect(new Set(compare.json().rows.map((r: { employeeId: number }) => r.employeeId))).toEqual(new Set([own.id]));
    // The summary export needs the summary menu too.
    const detail = await emp1.get('/api/attendance/shift-compare/export', { from: FROM, to: TO, kind: 'detail' });
    expect(detail.statusCode, detail.body).toBe(200);
    expect((await emp1.get('/api/attendance/shift-compare/export', { from: FROM, to: TO, kind: 'summary' })).statusCode).toBe(403);
    expect((await emp1.get('/api/attendance/shift-compare/summary', { from: FROM, to: TO })).statusCode).toBe(403);
  });
});

describe('for non-administrators', () => {
  // The manager and a custom role of units 1 and 2: the administrator's employees kept to their units, the same totals
  // per row, on the screen and in the downloads.
  let callers: { who: string; api: ReturnType<typeof api>; units: number[] }[];
  let unitOf: Map<number, number>;
  let blr: { id: number; departmentId: number };
  beforeAll(async () => {
    const limited = await createUnitLimitedUser(t, {
      menus: [MENU.attendanceReport, MENU.shiftAttendanceCompare, MENU.shiftAttendanceCompareSummary],
      unitIds: [1, 2],
    });
    callers = [
      { who: 'manager', api: manager, units: [1, 2] },
      { who: 'custom unit-limited role', api: limited.api, units: limited.unitIds },
    ];
    const staff = await queryRows<{ id: number; unitId: number; departmentId: number; code: string }>(
      t.db,
      sql`select id, unit_id as "unitId", department_id as "departmentId", employee_code as code from employees`,
    );
    unitOf = new Map(staff.map((e) => [e.id, e.unitId]));
    blr = staff.find((e) => e.code === 'BLR0002') as typeof blr;
  });

  it('the register, shift versus attendance and its summary: their units only, rows as the administrator sees them', async () => {
    const range = { from: FROM, to: TO, pageSize: 500 };
    for (const url of ['/api/attendance/register', '/api/attendance/shift-compare', '/api/attendance/shift-compare/summary']) {
      for (const q of [{}, { unitId: 2 }, { departmentId: blr.departmentId }, { employeeId: blr.id }] as Record<
        string,
        string | number
      >[]) {
        const all = (await admin.get(url, { ...range, ...q })).json() as { rows: { employeeId: number }[] };
        for (const c of callers) {
          const what = `${c.who} ${url} ${JSON.stringify(q)}`;
          const res = await c.api.get(url, { ...range, ...q });
          expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
          const rows = res.json().rows as { employeeId: number }[];
          expect(rows, what).toEqual(all.rows.filter((r) => c.units.includes(unitOf.get(r.employeeId) ?? 0)));
          if (!('departmentId' in q)) expect(rows.length, what).toBeGreaterThan(0);
        }
      }
      for (const c of callers) expect((await c.api.get(url, { ...range, unitId: 3 })).statusCode, `${c.who} ${url}`).toBe(404);
    }
  });

  it('downloads hold the rows of their screen', async () => {
    const codes = async (buffer: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buffer as never);
      const ws = wb.worksheets[0];
      return Array.from({ length: ws.actualRowCount - 3 }, (_, i) => String(ws.getRow(4 + i).getCell(1).value));
    };
    for (const c of callers) {
      for (const q of [{}, { unitId: 1 }] as Record<string, string | number>[]) {
        const what = `${c.who} ${JSON.stringify(q)}`;
        const screen = (await c.api.get('/api/attendance/register', { from: FROM, to: TO, ...q, pageSize: 500 })).json() as Register;
        const file = await c.api.get('/api/attendance/register/export', { from: FROM, to: TO, ...q, format: 'xlsx' });
        expect(file.statusCode, `${what}: ${file.body}`).toBe(200);
        expect(await codes(file.rawPayload), what).toEqual(screen.rows.map((r) => r.employeeCode));
        const summary = (await c.api.get('/api/attendance/shift-compare/summary', { from: FROM, to: TO, ...q, pageSize: 500 })).json()
          .rows as { employeeCode: string }[];
        const sheet = await c.api.get('/api/attendance/shift-compare/export', { from: FROM, to: TO, ...q, kind: 'summary' });
        expect(sheet.statusCode, `${what}: ${sheet.body}`).toBe(200);
        expect(await codes(sheet.rawPayload), what).toEqual(summary.map((r) => r.employeeCode));
      }
      const pdf = await c.api.get('/api/attendance/register/export', { from: FROM, to: TO, format: 'pdf' });
      expect(pdf.statusCode, c.who).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});

describe('bad input', () => {
  it('refuses a range ending before it starts, a date that does not exist and more than 62 days', async () => {
    const reversed = await admin.get('/api/attendance/register', { ...week, from: TO, to: FROM });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors.to).toBeDefined();
    const bad = await admin.get('/api/attendance/register', { ...week, from: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.from).toBeDefined();
    const garbled = await admin.get('/api/attendance/register', { ...week, to: '12/07/2026' });
    expect(garbled.statusCode).toBe(400);
    const long = await admin.get('/api/attendance/register', { ...week, from: '2026-05-01', to: '2026-07-01' }); // 62 days
    expect(long.statusCode, long.body).toBe(200);
    const tooLong = await admin.get('/api/attendance/register', { ...week, from: '2026-05-01', to: '2026-07-02' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.to).toBeDefined();
    for (const url of ['/api/attendance/shift-compare', '/api/attendance/shift-compare/summary', '/api/attendance/register/export']) {
      expect((await admin.get(url, { ...week, from: TO, to: FROM })).statusCode, url).toBe(400);
    }
    expect((await admin.get('/api/attendance/register', { ...week, unitId: 'x' })).statusCode).toBe(400);
    expect((await admin.get('/api/attendance/register/export', { ...week, format: 'csv' })).statusCode).toBe(400);
    expect((await admin.get('/api/attendance/shift-compare/export', { ...week, kind: 'other' })).statusCode).toBe(400);
  });
});

describe('downloads', () => {
  const load = async (buffer: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as never);
    return wb.worksheets[0];
  };
  const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

  it('exports the register to Excel with the same rows and totals as the screen', async () => {
    const res = await admin.get('/api/attendance/register/export', { ...week, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Attendance_Register_${FROM}_${TO}.xlsx"`);
    const ws = await load(res.rawPayload);
    expect(String(ws.getCell('A1').value)).toContain(mysName);
    expect(String(ws.getCell('A1').value)).toContain('06/07/2026 to 12/07/2026');
    expect(values(ws, 3)).toEqual([
      'Employee Code',
      'Name',
      'Department',
      '06 Mo',
      '07 Tu',
      '08 We',
      '09 Th',
      '10 Fr',
      '11 Sa',
      '12 Su',
      'Present',
      'Absent',
      'Leave',
      'LWOP',
      'Holidays',
      'Weekly Offs',
      'Late',
      'OT Hours',
      'Payable',
    ]);
    const screen = (await admin.get('/api/attendance/register', { ...week, pageSize: 500 })).json() as Register;
    // Title and headings (the blank row is not counted), the rows, and the grand total line (the report framework
    // totals a code-built report's number columns).
    expect(ws.actualRowCount).toBe(3 + screen.rows.length);
    const grand = values(ws, 4 + screen.rows.length);
    expect(String(grand[0])).toContain(`Grand Total (${screen.rows.length} row`);
    expect(grand.at(-1)).toBe(screen.rows.reduce((s, r) => s + r.totals.payable, 0));
    screen.rows.forEach((r, i) => {
      const t = r.totals;
      expect(values(ws, 4 + i)).toEqual([
        r.employeeCode,
        r.name,
        r.departmentName,
        ...r.codes,
        t.present,
        t.absent,
        t.leave,
        t.lwop,
        t.holidays,
        t.weeklyOffs,
        t.late,
        t.otHours,
        t.payable,
      ]);
    });
    expect(values(ws, 4).slice(3, 10)).toEqual(['P', 'P', 'HD', 'A', 'P', 'A', 'WO']);
  });

  it('exports the register as a PDF', async () => {
    const res = await admin.get('/api/attendance/register/export', { ...week, format: 'pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Attendance_Register_${FROM}_${TO}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Two months on one register still lay out.
    const wide = await admin.get('/api/attendance/register/export', { unitId: mys, from: '2026-05-01', to: '2026-07-01', format: 'pdf' });
    expect(wide.statusCode, wide.body).toBe(200);
    expect(wide.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('exports shift schedule versus attendance, detail and summary, as Excel and PDF', async () => {
    const detail = await admin.get('/api/attendance/shift-compare/export', { ...week, employeeId: emp.id, kind: 'detail' });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.headers['content-disposition']).toBe(`attachment; filename="Shift_Compare_${FROM}_${TO}.xlsx"`);
    const ws = await load(detail.rawPayload);
    expect(values(ws, 3)[0]).toBe('Employee Code');
    // The date is a date cell shown the Indian way (issue 28), not text.
    expect(ws.getRow(5).getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(values(ws, 5)).toEqual([
      'MYS0001',
      emp.name,
      new Date('2026-07-07T00:00:00.000Z'),
      'GEN',
      '09:30',
      '18:00',
      '09:55',
      '18:30',
      'P',
      25,
      0,
      0,
      485,
    ]);
    // Title and headings, the 7 days, the grand total line (the framework totals the number columns).
    expect(ws.actualRowCount).toBe(3 + 7);
    expect(String(values(ws, 4 + 7)[0])).toContain('Grand Total (7 rows)');

    const summary = await admin.get('/api/attendance/shift-compare/export', { ...week, kind: 'summary' });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.headers['content-disposition']).toBe(`attachment; filename="Shift_Compare_Summary_${FROM}_${TO}.xlsx"`);
    const sw = await load(summary.rawPayload);
    expect(sw.actualRowCount).toBe(3 + unitStaff);
    expect(values(sw, 4)).toEqual(['MYS0001', emp.name, emp.departmentName, 6, 3.5, 2.5, 1, 25, 1, 240, 90, 1795]);

    for (const kind of ['detail', 'summary']) {
      const pdf = await admin.get('/api/attendance/shift-compare/export', { ...week, kind, format: 'pdf' });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});
