// What a device may post (issue 23): a line timed ahead of the server's clock beyond the skew allowance, or older than
// the window (configuration: DEVICE_CLOCK_SKEW_MINUTES, DEVICE_PUNCH_MAX_AGE_DAYS), is acknowledged but not stored and
// counted on the devices screen; a device serves its own unit and those it is also assigned to, and a line for anyone
// else is kept unmatched; a device may be limited to addresses, and one with neither a key nor addresses is flagged.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

const ZONE = 'Asia/Kolkata';
const SKEW_MINUTES = 5;
const MAX_AGE_DAYS = 30;

let t: TestApp;
let admin: ReturnType<typeof api>;
let hoUnit = 0;
let campusUnit = 0;
let worker = { id: 0, code: '' };
let stamp = 0;

/** An instant as a device in ZONE writes it: 'YYYY-MM-DD HH:MM:SS'. */
const local = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' }).format(at);
const minutesFromNow = (m: number) => local(new Date(Date.now() + m * 60_000));

const upload = (serial: string, lines: string[], opts: { key?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=${++stamp}${opts.key ? `&key=${opts.key}` : ''}`,
    headers: { 'content-type': 'text/plain' },
    payload: lines.join('\n'),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });

const punchesAt = async (serial: string) =>
  queryRows<{ employeeId: number | null; local: string }>(
    t.db,
    sql`select p.employee_id as "employeeId", p.device_local_time as local from punches p
        join biometric_devices d on d.id = p.device_id where d.serial_number = ${serial} order by p.id`,
  );

type DeviceRow = {
  serialNumber: string;
  unprotected: boolean;
  refusedFuture: number;
  refusedOld: number;
  lastRefusedAt: string | null;
  otherUnitNames: string[];
};
const deviceList = async (as = admin) => {
  const res = await as.get('/api/attendance/devices');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeviceRow[];
};

const createDevice = async (body: Record<string, unknown>) => {
  const res = await admin.post('/api/resources/biometricDevice', { timeZone: ZONE, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

beforeAll(async () => {
  t = await createTestApp({ config: { deviceClockSkewMinutes: SKEW_MINUTES, devicePunchMaxAgeDays: MAX_AGE_DAYS } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  const units = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units order by id`);
  hoUnit = units.find((u) => u.code === 'HO-BLR')!.id;
  campusUnit = units.find((u) => u.code === 'CMP-MYS')!.id;
  [worker] = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select id, employee_code as code from employees
        where unit_id = ${hoUnit} and device_user_id is null and status = 'active' and employee_code ~ '^[A-Za-z0-9]+$'
        order by id desc limit 1`,
  );
  await createDevice({ serialNumber: 'WINDOW01', name: 'Window gate', unitId: hoUnit, commKey: 'window-key' });
});
afterAll(() => t?.close());

describe('the time of a device line', () => {
  it('refuses lines ahead of the clock beyond the allowance or older than the window: acknowledged, counted, not stored', async () => {
    const fine = [minutesFromNow(-3), minutesFromNow(SKEW_MINUTES - 2)];
    const future = ['2099-12-31 09:00:00', minutesFromNow(SKEW_MINUTES + 30)];
    const old = [local(new Date(Date.now() - (MAX_AGE_DAYS + 2) * 86_400_000))];
    const lines = [...fine, ...future, ...old].map((at, i) => `${worker.code}\t${at}\t${i % 2}\t1\t0`);
    const res = await upload('WINDOW01', lines, { key: 'window-key' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`OK: ${lines.length}`); // the device moves on
    expect((await punchesAt('WINDOW01')).map((p) => p.local).sort()).toEqual([...fine].sort());
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from punches where employee_id = ${worker.id} and punched_at > now() + interval '1 hour'`,
    );
    expect(n).toBe(0);
    const [{ late }] = await queryRows<{ late: number }>(t.db, sql`select count(*)::int as late from late_punches`);
    expect(late).toBe(0);

    const dev = (await deviceList()).find((d) => d.serialNumber === 'WINDOW01')!;
    expect(dev).toMatchObject({ refusedFuture: 2, refusedOld: 1, unprotected: false });
    expect(dev.lastRefusedAt).not.toBeNull();
    // A later batch adds to the counts.
    expect((await upload('WINDOW01', [`${worker.code}\t2098-01-01 08:00:00\t0\t1\t0`], { key: 'window-key' })).body).toBe('OK: 1');
    expect((await deviceList()).find((d) => d.serialNumber === 'WINDOW01')).toMatchObject({ refusedFuture: 3, refusedOld: 1 });
  });
});

describe('the units a device serves', () => {
  it('keeps a line for an employee of a unit the device does not serve unmatched, and takes it once the unit is added', async () => {
    const campus = await createDevice({ serialNumber: 'CAMPUS01', name: 'Campus gate', unitId: campusUnit, commKey: 'campus-key' });
    const at = minutesFromNow(-10);
    expect((await upload('CAMPUS01', [`${worker.code}\t${at}\t0\t1\t0`], { key: 'campus-key' })).body).toBe('OK: 1');
    expect(await punchesAt('CAMPUS01')).toEqual([{ employeeId: null, local: at }]);
    const unmatched = (await admin.get('/api/attendance/unmatched')).json() as { devicePin: string; deviceSerial: string }[];
    expect(unmatched.some((u) => u.deviceSerial === 'CAMPUS01' && u.devicePin === worker.code)).toBe(true);
    // Mapping the PIN does not bring it in either while the device does not serve the unit: 409, nothing changed.
    const map = await admin.post('/api/attendance/unmatched/map', { devicePin: worker.code, employeeId: worker.id });
    expect(map.statusCode, map.body).toBe(409);
    const [emp] = await queryRows<{ pin: string | null }>(t.db, sql`select device_user_id as pin from employees where id = ${worker.id}`);
    expect(emp.pin).toBeNull();

    // The campus gate also serves the head office now.
    const current = (await admin.get(`/api/resources/biometricDevice/${campus.id}`)).json();
    const upd = await admin.put(`/api/resources/biometricDevice/${campus.id}`, {
      serialNumber: current.serialNumber,
      name: current.name,
      unitId: campusUnit,
      timeZone: ZONE,
      otherUnitIds: [hoUnit],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().otherUnitIds).toEqual([hoUnit]);
    const later = minutesFromNow(-1);
    expect((await upload('CAMPUS01', [`${worker.code}\t${later}\t1\t1\t0`], { key: 'campus-key' })).body).toBe('OK: 1');
    expect(await punchesAt('CAMPUS01')).toEqual([
      { employeeId: null, local: at },
      { employeeId: worker.id, local: later },
    ]);
    expect((await deviceList()).find((d) => d.serialNumber === 'CAMPUS01')?.otherUnitNames.length).toBe(1);
  });

  it('a unit-limited user adds a device serving only their units; other units are refused', async () => {
    const limited = await createUnitLimitedUser(t, {
      menus: { [MENU.biometricDevice]: ['view', 'add', 'edit'] },
      unitIds: [hoUnit],
      name: 'Device keeper',
    });
    const own = await limited.api.post('/api/resources/biometricDevice', {
      serialNumber: 'LIMITED01',
      name: 'Side door',
      unitId: hoUnit,
      timeZone: ZONE,
      otherUnitIds: [],
    });
    expect(own.statusCode, own.body).toBe(201);
    const beyond = await limited.api.post('/api/resources/biometricDevice', {
      serialNumber: 'LIMITED02',
      name: 'Campus door',
      unitId: hoUnit,
      timeZone: ZONE,
      otherUnitIds: [campusUnit],
    });
    expect(beyond.statusCode, beyond.body).toBe(403);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from biometric_devices where serial_number = 'LIMITED02'`,
    );
    expect(n).toBe(0);
  });
});

describe('how a device proves itself', () => {
  it('limits a device to its addresses, and flags one with neither a key nor addresses', async () => {
    const bad = await admin.post('/api/resources/biometricDevice', {
      serialNumber: 'RANGE00',
      name: 'Bad range',
      unitId: hoUnit,
      timeZone: ZONE,
      allowedCidrs: '10.9.0.0/33, 10.1.1.1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.allowedCidrs).toBeDefined();

    await createDevice({ serialNumber: 'RANGE01', name: 'Store room', unitId: hoUnit, allowedCidrs: '10.9.0.0/16,192.0.2.7' });
    const line = [`${worker.code}\t${minutesFromNow(-2)}\t0\t1\t0`];
    expect((await upload('RANGE01', line, { remoteAddress: '10.9.44.5' })).statusCode).toBe(200);
    expect((await upload('RANGE01', line, { remoteAddress: '::ffff:192.0.2.7' })).statusCode).toBe(200);
    expect((await upload('RANGE01', line, { remoteAddress: '198.51.100.9' })).statusCode).toBe(403);
    expect((await upload('RANGE01', line, { remoteAddress: '10.10.0.1' })).statusCode).toBe(403);
    expect(await punchesAt('RANGE01')).toHaveLength(1);

    const list = await deviceList();
    // The seeded head-office terminal has neither.
    expect(list.find((d) => d.serialNumber === 'CQUJ221460001')?.unprotected).toBe(true);
    expect(list.find((d) => d.serialNumber === 'RANGE01')?.unprotected).toBe(false);
    expect(list.find((d) => d.serialNumber === 'WINDOW01')?.unprotected).toBe(false);
    // A manager of the head office sees the campus gate that also serves it; staff see no device list.
    const manager = api(t.app, await signIn(t.app, 'manager'));
    expect((await deviceList(manager)).some((d) => d.serialNumber === 'CAMPUS01')).toBe(true);
    expect((await api(t.app, await signIn(t.app, 'employee1')).get('/api/attendance/devices')).statusCode).toBe(403);
  });
});
