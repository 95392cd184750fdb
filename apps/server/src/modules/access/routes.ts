// Role-wise menu access: the roles, and one role's grid read and saved whole (queries in role-menus.ts).
import { MENU, ZIdText, ZMenuAccessGrid, ZMenuActions } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleMenus, rolesWithCounts, saveRoleMenus } from './role-menus';

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

const ZRoleRow = z.object({
  id: z.number(),
  name: z.string(),
  isAdmin: z.boolean(),
  isSelfService: z.boolean(),
  isActive: z.boolean(),
  userCount: z.number(),
  menuCount: z.number(),
});

/** Role-wise menu access: the roles, and one role's grid read and saved whole, in one place. */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The roles listed by the role-wise menu access screen, with how many users hold each. */
  app.get(
    '/api/access/roles',
    {
      config: { access: { menu: MENU.roleWiseMenuAccess, action: 'view' } },
      schema: {
        tags: ['access'],
        summary: 'Roles for the role-wise menu access list',
        response: { 200: z.array(ZRoleRow) },
      },
    },
    async () => rolesWithCounts(app.db),
  );

  /** Saves the whole grid of one role at once (the read side is GET /api/access/roles/:roleId/menus). */
  app.put(
    '/api/access/roles/:roleId/menus',
    {
      config: { access: { menu: MENU.roleWiseMenuAccess, action: 'edit' } },
      schema: {
        tags: ['access'],
        summary: "Save a role's actions on every menu",
        params: z.object({ roleId: ZIdText }),
        body: ZMenuAccessGrid,
        response: { 200: z.object({ saved: z.number() }) },
      },
    },
    async (request) => saveRoleMenus(app.db, request.auth, request.params.roleId, request.body.rows, request.id),
  );

  /** Every active menu with the actions one role holds on it (the role-wise menu access form). */
  app.get(
    '/api/access/roles/:roleId/menus',
    {
      config: { access: { menu: MENU.roleWiseMenuAccess, action: 'view' } },
      schema: {
        tags: ['access'],
        summary: "A role's actions on every menu",
        params: z.object({ roleId: ZIdText }),
        response: { 200: ZRoleMenus },
      },
    },
    async (request) => roleMenus(app.db, request.params.roleId),
  );
};
