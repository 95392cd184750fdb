/**
 * POST /api/auth/password: a signed-in user changes their own password. The current password must be right
 * (400 on the field, counted as a failed sign-in), the new one passes newPasswordProblem() and differs; the
 * user's other sessions end, this one stays; the change is audited without the hashes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { signInMaxFailuresPerAccount: 3 } });
}, 600_000);
afterAll(() => t?.close());

const signInWith = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password } });

describe('changing one’s own password', () => {
  it('refuses without a session (401) and a malformed body (400)', async () => {
    const anonymous = await api(t.app).post('/api/auth/password', { currentPassword: 'Employee@123', newPassword: 'Mango-Lassi-2026' });
    expect(anonymous.statusCode).toBe(401);
    const me = api(t.app, await signIn(t.app, 'employee2'));
    const missing = await me.post('/api/auth/password', { currentPassword: 'Employee@123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.newPassword).toEqual(['New password is required']);
    expect((await me.post('/api/auth/password', { currentPassword: 7, newPassword: 'Mango-Lassi-2026' })).statusCode).toBe(400);
  });

  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const me = api(t.app, await signIn(t.app, 'employee2'));
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userName, 'employee2'));
    const wrong = await me.post('/api/auth/password', { currentPassword: 'Employee@124', newPassword: 'Mango-Lassi-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toEqual(['The current password is not correct']);
    const short = await me.post('/api/auth/password', { currentPassword: 'Employee@123', newPassword: 'Mango-26' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toEqual(['At least 10 characters']);
    const common = await me.post('/api/auth/password', { currentPassword: 'Employee@123', newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.newPassword?.[0]).toBeTruthy();
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userName, 'employee2'));
    expect(after.hash).toBe(before.hash);
    expect((await signInWith('employee2', 'Employee@123')).statusCode).toBe(200);
  });

  it('wrong current passwords count as failed sign-ins: guessing through a session is delayed (429)', async () => {
    const me = api(t.app, await signIn(t.app, 'manager'));
    for (let i = 0; i < 3; i++) {
      expect((await me.post('/api/auth/password', { currentPassword: `guess-${i}`, newPassword: 'Mango-Lassi-2026' })).statusCode).toBe(
        400,
      );
    }
    const limited = await me.post('/api/auth/password', { currentPassword: 'Manager@123', newPassword: 'Mango-Lassi-2026' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Please try again in \d+ seconds/);
  });

  it('changes it, ends the other sessions but not this one, audits the change; the same password again is refused', async () => {
    const mine = await signIn(t.app, 'employee1');
    const other = await signIn(t.app, 'employee1');
    const me = api(t.app, mine);
    const done = await me.post('/api/auth/password', { currentPassword: 'Employee@123', newPassword: 'Mango-Lassi-2026' });
    expect(done.statusCode, done.body).toBe(204);
    expect((await me.get('/api/auth/me')).statusCode).toBe(200);
    expect((await api(t.app, other).get('/api/auth/me')).statusCode).toBe(401);
    expect((await signInWith('employee1', 'Employee@123')).statusCode).toBe(401);
    expect((await signInWith('employee1', 'Mango-Lassi-2026')).statusCode).toBe(200);
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'employee1'));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'password_change')));
    expect(audit).toHaveLength(1);
    expect(audit[0].userId).toBe(user.id);
    expect(audit[0].after).toEqual({ otherSessionsEnded: 1 });
    expect(JSON.stringify(audit[0])).not.toMatch(/argon2/);
    // the same password again is no change
    const same = await me.post('/api/auth/password', { currentPassword: 'Mango-Lassi-2026', newPassword: 'Mango-Lassi-2026' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.newPassword).toEqual(['The new password must differ from the current one']);
  });
});
