// The dashboards' heading: today's date and the caller's units with each unit's staff figures, one unit's card, and
// the filter every admin widget reads (its units and month).
import { monthOf } from '@hr/calendar';
import { MENU, type TUnitFigures } from '@hr/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { units } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, assertUnit, canReachUnit, hasAction, unitScope } from '../access/context';
import type { UnitSet } from './admin-units';
import { unitSetKey } from './cache';

const unitCols = { id: units.id, name: units.name, code: units.code, city: units.city, stateName: units.stateName };

/** A date (yyyy-mm-dd, checked) written into a statement's text. */
function dateInText(date: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return sql.raw(`'${date}'`);
}

/** Whether the caller may see the staff of their units: not self-service, and holds view on the employee list. */
const seesStaff = async (db: Db, auth: AuthContext) => !auth.isSelfService && (await hasAction(db, auth, MENU.employee, 'view'));

/**
 * The staff figures of the given (already scoped) units, in one statement built once that counts no employees:
 * active, on notice and active with mandatory documents missing from the kept employee_status_counts (statement
 * triggers on employees; the missing count of each employee is kept by the documents' triggers), the month's joiners
 * and leavers from the joining-date index and the partial exit-date index (the month's few rows).
 */
async function unitFigures(db: Db, unitIds: number[], today: string): Promise<Map<number, TUnitFigures>> {
  if (unitIds.length === 0) return new Map();
  const { startDate, nextStartDate } = monthOf(today);
  // The month's dates are written into the text (a statement a month): with them as parameters PostgreSQL finds its
  // generic plan dearer than one made for the dates and plans the statement again on every call.
  const query = preparedOnce(db, `dashboard_unit_figures_${startDate}`, (name) => {
    const unitsIn = sql`unit_id = any(${sql.placeholder('units')}::int[])`;
    const from = dateInText(startDate);
    const to = dateInText(nextStartDate);
    return db
      .select({
        unitId: sql<number>`x.unit_id`,
        active: sql<number>`coalesce(sum(x.n) filter (where x.k = 'active'), 0)::int`,
        onNotice: sql<number>`coalesce(sum(x.n) filter (where x.k = 'onNotice'), 0)::int`,
        joinedThisMonth: sql<number>`coalesce(sum(x.n) filter (where x.k = 'joined'), 0)::int`,
        exitedThisMonth: sql<number>`coalesce(sum(x.n) filter (where x.k = 'exited'), 0)::int`,
        missingDocuments: sql<number>`coalesce(sum(x.n) filter (where x.k = 'missing'), 0)::int`,
      })
      .from(
        sql`(select unit_id, status as k, n from employee_status_counts where ${unitsIn} and status in ('active', 'onNotice')
          union all
          select unit_id, 'missing', n from employee_status_counts where ${unitsIn} and status = 'active' and missing_docs
          union all
          select unit_id, 'joined', 1 from employees
          where date_of_joining >= ${from}::date and date_of_joining < ${to}::date and ${unitsIn}
          union all
          select unit_id, 'exited', 1 from employees
          where exit_date >= ${from}::date and exit_date < ${to}::date and status = 'exited' and ${unitsIn}) x`,
      )
      .groupBy(sql`x.unit_id`)
      .prepare(name);
  });
  const rows = await query.execute({ units: unitIds });
  return new Map(rows.map(({ unitId, ...f }) => [unitId, f]));
}

/** Today's date (organisation time zone) and the caller's units, with staff figures for callers who may see staff. */
export async function dashboardSummary(db: Db, auth: AuthContext, timeZone: string) {
  const today = orgToday();
  const [rows, withFigures] = await Promise.all([
    db
      .select(unitCols)
      .from(units)
      .where(and(eq(units.isActive, true), unitScope(auth, units.id)))
      .orderBy(asc(units.name)),
    seesStaff(db, auth),
  ]);
  const figures = withFigures
    ? await unitFigures(
        db,
        rows.map((u) => u.id),
        today,
      )
    : null;
  const none: TUnitFigures = { active: 0, onNotice: 0, joinedThisMonth: 0, exitedThisMonth: 0, missingDocuments: 0 };
  return {
    today,
    timeZone,
    month: monthOf(today).month,
    units: rows.map((u) => ({ ...u, figures: figures ? (figures.get(u.id) ?? none) : null })),
  };
}

/** One of the caller's active units with its address (403 for a unit the caller is not mapped to, 404 for none). */
export async function unitCard(db: Db, auth: AuthContext, unitId: number) {
  assertUnit(auth, unitId);
  const [unit] = await db
    .select({ ...unitCols, address: units.address })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.isActive, true)));
  if (!unit) throw new NotFound('Unit not found');
  return unit;
}

/** The last day of a month ('YYYY-MM'). */
const monthEnd = (month: string) => {
  const { nextStartDate } = monthOf(`${month}-01`);
  const d = new Date(`${nextStartDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

export interface WidgetFilter {
  set: UnitSet;
  month: string;
  today: string;
  /** The month's last day for a past month; today for this one. */
  asOf: string;
  /** The caller asked for figures afresh (`Cache-Control: no-cache`). */
  fresh: boolean;
  /** The widget cache's key of the units and month. */
  key: string;
}

/** The filter's units (one of the caller's, else all of theirs) and month (default this month, never a later one). */
export async function resolveFilter(
  db: Db,
  auth: AuthContext,
  q: { unitId?: number; month?: string },
  cacheControl: string | undefined,
): Promise<WidgetFilter> {
  const today = orgToday();
  const current = monthOf(today).month;
  const month = q.month ?? current;
  if (month > current) throw new BadRequest('Month must not be after this month', { month: ['Must not be after this month'] });
  let set: UnitSet = auth.unitIds;
  if (q.unitId !== undefined) {
    if (!canReachUnit(auth, q.unitId)) throw new NotFound('Unit not found');
    const [u] = await db.select({ id: units.id }).from(units).where(eq(units.id, q.unitId));
    if (!u) throw new NotFound('Unit not found');
    set = [q.unitId];
  }
  const fresh = /no-cache/i.test(String(cacheControl ?? ''));
  const asOf = month === current ? today : monthEnd(month);
  return { set, month, today, asOf, fresh, key: `${unitSetKey(set)}|${month}` };
}

/** Payroll figures need the salary screens' view besides the dashboard (a role may see people, not pay). */
export async function assertPayrollView(db: Db, auth: AuthContext, menu: string) {
  if (!(await hasAction(db, auth, menu, 'view'))) throw new Forbidden('Your role may not see salary figures');
}
