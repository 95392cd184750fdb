import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInAttempts, users } from '../../src/db/schema';
import { roleIdByName } from '../../src/db/seed/core';
import { createUser } from '../../src/db/seed/factories';
import { hashToken } from '../../src/modules/access/session';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { signInMaxFailuresPerAccount: 3, signInMaxFailuresPerIp: 6 } });
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

  it('rate-limits failed sign-ins per account (429, even with the right password)', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('employee2', `wrong-${i}`, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const limited = await attempt('employee2', 'Employee@123', '10.2.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many failed sign-in attempts for this account/);
    expect(limited.headers['retry-after']).toBe(String(15 * 60));
    // the same account by e-mail counts as the same account
    expect((await attempt('karthik.s@sunrise-edu.example', 'Employee@123', '10.2.0.8')).statusCode).toBe(429);
    // other accounts are unaffected
    expect((await attempt('employee1', 'Employee@123', '10.2.0.9')).statusCode).toBe(200);
    // once the failures leave the window, the account signs in again
    await t.db.execute(sql`update sign_in_attempts set at = at - interval '16 minutes'`);
    expect((await attempt('employee2', 'Employee@123', '10.2.0.9')).statusCode).toBe(200);
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
