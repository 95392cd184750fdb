import type { FastifyInstance } from 'fastify';
import { accessRoutes } from './access/routes';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { employeeRoutes } from './employees/routes';
import { financialYearRoutes } from './financial-years/routes';
import { mastersRoutes } from './masters/routes';

/** Every area's route plugin. An area adds its import above and one entry here. */
export const areaPlugins = [authRoutes, accessRoutes, financialYearRoutes, dashboardRoutes, mastersRoutes, employeeRoutes];

export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const plugin of areaPlugins) await app.register(plugin);
}
