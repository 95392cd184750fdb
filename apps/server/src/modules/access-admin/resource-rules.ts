import { MENU, MENU_PATHS } from '@hr/contract';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { menus, modules, roleMenuAccess, sessions, users, userUnitMap } from '../../db/schema';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import { assertLoginUnique, assertMayGiveRole, assertRoleHoldersWithinReach, assertRoleWithin } from '../access/accounts';
import type { AuthContext } from '../access/context';
import { manageableUsersSql } from '../access/grants';
import { hashPassword, newPasswordProblem } from '../auth/password';
import { type ResourceHooks, registerResourceHooks } from '../masters/hooks';

/** Rules of the access masters (roles, modules, menus, users, user-wise unit mapping): who may hand out what. */

const roleHooks: ResourceHooks = {
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
};

/**
 * The menus of the screens that hand out access (roles, users, role-wise menu access, user-wise unit mapping, the
 * audit trail and the menu and module masters themselves): access follows a menu's path and active flag and its
 * module's (roleGrantsSql), so these are never switched off, removed or re-pointed, nor their module switched off,
 * not even by an administrator: there would be no way back through the API.
 */
export const ACCESS_MENUS: readonly string[] = [
  MENU.role,
  MENU.userMaster,
  MENU.roleWiseMenuAccess,
  MENU.userUnitMap,
  MENU.auditTrail,
  MENU.menu,
  MENU.module,
];
const SCREEN_PATHS = new Set<string>(MENU_PATHS);
/** What a non-administrator with edit on the Menu master may change: how a menu looks, not what it grants. */
const MENU_ADMIN_FIELDS = ['actionUrl', 'moduleId', 'parentId', 'isActive'] as const;

/** Whether any role holds an action on the menu (its grants would follow a new path). */
async function menuIsGranted(tx: Tx, menuId: number): Promise<boolean> {
  const [row] = await tx
    .select({ menuId: roleMenuAccess.menuId })
    .from(roleMenuAccess)
    .where(
      and(
        eq(roleMenuAccess.menuId, menuId),
        sql`(${roleMenuAccess.canView} or ${roleMenuAccess.canAdd} or ${roleMenuAccess.canEdit} or ${roleMenuAccess.canDelete} or ${roleMenuAccess.canApprove})`,
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether the module holds one of the access screens' menus. */
async function moduleHoldsAccessMenus(tx: Tx, moduleId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.moduleId, moduleId), inArray(menus.actionUrl, [...ACCESS_MENUS])))
    .limit(1);
  return !!row;
}

const menuHooks: ResourceHooks = {
  async beforeSave({ tx, auth, data, id, before }) {
    if (id && data.parentId === id) throw new BadRequest('Invalid menu', { parentId: ['A menu cannot be its own parent'] });
    if (!String(data.actionUrl).startsWith('/')) {
      throw new BadRequest('Invalid menu', { actionUrl: ['Start the path with /'] });
    }
    data.icon ??= '';
    // A menu's path, module and active flag decide what its grants reach: administrators only.
    if (!auth.isAdmin) {
      if (!before) throw new Forbidden('Only an administrator may add menus');
      if (MENU_ADMIN_FIELDS.some((f) => (data[f] ?? null) !== (before[f] ?? null))) {
        throw new Forbidden(
          'Only an administrator may change a menu’s path, module, parent or active flag; you may change its label, icon and order',
        );
      }
    }
    if (before && ACCESS_MENUS.includes(String(before.actionUrl))) {
      const what = `${String(before.label)} hands out access`;
      if (data.actionUrl !== before.actionUrl) throw new Conflict(`${what}: its path cannot change`, 'actionUrl');
      if (data.isActive === false) throw new Conflict(`${what}: it cannot be switched off`, 'isActive');
      if (data.moduleId !== before.moduleId) {
        const [target] = await tx
          .select({ isActive: modules.isActive })
          .from(modules)
          .where(eq(modules.id, Number(data.moduleId)));
        if (target && !target.isActive) throw new Conflict(`${what}: it cannot move to a module that is switched off`, 'moduleId');
      }
    }
    // A menu roles already hold never starts pointing at a screen: that would give them the screen without a grant.
    if (before && data.actionUrl !== before.actionUrl && SCREEN_PATHS.has(String(data.actionUrl)) && id && (await menuIsGranted(tx, id))) {
      throw new Conflict(
        'Roles hold this menu, so pointing it at another screen would give them that screen; remove its grants in Role Wise Menu Access first, or add a new menu for the screen',
        'actionUrl',
      );
    }
  },
  beforeDelete({ auth, before }) {
    if (!auth.isAdmin) throw new Forbidden('Only an administrator may remove menus');
    if (ACCESS_MENUS.includes(String(before.actionUrl))) {
      throw new Conflict(`${String(before.label)} hands out access: it cannot be removed`);
    }
  },
};

const moduleHooks: ResourceHooks = {
  async beforeSave({ tx, auth, data, id, before }) {
    if (!auth.isAdmin) {
      if (!before) throw new Forbidden('Only an administrator may add modules');
      if ((data.isActive ?? true) !== before.isActive) throw new Forbidden('Only an administrator may switch a module on or off');
    }
    if (id !== undefined && data.isActive === false && (await moduleHoldsAccessMenus(tx, id))) {
      throw new Conflict('This module holds the screens that hand out access: it cannot be switched off', 'isActive');
    }
  },
  async beforeDelete({ tx, auth, id }) {
    if (!auth.isAdmin) throw new Forbidden('Only an administrator may remove modules');
    if (await moduleHoldsAccessMenus(tx, id))
      throw new Conflict('This module holds the screens that hand out access: it cannot be removed');
  },
};

/** Ends every session of a user (a password reset, a new role, a closed account), but the caller's own. */
async function revokeSessions(tx: Tx, auth: AuthContext, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)));
}

const userHooks: ResourceHooks = {
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
};

/** The caller's manageable accounts (grants.ts) over the users table; undefined for administrators. */
const manageableUsers = (auth: AuthContext): SQL | undefined =>
  manageableUsersSql(auth, { id: sql`${users.id}`, roleId: sql`${users.roleId}`, employeeId: sql`${users.employeeId}` });

/** 403 unless a non-administrator may manage the account `userId` (an unknown account answers the same). */
async function assertManageableUser(tx: Tx, auth: AuthContext, userId: number): Promise<void> {
  const manageable = manageableUsers(auth);
  if (!manageable) return;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), manageable))
    .limit(1);
  if (!row) throw new Forbidden('You can map units only of accounts wholly inside your units');
}

const userUnitMapHooks: ResourceHooks = {
  // A unit mapping row is its user's: a non-administrator reaches only the rows of accounts they may manage (the
  // user master's rule), so they neither read, switch off, move nor remove the rows of other accounts (404).
  scope(auth) {
    const manageable = manageableUsers(auth);
    return manageable && sql`exists (select 1 from ${users} where ${users.id} = ${userUnitMap.userId} and ${manageable})`;
  },
  // Whoever the row is given to (a new row, or a row moved to another account) must be manageable too.
  async beforeSave({ tx, auth, data }) {
    await assertManageableUser(tx, auth, Number(data.userId));
  },
};

/** Registers these rules with the masters registry (called once, from the module's manifest). */
export function registerAccessRules(): void {
  registerResourceHooks('role', roleHooks);
  registerResourceHooks('menu', menuHooks);
  registerResourceHooks('module', moduleHooks);
  registerResourceHooks('user', userHooks);
  registerResourceHooks('userUnitMap', userUnitMapHooks);
}
