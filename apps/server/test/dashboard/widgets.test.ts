// The admin and staff dashboards' widgets: every figure is compared with the seeded data read back and counted
// here on its own (rows read with plain queries and counted in the test), scoping (a manager's mapped units, an
// employee refused on the admin widgets and limited to their own record on the staff ones), 401 signed out, and a
// widget whose source is empty answering empty.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, addMonths, monthOf, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { roundNetPay } from '@hr/payroll';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { dailyAttendance, employees, units, users } from '../../src/db/schema';
import { orgToday, orgZone } from '../../src/lib/org-zone';
import { occasionWindow } from '../../src/modules/dashboard/admin';
import { weeklyOffCodesOn } from '../../src/modules/dashboard/admin-attendance';
import { rng, validAadhaar } from '../../src/modules/employees/demo-data';
import { roleIdByName } from '../../src/seed/core';
import { grantMenus, revokeMenu } from '../../src/seed/factories';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

type Api = ReturnType<typeof api>;
let t: TestApp;
let admin: Api;
let manager: Api;
let emp1: Api;
let anon: Api;
let unitId: Record<string, number>;
let testUnit: number;
let emptyUnit: number;
let today: string;
let month: string;
let refs: { departmentId: number; designationId: number };

const fresh = { headers: { 'cache-control': 'no-cache' } };
const ADMIN_WIDGETS = ['headcount', 'movement', 'attendance', 'requests', 'payroll-cost', 'documents', 'occasions', 'advances'];
const STAFF_WIDGETS = ['today', 'month', 'leave', 'requests', 'payslip', 'holidays'];

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'hr-dashw-')) } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  anon = api(t.app);
  unitId = Object.fromEntries((await t.db.select().from(units)).map((x) => [x.code, x.id]));
  today = orgToday();
  month = monthOf(todayIn(t.config.orgTimeZone)).month;
  const [any] = await t.db.select().from(employees).orderBy(employees.id).limit(1);
  refs = { departmentId: any.departmentId, designationId: any.designationId };
  const made = await t.db
    .insert(units)
    .values([
      { name: 'Widget Test Unit', code: 'WDG-TST', city: 'Pune', stateName: 'Maharashtra' },
      { name: 'Empty Unit', code: 'WDG-EMP', city: 'Pune', stateName: 'Maharashtra' },
    ])
    .returning();
  testUnit = made[0].id;
  emptyUnit = made[1].id;
});
afterAll(() => t?.close());

const get = async <T>(who: Api, url: string, query?: Record<string, string | number>): Promise<T> => {
  const res = await who.get(url, query, fresh);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
};

const aadhaar = validAadhaar(rng(11));
let seq = 0;
async function addEmployee(over: Record<string, unknown>): Promise<number> {
  seq++;
  const res = await admin.post('/api/employees', {
    employeeCode: `WDG-${seq}`,
    name: `Widget Person ${seq}`,
    gender: 'Male',
    dateOfBirth: '1991-07-20',
    mobile: '9845012345',
    unitId: testUnit,
    ...refs,
    dateOfJoining: '2019-01-10',
    aadhaar,
    payModeId: 1,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type Emp = { id: number; unitId: number; departmentId: number; status: string; doj: string; exit: string | null; dob: string };
const allEmployees = () =>
  queryRows<Emp>(
    t.db,
    sql`select id, unit_id as "unitId", department_id as "departmentId", status, date_of_joining::text as doj,
          exit_date::text as exit, date_of_birth::text as dob from employees`,
  );
const employedOn = (e: Emp, day: string) => e.doj <= day && (e.exit === null ? e.status !== 'exited' : e.exit >= day);

describe('signed out, employees and scoping', () => {
  it('answers 401 signed out on every widget', async () => {
    for (const w of ADMIN_WIDGETS) expect((await anon.get(`/api/dashboard/admin/${w}`)).statusCode, w).toBe(401);
    expect((await anon.get('/api/dashboard/admin/attendance/list', { bucket: 'present' })).statusCode).toBe(401);
    for (const w of STAFF_WIDGETS) expect((await anon.get(`/api/dashboard/me/${w}`)).statusCode, w).toBe(401);
  });

  it('refuses an employee every admin widget (403)', async () => {
    for (const w of ADMIN_WIDGETS) expect((await emp1.get(`/api/dashboard/admin/${w}`)).statusCode, w).toBe(403);
    expect((await emp1.get('/api/dashboard/admin/attendance/list', { bucket: 'present' })).statusCode).toBe(403);
  });

  it('answers 404 for a unit outside the caller, 400 for a bad filter', async () => {
    expect((await manager.get('/api/dashboard/admin/headcount', { unitId: unitId['CMP-MYS'] })).statusCode).toBe(404);
    expect((await admin.get('/api/dashboard/admin/headcount', { unitId: 999999 })).statusCode).toBe(404);
    expect((await admin.get('/api/dashboard/admin/headcount', { unitId: '0x10' })).statusCode).toBe(400);
    expect((await admin.get('/api/dashboard/admin/movement', { month: '2026-13' })).statusCode).toBe(400);
    expect((await admin.get('/api/dashboard/admin/movement', { month: addMonths(month, 1) })).statusCode).toBe(400);
    expect((await admin.get('/api/dashboard/admin/attendance/list', { bucket: 'nobody' })).statusCode).toBe(400);
  });

  it('a role without the salary screens gets 403 on the payroll widgets only', async () => {
    const role = (await roleIdByName(t.db, 'Manager')) as number;
    await revokeMenu(t.db, role, MENU.salaryProcess);
    await revokeMenu(t.db, role, MENU.salaryAdvance);
    try {
      expect((await manager.get('/api/dashboard/admin/payroll-cost', undefined, fresh)).statusCode).toBe(403);
      expect((await manager.get('/api/dashboard/admin/advances', undefined, fresh)).statusCode).toBe(403);
      expect((await manager.get('/api/dashboard/admin/headcount', undefined, fresh)).statusCode).toBe(200);
    } finally {
      await grantMenus(t.db, role, { [MENU.salaryProcess]: ['view', 'approve'], [MENU.salaryAdvance]: ['view', 'approve'] });
    }
  });
});

describe('admin widgets against the seeded data', () => {
  it('headcount by unit and department: administrator every unit, manager the mapped ones', async () => {
    type H = { asOf: string; total: number; byUnit: { id: number; count: number }[]; byDepartment: { id: number; count: number }[] };
    const all = await allEmployees();
    const h = await get<H>(admin, '/api/dashboard/admin/headcount');
    const on = all.filter((e) => employedOn(e, h.asOf));
    expect(h.total).toBe(on.length);
    const countBy = (list: Emp[], k: 'unitId' | 'departmentId') => {
      const m = new Map<number, number>();
      for (const e of list) m.set(e[k], (m.get(e[k]) ?? 0) + 1);
      return m;
    };
    expect(new Map(h.byUnit.map((u) => [u.id, u.count]))).toEqual(countBy(on, 'unitId'));
    expect(new Map(h.byDepartment.map((u) => [u.id, u.count]))).toEqual(countBy(on, 'departmentId'));

    const mine = [unitId['HO-BLR'], unitId['BR-CHN']];
    const m = await get<H>(manager, '/api/dashboard/admin/headcount');
    expect(m.byUnit.map((u) => u.id).sort()).toEqual([...mine].sort());
    const onMine = on.filter((e) => mine.includes(e.unitId));
    expect(m.total).toBe(onMine.length);
    expect(new Map(m.byDepartment.map((u) => [u.id, u.count]))).toEqual(countBy(onMine, 'departmentId'));

    // A past month counts on its last day.
    const past = addMonths(month, -3);
    const p = await get<H>(admin, '/api/dashboard/admin/headcount', { month: past });
    expect(p.asOf).toBe(addDays(monthOf(`${past}-01`).nextStartDate, -1));
    expect(p.total).toBe(all.filter((e) => employedOn(e, p.asOf)).length);
  });

  it('joiners and leavers by month: 12 months, oldest first', async () => {
    await addEmployee({ dateOfJoining: `${month}-01` });
    await addEmployee({ status: 'exited', exitDate: `${month}-01`, exitReason: 'Resigned', dateOfJoining: '2018-05-02' });
    const all = await allEmployees();
    const r = await get<{ months: { month: string; joined: number; left: number }[] }>(admin, '/api/dashboard/admin/movement');
    expect(r.months.map((x) => x.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11)));
    for (const x of r.months) {
      expect(x.joined, x.month).toBe(all.filter((e) => e.doj.slice(0, 7) === x.month).length);
      expect(x.left, x.month).toBe(all.filter((e) => e.exit?.slice(0, 7) === x.month).length);
    }
    expect(r.months[11].joined).toBeGreaterThanOrEqual(1);
    expect(r.months[11].left).toBeGreaterThanOrEqual(1);
    const one = await get<typeof r>(admin, '/api/dashboard/admin/movement', { unitId: testUnit });
    expect(one.months[11]).toEqual({ month, joined: 1, left: 1 });
  });

  it("today's attendance from the stored rows, with the drill-down list", async () => {
    // Five people of the test unit, no weekly off: one in late, one on leave, one working from home, one marked
    // absent by hand, one with nothing yet.
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addEmployee({}));
    await t.db.execute(sql`update employees set weekly_offs = '{}' where unit_id = ${testUnit}`);
    const at = new Date();
    await t.db.insert(dailyAttendance).values([
      { employeeId: ids[0], day: today, unitId: testUnit, status: 'P', firstIn: at, lateMinutes: 12, present: '1', payable: '1' },
      { employeeId: ids[1], day: today, unitId: testUnit, status: 'L', leave: '1', payable: '1' },
      { employeeId: ids[2], day: today, unitId: testUnit, status: 'WFH', present: '1', payable: '1' },
      { employeeId: ids[3], day: today, unitId: testUnit, status: 'A', isManual: true },
    ]);
    const employed = (await allEmployees()).filter((e) => e.unitId === testUnit && employedOn(e, today));
    type A = { date: string; employees: number; counts: Record<string, number> };
    const a = await get<A>(admin, '/api/dashboard/admin/attendance', { unitId: testUnit });
    expect(a.date).toBe(today);
    expect(a.employees).toBe(employed.length);
    const holidayToday = await queryRows(
      t.db,
      sql`select 1 from holidays h where h.is_active and h.holiday_type = 'national' and h.holiday_date = ${today}::date
            and (not exists (select 1 from holiday_units hu where hu.holiday_id = h.id)
                 or exists (select 1 from holiday_units hu where hu.holiday_id = h.id and hu.unit_id = ${testUnit}))`,
    );
    const nothing = employed.length - 4;
    expect(a.counts).toEqual({
      present: 1,
      late: 1,
      onLeave: 1,
      wfh: 1,
      absent: 1,
      off: holidayToday.length ? nothing : 0,
      notYetIn: holidayToday.length ? 0 : nothing,
    });

    type L = { total: number; rows: { employeeId: number; lateMinutes: number; status: string | null }[] };
    const late = await get<L>(admin, '/api/dashboard/admin/attendance/list', { unitId: testUnit, bucket: 'late' });
    expect(late.total).toBe(1);
    expect(late.rows).toMatchObject([{ employeeId: ids[0], lateMinutes: 12, status: 'P' }]);
    const pending = await get<L>(admin, '/api/dashboard/admin/attendance/list', {
      unitId: testUnit,
      bucket: holidayToday.length ? 'off' : 'notYetIn',
      pageSize: 2,
      page: 1,
    });
    expect(pending.total).toBe(nothing);
    expect(pending.rows.length).toBe(Math.min(2, nothing));
    expect(pending.rows.some((r) => r.employeeId === ids[4])).toBe(nothing <= 2 ? true : pending.rows.length === 2);
    const beyond = await get<L>(admin, '/api/dashboard/admin/attendance/list', { unitId: testUnit, bucket: 'onLeave', page: 5 });
    expect(beyond).toMatchObject({ total: 1, rows: [] });

    // Every employee in reach falls in exactly one figure (late is a part of present).
    const whole = await get<A>(admin, '/api/dashboard/admin/attendance');
    const c = whole.counts;
    expect(c.present + c.onLeave + c.wfh + c.absent + c.off + c.notYetIn).toBe(whole.employees);
    const stored = await queryRows<{ employeeId: number; status: string; firstIn: string | null }>(
      t.db,
      sql`select employee_id as "employeeId", status, first_in::text as "firstIn" from daily_attendance where day = ${today}::date`,
    );
    const inToday = new Set((await allEmployees()).filter((e) => employedOn(e, today)).map((e) => e.id));
    const wfh = stored.filter((s) => inToday.has(s.employeeId) && (s.status === 'WFH' || s.status === 'OD')).length;
    expect(c.wfh).toBe(wfh);
    expect(whole.employees).toBe(inToday.size);

    // A manager's figures are those of the mapped units only.
    const m = await get<A>(manager, '/api/dashboard/admin/attendance');
    const mine = (await allEmployees()).filter((e) => [unitId['HO-BLR'], unitId['BR-CHN']].includes(e.unitId) && employedOn(e, today));
    expect(m.employees).toBe(mine.length);
  });

  it('pending requests by kind, as the approvals table holds them', async () => {
    const direct = await queryRows<{ kind: string; unitId: number | null; n: number }>(
      t.db,
      sql`select kind, unit_id as "unitId", count(*)::int as n from approvals where state = 'pending' group by kind, unit_id`,
    );
    const sum = (rows: typeof direct) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(r.kind, (m.get(r.kind) ?? 0) + r.n);
      return m;
    };
    type R = { total: number; kinds: { kind: string; label: string; count: number }[] };
    const r = await get<R>(admin, '/api/dashboard/admin/requests');
    expect(new Map(r.kinds.map((k) => [k.kind, k.count]))).toEqual(sum(direct));
    expect(r.total).toBe(direct.reduce((s, x) => s + x.n, 0));
    const mine = [unitId['HO-BLR'], unitId['BR-CHN']];
    const m = await get<R>(manager, '/api/dashboard/admin/requests');
    expect(new Map(m.kinds.map((k) => [k.kind, k.count]))).toEqual(sum(direct.filter((d) => d.unitId !== null && mine.includes(d.unitId))));
    expect((await get<R>(admin, '/api/dashboard/admin/requests', { unitId: emptyUnit })).kinds).toEqual([]);
  });

  it('payroll cost of the last processed months, in rupees, and empty for a unit without runs', async () => {
    const runs = await queryRows<{ id: number; unitId: number; ym: string; gross: string; deductions: string; net: string; n: number }>(
      t.db,
      sql`select id, unit_id as "unitId", to_char(make_date(year, month, 1), 'YYYY-MM') as ym, gross::text, deductions::text, net::text,
            employee_count as n from payroll_runs where status in ('processed', 'approved', 'locked')`,
    );
    const paidNets = await queryRows<{ runId: number; net: string }>(t.db, sql`select run_id as "runId", net::text from salary_slips`);
    // The employer's shares as the slips hold them, read back whole and added up here.
    const slips = await queryRows<{ runId: number; statutory: Record<string, number> }>(
      t.db,
      sql`select run_id as "runId", statutory from salary_slips`,
    );
    const employerOf = (runIds: number[]): number | null => {
      const mine = slips.filter((x) => runIds.includes(x.runId) && Object.keys(x.statutory).length > 0);
      if (mine.length === 0) return null;
      const st = (x: Record<string, number>) => (x.eps ?? 0) + (x.epf ?? 0) + (x.edli ?? 0) + (x.esiEmployer ?? 0) + (x.lwfEmployer ?? 0);
      return mine.reduce((sum, x) => sum + st(x.statutory), 0);
    };
    type P = {
      months: { month: string; employees: number; gross: number; deductions: number; net: number; employerContributions: number | null }[];
    };
    const check = (p: P, list: typeof runs) => {
      const months = [...new Set(list.map((r) => r.ym))].sort().slice(-12);
      expect(p.months.map((m) => m.month)).toEqual(months);
      for (const m of p.months) {
        const of = list.filter((r) => r.ym === m.month);
        const paise = (k: 'gross' | 'deductions') => of.reduce((s, r) => s + BigInt(r[k]), 0n);
        expect(Math.round(m.gross * 100), m.month).toBe(Number(paise('gross')));
        expect(Math.round(m.deductions * 100)).toBe(Number(paise('deductions')));
        // Net pay as paid: each slip's net rounded to ₹10 as its payslip prints it (issue 26), added up here.
        expect(Math.round(m.net * 100)).toBe(
          Number(paidNets.filter((x) => of.some((r) => r.id === x.runId)).reduce((s, x) => s + roundNetPay(BigInt(x.net)).rounded, 0n)),
        );
        expect(m.employees).toBe(of.reduce((s, r) => s + r.n, 0));
        const employer = employerOf(of.map((r) => r.id));
        if (employer === null) expect(m.employerContributions, m.month).toBeNull();
        else expect(Math.round((m.employerContributions ?? -1) * 100), m.month).toBe(employer);
      }
    };
    expect(runs.length).toBeGreaterThan(0);
    // A processed month with the statutory figures: one slip given them here (as the engine stores them), so the
    // sum is checked against figures that are not all absent.
    const [one] = await queryRows<{ id: number }>(
      t.db,
      sql`select s.id from salary_slips s join payroll_runs r on r.id = s.run_id
      where r.status in ('processed', 'approved', 'locked') order by s.id limit 1`,
    );
    await t.db.execute(sql`update salary_slips set statutory = ${JSON.stringify({ eps: 125_000, epf: 55_000, edli: 7_500, esiEmployer: 0, lwfEmployer: 2_000 })}::jsonb
      where id = ${one.id} and statutory = '{}'::jsonb`);
    const withStatutory = await queryRows<{ runId: number; statutory: Record<string, number> }>(
      t.db,
      sql`select run_id as "runId", statutory from salary_slips`,
    );
    slips.splice(0, slips.length, ...withStatutory);
    expect(slips.some((x) => Object.keys(x.statutory).length > 0)).toBe(true);
    check(await get<P>(admin, '/api/dashboard/admin/payroll-cost'), runs);
    const mine = [unitId['HO-BLR'], unitId['BR-CHN']];
    check(
      await get<P>(manager, '/api/dashboard/admin/payroll-cost'),
      runs.filter((r) => mine.includes(r.unitId)),
    );
    expect(await get<P>(admin, '/api/dashboard/admin/payroll-cost', { unitId: emptyUnit })).toEqual({ months: [] });
  });

  it('missing mandatory documents from the maintained count, compared with a direct count', async () => {
    const direct = await queryRows<{ unitId: number; employees: number; documents: number }>(
      t.db,
      sql`select e.unit_id as "unitId", count(*)::int as employees, sum(x.n)::int as documents
          from employees e cross join lateral (
            select count(*)::int as n from unit_employee_doc_type_map m join employee_doc_types dt on dt.id = m.employee_doc_type_id
            where m.unit_id = e.unit_id and m.is_mandatory and m.is_active and dt.is_active
              and not exists (select 1 from employee_documents d where d.employee_id = e.id and d.doc_type_id = m.employee_doc_type_id)) x
          where e.status = 'active' and x.n > 0 group by e.unit_id`,
    );
    type D = { employees: number; documents: number; byUnit: { id: number; employees: number; documents: number }[] };
    const d = await get<D>(admin, '/api/dashboard/admin/documents');
    expect(new Map(d.byUnit.map((u) => [u.id, [u.employees, u.documents]]))).toEqual(
      new Map(direct.map((u) => [u.unitId, [u.employees, u.documents]])),
    );
    expect(d.employees).toBe(direct.reduce((s, u) => s + u.employees, 0));
    expect(await get<D>(admin, '/api/dashboard/admin/documents', { unitId: emptyUnit })).toEqual({
      employees: 0,
      documents: 0,
      byUnit: [],
    });
  });

  it('birthdays and work anniversaries of the next 30 days', async () => {
    const soon = addDays(today, 3);
    const born = `1990-${soon.slice(5)}`.replace('-02-29', '-02-28');
    const joined = `2021-${soon.slice(5)}`.replace('-02-29', '-02-28');
    const id = await addEmployee({ dateOfBirth: born, dateOfJoining: joined });
    type O = { from: string; to: string; total: number; rows: { employeeId: number; kind: string; date: string; years: number }[] };
    const o = await get<O>(admin, '/api/dashboard/admin/occasions', { unitId: testUnit });
    const mineRows = o.rows.filter((r) => r.employeeId === id);
    if (!born.endsWith('-02-28') || soon.endsWith('-02-28')) {
      expect(mineRows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'birthday', date: soon, years: Number(soon.slice(0, 4)) - 1990 }),
          expect.objectContaining({ kind: 'anniversary', date: soon, years: Number(soon.slice(0, 4)) - 2021 }),
        ]),
      );
    }
    // The whole organisation, counted here from the dates.
    const window = occasionWindow(today, 30);
    const all = (await allEmployees()).filter((e) => e.status !== 'exited');
    let expected = 0;
    for (const e of all) {
      for (const w of window) {
        if (e.dob.slice(5) === w.md) expected++;
        if (e.doj.slice(5) === w.md && w.day > e.doj) expected++;
      }
    }
    const whole = await get<O>(admin, '/api/dashboard/admin/occasions');
    expect(whole.total).toBe(expected);
    expect(whole.rows.length).toBe(Math.min(50, expected));
    expect([...whole.rows].map((r) => r.date)).toEqual([...whole.rows].map((r) => r.date).sort());
    expect(await get<O>(admin, '/api/dashboard/admin/occasions', { unitId: emptyUnit })).toMatchObject({ total: 0, rows: [] });
  });

  it('advances outstanding: paid out less recovered', async () => {
    const direct = await queryRows<{ unitId: number; outstanding: string }>(
      t.db,
      sql`select a.unit_id as "unitId", (a.advance_amount - coalesce((select sum(i.amount) from advance_instalments i
            where i.advance_id = a.id and i.status = 'recovered'), 0))::text as outstanding
          from salary_advances a where a.is_active and a.status in ('paid', 'recovering')`,
    );
    const open = direct.filter((d) => BigInt(d.outstanding) > 0n);
    type V = { count: number; outstanding: number; byUnit: { id: number; count: number; outstanding: number }[] };
    const v = await get<V>(admin, '/api/dashboard/admin/advances');
    expect(v.count).toBe(open.length);
    expect(Math.round(v.outstanding * 100)).toBe(Number(open.reduce((s, d) => s + BigInt(d.outstanding), 0n)));
    expect(v.byUnit.reduce((s, u) => s + u.count, 0)).toBe(open.length);
    expect(await get<V>(admin, '/api/dashboard/admin/advances', { unitId: emptyUnit })).toEqual({ count: 0, outstanding: 0, byUnit: [] });
  });

  it('an empty unit answers empty figures on every widget, not an error', async () => {
    for (const w of ADMIN_WIDGETS)
      expect((await admin.get(`/api/dashboard/admin/${w}`, { unitId: emptyUnit }, fresh)).statusCode, w).toBe(200);
    const h = await get<{ total: number; byUnit: unknown[] }>(admin, '/api/dashboard/admin/headcount', { unitId: emptyUnit });
    expect(h).toMatchObject({ total: 0, byUnit: [], byDepartment: [] });
    const a = await get<{ employees: number }>(admin, '/api/dashboard/admin/attendance', { unitId: emptyUnit });
    expect(a.employees).toBe(0);
  });

  it('keeps a widget for a few seconds per unit set, and reads afresh on no-cache', async () => {
    const first = (await admin.get('/api/dashboard/admin/headcount', { unitId: testUnit })).json().total as number;
    await addEmployee({});
    expect((await admin.get('/api/dashboard/admin/headcount', { unitId: testUnit })).json().total).toBe(first);
    expect((await admin.get('/api/dashboard/admin/headcount', { unitId: testUnit }, fresh)).json().total).toBe(first + 1);
  });

  it('works out the weekly-off codes of a day (weekday, n-th and last of the month)', () => {
    expect(weeklyOffCodesOn('2026-11-28').sort((a, b) => a - b)).toEqual([6, 46, 66]); // 4th and last Saturday
    expect(weeklyOffCodesOn('2026-11-01').sort((a, b) => a - b)).toEqual([0, 10]); // 1st Sunday
  });
});

describe('staff dashboard: own figures only', () => {
  let me: number;
  beforeAll(async () => {
    const [u] = await t.db.select({ employeeId: users.employeeId }).from(users).where(eq(users.userName, 'employee1'));
    me = u.employeeId as number;
  });

  it('today: own punches and stored status only', async () => {
    const r = await get<{ date: string; punches: { at: string }[]; status: string | null }>(emp1, '/api/dashboard/me/today');
    expect(r.date).toBe(today);
    const own = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from punches where employee_id = ${me} and (punched_at at time zone ${orgZone()})::date = ${today}::date`,
    );
    expect(r.punches.length).toBe(own[0].n);
    const [row] = await t.db.select().from(dailyAttendance).where(sql`employee_id = ${me} and day = ${today}::date`);
    expect(r.status).toBe(row?.status ?? null);
  });

  it('this month so far from the stored rows', async () => {
    const { startDate } = monthOf(today);
    const [d] = await queryRows<{ n: number; present: number; payable: number }>(
      t.db,
      sql`select count(*)::int as n, coalesce(sum(present), 0)::float8 as present, coalesce(sum(payable), 0)::float8 as payable
          from daily_attendance where employee_id = ${me} and day between ${startDate}::date and ${today}::date`,
    );
    const r = await get<{ recordedDays: number; present: number; payable: number }>(emp1, '/api/dashboard/me/month');
    expect(r).toMatchObject({ recordedDays: d.n, present: d.present, payable: d.payable });
  });

  it("leave balances, pending requests, last payslip and the unit's holidays", async () => {
    const leave = await get<{ leaveTypeId: number }[]>(emp1, '/api/dashboard/me/leave');
    const same = await get<{ leaveTypeId: number }[]>(emp1, '/api/leave/balances/me');
    expect(leave).toEqual(same);

    const pending = await get<{ rows: { approvalId: number }[] }>(emp1, '/api/dashboard/me/requests');
    const own = await queryRows<{ id: number }>(
      t.db,
      sql`select id from approvals where state = 'pending' and employee_id = ${me} order by id desc limit 20`,
    );
    expect(pending.rows.map((r) => r.approvalId)).toEqual(own.map((o) => o.id));

    const slip = await get<{ slip: { year: number; month: number; net: number } | null }>(emp1, '/api/dashboard/me/payslip');
    const [last] = await queryRows<{ year: number; month: number; net: string }>(
      t.db,
      sql`select r.year, r.month, s.net::text from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = ${me} and r.status in ('approved', 'locked') order by r.year desc, r.month desc limit 1`,
    );
    if (last) {
      expect(slip.slip).toMatchObject({ year: last.year, month: last.month });
      // Net pay as paid: rounded to ₹10 as the payslip prints it (issue 26).
      expect(Math.round((slip.slip?.net ?? 0) * 100)).toBe(Number(roundNetPay(BigInt(last.net)).rounded));
      // The download goes through the payslip endpoint for that month.
      expect((await emp1.get('/api/payroll/payslips/me', { year: last.year, month: last.month })).statusCode).toBe(200);
    } else expect(slip.slip).toBeNull();

    const hol = await get<{ rows: { date: string }[] }>(emp1, '/api/dashboard/me/holidays');
    expect(hol.rows.every((h) => h.date >= today && h.date < addDays(today, 90))).toBe(true);
  });

  it('a sign-in without an employee record gets 404 on the staff widgets (no one else’s figures)', async () => {
    expect((await admin.get('/api/dashboard/me/today')).statusCode).toBe(404);
  });
});
