import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInAttempts, users } from '../../src/db/schema';
import { hashToken } from '../../src/modules/access/session';
import { signInDelaySeconds, waitText } from '../../src/modules/auth/rate-limit';
import { roleIdByName } from '../../src/seed/core';
import { createUser } from '../../src/seed/factories';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { signInMaxFailuresPerAccount: 3, signInMaxFailuresPerAccountAnyAddress: 5, signInMaxFailuresPerIp: 6 },
  });
});
afterAll(() => t?.close());

const attempt = (userName: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password }, remoteAddress });

describe('sign-in', () => {
  it('returns an opaque token stored only as its sha-256, with the absolute expiry', async () => {
    const res = await attempt('admin', 'Admin@123');
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hoursAhead = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(11.9);
    expect(hoursAhead).toBeLessThanOrEqual(12.01);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.tokenHash} = ${hashToken(token)}`);
    expect(rows).toHaveLength(1);
    const stored = await t.db.select().from(sessions).where(sql`${sessions.tokenHash} = ${token}`);
    expect(stored).toHaveLength(0);
  });

  it('accepts the e-mail and any letter case', async () => {
    expect((await attempt('MANAGER', 'Manager@123')).statusCode).toBe(200);
    expect((await attempt('Manager@Sunrise-Edu.example', 'Manager@123')).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrongPassword = await attempt('employee1', 'nope', '10.1.0.1');
    const unknownUser = await attempt('nobody-here', 'Employee@123', '10.1.0.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Invalid user name or password');
    expect(unknownUser.json().message).toBe(wrongPassword.json().message);
    // and the successful sign-in afterwards clears the account's failures
    expect((await attempt('employee1', 'Employee@123', '10.1.0.1')).statusCode).toBe(200);
    const left = await t.db.select().from(signInAttempts).where(sql`${signInAttempts.userKey} like 'user:%'`);
    expect(left).toHaveLength(0);
  });

  const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
  /** Moves this account's failures back in time, as if the user had waited. */
  const waitFor = (seconds: number, where = sql`true`) =>
    t.db.execute(sql`update sign_in_attempts set at = at - ${`${seconds} seconds`}::interval where ${where}`);

  it('delays failed sign-ins per account and address by a growing wait, and says when to try again (no hard lock)', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('employee2', `wrong-${i}`, '10.2.0.1')).statusCode).toBe(401);
    }
    // the fourth attempt waits the first delay (30 s), even with the right password
    const limited = await attempt('employee2', 'Employee@123', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in (29|30) seconds\.$/);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(29);
    expect(retryAfter(limited)).toBeLessThanOrEqual(30);
    // the same account by e-mail counts as the same account
    expect((await attempt('karthik.s@sunrise-edu.example', 'Employee@123', '10.2.0.1')).statusCode).toBe(429);
    // a guesser does not lock the member of staff out of their own desk
    expect((await attempt('employee2', 'Employee@123', '10.2.0.9')).statusCode).toBe(200);
    // other accounts are unaffected
    expect((await attempt('employee1', 'Employee@123', '10.2.0.1')).statusCode).toBe(200);

    // a guesser who waits gets one more guess, then twice the wait, and so on up to the window (15 minutes)
    const guesser = sql`ip = '10.2.0.7'`;
    for (let i = 0; i < 3; i++) expect((await attempt('employee2', `wrong-${i}`, '10.2.0.7')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const early = await attempt('employee2', 'still-wrong', '10.2.0.7');
      expect(early.statusCode).toBe(429);
      waits.push(retryAfter(early));
      await waitFor(retryAfter(early), guesser);
      expect((await attempt('employee2', `wrong-again-${round}`, '10.2.0.7')).statusCode).toBe(401);
    }
    expect(waits.map((w) => Math.round(w / 30) * 30)).toEqual([30, 60, 120, 240]);
    // many failures within the window: the wait stops at the window
    await t.db.insert(signInAttempts).values(Array.from({ length: 12 }, () => ({ userKey: 'name:someone', ip: '10.2.0.8' })));
    const capped = await attempt('someone', 'anything', '10.2.0.8');
    expect(capped.json().message).toBe('Too many failed sign-in attempts for this account. Please try again in 15 minutes.');
    expect(retryAfter(capped)).toBeLessThanOrEqual(900);
  });

  it('delays one account’s failures spread over many addresses, except at an address it signed in from', async () => {
    // the manager's own desk: a session from there (this is how the limit knows the address)
    expect((await attempt('manager', 'Manager@123', '10.4.0.50')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await attempt('manager', `wrong-${i}`, `10.4.0.${i}`)).statusCode).toBe(401);
    }
    const elsewhere = await attempt('manager', 'Manager@123', '10.4.0.99');
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().message).toMatch(/for this account\. Please try again in (29|30) seconds\./);
    // the guesser cannot keep the manager out of their desk
    expect((await attempt('manager', 'Manager@123', '10.4.0.50')).statusCode).toBe(200);
    // that success cleared the account's failures; new ones from elsewhere delay again
    for (let i = 0; i < 5; i++) expect((await attempt('manager', `wrong-${i}`, `10.4.1.${i}`)).statusCode).toBe(401);
    expect((await attempt('manager', 'Manager@123', '10.4.0.99')).statusCode).toBe(429);
    // once the delay has passed, the account signs in from anywhere
    await waitFor(31);
    expect((await attempt('manager', 'Manager@123', '10.4.0.99')).statusCode).toBe(200);
  });

  it('the wait grows from the first delay and never exceeds the window', () => {
    const cfg = { signInDelaySeconds: 30, signInWindowMinutes: 15 };
    expect([4, 5, 6, 7, 8, 9, 10, 11, 40].map((n) => signInDelaySeconds(n, 5, cfg))).toEqual([0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect([waitText(1), waitText(45), waitText(60), waitText(61), waitText(900)]).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ]);
  });

  it('counts parallel guesses before the slow password check: no burst gets past the limits', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt('employee1', `guess-${i}`, '10.5.0.1')));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    const spread = await Promise.all(Array.from({ length: 15 }, (_, i) => attempt(`nobody-${i}`, 'x', '10.6.0.1')));
    expect(spread.filter((r) => r.statusCode === 401)).toHaveLength(6);
    // the right password sent last from that address is refused too
    expect((await attempt('admin', 'Admin@123', '10.6.0.1')).statusCode).toBe(429);
  });

  it('rate-limits failed sign-ins per address across accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await attempt(`ghost-${i}`, 'whatever', ip)).statusCode).toBe(401);
    }
    const limited = await attempt('admin', 'Admin@123', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/from this address/);
    expect((await attempt('admin', 'Admin@123', '10.3.0.2')).statusCode).toBe(200);
  });

  it('a login that is one account’s user name and another’s e-mail signs in the user name’s account', async () => {
    const roleId = (await roleIdByName(t.db, 'Employee')) as number;
    await createUser(t.db, {
      userName: 'by-mail',
      email: 'shared@sunrise-edu.example',
      password: 'ByMail@12345',
      fullName: 'By mail',
      roleId,
    });
    // The e-mail's account is older (a lower id), so only the explicit rule finds the user name's.
    await createUser(t.db, { userName: 'shared@sunrise-edu.example', password: 'ByName@12345', fullName: 'By name', roleId });
    expect((await attempt('Shared@sunrise-edu.example', 'ByName@12345', '10.7.0.1')).statusCode).toBe(200);
    expect((await attempt('shared@sunrise-edu.example', 'ByMail@12345', '10.7.0.1')).statusCode).toBe(401);
    // and the user master refuses to make such a pair
    const admin = api(t.app, await signIn(t.app, 'admin'));
    const clash = await admin.post('/api/resources/user', {
      userName: 'manager@sunrise-edu.example',
      fullName: 'Clash',
      roleId,
      password: 'Clash@12345',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toHaveProperty('userName');
    await createUser(t.db, { userName: 'lonely@sunrise-edu.example', password: 'Lonely@12345', fullName: 'Lonely', roleId });
    const reverse = await admin.post('/api/resources/user', {
      userName: 'x-clash',
      email: 'lonely@sunrise-edu.example',
      fullName: 'Clash',
      roleId,
      password: 'Clash@12345',
    });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().fieldErrors).toHaveProperty('email');
  });

  it('validates the payload with field errors', async () => {
    const res = await api(t.app).post('/api/auth/sign-in', { userName: '  ', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors.userName).toEqual(['User name is required']);
    expect(body.fieldErrors.password).toEqual(['Password is required']);
  });
});

describe('me', () => {
  it('returns the account, its units and menus', async () => {
    const token = await signIn(t.app, 'manager');
    const res = await api(t.app, token).get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.acc_dtls).toMatchObject({ userName: 'manager', roleName: 'Manager', isAdmin: false });
    expect(me.acc_dtls.organisation.name).toMatch(/Sunrise/);
    expect(me.units.map((u: { code: string }) => u.code).sort()).toEqual(['BR-CHN', 'HO-BLR']);
    expect(me.rawMenus.length).toBeGreaterThan(10);
    const flatFromTree = me.appMenus.flatMap((m: { menus: unknown[] }) => m.menus);
    expect(flatFromTree).toHaveLength(me.rawMenus.length);
  });
});

describe('disabled accounts', () => {
  it('cannot sign in, and their open sessions stop working', async () => {
    const roleId = (await roleIdByName(t.db, 'Employee')) as number;
    const id = await createUser(t.db, { userName: 'temp.staff', password: 'Temp@12345', fullName: 'Temp Staff', roleId });
    const ok = await attempt('temp.staff', 'Temp@12345', '10.4.0.1');
    expect(ok.statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await api(t.app, ok.json().token).get('/api/auth/me')).statusCode).toBe(401);
    const refused = await attempt('temp.staff', 'Temp@12345', '10.4.0.1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/disabled/);
  });
});
