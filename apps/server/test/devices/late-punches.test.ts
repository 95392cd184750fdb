// A locked month's punch log does not change (issue 23): punches that arrive for a day whose salary month is approved
// or locked — a device's ATTLOG lines, a PIN mapped afterwards, a web punch — are kept apart as late punches, counted
// nowhere (not in the day's punches, not in its attendance), listed for the payroll office within its units, and
// applied (moved into the punch log, the days worked out again) when the month is unlocked.
import { addDays, addMonths, isoDateIn, todayIn, weekday } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

const ZONE = 'Asia/Kolkata';
const SERIAL = 'LATEDEV01';
const KEY = 'late-dev-key';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let hoUnit = 0;
let otherUnit = 0;
/** A working day of last month (salary locked by the seed), and an employee of the head office paid in that run. */
let day = '';
let worker = { id: 0, code: '' };
let mapped = { id: 0, code: '' };
let stamp = 100;

const today = todayIn(ZONE);
const lastMonth = addMonths(today.slice(0, 7), -1);

const upload = (lines: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=${++stamp}&key=${KEY}`,
    headers: { 'content-type': 'text/plain' },
    payload: lines.join('\n'),
  });

const punchesOf = async (employeeId: number, d: string) => {
  const res = await admin.get(`/api/attendance/punches?employeeId=${employeeId}&from=${d}&to=${d}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; localTime: string; source: string }[];
};

const dayOf = async (employeeId: number, d: string) => {
  const res = await admin.get(`/api/attendance/month?employeeId=${employeeId}&year=${d.slice(0, 4)}&month=${Number(d.slice(5, 7))}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().days as { day: string }[]).find((x) => x.day === d);
};

const lateList = async (as: ReturnType<typeof api>, query = '') => {
  const res = await as.get(`/api/attendance/late-punches${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: number;
    employeeId: number;
    day: string;
    localTime: string;
    source: string;
    deviceSerial: string | null;
    arrivedAt: string;
  }[];
};

const runOf = async (unitId: number, ym: string) =>
  (
    await queryRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from payroll_runs where unit_id = ${unitId} and year = ${Number(ym.slice(0, 4))} and month = ${Number(ym.slice(5, 7))}`,
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units order by id`);
  hoUnit = units.find((u) => u.code === 'HO-BLR')!.id;
  otherUnit = units.find((u) => u.code === 'BR-CHN')!.id;
  const created = await admin.post('/api/resources/biometricDevice', {
    serialNumber: SERIAL,
    name: 'Late test gate',
    unitId: hoUnit,
    timeZone: ZONE,
    commKey: KEY,
  });
  expect(created.statusCode, created.body).toBe(201);
  // A weekday of last month from the 15th on (the head office's weekly offs are Sundays and some Saturdays).
  day = `${lastMonth}-15`;
  while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
  const run = await runOf(hoUnit, lastMonth);
  expect(run.status).toBe('locked');
  const paid = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select e.id, e.employee_code as code from salary_slips s join employees e on e.id = s.employee_id
        where s.run_id = ${run.id} and e.unit_id = ${hoUnit} and e.device_user_id is null and e.status = 'active'
          and e.employee_code ~ '^[A-Za-z0-9]+$'
          and not exists (select 1 from users u where u.employee_id = e.id)
        order by e.id limit 2`,
  );
  expect(paid.length).toBe(2);
  [worker, mapped] = paid;
});
afterAll(() => t?.close());

describe('punches arriving for a locked month', () => {
  it("keeps a device's lines for a locked day apart: the day's punches and attendance stay as they were", async () => {
    const punchesBefore = await punchesOf(worker.id, day);
    const dayBefore = await dayOf(worker.id, day);
    expect(dayBefore).toMatchObject({ frozen: true });
    // A line of a minute ago goes into the log as usual (unless that is still last month: the first minute of a month).
    const recent = new Date(Date.now() - 60_000);
    const recentLocal = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' }).format(recent);
    const recentDay = isoDateIn(ZONE, recent);
    const lines = [
      `${worker.code}\t${day} 06:31:00\t0\t1\t0`,
      `${worker.code}\t${day} 22:47:00\t1\t1\t0`,
      `${worker.code}\t${recentLocal}\t0\t1\t0`,
    ];

    const res = await upload(lines);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK: 3'); // acknowledged: the device does not resend
    expect(await punchesOf(worker.id, day)).toEqual(punchesBefore);
    expect(await dayOf(worker.id, day)).toEqual(dayBefore);
    if (recentDay.slice(0, 7) !== lastMonth) {
      expect((await punchesOf(worker.id, recentDay)).some((p) => p.source === 'device' && p.localTime === recentLocal.slice(0, 16))).toBe(
        true,
      );
    }

    const late = (await lateList(payroll)).filter((l) => l.employeeId === worker.id && l.day === day);
    expect(late.map((l) => l.localTime).sort()).toEqual([`${day} 06:31`, `${day} 22:47`]);
    for (const l of late) {
      expect(l).toMatchObject({ source: 'device', deviceSerial: SERIAL });
      expect(Date.parse(l.arrivedAt)).toBeGreaterThan(Date.parse(`${today}T00:00:00+05:30`) - 86_400_000);
    }

    // The device did not hear the answer and sends the batch again: kept once.
    expect((await upload(lines)).body).toBe('OK: 3');
    expect((await lateList(payroll)).filter((l) => l.employeeId === worker.id && l.day === day)).toHaveLength(2);
    expect(await punchesOf(worker.id, day)).toEqual(punchesBefore);
  });

  it('lists late punches only within the caller’s units, and not to staff', async () => {
    const ho = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [hoUnit], name: 'HO payroll' });
    const branch = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [otherUnit], name: 'Branch payroll' });
    expect((await lateList(ho.api)).some((l) => l.employeeId === worker.id)).toBe(true);
    expect((await lateList(branch.api)).some((l) => l.employeeId === worker.id)).toBe(false);
    expect((await branch.api.get(`/api/attendance/late-punches?unitId=${hoUnit}`)).statusCode).toBe(404);
    expect((await emp1.get('/api/attendance/late-punches')).statusCode).toBe(403);
    // Applying needs the salary process's edit action, and applies nothing while the month is still locked.
    expect((await ho.api.post('/api/attendance/late-punches/apply', { year: 2026, month: 1 })).statusCode).toBe(403);
    const [y, m] = lastMonth.split('-').map(Number);
    const apply = await payroll.post('/api/attendance/late-punches/apply', { year: y, month: m, unitId: hoUnit });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toEqual({ applied: 0, stillFrozen: 2 });
    expect((await payroll.post('/api/attendance/late-punches/apply', { year: y, month: 13 })).statusCode).toBe(400);
    expect((await lateList(payroll)).filter((l) => l.employeeId === worker.id)).toHaveLength(2);
  });

  it('a PIN mapped afterwards brings its punches of a locked day in as late punches, not into the day', async () => {
    const pin = 'LP4242';
    const punchesBefore = await punchesOf(mapped.id, day);
    expect((await upload([`${pin}\t${day} 07:07:00\t0\t1\t0`])).body).toBe('OK: 1');
    const res = await admin.post('/api/attendance/unmatched/map', { devicePin: pin, employeeId: mapped.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mapped: 1, late: 1 });
    expect(await punchesOf(mapped.id, day)).toEqual(punchesBefore);
    expect((await lateList(payroll)).filter((l) => l.employeeId === mapped.id).map((l) => l.localTime)).toEqual([`${day} 07:07`]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from punches where device_pin = ${pin}`);
    expect(n).toBe(0);
  });

  it('unlocking the month moves its late punches into the punch log and works the day out again', async () => {
    const run = await runOf(hoUnit, lastMonth);
    const before = await punchesOf(worker.id, day);
    const res = await admin.post(`/api/payroll/runs/${run.id}/unlock`, { reason: 'Late device upload to take in' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lateList(payroll)).filter((l) => l.employeeId === worker.id || l.employeeId === mapped.id)).toEqual([]);
    const after = await punchesOf(worker.id, day);
    expect(after.length).toBe(before.length + 2);
    expect(after[0].localTime).toBe(`${day} 06:31`);
    expect(after[after.length - 1].localTime).toBe(`${day} 22:47`);
    expect(await dayOf(worker.id, day)).toMatchObject({ frozen: false, firstIn: '06:31', lastOut: '22:47' });
    expect((await punchesOf(mapped.id, day)).some((p) => p.localTime === `${day} 07:07`)).toBe(true);
    const [audit] = await queryRows<{ after: { latePunchesApplied: number } }>(
      t.db,
      sql`select after from audit_log where entity = 'payroll_runs' and entity_id = ${String(run.id)} and action = 'unlock' order by id desc limit 1`,
    );
    expect(audit.after.latePunchesApplied).toBe(3);
  });
});

describe('a web punch while the month is locked', () => {
  it('is answered 201 and kept apart, then applied when the month is unlocked', async () => {
    const [me] = await queryRows<{ employeeId: number; unitId: number }>(
      t.db,
      sql`select e.id as "employeeId", e.unit_id as "unitId" from users u join employees e on e.id = u.employee_id where u.user_name = 'employee1'`,
    );
    const run = await runOf(me.unitId, today.slice(0, 7));
    // The month closed early (salaries paid before its end): set here as the approvals would leave it.
    await t.db.execute(sql`update payroll_runs set status = 'locked' where id = ${run.id}`);
    const before = await punchesOf(me.employeeId, today);

    const res = await emp1.post('/api/attendance/punches/web', { direction: 'in' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ late: true, punch: { source: 'web', employeeId: me.employeeId } });
    expect(await punchesOf(me.employeeId, today)).toEqual(before);
    expect((await lateList(payroll)).filter((l) => l.employeeId === me.employeeId).map((l) => l.source)).toEqual(['web']);
    // A double tap is still one.
    expect((await emp1.post('/api/attendance/punches/web', { direction: 'in' })).statusCode).toBe(409);

    const unlocked = await admin.post(`/api/payroll/runs/${run.id}/unlock`, { reason: 'Reopened for the late punches' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await lateList(payroll)).filter((l) => l.employeeId === me.employeeId)).toEqual([]);
    const after = await punchesOf(me.employeeId, today);
    expect(after.length).toBe(before.length + 1);
    await t.db.execute(sql`update payroll_runs set status = ${run.status} where id = ${run.id}`);
  });
});
