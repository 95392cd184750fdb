import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { menus, roleMenuAccess, roles, users, userUnitMap } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import type { SeedAction } from './menu-tree';

/** Reusable builders for the seed and for tests. Each is idempotent on its natural key. */

export async function createRole(
  db: Db,
  input: { name: string; isAdmin?: boolean; isSelfService?: boolean; description?: string },
): Promise<number> {
  await db
    .insert(roles)
    .values({
      name: input.name,
      isAdmin: input.isAdmin ?? false,
      isSelfService: input.isSelfService ?? false,
      description: input.description ?? '',
    })
    .onConflictDoNothing({ target: roles.name });
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name));
  return row.id;
}

/** Grants a role actions on menus given by actionUrl (adds to what it already holds). */
export async function grantMenus(db: Db, roleId: number, grants: Record<string, readonly SeedAction[]>) {
  const urls = Object.keys(grants);
  if (urls.length === 0) return;
  const found = await db.select({ id: menus.id, url: menus.actionUrl }).from(menus).where(inArray(menus.actionUrl, urls));
  const missing = urls.filter((u) => !found.some((f) => f.url === u));
  if (missing.length) throw new Error(`grantMenus: unknown menus ${missing.join(', ')}`);
  const values = found.map((f) => {
    const a = grants[f.url];
    return {
      roleId,
      menuId: f.id,
      canView: a.includes('view'),
      canAdd: a.includes('add'),
      canEdit: a.includes('edit'),
      canDelete: a.includes('delete'),
      canApprove: a.includes('approve'),
    };
  });
  await db
    .insert(roleMenuAccess)
    .values(values)
    .onConflictDoUpdate({
      target: [roleMenuAccess.roleId, roleMenuAccess.menuId],
      set: {
        canView: sql`${roleMenuAccess.canView} or excluded.can_view`,
        canAdd: sql`${roleMenuAccess.canAdd} or excluded.can_add`,
        canEdit: sql`${roleMenuAccess.canEdit} or excluded.can_edit`,
        canDelete: sql`${roleMenuAccess.canDelete} or excluded.can_delete`,
        canApprove: sql`${roleMenuAccess.canApprove} or excluded.can_approve`,
        updatedAt: sql`now()`,
      },
    });
}

/** Removes a role's access to one menu (tests use it to take an action away). */
export async function revokeMenu(db: Db, roleId: number, actionUrl: string) {
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.actionUrl, actionUrl));
  if (menu) {
    await db.delete(roleMenuAccess).where(and(eq(roleMenuAccess.roleId, roleId), eq(roleMenuAccess.menuId, menu.id)));
  }
}

export interface CreateUserInput {
  userName: string;
  password: string;
  fullName: string;
  roleId: number;
  email?: string | null;
  employeeId?: number | null;
  /** User-wise unit mapping. */
  unitIds?: number[];
}

/** Creates the user unless the user name exists; returns its id either way, and maps its units. */
export async function createUser(db: Db, input: CreateUserInput): Promise<number> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, input.userName.toLowerCase()));
  let id = existing?.id;
  if (!id) {
    const [row] = await db
      .insert(users)
      .values({
        userName: input.userName,
        email: input.email ?? null,
        fullName: input.fullName,
        passwordHash: await hashPassword(input.password),
        roleId: input.roleId,
        employeeId: input.employeeId ?? null,
      })
      .returning({ id: users.id });
    id = row.id;
  }
  if (input.unitIds?.length) {
    await db
      .insert(userUnitMap)
      .values(input.unitIds.map((unitId) => ({ userId: id, unitId })))
      .onConflictDoNothing();
  }
  return id;
}

/**
 * Administrators get every action on menus that no role holds yet: menus a new release (or the Menu
 * screen) added. A menu an administrator's role was deliberately given less of keeps its grant.
 */
export async function grantNewMenusToAdmins(db: Db): Promise<void> {
  await db.execute(sql`
    insert into role_menu_access (role_id, menu_id, can_view, can_add, can_edit, can_delete, can_approve)
    select r.id, m.id, true, true, true, true, true
    from roles r cross join menus m
    where r.is_admin and not exists (select 1 from role_menu_access a where a.menu_id = m.id)
    on conflict (role_id, menu_id) do nothing`);
}

/** Every administrator role holds every action on every menu (also menus other areas' seeds added). */
export async function grantAllMenusToAdmins(db: Db): Promise<void> {
  await db.execute(sql`
    insert into role_menu_access (role_id, menu_id, can_view, can_add, can_edit, can_delete, can_approve)
    select r.id, m.id, true, true, true, true, true
    from roles r cross join menus m
    where r.is_admin
    on conflict (role_id, menu_id) do nothing`);
}
