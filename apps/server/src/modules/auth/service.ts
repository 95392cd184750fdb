import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Unauthorized } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { createSession, leftBefore } from '../access/session';
import { hashPassword, newPasswordProblem, verifyPassword } from './password';
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
      // The employee's last working day has passed (an approved separation, modules/exits).
      hasLeft: sql<boolean>`exists (select 1 from employees xe where xe.id = ${users.employeeId} and xe.exit_date < ${leftBefore()})`,
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
  if (user.hasLeft) throw new Unauthorized('Your employment has ended; this account no longer signs in');
  await attemptSucceeded(db, userKey, attemptId);
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, user.id));
  return createSession(db, user.id, cfg, { ip: input.ip, userAgent: input.userAgent });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  ip: string;
  requestId?: string;
}

/**
 * The signed-in user changes their own password: the current one must be right (a wrong one counts as a failed
 * sign-in of the account from this address, so a left-open session cannot be used to guess it), the new one
 * passes the installation's policy and differs from the current one. The user's other sessions end; this one
 * stays. Audited (without the hashes).
 */
export async function changeOwnPassword(
  db: Db,
  cfg: AppConfig,
  auth: Pick<AuthContext, 'userId' | 'userName' | 'sessionId'>,
  input: ChangePasswordInput,
) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw new Unauthorized();
  const userKey = `user:${auth.userId}`;
  const attemptId = await reserveAttempt(db, userKey, input.ip, cfg, auth.userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await attemptFailed(db, userKey, input.ip, cfg);
    throw new BadRequest('Please correct the highlighted fields', { currentPassword: ['The current password is not correct'] });
  }
  await attemptSucceeded(db, userKey, attemptId);
  const problem = await newPasswordProblem(db, input.newPassword, { userName: auth.userName, fullName: user.fullName });
  if (problem) throw new BadRequest('Please correct the highlighted fields', { newPassword: [problem] });
  if (input.newPassword === input.currentPassword) {
    throw new BadRequest('Please correct the highlighted fields', { newPassword: ['The new password must differ from the current one'] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)))
      .returning({ id: sessions.id });
    await writeAudit(tx, {
      entity: 'users',
      entityId: auth.userId,
      action: 'password_change',
      after: { otherSessionsEnded: ended.length },
      userId: auth.userId,
      requestId: input.requestId,
    });
  });
}
