// The payroll office's list of late punches (punches that arrived for days whose salary month was already approved or
// locked: kept apart, counted nowhere) and applying them once the month is open again. Unlocking a month applies its
// late punches by itself (unlockRun); the apply call is for those left (a month reopened before they arrived is not
// frozen, so they would not be late: this serves a run deleted or a transfer, and is idempotent). The work:
// late-punch-office.ts.
import { MENU, ZApplyLatePunches, ZApplyLatePunchesResult, ZLatePunch, ZLatePunchesQuery } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyMonthLatePunches, latePunchesOf } from './late-punch-office';

const tags = ['attendance'];

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
    async (request) => latePunchesOf(app.db, request.auth, request.query),
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
    async (request) => applyMonthLatePunches(app.db, request.auth, request.body, request.id),
  );
};
