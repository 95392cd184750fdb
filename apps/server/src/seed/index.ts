import { todayIn } from '@hr/calendar';
import { type Database, type Db, migrateAndPrepare } from '../db/client';
import { seedAttendance } from '../modules/attendance/seed';
import { seedEmployees } from '../modules/employees/seed';
import { seedMasters } from '../modules/masters/seed';
import { ensureBankLayouts } from '../modules/payments/layouts';
import { seedPayments } from '../modules/payments/seed';
import { ensureBonusRules, seedPayroll } from '../modules/payroll/seed';
import { raiseReleaseArrears } from '../modules/payroll/statutory-arrears';
import { seedRequests } from '../modules/requests/seed';
import { seedStatutory } from '../modules/statutory/seed';
import { isEmpty, seedCore, seedMenus } from './core';
import { grantAllMenusToAdmins, grantNewMenusToAdmins } from './factories';

export interface SeedOptions {
  /** 'YYYY-MM-DD' that counts as today (default: today in the organisation's time zone). */
  today?: string;
  timeZone?: string;
}

/**
 * The demo organisation, idempotent: running it twice changes nothing. Each area adds one call below
 * (its `seed<Area>(db)` lives in its module folder) after the foundation's core data.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  const today = opts.today ?? todayIn(opts.timeZone);
  await seedCore(db, today);
  await seedMasters(db);
  await seedStatutory(db);
  await seedEmployees(db);
  await seedAttendance(db, today, opts.timeZone);
  await seedRequests(db, today);
  await seedPayroll(db, today);
  await seedPayments(db);
  // Keep this last: administrators hold every menu, including those the areas above added.
  await grantAllMenusToAdmins(db);
}

/**
 * Reference data a release brings to an installation that is already running (run at every start):
 * the menus of new screens, granted to administrators, so the routes that name them are not refused.
 * Nothing an administrator edited is changed.
 */
export async function applyReleaseData(db: Db): Promise<void> {
  await seedMenus(db);
  await grantNewMenusToAdmins(db);
  await ensureBonusRules(db);
  await ensureBankLayouts(db);
  await seedStatutory(db);
  // Parameter rows this release brought that reach approved or locked months become arrears, never rewrites.
  await raiseReleaseArrears(db);
}

/**
 * What every start does before serving: migrate, then seed the demo organisation into an empty database
 * or bring a running installation's reference data up to this release. One lock holds both, so two
 * processes starting together on an empty PostgreSQL seed one organisation, not two.
 */
export async function prepareDatabase(database: Database, opts: SeedOptions = {}): Promise<void> {
  await migrateAndPrepare(database, async () => {
    if (await isEmpty(database.db)) await seedDemo(database.db, opts);
    else await applyReleaseData(database.db);
  });
}
