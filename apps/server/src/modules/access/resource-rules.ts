import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import { hashPassword, newPasswordProblem } from '../auth/password';
import { registerResourceHooks } from '../masters/hooks';
import { assertLoginUnique, assertMayGiveRole, assertRoleHoldersWithinReach, assertRoleWithin } from './accounts';
import type { AuthContext } from './context';
import { manageableUsersSql } from './grants';

/** Rules of the access masters (roles, menus, users): who may hand out what. */

registerResourceHooks('role', {
  async beforeSave({ tx, auth, data, id, before }) {
    if (data.isAdmin && !auth.isAdmin) throw new Forbidden('Only an administrator may create administrator roles');
    if (data.isAdmin && data.isSelfService) {
      throw new BadRequest('Invalid role', { isSelfService: ['An administrator role cannot be self service'] });
    }
    if (id !== undefined) {
      if (before?.isAdmin && !auth.isAdmin) throw new Forbidden('Only an administrator may change an administrator role');
      await assertRoleWithin(tx, auth, id, 'change');
      await assertRoleHoldersWithinReach(tx, auth, id);
    }
  },
  async beforeDelete({ tx, auth, id, before }) {
    if (before.isAdmin && !auth.isAdmin) throw new Forbidden('Only an administrator may remove an administrator role');
    await assertRoleWithin(tx, auth, id, 'remove');
    await assertRoleHoldersWithinReach(tx, auth, id);
  },
});

registerResourceHooks('menu', {
  beforeSave({ data, id }) {
    if (id && data.parentId === id) throw new BadRequest('Invalid menu', { parentId: ['A menu cannot be its own parent'] });
    if (!String(data.actionUrl).startsWith('/')) {
      throw new BadRequest('Invalid menu', { actionUrl: ['Start the path with /'] });
    }
    data.icon ??= '';
  },
});

/** Ends every session of a user (a password reset, a new role, a closed account), but the caller's own. */
async function revokeSessions(tx: Tx, auth: AuthContext, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)));
}

registerResourceHooks('user', {
  // A non-administrator sees and manages only accounts wholly inside their reach (grants.ts).
  scope: (auth) => manageableUsersSql(auth, { id: sql`${users.id}`, roleId: sql`${users.roleId}`, employeeId: sql`${users.employeeId}` }),
  async beforeSave({ tx, auth, data, id }) {
    // Only administrators hand out an administrator role, nobody hands out more than they hold, and one
    // login names one account (accounts.ts: the same rules as an employee's sign-in account).
    await assertMayGiveRole(tx, auth, Number(data.roleId));
    const name = String(data.userName ?? '').toLowerCase();
    await assertLoginUnique(tx, { userName: name, email: typeof data.email === 'string' ? data.email : null, id });
    const password = data.password as string | null | undefined;
    delete data.password;
    const fullName = typeof data.fullName === 'string' ? data.fullName : null;
    const problem = password ? await newPasswordProblem(tx, password, { userName: name, fullName }) : null;
    if (problem) throw new BadRequest('Invalid user', { password: [problem] });
    if (password) data.passwordHash = await hashPassword(password);
    else if (!id) throw new BadRequest('Invalid user', { password: ['Set a first password'] });
  },
  async afterSave({ tx, auth, data, id, before, after }) {
    if (!before) return;
    const changed = data.passwordHash !== undefined || before.roleId !== after.roleId || (before.isActive && !after.isActive);
    if (changed) await revokeSessions(tx, auth, id);
  },
  beforeDelete({ auth, id }) {
    if (auth.userId === id) throw new Conflict('You cannot remove your own account');
  },
});
