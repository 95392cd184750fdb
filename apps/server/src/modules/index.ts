import type { FastifyInstance } from 'fastify';
import { jobRoutes } from '../jobs/routes';
import { accessRoutes } from './access/routes';
import { apkRoutes } from './apk/routes';
import { attendanceApiRoutes } from './attendance/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { deviceRoutes } from './devices/routes';
import { employeeRoutes } from './employees/routes';
import { financialYearRoutes } from './financial-years/routes';
import { form16Routes } from './form16/routes';
import { mastersRoutes } from './masters/routes';
import { payrollRoutes } from './payroll/routes';
import { reportRoutes } from './reports/routes';
import { requestRoutes } from './requests/routes';
import { statutoryRoutes } from './statutory/routes';

// Domains' business rules on master resources (registerResourceHooks), registered before any route is built.
import './access/resource-rules';
import './attendance/shift-rules';
import './payroll/head-rules';
import './requests/leave-type-rules';

/** Every area's route plugin. An area adds its import above and one entry here. */
export const areaPlugins = [
  authRoutes,
  accessRoutes,
  financialYearRoutes,
  dashboardRoutes,
  mastersRoutes,
  apkRoutes,
  deviceRoutes,
  employeeRoutes,
  jobRoutes,
  auditRoutes,
  payrollRoutes,
  attendanceApiRoutes,
  requestRoutes,
  statutoryRoutes,
  form16Routes,
  reportRoutes,
];

export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const plugin of areaPlugins) await app.register(plugin);
}
