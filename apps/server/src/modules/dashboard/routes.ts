import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { units } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { isoDateIn } from '../../lib/time';
import { assertUnit, unitScope } from '../access/context';

const DASHBOARDS = ['/outlet/dashboard', '/outlet/admin-dashboard'] as const;

const ZUnitCard = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const unitCols = { id: units.id, name: units.name, code: units.code, city: units.city, stateName: units.stateName };

  app.get(
    '/api/dashboard/summary',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags: ['dashboard'],
        summary: "Today's date (organisation time zone) and the caller's units",
        response: { 200: z.object({ today: z.string(), timeZone: z.string(), units: z.array(ZUnitCard) }) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select(unitCols)
        .from(units)
        .where(and(eq(units.isActive, true), unitScope(request.auth, units.id)))
        .orderBy(asc(units.name));
      return { today: isoDateIn(app.config.orgTimeZone), timeZone: app.config.orgTimeZone, units: rows };
    },
  );

  app.get(
    '/api/dashboard/units/:unitId',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags: ['dashboard'],
        summary: 'One of the caller’s units (403 for a unit the caller is not mapped to)',
        params: z.object({ unitId: z.coerce.number().int().positive() }),
        response: { 200: ZUnitCard.extend({ address: z.string() }) },
      },
    },
    async (request) => {
      const { unitId } = request.params;
      assertUnit(request.auth, unitId);
      const [unit] = await app.db
        .select({ ...unitCols, address: units.address })
        .from(units)
        .where(eq(units.id, unitId));
      if (!unit) throw new NotFound('Unit not found');
      return unit;
    },
  );
};
