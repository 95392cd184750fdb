import { ROLE_WISE_MENU_ACCESS_MENU, ZMenuAccessGrid } from '@hr/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apkVersions, menus, roleMenuAccess, roles, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, NotFound } from '../../lib/errors';

/** Endpoints of the masters that are not plain records: the access grid and the mobile app's version check. */
export const specialRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The roles listed by the role-wise menu access screen, with how many users hold each. */
  app.get(
    '/api/access/roles',
    {
      config: { access: { menu: ROLE_WISE_MENU_ACCESS_MENU, action: 'view' } },
      schema: {
        tags: ['access'],
        summary: 'Roles for the role-wise menu access list',
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              isAdmin: z.boolean(),
              isSelfService: z.boolean(),
              isActive: z.boolean(),
              userCount: z.number(),
              menuCount: z.number(),
            }),
          ),
        },
      },
    },
    async () => {
      // Counted in SQL: one row per role, however many users and grants there are.
      const userCount = app.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, roles.id));
      const menuCount = app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(roleMenuAccess)
        .where(and(eq(roleMenuAccess.roleId, roles.id), eq(roleMenuAccess.canView, true)));
      return app.db
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
    },
  );

  /** Saves the whole grid of one role at once (the read side is GET /api/access/roles/:roleId/menus). */
  app.put(
    '/api/access/roles/:roleId/menus',
    {
      config: { access: { menu: ROLE_WISE_MENU_ACCESS_MENU, action: 'edit' } },
      schema: {
        tags: ['access'],
        summary: "Save a role's actions on every menu",
        params: z.object({ roleId: z.coerce.number().int().positive() }),
        body: ZMenuAccessGrid,
        response: { 200: z.object({ saved: z.number() }) },
      },
    },
    async (request) => {
      const { roleId } = request.params;
      const rows = request.body.rows;
      const auth = request.auth;
      const ids = [...new Set(rows.map((r) => r.menuId))];
      if (ids.length !== rows.length) throw new BadRequest('A menu appears twice', { rows: ['Each menu once'] });
      return app.db.transaction(async (tx) => {
        const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
        if (!role) throw new NotFound('Role not found');
        const known = ids.length
          ? await tx.select({ id: menus.id, actionUrl: menus.actionUrl }).from(menus).where(inArray(menus.id, ids))
          : [];
        if (known.length !== ids.length) throw new BadRequest('Unknown menu in the grid', { rows: ['Unknown menu'] });
        // Nobody takes away their own role's way back to this screen.
        if (roleId === auth.roleId) {
          const self = known.find((m) => m.actionUrl === ROLE_WISE_MENU_ACCESS_MENU);
          const line = self && rows.find((r) => r.menuId === self.id);
          if (!line?.canView || !line.canEdit) {
            throw new BadRequest('You cannot remove your own role’s access to role-wise menu access', {
              rows: ['Keep view and edit on Role Wise Menu Access for your own role'],
            });
          }
        }
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
          requestId: request.id,
        });
        return { saved: granted.length };
      });
    },
  );

  /** What a mobile app calls at start: the latest release, the oldest still supported, force update. */
  app.get(
    '/api/public/apk-version/latest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Latest and minimum supported mobile app versions',
        querystring: z.object({ versionCode: z.coerce.number().int().min(0).optional() }),
        response: {
          200: z.object({
            latestVersionCode: z.number(),
            latestVersionName: z.string(),
            minSupportedVersionCode: z.number(),
            forceUpdate: z.boolean(),
            releaseNotes: z.string(),
            releaseDate: z.string(),
            /** With ?versionCode=: whether that installed version must update now. */
            mustUpdate: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => {
      const [latest] = await app.db
        .select()
        .from(apkVersions)
        .where(and(eq(apkVersions.isActive, true)))
        .orderBy(desc(apkVersions.versionCode))
        .limit(1);
      if (!latest) throw new NotFound('No app version has been published');
      const installed = request.query.versionCode;
      return {
        latestVersionCode: latest.versionCode,
        latestVersionName: latest.versionName,
        minSupportedVersionCode: latest.minSupportedVersionCode,
        forceUpdate: latest.isForceUpdate,
        releaseNotes: latest.releaseNotes,
        releaseDate: latest.releaseDate,
        ...(installed !== undefined
          ? {
              mustUpdate: installed < latest.minSupportedVersionCode || (latest.isForceUpdate && installed < latest.versionCode),
            }
          : {}),
      };
    },
  );
};
