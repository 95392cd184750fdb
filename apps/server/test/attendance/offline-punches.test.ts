// Punches made on a phone without a network and sent later (issue 29): the idempotency key stores a resent punch once
// (acknowledged, not duplicated, also when copies arrive together), the punch is marked "recorded offline" in the punch
// list, its time is the phone's checked against the server's clock (put right beyond the skew, refused beyond the
// device window or after its own sending), a day of an approved / locked month keeps it as a late punch, an app below
// the APK version master's minimum is refused (426), and only the signed-in employee's own punch is stored.
import { addDays, todayIn, zonedInstant } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

const ZONE = 'Asia/Kolkata';
const MAX_AGE_DAYS = 60;
const SKEW_MINUTES = 10;

let t: TestApp;
let admin: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let emp2: ReturnType<typeof api>;
let emp1Id = 0;
let emp2Id = 0;
let keys = 0;
/** The online punch of the first test. */
let onlinePunch = { id: 0, day: '' };

const key = () => `test-key-${Date.now().toString(36)}-${++keys}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const stored = async (table: 'punches' | 'late_punches', clientKey: string) =>
  queryRows<{ id: string; employeeId: number; punchedAt: string; clientTime: string | null; recordedOffline: boolean; source: string }>(
    t.db,
    sql`select id, employee_id as "employeeId", punched_at as "punchedAt", client_time as "clientTime",
          recorded_offline as "recordedOffline", source
        from ${sql.raw(table)} where client_key = ${clientKey}`,
  );

const count = async (table: 'punches' | 'late_punches', employeeId: number) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)} where employee_id = ${employeeId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp({
    config: { deviceClockSkewMinutes: SKEW_MINUTES, devicePunchMaxAgeDays: MAX_AGE_DAYS, punchMinGapSeconds: 60 },
  });
  admin = api(t.app, await signIn(t.app, 'admin'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  emp2 = api(t.app, await signIn(t.app, 'employee2'));
  const ids = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`select id, employee_code as code from employees where employee_code in ('BLR0002', 'CHN0001')`,
  );
  emp1Id = ids.find((e) => e.code === 'BLR0002')!.id;
  emp2Id = ids.find((e) => e.code === 'CHN0001')!.id;
});
afterAll(() => t?.close());

describe('the idempotency key', () => {
  it('stores an online punch once: the resend is acknowledged with the same punch (200, duplicate)', async () => {
    const clientKey = key();
    const first = await emp1.post('/api/attendance/punches/web', { direction: 'in', clientKey });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().duplicate).toBe(false);
    expect(first.json().punch.recordedOffline).toBe(false);
    onlinePunch = { id: first.json().punch.id, day: first.json().punch.localTime.slice(0, 10) };
    const again = await emp1.post('/api/attendance/punches/web', { direction: 'in', clientKey });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().duplicate).toBe(true);
    expect(again.json().punch.id).toBe(first.json().punch.id);
    expect(await stored('punches', clientKey)).toHaveLength(1);
  });

  it('stores copies sent together once', async () => {
    const clientKey = key();
    const body = { direction: 'out', clientKey, punchedAt: minutesAgo(200), sentAt: new Date().toISOString() };
    const answers = await Promise.all([1, 2, 3].map(() => emp1.post('/api/attendance/punches/web', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().punch.id)).size).toBe(1);
    expect(await stored('punches', clientKey)).toHaveLength(1);
  });

  it("is the employee's own: another employee's punch with the same key is theirs, and never answers the first one", async () => {
    const clientKey = key();
    const mine = await emp1.post('/api/attendance/punches/web', {
      clientKey,
      punchedAt: minutesAgo(400),
      sentAt: new Date().toISOString(),
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await emp2.post('/api/attendance/punches/web', {
      clientKey,
      punchedAt: minutesAgo(400),
      sentAt: new Date().toISOString(),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().punch.employeeId).toBe(emp2Id);
    expect(theirs.json().punch.id).not.toBe(mine.json().punch.id);
    const rows = await stored('punches', clientKey);
    expect(rows.map((r) => r.employeeId).sort()).toEqual([emp1Id, emp2Id].sort());
  });

  it('refuses a malformed key with 400 naming it, storing nothing', async () => {
    const before = await count('punches', emp1Id);
    for (const clientKey of ['short', 'has space in it', 'x'.repeat(65), "quote'or"]) {
      const res = await emp1.post('/api/attendance/punches/web', { clientKey });
      expect(res.statusCode, clientKey).toBe(400);
      expect(res.json().fieldErrors.clientKey).toBeDefined();
    }
    expect(await count('punches', emp1Id)).toBe(before);
  });
});

describe('a punch recorded offline', () => {
  it("keeps the phone's time when its clock agrees with the server's, marks it recorded offline and lists it so", async () => {
    const clientKey = key();
    const punchedAt = minutesAgo(600);
    const res = await emp1.post('/api/attendance/punches/web', { direction: 'in', clientKey, punchedAt, sentAt: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const { punch } = res.json();
    expect(punch.recordedOffline).toBe(true);
    expect(punch.punchedAt).toBe(punchedAt);
    const [row] = await stored('punches', clientKey);
    expect(new Date(row.clientTime!).toISOString()).toBe(punchedAt);
    expect(row.recordedOffline).toBe(true);
    const day = punch.localTime.slice(0, 10);
    const list = (await emp1.get(`/api/attendance/punches?from=${day}&to=${day}`)).json() as { id: number; recordedOffline: boolean }[];
    expect(list.find((p) => p.id === punch.id)?.recordedOffline).toBe(true);
    // A punch made online is not marked.
    const online = (await emp1.get(`/api/attendance/punches?from=${onlinePunch.day}&to=${onlinePunch.day}`)).json() as typeof list;
    expect(online.find((p) => p.id === onlinePunch.id)?.recordedOffline).toBe(false);
  });

  it("puts the time right by the phone's clock error when it is beyond the skew", async () => {
    const clientKey = key();
    // The phone's clock is three hours slow: made 15 minutes before it was sent.
    const slow = 3 * 60;
    const punchedAt = minutesAgo(slow + 15);
    const res = await emp2.post('/api/attendance/punches/mobile', {
      latitude: 13.0569,
      longitude: 80.2425,
      accuracy: 12,
      deviceId: 'phone-offline-1',
      appVersion: 120,
      direction: 'in',
      clientKey,
      punchedAt,
      sentAt: minutesAgo(slow),
    });
    expect(res.statusCode, res.body).toBe(201);
    const at = Date.parse(res.json().punch.punchedAt);
    // About 15 minutes ago by the server's clock (the request's own time in between is seconds).
    expect(Math.abs(at - (Date.now() - 15 * 60_000))).toBeLessThan(2 * 60_000);
    const [row] = await stored('punches', clientKey);
    expect(row.source).toBe('mobile');
    expect(new Date(row.clientTime!).toISOString()).toBe(punchedAt);
    expect(res.json().punch.recordedOffline).toBe(true);
  });

  it('refuses a punch older than the device window, or made after it was sent, with 400 and stores nothing', async () => {
    const before = [await count('punches', emp1Id), await count('late_punches', emp1Id)];
    const tooOld = await emp1.post('/api/attendance/punches/web', {
      clientKey: key(),
      punchedAt: minutesAgo((MAX_AGE_DAYS + 1) * 1440),
      sentAt: new Date().toISOString(),
    });
    expect(tooOld.statusCode, tooOld.body).toBe(400);
    expect(tooOld.json().fieldErrors.punchedAt[0]).toMatch(/Older than 60 days/);
    // Old by the phone's clock but recent by the server's (the phone's clock is two months slow): put right and kept.
    const slowPhone = await emp1.post('/api/attendance/punches/web', {
      clientKey: key(),
      punchedAt: minutesAgo((MAX_AGE_DAYS + 5) * 1440 + 30),
      sentAt: minutesAgo((MAX_AGE_DAYS + 5) * 1440),
    });
    expect(slowPhone.statusCode, slowPhone.body).toBe(201);
    const afterSending = await emp1.post('/api/attendance/punches/web', {
      clientKey: key(),
      punchedAt: minutesAgo(-5),
      sentAt: minutesAgo(0),
    });
    expect(afterSending.statusCode).toBe(400);
    expect(afterSending.json().fieldErrors.punchedAt).toBeDefined();
    expect([await count('punches', emp1Id), await count('late_punches', emp1Id)]).toEqual([before[0] + 1, before[1]]);
  });

  it('needs its key and both times: 400 naming what is missing', async () => {
    const noKey = await emp1.post('/api/attendance/punches/web', { punchedAt: minutesAgo(700), sentAt: minutesAgo(0) });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().fieldErrors)).toEqual(['clientKey']);
    const noSent = await emp1.post('/api/attendance/punches/web', { clientKey: key(), punchedAt: minutesAgo(700) });
    expect(noSent.statusCode).toBe(400);
    expect(Object.keys(noSent.json().fieldErrors)).toEqual(['sentAt']);
    const notATime = await emp1.post('/api/attendance/punches/web', { clientKey: key(), punchedAt: 'yesterday', sentAt: minutesAgo(0) });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json().fieldErrors.punchedAt).toBeDefined();
  });

  it('answers extreme or odd times with 400 (or stores a believable one), never a 500', async () => {
    const times = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00+14:00', '2026-02-29T10:00:00Z'];
    for (const punchedAt of times) {
      for (const sentAt of times) {
        const res = await emp2.post('/api/attendance/punches/web', { clientKey: key(), punchedAt, sentAt });
        expect([201, 400, 409], `${punchedAt} / ${sentAt}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  it('refuses a second offline punch within a minute of another as a double tap (409)', async () => {
    const first = await emp1.post('/api/attendance/punches/web', { clientKey: key(), punchedAt: minutesAgo(900), sentAt: minutesAgo(0) });
    expect(first.statusCode, first.body).toBe(201);
    const tap = await emp1.post('/api/attendance/punches/web', { clientKey: key(), punchedAt: minutesAgo(899.5), sentAt: minutesAgo(0) });
    expect(tap.statusCode).toBe(409);
  });

  it('for a day of an approved or locked month is kept as a late punch, once', async () => {
    // The seed locks the month before this one: its last day, 10:00 in the organisation's zone.
    const today = todayIn(ZONE);
    const lastOfPrevious = addDays(`${today.slice(0, 7)}-01`, -1);
    const punchedAt = zonedInstant(lastOfPrevious, 10 * 60, ZONE).toISOString();
    const frozen = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payroll_runs r join employees e on e.unit_id = r.unit_id
          where e.id = ${emp1Id} and r.year = ${Number(lastOfPrevious.slice(0, 4))} and r.month = ${Number(lastOfPrevious.slice(5, 7))}
            and r.status in ('approved', 'locked')`,
    );
    expect(frozen[0].n).toBeGreaterThan(0);
    const clientKey = key();
    const body = { direction: 'in', clientKey, punchedAt, sentAt: minutesAgo(0) };
    const res = await emp1.post('/api/attendance/punches/web', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().late).toBe(true);
    expect(res.json().punch.recordedOffline).toBe(true);
    const again = await emp1.post('/api/attendance/punches/web', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ late: true, duplicate: true, punch: { id: res.json().punch.id } });
    expect(await stored('late_punches', clientKey)).toHaveLength(1);
    expect(await stored('punches', clientKey)).toHaveLength(0);
    // Listed for the payroll office among the late punches.
    const late = (
      await admin.get(
        `/api/attendance/late-punches?employeeId=${emp1Id}&year=${lastOfPrevious.slice(0, 4)}&month=${Number(lastOfPrevious.slice(5, 7))}`,
      )
    ).json() as { id: number }[];
    expect(late.some((l) => l.id === res.json().punch.id)).toBe(true);
  });
});

describe('who may punch, and with which app', () => {
  it('refuses an installed app below the minimum of the APK version master (426), and takes a supported one', async () => {
    const old = await emp2.post('/api/attendance/punches/web', { clientKey: key(), appVersion: 99 });
    expect(old.statusCode).toBe(426);
    expect(old.json().message).toMatch(/install version .*120/);
    const current = await emp2.post('/api/attendance/punches/web', {
      clientKey: key(),
      appVersion: 130,
      punchedAt: minutesAgo(30),
      sentAt: minutesAgo(0),
    });
    expect(current.statusCode, current.body).toBe(201);
  });

  it('refuses a caller without a session (401) and a sign-in without an employee record (403), storing nothing', async () => {
    const total = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from punches`))[0].n;
    const before = await total();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/punches/web',
      payload: { clientKey: key(), punchedAt: minutesAgo(30), sentAt: minutesAgo(0) },
    });
    expect(anonymous.statusCode).toBe(401);
    const noEmployee = await admin.post('/api/attendance/punches/web', {
      clientKey: key(),
      punchedAt: minutesAgo(30),
      sentAt: minutesAgo(0),
    });
    expect(noEmployee.statusCode).toBe(403);
    // An employee id in the body is not a field: the punch is the caller's own.
    const other = await emp1.post('/api/attendance/punches/web', {
      clientKey: key(),
      employeeId: emp2Id,
      punchedAt: minutesAgo(1200),
      sentAt: minutesAgo(0),
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().punch.employeeId).toBe(emp1Id);
    expect(await total()).toBe(before + 1);
  });
});

describe('the installable app', () => {
  it("serves its manifest to anyone, with the organisation's name, the icons and the phone home to open", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/app-manifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const [org] = await queryRows<{ name: string }>(t.db, sql`select name from organisation order by id limit 1`);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: org.name, start_url: '/outlet/home', display: 'standalone', scope: '/' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // A renamed organisation is the app's new name.
    await t.db.execute(sql`update organisation set name = 'Sundaram Textiles Private Limited'`);
    const renamed = (await t.app.inject({ method: 'GET', url: '/api/public/app-manifest' })).json();
    expect(renamed.name).toBe('Sundaram Textiles Private Limited');
    expect(renamed.short_name).toBe('Sundaram');
    await t.db.execute(sql`update organisation set name = ${org.name}`);
  });
});
