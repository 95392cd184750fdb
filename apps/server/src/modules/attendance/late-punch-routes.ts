// The payroll office's list of late punches (punches that arrived for days whose salary month was already approved or
// locked: kept apart, counted nowhere) and applying them once the month is open again. Unlocking a month applies its
// late punches by itself (unlockRun); the apply call is for those left (a month reopened before they arrived is not
// frozen, so they would not be late: this serves a run deleted or a transfer, and is idempotent).
import { daysInMonth, isoDate } from '@hr/calendar';
import { MENU, ZApplyLatePunches, ZApplyLatePunchesResult, ZLatePunch, ZLatePunchesQuery } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, selfScope, unitScope } from '../access/context';
import { applyLatePunches, listLatePunches } from './late-punches';

const tags = ['attendance'];

/** The caller's reach over late punches: their units' employees (by the employee's unit); self-service: their own. */
function reach(auth: AuthContext): SQL {
  return (auth.isSelfService ? selfScope(auth, sql`l.employee_id`) : unitScope(auth, sql`e.unit_id`)) ?? sql`true`;
}

function monthRange(year: number, month: number): SQL {
  return sql`l.day between ${isoDate(year, month, 1)}::date and ${isoDate(year, month, daysInMonth(year, month))}::date`;
}

export const latePunchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/late-punches',
    {
      config: { access: { menu: [MENU.salaryProcess, MENU.attendance], action: 'view' } },
      schema: {
        tags,
        summary:
          "Late punches of the caller's units: punches that arrived for a day whose salary month was approved or locked, kept apart and counted nowhere until the month is reopened (with their source, device and time of arrival)",
        querystring: ZLatePunchesQuery,
        response: { 200: z.array(ZLatePunch) },
      },
    },
    async (request) => {
      const q = request.query;
      const conds: SQL[] = [reach(request.auth)];
      if (q.unitId !== undefined) {
        if (!canReachUnit(request.auth, Number(q.unitId))) throw new NotFound('Unit not found');
        conds.push(sql`e.unit_id = ${Number(q.unitId)}`);
      }
      if (q.employeeId !== undefined) conds.push(sql`l.employee_id = ${Number(q.employeeId)}`);
      if (q.year !== undefined && q.month !== undefined) conds.push(monthRange(q.year, q.month));
      else if (q.year !== undefined) conds.push(sql`extract(year from l.day)::int = ${q.year}`);
      return listLatePunches(app.db, sql.join(conds, sql` and `));
    },
  );

  app.post(
    '/api/attendance/late-punches/apply',
    {
      config: { access: { menu: MENU.salaryProcess, action: 'edit' } },
      schema: {
        tags,
        summary:
          "Applies a month's late punches of the caller's units (or one unit) whose days are open again: moved into the punch log and their days worked out; those still frozen stay (audited)",
        body: ZApplyLatePunches,
        response: { 200: ZApplyLatePunchesResult },
      },
    },
    async (request) => {
      const b = request.body;
      const auth = request.auth;
      if (b.unitId !== undefined && !canReachUnit(auth, b.unitId)) throw new NotFound('Unit not found');
      const where = sql.join(
        [reach(auth), monthRange(b.year, b.month), ...(b.unitId !== undefined ? [sql`e.unit_id = ${b.unitId}`] : [])],
        sql` and `,
      );
      return app.db.transaction(async (tx) => {
        const result = await applyLatePunches(tx, where);
        if (result.applied > 0) {
          await writeAudit(tx, {
            entity: 'late_punches',
            entityId: `${b.year}-${String(b.month).padStart(2, '0')}`,
            action: 'apply',
            after: { unitId: b.unitId ?? null, ...result },
            userId: auth.userId,
            requestId: request.id,
          });
        }
        return result;
      });
    },
  );
};
