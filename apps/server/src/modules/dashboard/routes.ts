import { monthOf } from '@hr/calendar';
import {
  MENU,
  type TUnitFigures,
  ZAdvancesWidget,
  ZAttendanceList,
  ZAttendanceListQuery,
  ZAttendanceWidget,
  ZDashboardFilter,
  ZDashboardSummary,
  ZDocumentsWidget,
  ZHeadcountWidget,
  ZIdText,
  ZLeaveBalances,
  ZMovementWidget,
  ZMyHolidays,
  ZMyMonth,
  ZMyPayslip,
  ZMyPendingRequests,
  ZMyToday,
  ZOccasionsWidget,
  ZPayrollCostWidget,
  ZPendingRequestsWidget,
} from '@hr/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preparedOnce } from '../../db/prepared';
import { units } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import { type AuthContext, assertUnit, canReachUnit, hasAction, unitScope } from '../access/context';
import { employeeBalances } from '../requests/ledger';
import {
  advancesOutstanding,
  attendanceList,
  attendanceToday,
  headcount,
  missingDocuments,
  movement,
  occasions,
  payrollCost,
  pendingRequests,
  type UnitSet,
} from './admin';
import { createWidgetCache, unitSetKey } from './cache';
import { myHolidays, myMonth, myPayslip, myPending, myToday } from './staff';

const DASHBOARDS = [MENU.dashboard, MENU.adminDashboard] as const;

const ZUnitCard = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
});

/** A date (yyyy-mm-dd, checked) written into a statement's text. */
function dateInText(date: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return sql.raw(`'${date}'`);
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const unitCols = { id: units.id, name: units.name, code: units.code, city: units.city, stateName: units.stateName };

  /** Whether the caller may see the staff of their units: not self-service, and holds view on the employee list. */
  const seesStaff = async (auth: AuthContext) => !auth.isSelfService && (await hasAction(app.db, auth, MENU.employee, 'view'));

  /**
   * The staff figures of the given (already scoped) units, in one statement built once that counts no employees:
   * active, on notice and active with mandatory documents missing from the kept employee_status_counts (statement
   * triggers on employees; the missing count of each employee is kept by the documents' triggers), the month's joiners
   * and leavers from the joining-date index and the partial exit-date index (the month's few rows).
   */
  async function unitFigures(unitIds: number[], today: string): Promise<Map<number, TUnitFigures>> {
    if (unitIds.length === 0) return new Map();
    const { startDate, nextStartDate } = monthOf(today);
    // The month's dates are written into the text (a statement a month): with them as parameters PostgreSQL finds its
    // generic plan dearer than one made for the dates and plans the statement again on every call.
    const query = preparedOnce(app.db, `dashboard_unit_figures_${startDate}`, (name) => {
      const unitsIn = sql`unit_id = any(${sql.placeholder('units')}::int[])`;
      const from = dateInText(startDate);
      const to = dateInText(nextStartDate);
      return app.db
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
      const today = orgToday();
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

  // ---- the admin dashboard: one endpoint per widget, each scoped to the caller's units ----

  /** Figures are kept for a few seconds per unit set and filter; `Cache-Control: no-cache` reads afresh. They are read
   * from the replica when there is one (DATABASE_READ_URL); access checks read the primary. */
  const cache = createWidgetCache(15_000, { shared: app.shared, topic: 'dashboard' });
  const adminAccess = { menu: MENU.adminDashboard, action: 'view' } as const;
  const tags = ['dashboard'];

  /** The filter's units (one of the caller's, else all of theirs) and month (default this month, never a later one). */
  async function resolveFilter(request: FastifyRequest, q: z.output<typeof ZDashboardFilter>) {
    const auth = request.auth;
    const today = orgToday();
    const current = monthOf(today).month;
    const month = q.month ?? current;
    if (month > current) throw new BadRequest('Month must not be after this month', { month: ['Must not be after this month'] });
    let set: UnitSet = auth.unitIds;
    if (q.unitId !== undefined) {
      if (!canReachUnit(auth, q.unitId)) throw new NotFound('Unit not found');
      const [u] = await app.db.select({ id: units.id }).from(units).where(eq(units.id, q.unitId));
      if (!u) throw new NotFound('Unit not found');
      set = [q.unitId];
    }
    const fresh = /no-cache/i.test(String(request.headers['cache-control'] ?? ''));
    // Month's last day for a past month; today for this one.
    const asOf = month === current ? today : addDaysToMonthEnd(month);
    return { set, month, today, asOf, fresh, key: `${unitSetKey(set)}|${month}` };
  }
  const addDaysToMonthEnd = (month: string) => {
    const { nextStartDate } = monthOf(`${month}-01`);
    const d = new Date(`${nextStartDate}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };

  /** Payroll figures need the salary screens' view besides the dashboard (a role may see people, not pay). */
  async function assertPayrollView(auth: AuthContext, menu: string) {
    if (!(await hasAction(app.db, auth, menu, 'view'))) throw new Forbidden('Your role may not see salary figures');
  }

  const widget = <S extends z.ZodTypeAny>(
    name: string,
    summary: string,
    response: S,
    load: (f: Awaited<ReturnType<typeof resolveFilter>>, request: FastifyRequest) => Promise<z.input<S>>,
  ) =>
    app.get(
      `/api/dashboard/admin/${name}`,
      {
        config: { access: adminAccess },
        schema: { tags, summary, querystring: ZDashboardFilter, response: { 200: response as z.ZodTypeAny } },
      },
      async (request) => {
        const f = await resolveFilter(request, request.query as z.output<typeof ZDashboardFilter>);
        return cache.get(`${name}|${f.key}`, f.fresh, () => load(f, request));
      },
    );

  widget('headcount', "Headcount on the month's last day (today for this month) by unit and department", ZHeadcountWidget, (f) =>
    headcount(app.readDb, f.set, f.asOf),
  );
  widget('movement', 'Joiners and leavers by month: the 12 months ending with the chosen month', ZMovementWidget, (f) =>
    movement(app.readDb, f.set, f.month),
  );
  widget(
    'attendance',
    "Today's attendance from the stored daily rows: present, late, on leave, WFH, absent, off, not yet in",
    ZAttendanceWidget,
    (f) => {
      const day = orgToday();
      return attendanceToday(app.readDb, f.set, day, true);
    },
  );
  widget('requests', 'Pending approvals by kind', ZPendingRequestsWidget, (f) => pendingRequests(app.readDb, f.set));
  widget(
    'payroll-cost',
    'Salary cost (gross, deductions, net, employer contributions) of the last 12 processed months up to the chosen month',
    ZPayrollCostWidget,
    async (f, request) => {
      await assertPayrollView(request.auth, MENU.salaryProcess);
      return payrollCost(app.readDb, f.set, f.month);
    },
  );
  widget('documents', 'Active employees missing mandatory documents, by unit', ZDocumentsWidget, (f) =>
    missingDocuments(app.readDb, f.set),
  );
  widget('occasions', 'Birthdays and work anniversaries of the next 30 days', ZOccasionsWidget, (f) =>
    occasions(app.readDb, f.set, f.today),
  );
  widget('advances', 'Salary advances paid and not yet recovered in full, by unit', ZAdvancesWidget, async (f, request) => {
    await assertPayrollView(request.auth, MENU.salaryAdvance);
    return advancesOutstanding(app.readDb, f.set);
  });

  app.get(
    '/api/dashboard/admin/attendance/list',
    {
      config: { access: adminAccess },
      schema: {
        tags,
        summary: "The people of one of today's attendance figures (the drill-down), paged",
        querystring: ZAttendanceListQuery,
        response: { 200: ZAttendanceList },
      },
    },
    async (request) => {
      const q = request.query;
      const f = await resolveFilter(request, q);
      return attendanceList(app.readDb, f.set, orgToday(), true, q.bucket, q.page, q.pageSize);
    },
  );

  // ---- the staff dashboard: the caller's own figures ----

  const staffAccess = { menu: MENU.dashboard, action: 'view' } as const;
  const ownId = (auth: AuthContext) => {
    if (auth.employeeId == null) throw new NotFound('No employee record is linked to this sign-in');
    return auth.employeeId;
  };
  const mine = <S extends z.ZodTypeAny>(
    name: string,
    summary: string,
    response: S,
    load: (employeeId: number, today: string) => Promise<z.input<S>>,
  ) =>
    app.get(
      `/api/dashboard/me/${name}`,
      { config: { access: staffAccess }, schema: { tags, summary, response: { 200: response as z.ZodTypeAny } } },
      async (request) => load(ownId(request.auth), orgToday()),
    );

  mine('today', "Today's shift, holiday or weekly off, stored status and punches", ZMyToday, (id, today) =>
    myToday(app.db, id, today, orgZone()),
  );
  mine('month', "This month's attendance so far, from the stored daily rows", ZMyMonth, (id, today) => myMonth(app.db, id, today));
  mine('leave', 'Leave balances of the current financial year', ZLeaveBalances, (id, today) => employeeBalances(app.db, id, today));
  mine('requests', 'My pending requests (every approval kind)', ZMyPendingRequests, (id) => myPending(app.db, id));
  mine('payslip', 'My latest approved payslip (download through /api/payroll/payslips/me)', ZMyPayslip, (id) => myPayslip(app.db, id));
  mine('holidays', 'Upcoming national holidays of my unit (90 days)', ZMyHolidays, (id, today) => myHolidays(app.db, id, today));
};
