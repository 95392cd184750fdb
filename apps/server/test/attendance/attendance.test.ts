// Attendance end to end on the API: a simulated ZKTeco terminal over real HTTP (handshake, a batch with a
// duplicate and a malformed line, resend, an unknown serial, time zones, unmatched PINs), web and phone
// punches (426 for an old app, geofence), scoping, manual marking and the frozen month, rosters, regularisation
// through the approvals module, and payroll reading payable days and LWOP from daily attendance.
import { addDays, addMonths, todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let base = '';
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let emp2: ReturnType<typeof api>;
const today = todayIn('Asia/Kolkata');

const idOf = async (code: string) =>
  (await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code = ${code}`))[0].id;

beforeAll(async () => {
  // Device lines of today's evening may lie hours ahead of the clock: allow a day of skew (the window is tested in
  // test/devices/device-window.test.ts).
  t = await createTestApp({ config: { deviceClockSkewMinutes: 1440 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  emp2 = api(t.app, await signIn(t.app, 'employee2'));
  const dubai = await admin.post('/api/resources/biometricDevice', {
    serialNumber: 'SIMDXB0001',
    name: 'Dubai desk',
    unitId: 1,
    timeZone: 'Asia/Dubai',
  });
  expect(dubai.statusCode).toBe(201);
});
afterAll(() => t?.close());

const device = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
const countPunches = async (where: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from punches where ${where}`))[0].n;

describe('biometric device (ADMS push) over HTTP', () => {
  it('answers the handshake with the stored stamps and its options', async () => {
    const res = await device('/iclock/cdata?SN=SIMDXB0001&options=all&pushver=2.4.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body.startsWith('GET OPTION FROM: SIMDXB0001\n')).toBe(true);
    for (const line of [
      'ATTLOGStamp=0',
      'OPERLOGStamp=0',
      'ErrorDelay=30',
      'Delay=10',
      'TransTimes=00:00;14:05',
      'TransInterval=1',
      'TransFlag=1111000000',
      'Realtime=1',
      'Encrypt=0',
      'TimeZone=4',
    ]) {
      expect(body).toContain(`${line}\n`);
    }
  });

  it('stores a batch once, skips malformed lines, keeps unmatched PINs, reads times in the device zone', async () => {
    const day = today; // the seed's punches end yesterday
    const lines = [
      `BLR0003\t${day} 09:00:00\t0\t1\t0\t0`,
      `BLR0003\t${day} 09:00:00\t0\t1\t0\t0`, // the same line twice in the batch
      `BLR0003\t${day} 17:45:10\t1\t1\t0\t0`,
      'garbage line',
      `BLR0004\t${day} 25:61:00\t0\t1`, // not a time
      `7777\t${day} 09:05:00\t0\t15\t0`, // nobody's PIN
    ].join('\n');
    const res = await device(`/iclock/cdata?SN=SIMDXB0001&table=ATTLOG&Stamp=1001`, {
      method: 'POST',
      body: lines,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK: 3');
    const emp = await idOf('BLR0003');
    const stored = await queryRows<{ at: string; source: string }>(
      t.db,
      sql`select to_char(punched_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as at, source from punches
          where device_id = (select id from biometric_devices where serial_number = 'SIMDXB0001') and employee_id = ${emp} order by punched_at`,
    );
    // 09:00 in Dubai is 10:30 in India.
    expect(stored.map((s) => s.at)).toEqual([`${day} 10:30`, `${day} 19:15`]);
    expect(await countPunches(sql`device_pin = '7777' and employee_id is null`)).toBe(1);

    // The device did not hear the answer and sends the batch again: nothing is stored twice.
    const again = await device(`/iclock/cdata?SN=SIMDXB0001&table=ATTLOG&Stamp=1001`, { method: 'POST', body: lines });
    expect(await again.text()).toBe('OK: 3');
    expect(
      await countPunches(sql`employee_id = ${emp} and device_id = (select id from biometric_devices where serial_number = 'SIMDXB0001')`),
    ).toBe(2);

    // The handshake now tells the device where it got to.
    expect(await (await device('/iclock/cdata?SN=SIMDXB0001&options=all')).text()).toContain('ATTLOGStamp=1001\n');
    // And the day is worked out from the punches (late: 10:30 against a 09:30 start).
    const month = (
      await admin.get(`/api/attendance/month?employeeId=${emp}&year=${day.slice(0, 4)}&month=${Number(day.slice(5, 7))}`)
    ).json();
    const d = month.days.find((x: { day: string }) => x.day === day);
    if (d.status !== 'WO' && d.status !== 'H') {
      expect(d.firstIn).toBe('10:30');
      expect(d.lateMinutes).toBe(60);
    }
  });

  it('refuses an unknown or inactive serial and stores nothing', async () => {
    const before = await countPunches(sql`true`);
    const res = await device(`/iclock/cdata?SN=NOSUCH0001&table=ATTLOG&Stamp=5`, {
      method: 'POST',
      body: `BLR0003\t${today} 09:00:00\t0\t1`,
    });
    expect(res.status).toBe(403);
    expect(await countPunches(sql`true`)).toBe(before);
  });

  it('acknowledges OPERLOG and serves queued commands on the heartbeat', async () => {
    const op = await device('/iclock/cdata?SN=SIMDXB0001&table=OPERLOG&Stamp=77', {
      method: 'POST',
      body: 'OPLOG 4\t0\t2026-01-01 10:00:00\t0\t0\t0\t0\nOPLOG 5\t0\t2026-01-01 10:00:00\t0\t0\t0\t0',
    });
    expect(await op.text()).toBe('OK: 2');
    const [dev] = await queryRows<{ id: number; stamp: string }>(
      t.db,
      sql`select id, last_operlog_stamp as stamp from biometric_devices where serial_number = 'SIMDXB0001'`,
    );
    expect(dev.stamp).toBe('77');
    const queued = await admin.post(`/api/attendance/devices/${dev.id}/commands`, { command: 'INFO' });
    expect(queued.statusCode).toBe(201);
    expect(await (await device('/iclock/getrequest?SN=SIMDXB0001')).text()).toBe(`C:${queued.json().id}:INFO`);
    expect(await (await device('/iclock/getrequest?SN=SIMDXB0001')).text()).toBe('OK');
    await device('/iclock/devicecmd?SN=SIMDXB0001', { method: 'POST', body: `ID=${queued.json().id}&Return=0&CMD=INFO` });
    const [cmd] = await queryRows<{ status: string }>(t.db, sql`select status from device_commands where id = ${queued.json().id}`);
    expect(cmd.status).toBe('done');
    expect((await manager.post(`/api/attendance/devices/${dev.id}/commands`, { command: 'INFO' })).statusCode).toBe(403);
  });

  it('lists devices with their last contact, and maps an unmatched PIN to an employee', async () => {
    const list = (await admin.get('/api/attendance/devices')).json();
    const sim = list.find((d: { serialNumber: string }) => d.serialNumber === 'SIMDXB0001');
    expect(sim.lastSeenAt).not.toBeNull();
    expect(sim.lastStamp).toBe('1001');
    const unmatched = (await admin.get('/api/attendance/unmatched')).json();
    expect(unmatched.some((u: { devicePin: string }) => u.devicePin === '7777')).toBe(true);
    const emp = await idOf('BLR0005');
    expect((await emp1.post('/api/attendance/unmatched/map', { devicePin: '7777', employeeId: emp })).statusCode).toBe(403);
    const mapped = await admin.post('/api/attendance/unmatched/map', { devicePin: '7777', employeeId: emp });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().mapped).toBe(1);
    expect(await countPunches(sql`device_pin = '7777' and employee_id = ${emp}`)).toBe(1);
    // The PIN is now the employee's: the next line with it is theirs straight away.
    await device('/iclock/cdata?SN=SIMDXB0001&table=ATTLOG&Stamp=1002', { method: 'POST', body: `7777\t${today} 08:00:00\t0\t1` });
    expect(await countPunches(sql`device_pin = '7777' and employee_id = ${emp}`)).toBe(2);
    // Another employee cannot take the same PIN.
    const taken = await admin.post('/api/attendance/unmatched/map', { devicePin: '7777', employeeId: await idOf('BLR0006') });
    expect(taken.statusCode).toBe(409);
  });
});

describe('punches from the web and the phone', () => {
  it("stamps the employee's web punch with the server's time and refuses a double click", async () => {
    const before = Date.now();
    const res = await emp1.post('/api/attendance/punches/web', { direction: 'in' });
    expect(res.statusCode).toBe(201);
    const { punch, day } = res.json();
    expect(punch.source).toBe('web');
    expect(new Date(punch.punchedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A working day has no status until it has an in and an out; a weekly off or a holiday has its status already
    // (the suite runs on any day: 28 November 2026 is a fourth Saturday, a weekly off in the demo units).
    if (day !== null) expect(['WO', 'H']).toContain(day.status);
    expect(day?.present ?? 0).toBe(0);
    expect((await emp1.post('/api/attendance/punches/web', { direction: 'out' })).statusCode).toBe(409);
    const mine = (await emp1.get(`/api/attendance/punches?from=${today}&to=${today}`)).json();
    expect(mine.some((p: { id: number }) => p.id === punch.id)).toBe(true);
  });

  it('refuses an app older than the oldest supported version with 426 and says which to install', async () => {
    const res = await emp2.post('/api/attendance/punches/mobile', {
      latitude: 13.0569,
      longitude: 80.2425,
      accuracy: 10,
      deviceId: 'phone-1',
      appVersion: 99,
    });
    expect(res.statusCode).toBe(426);
    expect(res.json().message).toMatch(/install version .*120/);
  });

  it('keeps a phone punch outside the geofence, flagged', async () => {
    const res = await emp2.post('/api/attendance/punches/mobile', {
      latitude: 13.2,
      longitude: 80.5,
      accuracy: 10,
      deviceId: 'phone-1',
      appVersion: 120,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().punch.outsideGeofence).toBe(true);
    expect(res.json().punch.latitude).toBe(13.2);
  });

  it('checks the body: bad coordinates are a 400 naming the field', async () => {
    const res = await emp2.post('/api/attendance/punches/mobile', {
      latitude: 200,
      longitude: 80,
      accuracy: 10,
      deviceId: 'x',
      appVersion: 120,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.latitude).toBeDefined();
  });

  it('a sign-in without an employee record cannot punch', async () => {
    expect((await admin.post('/api/attendance/punches/web', {})).statusCode).toBe(403);
  });
});

describe('scoping', () => {
  it("an employee sees only their own punches and month; a manager only their units'", async () => {
    const other = await idOf('BLR0003');
    expect((await emp1.get(`/api/attendance/punches?employeeId=${other}&from=${today}&to=${today}`)).statusCode).toBe(404);
    expect((await emp1.get(`/api/attendance/month?employeeId=${other}&year=2026&month=1`)).statusCode).toBe(404);
    const mysuru = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select e.id from employees e join units u on u.id = e.unit_id where u.code = 'BR-MYS' limit 1`,
      )
    )[0];
    if (mysuru) expect((await manager.get(`/api/attendance/month?employeeId=${mysuru.id}&year=2026&month=1`)).statusCode).toBe(404);
    expect((await manager.get(`/api/attendance/month?employeeId=${other}&year=2026&month=1`)).statusCode).toBe(200);
    expect((await emp1.get(`/api/attendance/day?date=${today}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/attendance/day?date=${today}` })).statusCode).toBe(401);
    expect((await emp1.get(`/api/attendance/tracking?date=${today}`)).statusCode).toBe(403);
  });

  it("a manager's day covers their units only, with counts", async () => {
    const res = await manager.get(`/api/attendance/day?date=${addDays(today, -1)}&pageSize=500`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    const units = new Set(v.rows.map((r: { unitName: string }) => r.unitName));
    expect(units.has('Mysuru Campus')).toBe(false);
    expect(v.counts.employees).toBe(v.total);
    expect((await manager.get(`/api/attendance/day?date=${today}&unitId=3`)).statusCode).toBe(404);
  });

  it('"at work now" follows the latest punch of the last hours, across midnight, and only today', async () => {
    // Mysuru has no seeded punches: four employees with punches written here, relative to now.
    const [night, outAgain, noDirection, longAgo] = await Promise.all(['MYS0001', 'MYS0002', 'MYS0003', 'MYS0004'].map(idOf));
    const punch = (employeeId: number, hoursAgo: number, direction: 'in' | 'out' | null) =>
      t.db.execute(
        sql`insert into punches (employee_id, punched_at, source, direction)
            values (${employeeId}, now() - ${hoursAgo}::float8 * interval '1 hour', 'manual', ${direction})`,
      );
    await punch(night, 7, 'in'); // a night shift's in (yesterday evening when it is early morning): at work
    await punch(outAgain, 10, 'in');
    await punch(outAgain, 0.5, 'out'); // in and out again: not at work
    await punch(noDirection, 2, null); // one punch without a direction: at work by parity
    await punch(longAgo, 20, 'in'); // an in too long ago (a missed out): not at work
    const res = await admin.get(`/api/attendance/day?date=${today}&unitId=3&pageSize=500`);
    expect(res.statusCode, res.body).toBe(200);
    const onDuty = new Map((res.json().rows as { employeeId: number; onDuty: boolean }[]).map((r) => [r.employeeId, r.onDuty]));
    expect([night, outAgain, noDirection, longAgo].map((id) => onDuty.get(id))).toEqual([true, false, true, false]);
    expect(res.json().counts.onDutyNow).toBe(2);
    const inNow = await admin.get(`/api/attendance/day?date=${today}&unitId=3&status=in&pageSize=500`);
    expect((inNow.json().rows as { employeeId: number }[]).map((r) => r.employeeId).sort()).toEqual([night, noDirection].sort());
    // Another day's view says nobody is at work now.
    const yesterday = await admin.get(`/api/attendance/day?date=${addDays(today, -1)}&unitId=3&pageSize=500`);
    expect(yesterday.json().counts.onDutyNow).toBe(0);
  });
});

describe('manual marking, frozen months, rosters', () => {
  it('marks a day by hand with a remark, and clears the marking', async () => {
    const emp = await idOf('BLR0007');
    const marked = await manager.put('/api/attendance/day', {
      employeeId: emp,
      day: today,
      status: 'OD',
      remark: 'At the bank for the unit',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'OD', isManual: true, payable: 1 });
    expect((await manager.put('/api/attendance/day', { employeeId: emp, day: today, status: 'P', remark: 'x' })).statusCode).toBe(400);
    const cleared = await manager.put('/api/attendance/day', { employeeId: emp, day: today, status: null, remark: 'Marked by mistake' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()?.isManual ?? false).toBe(false);
    expect(
      (await emp1.put('/api/attendance/day', { employeeId: emp, day: today, status: 'P', remark: 'Not mine to mark' })).statusCode,
    ).toBe(403);
  });

  it('refuses changes to a month whose salary is locked (409)', async () => {
    const emp = await idOf('BLR0007');
    const lastMonth = `${addMonths(today.slice(0, 7), -1)}-10`;
    const res = await manager.put('/api/attendance/day', { employeeId: emp, day: lastMonth, status: 'P', remark: 'Late correction' });
    expect(res.statusCode).toBe(409);
    const reg = await emp1.post('/api/attendance/regularisations', {
      day: lastMonth,
      inTime: '09:30',
      outTime: '18:00',
      reason: 'Forgot to punch',
    });
    expect(reg.statusCode).toBe(409);
    const assign = await admin.post('/api/attendance/assignments', {
      employeeIds: [emp],
      fromDate: lastMonth,
      kind: 'fixed',
      pattern: [1],
    });
    expect(assign.statusCode).toBe(409);
  });

  it('keeps a locked month frozen for an employee transferred afterwards to a unit whose month is open', async () => {
    const lastMonth = addMonths(today.slice(0, 7), -1);
    const [y, m] = lastMonth.split('-').map(Number);
    // An employee paid in last month's locked run (the seed locks the demo units' earlier months).
    const [paid] = await queryRows<{ employeeId: number; unitId: number }>(
      t.db,
      sql`select s.employee_id as "employeeId", r.unit_id as "unitId" from salary_slips s join payroll_runs r on r.id = s.run_id
          join employees e on e.id = s.employee_id
          where r.year = ${y} and r.month = ${m} and r.status in ('approved', 'locked') and e.status = 'active'
            and e.employee_code not in ('BLR0007', 'BLR0008')
          order by s.employee_id limit 1`,
    );
    expect(paid).toBeDefined();
    const [unit] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into units (name, code) values ('Transfer Test Unit', 'TRF') returning id`,
    );
    // Transferred after the lock: the new unit has no salary run for last month.
    await t.db.execute(sql`update employees set unit_id = ${unit.id}, updated_at = now() where id = ${paid.employeeId}`);
    const day = `${lastMonth}-12`;
    const marked = await admin.put('/api/attendance/day', { employeeId: paid.employeeId, day, status: 'P', remark: 'After the transfer' });
    expect(marked.statusCode, marked.body).toBe(409);
    const month = await admin.get(`/api/attendance/month?employeeId=${paid.employeeId}&year=${y}&month=${m}`);
    expect(month.statusCode, month.body).toBe(200);
    const days = month.json().days as { day: string; frozen: boolean }[];
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d.frozen)).toBe(true);
    // The month now open in the new unit is not frozen for them.
    const now = await admin.get(
      `/api/attendance/month?employeeId=${paid.employeeId}&year=${today.slice(0, 4)}&month=${Number(today.slice(5, 7))}`,
    );
    expect((now.json().days as { frozen: boolean }[]).some((d) => d.frozen)).toBe(false);
    await t.db.execute(sql`update employees set unit_id = ${paid.unitId} where id = ${paid.employeeId}`);
  });

  it('assigns a weekly pattern and shows it on the roster', async () => {
    const emp = await idOf('BLR0008');
    const shifts = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from shifts order by id`);
    const mor = shifts.find((s) => s.code === 'MOR')!.id;
    const eve = shifts.find((s) => s.code === 'EVE')!.id;
    expect(
      (await emp1.post('/api/attendance/assignments', { employeeIds: [emp], fromDate: today, kind: 'fixed', pattern: [mor] })).statusCode,
    ).toBe(403);
    const mysuru = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'BR-MYS'`))[0];
    if (mysuru)
      expect(
        (await manager.post('/api/attendance/assignments', { unitId: mysuru.id, fromDate: today, kind: 'fixed', pattern: [mor] }))
          .statusCode,
      ).toBe(404);
    const wrong = await manager.post('/api/attendance/assignments', {
      employeeIds: [emp],
      fromDate: today,
      kind: 'weekly',
      pattern: [mor, eve],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.pattern[0]).toMatch(/7 entries/);
    const ok = await manager.post('/api/attendance/assignments', {
      employeeIds: [emp],
      fromDate: today,
      kind: 'weekly',
      pattern: [null, mor, mor, mor, eve, eve, eve],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const roster = (await admin.get(`/api/attendance/roster?year=${y}&month=${m}&search=BLR0008`)).json();
    const cell = roster.rows[0].cells[Number(today.slice(8, 10)) - 1];
    const wd = new Date(`${today}T00:00:00Z`).getUTCDay();
    expect(cell.code).toBe(wd === 0 ? 'WO' : wd <= 3 ? 'MOR' : 'EVE');
    const list = (await admin.get(`/api/attendance/assignments?employeeId=${emp}`)).json();
    expect(list[0].patternCodes).toEqual(['OFF', 'MOR', 'MOR', 'MOR', 'EVE', 'EVE', 'EVE']);
    expect((await admin.delete(`/api/attendance/assignments/${list[0].id}`)).statusCode).toBe(204);
    // An employee sees only their own row of the roster.
    const mine = (await emp1.get(`/api/attendance/roster?year=${y}&month=${m}`)).json();
    expect(mine.rows.map((r: { employeeCode: string }) => r.employeeCode)).toEqual(['BLR0002']);
  });
});

describe('regularisation', () => {
  it('the reporting manager approves a correction; the punches are added and the original stays', async () => {
    const emp = await idOf('BLR0002');
    const before = await countPunches(sql`employee_id = ${emp}`);
    const req = await emp1.post('/api/attendance/regularisations', {
      day: today,
      inTime: '09:25',
      outTime: '18:05',
      reason: 'Terminal was down in the morning',
    });
    expect(req.statusCode, req.body).toBe(201);
    const r = req.json();
    expect(r.status).toBe('pending');
    expect(r.canDecide).toBe(false);
    expect((await emp1.post(`/api/attendance/regularisations/${r.id}/decide`, { action: 'approve' })).statusCode).toBe(403);
    const toDecide = (await manager.get('/api/attendance/regularisations?scope=toDecide')).json();
    expect(toDecide.rows.some((x: { id: number; canDecide: boolean }) => x.id === r.id && x.canDecide)).toBe(true);
    expect((await manager.post(`/api/attendance/regularisations/${r.id}/decide`, { action: 'reject' })).statusCode).toBe(400);
    const ok = await manager.post(`/api/attendance/regularisations/${r.id}/decide`, { action: 'approve', remark: 'Seen on CCTV' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    expect(ok.json().history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved']);
    expect(await countPunches(sql`employee_id = ${emp}`)).toBe(before + 2);
    expect(await countPunches(sql`employee_id = ${emp} and source = 'regularisation'`)).toBe(2);
    // The second approver at the same moment finds it decided.
    expect((await manager.post(`/api/attendance/regularisations/${r.id}/decide`, { action: 'approve' })).statusCode).toBe(409);
  });

  it('refuses a correction without times, or for the future', async () => {
    expect((await emp1.post('/api/attendance/regularisations', { day: today, reason: 'Forgot to punch' })).statusCode).toBe(400);
    expect(
      (await emp1.post('/api/attendance/regularisations', { day: addDays(today, 3), inTime: '09:30', reason: 'Forgot to punch' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('payroll reads daily attendance', () => {
  it("the locked month's LWOP and payable days are the attendance month's", async () => {
    const last = addMonths(today.slice(0, 7), -1);
    const [y, m] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
    const [run] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = 1 and year = ${y} and month = ${m}`,
    );
    const lines = (await admin.get(`/api/payroll/runs/${run.id}/employees?pageSize=200`)).json();
    const rows = (lines.rows ?? lines) as { employeeId: number; payableDays: number; lwopDays: number; employeeCode: string }[];
    expect(rows.length).toBeGreaterThan(5);
    let withLwop = 0;
    for (const r of rows) {
      const month = (await admin.get(`/api/attendance/month?employeeId=${r.employeeId}&year=${y}&month=${m}`)).json();
      expect(r.payableDays, r.employeeCode).toBe(month.summary.payableDays);
      expect(r.lwopDays, r.employeeCode).toBe(month.summary.lwopDays);
      if (r.lwopDays > 0) withLwop++;
    }
    expect(withLwop).toBeGreaterThan(0);
  });
});

describe('lists, searches and filters for non-administrators', () => {
  // The manager and a custom role of units 1 and 2 get the administrator's rows kept to their units; another unit is 404.
  let callers: { who: string; api: ReturnType<typeof api>; units: number[] }[];
  let unitOf: Map<number, number>;
  let unitName: Map<number, string>;
  let dept = 0;
  beforeAll(async () => {
    const limited = await createUnitLimitedUser(t, {
      menus: [MENU.attendance, MENU.viewShift, MENU.trackEmployee],
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
    dept = staff.find((e) => e.code === 'BLR0002')?.departmentId ?? 0;
    unitName = new Map((await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from units`)).map((u) => [u.id, u.name]));
  });

  const filters = (): Record<string, string | number>[] => [
    {},
    { search: "O'Brien" },
    { search: '9876' },
    { search: 'BLR000' },
    { unitId: 2 },
    { departmentId: dept },
  ];
  const ids = (rows: { employeeId: number }[]) => rows.map((r) => r.employeeId);

  it("the day view, its search and filters: their units' staff, the same counts rule", async () => {
    const date = addDays(today, -1);
    for (const q of [...filters(), { status: 'notIn' }]) {
      const all = (await admin.get('/api/attendance/day', { date, ...q, pageSize: 500 })).json() as { rows: { employeeId: number }[] };
      for (const c of callers) {
        const what = `${c.who} ${JSON.stringify(q)}`;
        const res = await c.api.get('/api/attendance/day', { date, ...q, pageSize: 500 });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        const v = res.json();
        expect(ids(v.rows), what).toEqual(ids(all.rows.filter((r) => c.units.includes(unitOf.get(r.employeeId) ?? 0))));
        expect(
          v.rows.every((r: { unitName: string }) => c.units.some((u) => unitName.get(u) === r.unitName)),
          what,
        ).toBe(true);
        if (!q.status) expect(v.counts.employees, what).toBe(v.total);
      }
    }
    for (const c of callers) expect((await c.api.get('/api/attendance/day', { date, unitId: 3 })).statusCode, c.who).toBe(404);
    expect((await callers[0].api.get('/api/attendance/day', { date })).json().total).toBeGreaterThan(0);
  });

  it("the roster and its search and filters: their units' staff; another unit 404", async () => {
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    for (const q of filters()) {
      const all = (await admin.get('/api/attendance/roster', { year, month, ...q, pageSize: 500 })).json() as {
        rows: { employeeId: number }[];
      };
      for (const c of callers) {
        const what = `${c.who} ${JSON.stringify(q)}`;
        const res = await c.api.get('/api/attendance/roster', { year, month, ...q, pageSize: 500 });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        expect(ids(res.json().rows), what).toEqual(ids(all.rows.filter((r) => c.units.includes(unitOf.get(r.employeeId) ?? 0))));
      }
    }
    for (const c of callers) expect((await c.api.get('/api/attendance/roster', { year, month, unitId: 3 })).statusCode, c.who).toBe(404);
    expect((await callers[1].api.get('/api/attendance/roster', { year, month, search: 'BLR000' })).json().rows.length).toBeGreaterThan(0);
  });

  it('tracking, devices, unmatched PINs and corrections: the rows of their units only', async () => {
    for (const date of [today, addDays(today, -1)]) {
      for (const q of [{}, { unitId: 1 }, { departmentId: dept }] as Record<string, string | number>[]) {
        const all = (await admin.get('/api/attendance/tracking', { date, ...q })).json().rows as { employeeId: number }[];
        for (const c of callers) {
          const res = await c.api.get('/api/attendance/tracking', { date, ...q });
          expect(res.statusCode, `${c.who} ${res.body}`).toBe(200);
          expect(ids(res.json().rows), `${c.who} ${date} ${JSON.stringify(q)}`).toEqual(
            ids(all.filter((r) => c.units.includes(unitOf.get(r.employeeId) ?? 0))),
          );
        }
      }
    }
    const devices = await queryRows<{ serial: string; unitId: number }>(
      t.db,
      sql`select serial_number as serial, unit_id as "unitId" from biometric_devices`,
    );
    const deviceUnit = new Map(devices.map((d) => [d.serial, d.unitId]));
    const allDevices = (await admin.get('/api/attendance/devices')).json() as { id: number; unitId: number; otherUnitNames: string[] }[];
    const allPins = (await admin.get('/api/attendance/unmatched')).json() as { devicePin: string; deviceSerial: string }[];
    expect(allPins.length).toBeGreaterThan(0);
    const allCorrections = (await admin.get('/api/attendance/regularisations', { pageSize: 500 })).json().rows as {
      id: number;
      employeeId: number;
    }[];
    for (const c of callers) {
      const names = c.units.map((u) => unitName.get(u));
      const mine = (await c.api.get('/api/attendance/devices')).json() as { id: number }[];
      expect(
        mine.map((d) => d.id),
        c.who,
      ).toEqual(allDevices.filter((d) => c.units.includes(d.unitId) || d.otherUnitNames.some((n) => names.includes(n))).map((d) => d.id));
      const pins = (await c.api.get('/api/attendance/unmatched')).json() as { devicePin: string; deviceSerial: string }[];
      expect(pins, c.who).toEqual(allPins.filter((p) => c.units.includes(deviceUnit.get(p.deviceSerial) ?? 0)));
      const corrections = await c.api.get('/api/attendance/regularisations', { pageSize: 500 });
      expect(corrections.statusCode, c.who).toBe(200);
      expect(
        (corrections.json().rows as { id: number }[]).map((r) => r.id),
        c.who,
      ).toEqual(allCorrections.filter((r) => c.units.includes(unitOf.get(r.employeeId) ?? 0)).map((r) => r.id));
    }
    expect((await callers[1].api.get('/api/attendance/tracking', { date: today, unitId: 3 })).statusCode).toBe(404);
    // Not empty answers: the web punch of employee1 (unit 1) today, a correction and an unmatched PIN of unit 1.
    for (const c of callers) {
      expect((await c.api.get('/api/attendance/tracking', { date: today })).json().rows.length, c.who).toBeGreaterThan(0);
      expect((await c.api.get('/api/attendance/unmatched')).json().length, c.who).toBeGreaterThan(0);
      expect((await c.api.get('/api/attendance/regularisations')).json().total, c.who).toBeGreaterThan(0);
    }
  });
});
