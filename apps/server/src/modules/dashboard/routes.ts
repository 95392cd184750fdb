import { monthOf, todayIn } from '@hr/calendar';
import { MENU, type TUnitFigures, ZDashboardSummary, ZIdText } from '@hr/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employees, units } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { type AuthContext, assertUnit, hasAction, unitScope } from '../access/context';

const DASHBOARDS = [MENU.dashboard, MENU.adminDashboard] as const;

const ZUnitCard = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const unitCols = { id: units.id, name: units.name, code: units.code, city: units.city, stateName: units.stateName };

  /** Whether the caller may see the staff of their units: not self-service, and holds view on the employee list. */
  const seesStaff = async (auth: AuthContext) => !auth.isSelfService && (await hasAction(app.db, auth, MENU.employee, 'view'));

  /** The staff figures of the given (already scoped) units: one aggregate query over their employees. */
  async function unitFigures(auth: AuthContext, unitIds: number[], today: string): Promise<Map<number, TUnitFigures>> {
    if (unitIds.length === 0) return new Map();
    const { startDate, nextStartDate } = monthOf(today);
    const inMonth = (col: AnyPgColumn) => sql`${col} >= ${startDate}::date and ${col} < ${nextStartDate}::date`;
    const rows = await app.db
      .select({
        unitId: employees.unitId,
        active: sql<number>`count(*) filter (where ${employees.status} = 'active')::int`,
        onNotice: sql<number>`count(*) filter (where ${employees.status} = 'onNotice')::int`,
        joinedThisMonth: sql<number>`count(*) filter (where ${inMonth(employees.dateOfJoining)})::int`,
        exitedThisMonth: sql<number>`count(*) filter (where ${employees.status} = 'exited' and ${inMonth(employees.exitDate)})::int`,
        // Kept per employee by the database's triggers (documents, unit-wise document map, document types).
        missingDocuments: sql<number>`count(*) filter (where ${employees.status} = 'active' and ${employees.missingMandatoryDocs} > 0)::int`,
      })
      .from(employees)
      .where(and(inArray(employees.unitId, unitIds), unitScope(auth, employees.unitId)))
      .groupBy(employees.unitId);
    return new Map(rows.map(({ unitId, ...f }) => [unitId, f]));
  }

  app.get(
    '/api/dashboard/summary',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags: ['dashboard'],
        summary:
          "Today's date (organisation time zone) and the caller's units, with each unit's staff figures for callers who may see its staff",
        response: { 200: ZDashboardSummary },
      },
    },
    async (request) => {
      const today = todayIn(app.config.orgTimeZone);
      const [rows, withFigures] = await Promise.all([
        app.db
          .select(unitCols)
          .from(units)
          .where(and(eq(units.isActive, true), unitScope(request.auth, units.id)))
          .orderBy(asc(units.name)),
        seesStaff(request.auth),
      ]);
      const figures = withFigures
        ? await unitFigures(
            request.auth,
            rows.map((u) => u.id),
            today,
          )
        : null;
      const none: TUnitFigures = { active: 0, onNotice: 0, joinedThisMonth: 0, exitedThisMonth: 0, missingDocuments: 0 };
      return {
        today,
        timeZone: app.config.orgTimeZone,
        month: monthOf(today).month,
        units: rows.map((u) => ({ ...u, figures: figures ? (figures.get(u.id) ?? none) : null })),
      };
    },
  );

  app.get(
    '/api/dashboard/units/:unitId',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags: ['dashboard'],
        summary: 'One of the caller’s units (403 for a unit the caller is not mapped to)',
        params: z.object({ unitId: ZIdText }),
        response: { 200: ZUnitCard.extend({ address: z.string() }) },
      },
    },
    async (request) => {
      const { unitId } = request.params;
      assertUnit(request.auth, unitId);
      const [unit] = await app.db
        .select({ ...unitCols, address: units.address })
        .from(units)
        .where(and(eq(units.id, unitId), eq(units.isActive, true)));
      if (!unit) throw new NotFound('Unit not found');
      return unit;
    },
  );
};
