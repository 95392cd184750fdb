import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import type { AuthContext } from './context';
import { manageableUsersSql, roleWithinSql } from './grants';

/**
 * Rules for every place that creates or changes a sign-in account (the user master, an employee's
 * "Sign-in account"), so that a second way in cannot skip them.
 */

/** 403 unless a non-administrator's own role holds every action that `roleId` grants. */
export async function assertRoleWithin(db: Db | Tx, auth: AuthContext, roleId: number, what: string): Promise<void> {
  if (auth.isAdmin) return;
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${roleWithinSql(roleId, auth.roleId)} as ok`);
  if (!row?.ok) throw new Forbidden(`You cannot ${what} a role that grants more than your own role holds`);
}

/**
 * Whether the caller may give `roleId` to an account: an unknown role is a field error, an administrator
 * role is for administrators only, and a non-administrator gives no role granting more than their own.
 */
export async function assertMayGiveRole(db: Db | Tx, auth: AuthContext, roleId: number, invalid = 'Invalid user'): Promise<void> {
  const [role] = await db.select({ isAdmin: roles.isAdmin }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw new BadRequest(invalid, { roleId: ['Choose a role'] });
  if (auth.isAdmin) return;
  if (role.isAdmin) throw new Forbidden('Only an administrator may give the administrator role');
  await assertRoleWithin(db, auth, roleId, 'give');
}

/**
 * One login names one account: a user name is nobody else's user name or e-mail, and an e-mail is
 * nobody else's user name or e-mail (sign-in takes either). 409 on the field that clashes.
 */
export async function assertLoginUnique(
  db: Db | Tx,
  account: { userName: string; email: string | null | undefined; id?: number },
): Promise<void> {
  const name = account.userName.trim().toLowerCase();
  const email = account.email ? account.email.trim().toLowerCase() : null;
  const clashes: SQL[] = [eq(sql`lower(${users.userName})`, name), eq(sql`lower(${users.email})`, name)];
  if (email) clashes.push(eq(sql`lower(${users.userName})`, email), eq(sql`lower(${users.email})`, email));
  const found = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(and(account.id === undefined ? undefined : ne(users.id, account.id), or(...clashes)))
    .limit(4);
  if (found.some((u) => u.userName.toLowerCase() === name)) throw new Conflict('This user name is taken', 'userName');
  if (found.some((u) => u.email?.toLowerCase() === name)) {
    throw new Conflict('This user name is another account’s e-mail', 'userName');
  }
  if (found.some((u) => u.userName.toLowerCase() === email)) throw new Conflict('This e-mail is another account’s user name', 'email');
  if (found.length) throw new Conflict('This e-mail is another account’s e-mail', 'email');
}

/**
 * 403 unless a non-administrator could manage every account that holds `roleId` (grants.ts): changing a role
 * changes what all its holders may do, so a unit-limited manager may not widen or narrow the rights of accounts
 * in other units (or of their peers elsewhere) by editing a role they share.
 */
export async function assertRoleHoldersWithinReach(db: Db | Tx, auth: AuthContext, roleId: number): Promise<void> {
  const manageable = manageableUsersSql(auth, { id: sql`${users.id}`, roleId: sql`${users.roleId}`, employeeId: sql`${users.employeeId}` });
  if (!manageable) return;
  const [outside] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), sql`not ${manageable}`))
    .limit(1);
  if (outside) throw new Forbidden('Accounts outside your units hold this role; only an administrator may change it');
}
