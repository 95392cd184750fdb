// The ADMS push protocol as real terminals speak it: captured requests replayed byte for byte (handshake query
// strings, ATTLOG with eleven fields and CR LF, OPERLOG with OpStamp and no final newline, USERINFO, BIODATA, ATTPHOTO
// with the JPEG after a NUL, the document's devicecmd replies), the TimeZone option as an integer (hours, or minutes
// for half- and quarter-hour zones), the HTTP Date header, the .aspx paths and a trailing slash, plain-text answers for
// every /iclock path (also beside the web app's page), and attendance photos kept with their punch or dropped.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayIn } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { queryRows } from '../../src/db/client';
import { protocolTimeZone } from '../../src/modules/devices/protocol';
import { webApp } from '../../src/web';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import {
  ATTLOG_MB10VL,
  ATTLOG_MB10VL_EXITS_CRLF,
  ATTLOG_MB10VL_STAMP,
  attphotoBody,
  BIODATA_ONE,
  DEVICECMD_DOC_EXAMPLE,
  FACE_JPEG,
  HANDSHAKE_PUSH3,
  handshakePush24,
  operlogNoFinalNewline,
  USERINFO_TWO,
} from './captured';

let t: TestApp;
let admin: ReturnType<typeof api>;
const today = todayIn('Asia/Kolkata');
const compact = today.replace(/-/g, '');

beforeAll(async () => {
  // The capture is of January 2025: let lines that old in, and today's lines however the clock stands.
  t = await createTestApp({ config: { devicePunchMaxAgeDays: 3650, deviceClockSkewMinutes: 1440, deviceRatePerMinute: 1000 } });
  admin = api(t.app, await signIn(t.app, 'admin'));
  const devices = [
    { serialNumber: HANDSHAKE_PUSH3.serial, name: 'Head office gate', unitId: 1, timeZone: 'Asia/Kolkata' },
    { serialNumber: 'CNYG213260182', name: 'MB10-VL canteen', unitId: 1, timeZone: 'Asia/Kolkata' },
    { serialNumber: 'NPL0001', name: 'Kathmandu desk', unitId: 1, timeZone: 'Asia/Kathmandu' },
    { serialNumber: 'DXB0001', name: 'Dubai desk', unitId: 1, timeZone: 'Asia/Dubai' },
    { serialNumber: 'NOPHOTO01', name: 'Photos dropped', unitId: 1, timeZone: 'Asia/Kolkata', keepPhotos: false },
  ];
  for (const d of devices) expect((await admin.post('/api/resources/biometricDevice', d)).statusCode).toBe(201);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers });
const deviceRow = async (serial: string) =>
  (
    await queryRows<{ id: number; attlog: string; operlog: string; attphoto: string }>(
      t.db,
      sql`select id, last_attlog_stamp as attlog, last_operlog_stamp as operlog, last_attphoto_stamp as attphoto
          from biometric_devices where serial_number = ${serial}`,
    )
  )[0];
const optionsOf = (body: string) =>
  Object.fromEntries(
    body
      .trim()
      .split('\n')
      .map((l) => [l.split('=')[0], l.split('=').slice(1).join('=')]),
  );

describe('the TimeZone option', () => {
  it('is hours for whole-hour zones and minutes for half- and quarter-hour zones', () => {
    const winter = new Date('2026-01-15T06:00:00Z');
    const summer = new Date('2026-07-15T06:00:00Z');
    const cases: [string, Date, string][] = [
      ['Asia/Kolkata', winter, '330'],
      ['Asia/Calcutta', summer, '330'],
      ['Asia/Kathmandu', winter, '345'],
      ['Asia/Dubai', winter, '4'],
      ['Asia/Colombo', winter, '330'],
      ['Asia/Dhaka', winter, '6'],
      ['Asia/Yangon', winter, '390'],
      ['Asia/Karachi', winter, '5'],
      ['Asia/Kabul', winter, '270'],
      ['Asia/Tehran', winter, '210'],
      ['Asia/Singapore', winter, '8'],
      ['Asia/Riyadh', winter, '3'],
      ['Australia/Eucla', winter, '525'],
      ['Australia/Adelaide', winter, '630'], // summer time in January
      ['Australia/Adelaide', summer, '570'],
      ['Pacific/Chatham', winter, '825'],
      ['Europe/London', winter, '0'],
      ['Europe/London', summer, '1'],
      ['UTC', winter, '0'],
      ['America/New_York', winter, '-5'],
      ['America/St_Johns', winter, '-210'],
      ['America/St_Johns', summer, '-150'],
      ['Pacific/Marquesas', winter, '-570'],
    ];
    for (const [zone, at, expected] of cases) expect(protocolTimeZone(zone, at), `${zone} ${at.toISOString()}`).toBe(expected);
  });
});

describe('handshake', () => {
  it('answers the document example request with the stamps, TimeZone=330 for India and a GMT Date header', async () => {
    const res = await call('GET', HANDSHAKE_PUSH3.path, undefined, { 'user-agent': 'iClock Proxy/1.09', accept: 'application/push' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers.date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.abs(Date.parse(String(res.headers.date)) - Date.now())).toBeLessThan(5 * 60_000);
    expect(res.body.startsWith(`GET OPTION FROM: ${HANDSHAKE_PUSH3.serial}\n`)).toBe(true);
    const o = optionsOf(res.body);
    expect(o).toMatchObject({ ATTLOGStamp: '0', OPERLOGStamp: '0', ATTPHOTOStamp: '0', TimeZone: '330', Realtime: '1' });
  });

  it('tells a Nepal device 345 and a Dubai device 4, at the plain, .aspx and trailing-slash paths', async () => {
    for (const [serial, zone] of [
      ['NPL0001', '345'],
      ['DXB0001', '4'],
    ]) {
      for (const p of [
        handshakePush24(serial),
        handshakePush24(serial).replace('/cdata?', '/cdata.aspx?'),
        handshakePush24(serial).replace('/cdata?', '/cdata/?'),
      ]) {
        const res = await call('GET', p);
        expect(res.statusCode, p).toBe(200);
        expect(res.headers['content-type'], p).toMatch(/^text\/plain/);
        expect(optionsOf(res.body).TimeZone, p).toBe(zone);
      }
    }
  });
});

describe('uploads replayed byte for byte', () => {
  it('stores the captured MB10-VL ATTLOG (eleven fields, LF, final LF) once and answers OK: 6, then the CR LF exits', async () => {
    const url = `/iclock/cdata?SN=CNYG213260182&table=ATTLOG&Stamp=${ATTLOG_MB10VL_STAMP}`;
    const headers = { 'user-agent': 'iClock Proxy/1.09', 'content-type': 'text/plain' };
    const first = await call('POST', url, ATTLOG_MB10VL, headers);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK: 6');
    expect((await call('POST', url, ATTLOG_MB10VL, headers)).body).toBe('OK: 6'); // the resend the notes describe
    expect((await call('POST', url, ATTLOG_MB10VL_EXITS_CRLF, headers)).body).toBe('OK: 2');
    const dev = await deviceRow('CNYG213260182');
    const rows = await queryRows<{ pin: string; at: string; local: string; status: number; verify: number }>(
      t.db,
      sql`select device_pin as pin, to_char(punched_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at,
            device_local_time as local, device_status as status, verify_mode as verify
          from punches where device_id = ${dev.id} order by punched_at`,
    );
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ pin: '46', at: '2025-01-29 01:28:48', local: '2025-01-29 06:58:48', status: 0, verify: 15 });
    expect(rows[7]).toEqual({ pin: '36', at: '2025-01-29 06:41:56', local: '2025-01-29 12:11:56', status: 1, verify: 15 });
    expect(dev.attlog).toBe('9999');
    expect(optionsOf((await call('GET', handshakePush24('CNYG213260182'))).body).ATTLOGStamp).toBe('9999');
  });

  it('keeps the operation-log stamp sent as OpStamp (OPERLOG without a final newline), so the handshake does not ask again', async () => {
    const res = await call('POST', `/iclock/cdata?SN=NPL0001&table=OPERLOG&OpStamp=418730112`, operlogNoFinalNewline(today));
    expect(res.body).toBe('OK: 2');
    expect((await deviceRow('NPL0001')).operlog).toBe('418730112');
    expect(optionsOf((await call('GET', handshakePush24('NPL0001'))).body).OPERLOGStamp).toBe('418730112');
    // Newer firmware names it Stamp on the same table.
    expect((await call('POST', `/iclock/cdata?SN=NPL0001&table=OPERLOG&Stamp=418730200`, operlogNoFinalNewline(today))).body).toBe('OK: 2');
    expect((await deviceRow('NPL0001')).operlog).toBe('418730200');
  });

  it('acknowledges USERINFO and BIODATA with their counts, options with OK, and a body with no content type', async () => {
    expect((await call('POST', '/iclock/cdata?SN=NPL0001&table=USERINFO', USERINFO_TWO)).body).toBe('OK: 2');
    expect((await call('POST', '/iclock/cdata?SN=NPL0001&table=BIODATA', BIODATA_ONE)).body).toBe('OK: 1');
    const opts = await call(
      'POST',
      '/iclock/cdata.aspx?SN=NPL0001&table=options',
      '~DeviceName=MB10-VL,MAC=00:17:61:10:79:9f,TransactionCount=128',
    );
    expect(opts.body).toBe('OK');
    const bare = await t.app.inject({
      method: 'POST',
      url: '/iclock/cdata?SN=NPL0001&table=OPERLOG&OpStamp=418730300',
      body: 'OPLOG 4\t0\t2026-01-01 10:00:00\t0\t0\t0\t0',
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe('OK: 1');
  });

  it('answers ping, getrequest and devicecmd (the document example and a real result) in text, also at .aspx paths', async () => {
    for (const p of [
      '/iclock/ping?SN=DXB0001',
      '/iclock/ping.aspx?SN=DXB0001',
      '/iclock/getrequest.aspx?SN=DXB0001&INFO=Ver%206.60',
      '/iclock/getrequest/?SN=DXB0001',
    ]) {
      const res = await call('GET', p);
      expect(res.statusCode, p).toBe(200);
      expect(res.body, p).toBe('OK');
      expect(res.headers['content-type'], p).toMatch(/^text\/plain/);
      expect(res.headers.date, p).toMatch(/GMT$/);
    }
    const doc = await call('POST', '/iclock/devicecmd?SN=DXB0001', DEVICECMD_DOC_EXAMPLE, { 'user-agent': 'iClock Proxy/1.09' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toBe('OK');
    const dev = await deviceRow('DXB0001');
    const queued = await admin.post(`/api/attendance/devices/${dev.id}/commands`, { command: 'INFO' });
    expect(queued.statusCode).toBe(201);
    expect((await call('GET', '/iclock/getrequest.aspx?SN=DXB0001')).body).toBe(`C:${queued.json().id}:INFO`);
    expect((await call('POST', '/iclock/devicecmd.aspx?SN=DXB0001', `ID=${queued.json().id}&Return=0&CMD=INFO\n`)).body).toBe('OK');
    const [cmd] = await queryRows<{ status: string }>(t.db, sql`select status from device_commands where id = ${queued.json().id}`);
    expect(cmd.status).toBe('done');
  });
});

describe('attendance photos', () => {
  const photoName = `${compact}090000-BLR0002.jpg`;
  let photoId = 0;

  it('stores an ATTPHOTO upload (JPEG after a NUL) once, keeps its stamp and shows it on the punch it belongs to', async () => {
    const url = `/iclock/cdata?SN=${HANDSHAKE_PUSH3.serial}&table=ATTPHOTO&Stamp=418730555`;
    const body = attphotoBody(photoName, HANDSHAKE_PUSH3.serial);
    expect((await call('POST', url, body, { 'content-type': 'application/octet-stream' })).body).toBe('OK');
    expect((await call('POST', url, body)).body).toBe('OK'); // resent: stored once
    const dev = await deviceRow(HANDSHAKE_PUSH3.serial);
    expect(dev.attphoto).toBe('418730555');
    expect(optionsOf((await call('GET', HANDSHAKE_PUSH3.path)).body).ATTPHOTOStamp).toBe('418730555');
    const photos = await queryRows<{ id: number; pin: string; bytes: number }>(
      t.db,
      sql`select id, device_pin as pin, bytes from punch_photos where device_id = ${dev.id}`,
    );
    expect(photos).toEqual([{ id: photos[0].id, pin: 'BLR0002', bytes: FACE_JPEG.length }]);
    photoId = Number(photos[0].id);
    // The punch arrives after its photo; the punch list shows the photo.
    expect(
      (
        await call(
          'POST',
          `/iclock/cdata?SN=${HANDSHAKE_PUSH3.serial}&table=ATTLOG&Stamp=7`,
          `BLR0002\t${today} 09:00:00\t0\t15\t0\t0\t0\t0\t0\t0\t77\n`,
        )
      ).body,
    ).toBe('OK: 1');
    const emp = await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code = 'BLR0002'`);
    const list = await admin.get(`/api/attendance/punches?employeeId=${emp[0].id}&from=${today}&to=${today}`);
    expect(list.statusCode).toBe(200);
    const punch = list.json().find((p: { devicePin: string | null }) => p.devicePin === 'BLR0002');
    expect(punch.photoId).toBe(photoId);
    const img = await admin.get(`/api/attendance/punch-photos/${photoId}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(img.rawPayload, FACE_JPEG)).toBe(0);
  });

  it('shows the photo to the employee, a manager and a unit-limited user of the unit, and to nobody else', async () => {
    expect((await api(t.app, await signIn(t.app, 'employee1')).get(`/api/attendance/punch-photos/${photoId}`)).statusCode).toBe(200);
    expect((await api(t.app, await signIn(t.app, 'manager')).get(`/api/attendance/punch-photos/${photoId}`)).statusCode).toBe(200);
    expect((await api(t.app, await signIn(t.app, 'employee2')).get(`/api/attendance/punch-photos/${photoId}`)).statusCode).toBe(404);
    const ownUnit = await createUnitLimitedUser(t, { menus: [MENU.employeeAttendance], unitIds: [1] });
    expect((await ownUnit.api.get(`/api/attendance/punch-photos/${photoId}`)).statusCode).toBe(200);
    const otherUnit = await createUnitLimitedUser(t, { menus: [MENU.employeeAttendance], unitIds: [2] });
    expect((await otherUnit.api.get(`/api/attendance/punch-photos/${photoId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/attendance/punch-photos/${photoId}` })).statusCode).toBe(401);
    expect((await admin.get('/api/attendance/punch-photos/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/attendance/punch-photos/abc')).statusCode).toBe(400);
  });

  it('takes the older /iclock/fdata upload with the name in the query string, and drops photos where the device is set so', async () => {
    const name = `${compact}091500-BLR0002.jpg`;
    const body = Buffer.concat([Buffer.from('CMD=uploadphoto\0', 'latin1'), FACE_JPEG]);
    expect((await call('POST', `/iclock/fdata?SN=${HANDSHAKE_PUSH3.serial}&table=ATTPHOTO&Stamp=418730600&PIN=${name}`, body)).body).toBe(
      'OK',
    );
    const count = async (serial: string) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from punch_photos ph join biometric_devices d on d.id = ph.device_id where d.serial_number = ${serial}`,
        )
      )[0].n;
    expect(await count(HANDSHAKE_PUSH3.serial)).toBe(2);
    const dropped = await call('POST', '/iclock/fdata.aspx?SN=NOPHOTO01&table=ATTPHOTO&Stamp=5', attphotoBody(name, 'NOPHOTO01'));
    expect(dropped.body).toBe('OK');
    expect(await count('NOPHOTO01')).toBe(0);
    expect((await deviceRow('NOPHOTO01')).attphoto).toBe('5'); // acknowledged: the device moves on
    // Not a photo upload, or a name that is no time: acknowledged, nothing kept.
    expect((await call('POST', `/iclock/fdata?SN=${HANDSHAKE_PUSH3.serial}&table=ATTPHOTO`, 'garbage')).body).toBe('OK');
    expect((await call('POST', `/iclock/fdata?SN=${HANDSHAKE_PUSH3.serial}`, attphotoBody('20261399250000-1.jpg', 'x'))).body).toBe('OK');
    expect(await count(HANDSHAKE_PUSH3.serial)).toBe(2);
  });
});

describe('every /iclock path answers in text', () => {
  let web: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'h8-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    web = await buildApp({ db: t.db, dbKind: t.database.kind, config: t.config, logger: false, web: webApp(dist) });
    await web.ready();
  });
  afterAll(() => web?.close());

  it('unknown paths, unknown devices and malformed calls get a plain-text error, never the page or JSON', async () => {
    const cases: [string, string, number][] = [
      ['GET', '/iclock/nosuch?SN=DXB0001', 404],
      ['GET', '/iclock/', 404],
      ['GET', '/iclock', 404],
      ['POST', '/iclock/fdata/extra?SN=DXB0001', 404],
      ['GET', '/iclock/cdata?SN=NOSUCH0001&options=all', 403],
      ['GET', '/iclock/cdata.aspx?options=all', 403],
      ['POST', '/iclock/fdata?SN=NOSUCH0001', 403],
      ['GET', '/iclock/ping?SN=NOSUCH0001', 403],
    ];
    for (const [method, url, status] of cases) {
      const res = await web.inject({ method: method as 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body, url).toMatch(/^ERROR: /);
    }
    // The web app still serves its page for its own routes.
    const page = await web.inject({ method: 'GET', url: '/attendance/devices' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await web.inject({ method: 'GET', url: '/iclock/ping?SN=DXB0001' })).body).toBe('OK');
  });
});
