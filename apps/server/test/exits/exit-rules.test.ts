// The exit rules are master data: the notice period on the designation (else the unit's default, else 30 days) and a
// leave type's encashment at exit (cap, wages, divisor) on the leave type master; a separation takes its notice period
// from them when recorded, a settlement's encashment line from the leave type.
import { MENU, RESOURCE } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp = { id: 0, unitId: 0, designationId: 0 };

async function put(resource: 'unit' | 'designation' | 'leaveType', id: number, change: Record<string, unknown>) {
  const url = `/api/resources/${resource}/${id}`;
  const row = (await admin.get(url)).json();
  const body = Object.fromEntries(Object.keys(RESOURCE[resource].fields).map((k) => [k, row[k]]));
  return admin.put(url, { ...body, ...change });
}

async function separationNotice(): Promise<number> {
  const res = await payroll.post('/api/exits/separations', {
    employeeId: emp.id,
    type: 'resignation',
    noticeGivenOn: '2026-10-01',
    lastDayRequested: '2026-10-31',
    reason: 'Higher studies',
  });
  expect(res.statusCode, res.body).toBe(201);
  const s = res.json();
  // Withdrawn again, so the next one may be recorded.
  await t.db.execute(sql`update separations set status = 'withdrawn' where id = ${s.id}`);
  return s.noticeDays;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  [emp] = await queryRows<typeof emp>(
    t.db,
    sql`select e.id, e.unit_id as "unitId", e.designation_id as "designationId" from users u join employees e on e.id = u.employee_id
        where u.user_name = 'employee2'`,
  );
});
afterAll(() => t?.close());

describe('notice periods in the masters', () => {
  it('30 days when neither the designation nor the unit sets one; the unit default; the designation first', async () => {
    expect(await separationNotice()).toBe(30);
    expect((await put('unit', emp.unitId, { noticeDays: 60 })).statusCode).toBe(200);
    expect(await separationNotice()).toBe(60);
    const d = await put('designation', emp.designationId, { noticeDays: 90 });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().noticeDays).toBe(90);
    expect(await separationNotice()).toBe(90);
    expect((await put('designation', emp.designationId, { noticeDays: null })).statusCode).toBe(200);
    expect(await separationNotice()).toBe(60);
  });

  it('is checked (0 to 365 whole days) and edited only with the master menu', async () => {
    const bad = await put('designation', emp.designationId, { noticeDays: 400 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('noticeDays');
    expect((await put('unit', emp.unitId, { noticeDays: 1.5 })).statusCode).toBe(400);
    const limited = await createUnitLimitedUser(t, { menus: { [MENU.designation]: ['view'] }, unitIds: [emp.unitId] });
    const row = (await limited.api.get(`/api/resources/designation/${emp.designationId}`)).json();
    expect((await limited.api.put(`/api/resources/designation/${emp.designationId}`, { ...row, noticeDays: 10 })).statusCode).toBe(403);
  });
});

describe('encashment at exit on the leave type master', () => {
  it('cap, wages and divisor are saved and checked', async () => {
    const [el] = await queryRows<{ id: number }>(t.db, sql`select id from leave_types where code = 'EL'`);
    const ok = await put('leaveType', el.id, { isEncashable: true, encashMaxDays: '45', encashWageBasis: 'gross', encashDivisor: 26 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ encashMaxDays: '45.0', encashWageBasis: 'gross', encashDivisor: 26 });
    const bad = await put('leaveType', el.id, { encashWageBasis: 'ctc', encashDivisor: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['encashWageBasis', 'encashDivisor']));
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await employee.put(`/api/resources/leaveType/${el.id}`, {})).statusCode).toBe(403);
  });
});
