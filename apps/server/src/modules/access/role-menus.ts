// Role-wise menu access: the roles with their counts, one role's grid of actions on every menu, and saving that grid
// whole (what a non-administrator may change is limited to what their own role holds).
import { MENU, type TMenuAccessRow } from '@hr/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { menus, modules, roleMenuAccess, roles, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { assertRoleHoldersWithinReach } from './accounts';
import type { AuthContext } from './context';

const CELLS = ['canView', 'canAdd', 'canEdit', 'canDelete', 'canApprove'] as const;

/** The roles listed by the role-wise menu access screen, with how many users hold each and how many menus each sees. */
export async function rolesWithCounts(db: Db) {
  // Counted in SQL: one row per role, however many users and grants there are.
  const userCount = db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, roles.id));
  const menuCount = db
    .select({ n: sql<number>`count(*)::int` })
    .from(roleMenuAccess)
    .where(and(eq(roleMenuAccess.roleId, roles.id), eq(roleMenuAccess.canView, true)));
  return db
    .select({
      id: roles.id,
      name: roles.name,
      isAdmin: roles.isAdmin,
      isSelfService: roles.isSelfService,
      isActive: roles.isActive,
      userCount: sql<number>`(${userCount})`,
      menuCount: sql<number>`(${menuCount})`,
    })
    .from(roles)
    .orderBy(asc(roles.name));
}

/** Every active menu with the actions one role holds on it (the role-wise menu access form); 404 for no such role. */
export async function roleMenus(db: Db, roleId: number) {
  const [role] = await db
    .select({ id: roles.id, name: roles.name, isAdmin: roles.isAdmin, isSelfService: roles.isSelfService })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!role) throw new NotFound('Role not found');
  const rows = await db
    .select({
      menuId: menus.id,
      moduleId: modules.id,
      moduleName: modules.name,
      label: menus.label,
      actionUrl: menus.actionUrl,
      view: roleMenuAccess.canView,
      add: roleMenuAccess.canAdd,
      edit: roleMenuAccess.canEdit,
      delete: roleMenuAccess.canDelete,
      approve: roleMenuAccess.canApprove,
    })
    .from(menus)
    .innerJoin(modules, eq(modules.id, menus.moduleId))
    .leftJoin(roleMenuAccess, and(eq(roleMenuAccess.menuId, menus.id), eq(roleMenuAccess.roleId, roleId)))
    .where(eq(menus.isActive, true))
    .orderBy(asc(modules.sortOrder), asc(menus.sortOrder), asc(menus.label));
  return {
    role,
    menus: rows.map(({ view, add, edit, delete: del, approve, ...m }) => ({
      ...m,
      actions: {
        view: view ?? false,
        add: add ?? false,
        edit: edit ?? false,
        delete: del ?? false,
        approve: approve ?? false,
      },
    })),
  };
}

/**
 * A non-administrator changes only the cells their own role holds: they can neither grant nor take away
 * an action on a menu they lack themselves.
 */
async function assertChangesWithinOwnRole(tx: Tx, callerRoleId: number, roleId: number, rows: TMenuAccessRow[]) {
  const grants = await tx
    .select()
    .from(roleMenuAccess)
    .where(inArray(roleMenuAccess.roleId, [callerRoleId, roleId]));
  const key = (menuId: number) => String(menuId);
  const held = new Map(grants.filter((g) => g.roleId === callerRoleId).map((g) => [key(g.menuId), g]));
  const current = new Map(grants.filter((g) => g.roleId === roleId).map((g) => [key(g.menuId), g]));
  const wanted = new Map(rows.map((r) => [key(r.menuId), r]));
  for (const menuId of new Set([...current.keys(), ...wanted.keys()])) {
    const was = current.get(menuId);
    const now = wanted.get(menuId);
    const mine = held.get(menuId);
    for (const cell of CELLS) {
      // Any action implies seeing the screen, as the save does.
      const after = cell === 'canView' ? !!now && CELLS.some((c) => now[c]) : !!now?.[cell];
      if ((was?.[cell] ?? false) !== after && !mine?.[cell]) {
        throw new Forbidden('You can only grant or remove actions that your own role holds');
      }
    }
  }
}

/** The checks before a role's grid is replaced: the role, its menus, the way back to this screen, the caller's reach. */
async function assertGridAllowed(tx: Tx, auth: AuthContext, roleId: number, rows: TMenuAccessRow[], ids: number[]) {
  const [role] = await tx.select({ id: roles.id, isAdmin: roles.isAdmin }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new NotFound('Role not found');
  if (role.isAdmin && !auth.isAdmin) throw new Forbidden("Only an administrator may change an administrator role's access");
  const known = ids.length ? await tx.select({ id: menus.id, actionUrl: menus.actionUrl }).from(menus).where(inArray(menus.id, ids)) : [];
  if (known.length !== ids.length) throw new BadRequest('Unknown menu in the grid', { rows: ['Unknown menu'] });
  // Nobody takes away their own role's way back to this screen, and an administrator role never loses it.
  if (roleId === auth.roleId || role.isAdmin) {
    const self = known.find((m) => m.actionUrl === MENU.roleWiseMenuAccess);
    const line = self && rows.find((r) => r.menuId === self.id);
    if (!line?.canView || !line.canEdit) {
      const whose = role.isAdmin ? 'an administrator role' : 'your own role';
      throw new BadRequest(`You cannot remove ${whose}’s access to role-wise menu access`, {
        rows: [`Keep view and edit on Role Wise Menu Access for ${whose}`],
      });
    }
  }
  if (!auth.isAdmin) {
    await assertChangesWithinOwnRole(tx, auth.roleId, roleId, rows);
    await assertRoleHoldersWithinReach(tx, auth, roleId);
  }
}

/** Saves the whole grid of one role at once (audited); answers how many menus the role now holds an action on. */
export async function saveRoleMenus(db: Db, auth: AuthContext, roleId: number, rows: TMenuAccessRow[], requestId: string) {
  const ids = [...new Set(rows.map((r) => r.menuId))];
  if (ids.length !== rows.length) throw new BadRequest('A menu appears twice', { rows: ['Each menu once'] });
  return db.transaction(async (tx) => {
    await assertGridAllowed(tx, auth, roleId, rows, ids);
    const before = await tx.select().from(roleMenuAccess).where(eq(roleMenuAccess.roleId, roleId));
    await tx.delete(roleMenuAccess).where(eq(roleMenuAccess.roleId, roleId));
    const granted = rows.filter((r) => r.canView || r.canAdd || r.canEdit || r.canDelete || r.canApprove);
    if (granted.length) {
      await tx.insert(roleMenuAccess).values(
        granted.map((r) => ({
          roleId,
          menuId: r.menuId,
          // Any action implies seeing the screen.
          canView: true,
          canAdd: r.canAdd,
          canEdit: r.canEdit,
          canDelete: r.canDelete,
          canApprove: r.canApprove,
          updatedBy: auth.userId,
        })),
      );
    }
    await writeAudit(tx, {
      entity: 'role_menu_access',
      entityId: roleId,
      action: 'update',
      before: before.map(({ updatedAt: _u, updatedBy: _b, ...r }) => r),
      after: granted,
      userId: auth.userId,
      requestId,
    });
    return { saved: granted.length };
  });
}
