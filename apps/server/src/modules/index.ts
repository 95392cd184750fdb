import type { FastifyInstance } from 'fastify';
import type { AreaModule } from '../lib/module';
import { accessModule } from './access/module';
import { accessAdminModule } from './access-admin/module';
import { apkModule } from './apk/module';
import { approvalsModule } from './approvals/module';
import { attendanceModule } from './attendance/module';
import { auditModule } from './audit/module';
import { authModule } from './auth/module';
import { dashboardModule } from './dashboard/module';
import { devicesModule } from './devices/module';
import { employeesModule } from './employees/module';
import { exitsModule } from './exits/module';
import { financialYearsModule } from './financial-years/module';
import { form16Module } from './form16/module';
import { jobsModule } from './jobs/module';
import { mastersModule } from './masters/module';
import { paymentsModule } from './payments/module';
import { payrollModule } from './payroll/module';
import { reportsModule } from './reports/module';
import { requestsModule } from './requests/module';
import { statutoryModule } from './statutory/module';
import { taxModule } from './tax/module';

/**
 * Every area of the server, in dependency order: an area imports only areas above it in this list
 * (scripts/architecture/architecture.test.ts checks it). A new area adds its manifest (<area>/module.ts) here.
 */
export const MODULES: readonly AreaModule[] = [
  accessModule,
  authModule,
  jobsModule,
  approvalsModule,
  mastersModule,
  auditModule,
  accessAdminModule,
  financialYearsModule,
  statutoryModule,
  apkModule,
  employeesModule,
  attendanceModule,
  devicesModule,
  requestsModule,
  taxModule,
  payrollModule,
  exitsModule,
  paymentsModule,
  form16Module,
  reportsModule,
  dashboardModule,
];

/** Every area's jobs: what the runner built by buildApp runs (a name taken twice is refused when it is built). */
export const JOBS = MODULES.flatMap((m) => m.jobs ?? []);

/** Scheduled work of every area (the runner's own clean-up is the jobs area's). */
export const SCHEDULES = MODULES.flatMap((m) => m.schedules ?? []);

let setUp = false;

/** Registers every module's declarations (setup) once per process: the registries are the same for every app. */
export function setupModules(): void {
  if (setUp) return;
  setUp = true;
  for (const m of MODULES) m.setup?.();
}

export async function registerModules(app: FastifyInstance): Promise<void> {
  setupModules();
  for (const m of MODULES) for (const routes of m.routes ?? []) await app.register(routes);
}
