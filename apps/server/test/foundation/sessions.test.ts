import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInAttempts } from '../../src/db/schema';
import { hashToken } from '../../src/modules/access/session';
import { pruneAuthTables } from '../../src/modules/auth/prune';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => api(t.app, token).get('/api/auth/me');
const byToken = (token: string) => eq(sessions.tokenHash, hashToken(token));

describe('sessions', () => {
  it('sign-out revokes the token everywhere', async () => {
    const token = await signIn(t.app, 'employee1');
    expect((await me(token)).statusCode).toBe(200);
    const out = await api(t.app, token).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/sign in again/);
    expect((await api(t.app, token).get('/api/financial-years')).statusCode).toBe(401);
    expect((await api(t.app, token).post('/api/auth/sign-out')).statusCode).toBe(401);
  });

  it('an idle session expires', async () => {
    const token = await signIn(t.app, 'employee1');
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '119 minutes'` }).where(byToken(token));
    expect((await me(token)).statusCode).toBe(200); // still inside the 120 idle minutes, and now refreshed
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '121 minutes'` }).where(byToken(token));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a session ends at its absolute expiry even when in use', async () => {
    const token = await signIn(t.app, 'manager');
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(byToken(token));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const token = await signIn(t.app, 'admin');
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '30 seconds'` }).where(byToken(token));
    const [before] = await t.db.select().from(sessions).where(byToken(token));
    await me(token);
    const [same] = await t.db.select().from(sessions).where(byToken(token));
    expect(same.lastSeenAt.getTime()).toBe(before.lastSeenAt.getTime());
    await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '5 minutes'` }).where(byToken(token));
    await me(token);
    const [touched] = await t.db.select().from(sessions).where(byToken(token));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses malformed and unknown tokens', async () => {
    for (const authorization of ['Bearer', 'Bearer x', 'Basic YWRtaW46QWRtaW5AMTIz', `Bearer ${'A'.repeat(43)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('configured lifetimes', () => {
  it('honours tiny idle and absolute settings', async () => {
    // Idle for half a minute ends the session (the default is 120). The idle time is set in the database, not waited
    // for: a wait of a few seconds against a fraction of a second raced a loaded machine between sign-in and the check.
    const short = await createTestApp({ config: { sessionIdleMinutes: 0.5, sessionAbsoluteHours: 1 } });
    try {
      const token = await signIn(short.app, 'employee2');
      expect((await api(short.app, token).get('/api/auth/me')).statusCode).toBe(200);
      await short.db.update(sessions).set({ lastSeenAt: sql`now() - interval '40 seconds'` }).where(byToken(token));
      expect((await api(short.app, token).get('/api/auth/me')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('pruning', () => {
  it('forgets ended sessions and old failed sign-ins, keeps live ones', async () => {
    const live = await signIn(t.app, 'employee2');
    const old = await signIn(t.app, 'employee2');
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '2 days'` }).where(byToken(old));
    await t.db.insert(signInAttempts).values([
      { userKey: 'name:x', ip: '10.9.9.9', at: sql`now() - interval '1 hour'` },
      { userKey: 'name:y', ip: '10.9.9.9' },
    ]);
    await pruneAuthTables(t.db, t.config);
    expect(await t.db.select().from(sessions).where(byToken(old))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(byToken(live))).toHaveLength(1);
    const left = await t.db.select().from(signInAttempts).where(eq(signInAttempts.ip, '10.9.9.9'));
    expect(left.map((r) => r.userKey)).toEqual(['name:y']);
  });
});
