// The attendance API: punches (web, phone), the list of punches, one employee's month, a manager's day and
// manual marking, rosters and shift assignments, shift details, regularisation, tracking. The devices screen's
// routes are in device-admin-routes.ts, late punches in late-punch-routes.ts, the reports in the reports module;
// devices themselves call /iclock (modules/devices/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dayRoutes } from './day-routes';
import { deviceAdminRoutes } from './device-admin-routes';
import { latePunchRoutes } from './late-punch-routes';
import { punchRoutes } from './punch-routes';
import { regularisationRoutes } from './regularisation-routes';
import { rosterImportRoutes } from './roster-routes';
import { shiftRoutes } from './shift-routes';

export const attendanceApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rosterImportRoutes);
  await app.register(latePunchRoutes);
  await app.register(deviceAdminRoutes);
  await app.register(punchRoutes);
  await app.register(dayRoutes);
  await app.register(shiftRoutes);
  await app.register(regularisationRoutes);
};
