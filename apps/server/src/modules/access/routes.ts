import { ZMenuActions } from '@hr/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menus, modules, roleMenuAccess, roles } from '../../db/schema';
import { NotFound } from '../../lib/errors';

const ZRoleMenus = z.object({
  role: z.object({ id: z.number(), name: z.string(), isAdmin: z.boolean(), isSelfService: z.boolean() }),
  menus: z.array(
    z.object({
      menuId: z.number(),
      moduleId: z.number(),
      moduleName: z.string(),
      label: z.string(),
      actionUrl: z.string(),
      actions: ZMenuActions,
    }),
  ),
});

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every active menu with the actions one role holds on it (the role-wise menu access form). */
  app.get(
    '/api/access/roles/:roleId/menus',
    {
      config: { access: { menu: '/outlet/master/configure/roleWiseMenuAccess', action: 'view' } },
      schema: {
        tags: ['access'],
        summary: "A role's actions on every menu",
        params: z.object({ roleId: z.coerce.number().int().positive() }),
        response: { 200: ZRoleMenus },
      },
    },
    async (request) => {
      const { roleId } = request.params;
      const [role] = await app.db
        .select({ id: roles.id, name: roles.name, isAdmin: roles.isAdmin, isSelfService: roles.isSelfService })
        .from(roles)
        .where(eq(roles.id, roleId));
      if (!role) throw new NotFound('Role not found');
      const rows = await app.db
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
    },
  );
};
