import { eq, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { Unauthorized } from '../../lib/errors';
import { createSession } from '../access/session';
import { verifyPassword } from './password';
import { attemptFailed, attemptSucceeded, reserveAttempt } from './rate-limit';

export const INVALID_CREDENTIALS = 'Invalid user name or password';

/**
 * Finds the account by user name or e-mail, case-insensitively. The rule is explicit: a user name
 * match wins over an e-mail match (user names are unique, and the user master refuses a user name
 * that is another account's e-mail and the reverse), so one login never names two accounts.
 */
export async function findUserForSignIn(db: Db, login: string) {
  const key = login.trim().toLowerCase();
  const byName = eq(sql`lower(${users.userName})`, key);
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      roleActive: roles.isActive,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(or(byName, eq(sql`lower(${users.email})`, key)))
    .orderBy(sql`case when ${byName} then 0 else 1 end`, users.id)
    .limit(1);
  return row;
}

export interface SignInInput {
  userName: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/**
 * Verifies the credentials and opens a session. Unknown user and wrong password take the same time
 * and get the same message; failures count towards the per-account and per-address delays (rate-limit.ts).
 */
export async function signIn(db: Db, cfg: AppConfig, input: SignInInput) {
  const user = await findUserForSignIn(db, input.userName);
  // Failures of a known account count against the account whichever identifier was typed.
  const userKey = user ? `user:${user.id}` : `name:${input.userName.trim().toLowerCase()}`;
  const attemptId = await reserveAttempt(db, userKey, input.ip, cfg, user?.id);

  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await attemptFailed(db, userKey, input.ip, cfg);
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  if (!user.isActive || !user.roleActive) {
    throw new Unauthorized('Your account is disabled; please contact the administrator');
  }
  await attemptSucceeded(db, userKey, attemptId);
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, user.id));
  return createSession(db, user.id, cfg, { ip: input.ip, userAgent: input.userAgent });
}
