/**
 * The application context (lib/app-context.ts): two apps in one process, each built from its own configuration,
 * see only their own organisation zone ("today"), password minimum and notification e-mail — in requests sent to
 * both at once and in the jobs their runners run — and outside any app the configuration's defaults apply.
 */
import { addDays, todayIn, weekday } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext, appContextOf, inAppContext } from '../../src/app-context';
import { queryRows } from '../../src/db/client';
import { enqueue, readJob } from '../../src/jobs/runner';
import { orgToday, orgZone } from '../../src/lib/org-zone';
import { leavePostJob } from '../../src/modules/requests/jobs';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

// 25 hours apart: at every moment the two organisations' dates differ.
const EAST = 'Pacific/Kiritimati'; // UTC+14
const WEST = 'Pacific/Pago_Pago'; // UTC−11

let east: TestApp;
let west: TestApp;

beforeAll(async () => {
  // One after the other: two apps starting at once on a loaded machine can pass Fastify's plugin timeout.
  // East: a 14-character minimum and e-mail on (to a port nobody answers: no job is drained after a notification).
  east = await createTestApp({ config: { orgTimeZone: EAST, passwordMinLength: 14, smtpUrl: 'smtp://127.0.0.1:9' } });
  west = await createTestApp({ config: { orgTimeZone: WEST } });
});
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

/** The dates `zone` can have had while `work` ran (it may cross a midnight). */
async function datesAround<T>(zones: string[], work: () => Promise<T>): Promise<{ result: T; dates: Map<string, string[]> }> {
  const before = new Date();
  const result = await work();
  const after = new Date();
  return { result, dates: new Map(zones.map((z) => [z, [todayIn(z, before), todayIn(z, after)]])) };
}

describe('two apps in one process', () => {
  it('answer interleaved requests each with its own zone and today', async () => {
    const [eastStaff, westStaff] = await Promise.all([signIn(east.app, 'employee1'), signIn(west.app, 'employee1')]);
    const callers = [
      { zone: EAST, as: api(east.app, eastStaff) },
      { zone: WEST, as: api(west.app, westStaff) },
    ];
    const { result, dates } = await datesAround([EAST, WEST], () =>
      Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const { zone, as } = callers[i % 2];
          const [me, today] = await Promise.all([as.get('/api/auth/me'), as.get('/api/dashboard/me/today')]);
          return { zone, me, today };
        }),
      ),
    );
    for (const { zone, me, today } of result) {
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().acc_dtls.organisation.timeZone).toBe(zone);
      expect(today.statusCode, today.body).toBe(200);
      expect(dates.get(zone)).toContain(today.json().date);
    }
  });

  it('run each app’s jobs in that app’s zone, also when both runners work at once', async () => {
    const [eastJob, westJob] = await Promise.all([enqueue(east.db, leavePostJob, {}), enqueue(west.db, leavePostJob, {})]);
    const { dates } = await datesAround([EAST, WEST], () => Promise.all([east.app.jobs.drain(), west.app.jobs.drain()]));
    for (const [t, id, zone] of [
      [east, eastJob, EAST],
      [west, westJob, WEST],
    ] as const) {
      const row = await readJob(t.db, id as number);
      expect(row?.state, row?.error ?? '').toBe('succeeded');
      expect(dates.get(zone)).toContain((row?.result as { asOf?: string } | null)?.asOf);
    }
  });

  it('refuse a password by each app’s own minimum', async () => {
    const [eastAdmin, westAdmin] = await Promise.all([signIn(east.app, 'admin'), signIn(west.app, 'admin')]);
    const newUser = async (t: TestApp, token: string, n: number) => {
      const admin = api(t.app, token);
      const roles = (await admin.get('/api/resources/role', { pageSize: 50 })).json().rows as { id: number; name: string }[];
      const roleId = roles.find((r) => r.name === 'Employee')?.id;
      return admin.post('/api/resources/user', { userName: `context.user${n}`, fullName: 'Context', roleId, password: 'Tiffin-Box-42' });
    };
    const answers = await Promise.all([0, 1, 2, 3].map((n) => (n % 2 ? newUser(west, westAdmin, n) : newUser(east, eastAdmin, n))));
    for (const [n, res] of answers.entries()) {
      if (n % 2) expect(res.statusCode, res.body).toBe(201);
      else {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fieldErrors.password).toEqual(['At least 14 characters']);
      }
    }
  });

  it('queue notification e-mail only in the app that has it set up', async () => {
    const raise = async (t: TestApp, zone: string) => {
      const staff = api(t.app, await signIn(t.app, 'employee1'));
      let day = addDays(todayIn(zone), 60);
      while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
      const res = await staff.post('/api/requests', { kind: 'wfh', fromDate: day, toDate: day, reason: 'Home for the day' });
      expect(res.statusCode, res.body).toBe(201);
    };
    await Promise.all([raise(east, EAST), raise(west, WEST)]);
    const mails = async (t: TestApp) =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jobs where name = 'requests.emailNotifications'`))[0].n;
    expect(await mails(east)).toBeGreaterThan(0);
    expect(await mails(west)).toBe(0);
  });
});

describe('outside any app', () => {
  it('reads the configuration’s defaults, and a context entered by hand', () => {
    expect(orgZone()).toBe('Asia/Kolkata');
    expect(appContext().passwordMinLength).toBe(10);
    expect(appContext().mail.enabled).toBe(false);
    const moment = new Date('2026-03-01T01:00:00Z');
    expect(orgToday(moment)).toBe('2026-03-01');
    inAppContext(appContextOf(west.config), () => {
      expect(orgZone()).toBe(WEST);
      expect(orgToday(moment)).toBe('2026-02-28');
    });
    expect(orgZone()).toBe('Asia/Kolkata');
  });
});
