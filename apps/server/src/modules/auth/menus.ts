import type { TAppModule, TMenuNode, TRawMenu } from '@hr/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { menus, modules, roleMenuAccess } from '../../db/schema';

/** The menus a role may view, flat (rawMenus) in module and menu order. */
export async function loadRawMenus(db: Db, roleId: number): Promise<TRawMenu[]> {
  // Built once (every /api/auth/me reads it): see preparedOnce.
  const query = preparedOnce(db, 'raw_menus', (name) =>
    db
      .select({
        id: menus.id,
        moduleId: menus.moduleId,
        moduleName: modules.name,
        parentId: menus.parentId,
        label: menus.label,
        actionUrl: menus.actionUrl,
        icon: menus.icon,
        sortOrder: menus.sortOrder,
        view: roleMenuAccess.canView,
        add: roleMenuAccess.canAdd,
        edit: roleMenuAccess.canEdit,
        delete: roleMenuAccess.canDelete,
        approve: roleMenuAccess.canApprove,
      })
      .from(roleMenuAccess)
      .innerJoin(menus, eq(menus.id, roleMenuAccess.menuId))
      .innerJoin(modules, eq(modules.id, menus.moduleId))
      .where(
        and(
          eq(roleMenuAccess.roleId, sql.placeholder('roleId')),
          eq(roleMenuAccess.canView, true),
          eq(menus.isActive, true),
          eq(modules.isActive, true),
        ),
      )
      .orderBy(asc(modules.sortOrder), asc(modules.name), asc(menus.sortOrder), asc(menus.label))
      .prepare(name),
  );
  const rows = await query.execute({ roleId });
  return rows.map(({ view, add, edit, delete: del, approve, ...m }) => ({
    ...m,
    actions: { view, add, edit, delete: del, approve },
  }));
}

/** Every module in display order (the menu tree's first level). */
export function loadModules(db: Db) {
  return preparedOnce(db, 'modules', (name) =>
    db
      .select({ id: modules.id, name: modules.name, icon: modules.icon, sortOrder: modules.sortOrder })
      .from(modules)
      .orderBy(asc(modules.sortOrder), asc(modules.name))
      .prepare(name),
  ).execute();
}

/** Groups flat menus by module into trees (appMenus); a child whose parent is hidden moves up a level. */
export function groupAppMenus(raw: TRawMenu[], mods: Awaited<ReturnType<typeof loadModules>>): TAppModule[] {
  const nodes = new Map<number, TMenuNode>(raw.map((m) => [m.id, { ...m, children: [] }]));
  const roots = new Map<number, TMenuNode[]>();
  for (const m of raw) {
    const node = nodes.get(m.id) as TMenuNode;
    const parent = m.parentId != null ? nodes.get(m.parentId) : undefined;
    if (parent) parent.children.push(node);
    else {
      const list = roots.get(m.moduleId) ?? [];
      list.push(node);
      roots.set(m.moduleId, list);
    }
  }
  return mods.filter((mod) => roots.has(mod.id)).map((mod) => ({ ...mod, menus: roots.get(mod.id) ?? [] }));
}
