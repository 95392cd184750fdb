// Devices are the third kind of caller: a registered, active terminal identified by its serial number (and
// its communication key when it has one), rate-limited per device, allowed only the device routes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricDevices } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let adminToken = '';
let keyed = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { deviceRatePerMinute: 8 } });
  adminToken = await signIn(t.app, 'admin');
  admin = api(t.app, adminToken);
  const open = await admin.post('/api/resources/biometricDevice', {
    serialNumber: 'OPEN0001',
    name: 'Reception',
    unitId: 1,
    timeZone: 'Asia/Kolkata',
  });
  expect(open.statusCode).toBe(201);
  const withKey = await admin.post('/api/resources/biometricDevice', {
    serialNumber: 'KEYED0001',
    name: 'Gate',
    unitId: 2,
    timeZone: 'Asia/Dubai',
    commKey: 'gate-2026',
  });
  expect(withKey.statusCode).toBe(201);
  keyed = withKey.json().id;
});
afterAll(() => t?.close());

const heartbeat = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/iclock/getrequest${query}`, headers });

describe('device access', () => {
  it('a registered device gets OK and its last contact is recorded', async () => {
    const res = await heartbeat('?SN=OPEN0001&INFO=Ver%206.60');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
    const [row] = await t.db.select().from(biometricDevices).where(eq(biometricDevices.serialNumber, 'OPEN0001'));
    expect(row.lastSeenAt).toBeInstanceOf(Date);
  });

  it('an unknown, missing or malformed serial number is refused and nothing is recorded', async () => {
    for (const q of ['?SN=NOSUCH999', '', '?SN=', "?SN=1'%20or%20'1'%3D'1"]) {
      const res = await heartbeat(q);
      expect(res.statusCode, q).toBe(403);
    }
  });

  it('a device with a communication key must send it', async () => {
    expect((await heartbeat('?SN=KEYED0001')).statusCode).toBe(403);
    expect((await heartbeat('?SN=KEYED0001', { 'x-device-key': 'wrong-key' })).statusCode).toBe(403);
    expect((await heartbeat('?SN=KEYED0001', { 'x-device-key': 'gate-2026' })).statusCode).toBe(200);
    expect((await heartbeat('?SN=KEYED0001&key=gate-2026')).statusCode).toBe(200);
    // The key is stored hashed and never returned.
    const read = await admin.get(`/api/resources/biometricDevice/${keyed}`);
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json())).not.toMatch(/gate-2026|keyHash/);
    const [row] = await t.db.select().from(biometricDevices).where(eq(biometricDevices.id, keyed));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an inactive device is refused', async () => {
    const created = await admin.post('/api/resources/biometricDevice', {
      serialNumber: 'RETIRED01',
      name: 'Old block',
      unitId: 1,
      timeZone: 'Asia/Kolkata',
      isActive: false,
    });
    expect(created.statusCode).toBe(201);
    expect((await heartbeat('?SN=RETIRED01')).statusCode).toBe(403);
  });

  it("a user's token is no way in, and a device reaches no user route", async () => {
    expect((await heartbeat('', { authorization: `Bearer ${adminToken}` })).statusCode).toBe(403);
    const asDevice = await t.app.inject({ method: 'GET', url: '/api/employees?SN=OPEN0001' });
    expect(asDevice.statusCode).toBe(401);
  });

  it('a device calling too often is answered 429 without touching the others', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await heartbeat('?SN=FLOOD0001')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 403)).toBe(true);
    expect(codes.slice(8).every((c) => c === 429)).toBe(true);
    // Another device still gets through.
    expect((await heartbeat('?SN=KEYED0001&key=gate-2026')).statusCode).toBe(200);
  });

  it('refuses a time zone that does not exist', async () => {
    const res = await admin.post('/api/resources/biometricDevice', {
      serialNumber: 'TZ000001',
      name: 'Lab',
      unitId: 1,
      timeZone: 'Asia/Nowhere',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors?.timeZone).toBeDefined();
  });
});
