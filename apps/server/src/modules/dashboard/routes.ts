// The dashboards: the heading (today and the caller's units), the admin dashboard's widgets (one endpoint each,
// scoped to the caller's units) and the staff dashboard's own figures. Queries in summary.ts, admin.ts and staff.ts.
import {
  MENU,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import type { AuthContext } from '../access/context';
import { employeeBalances } from '../requests/ledger';
import { advancesOutstanding, headcount, missingDocuments, movement, occasions, payrollCost, pendingRequests } from './admin';
import { attendanceList, attendanceToday } from './admin-attendance';
import { createWidgetCache } from './cache';
import { myHolidays, myMonth, myPayslip, myPending, myToday } from './staff';
import { assertPayrollView, dashboardSummary, resolveFilter, unitCard, type WidgetFilter } from './summary';

type App = Parameters<FastifyPluginAsyncZod>[0];

const DASHBOARDS = [MENU.dashboard, MENU.adminDashboard] as const;
const tags = ['dashboard'];

const ZUnitCard = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  stateName: z.string(),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  headingRoutes(app);
  adminWidgetRoutes(app);
  staffRoutes(app);
};

/** The heading of both dashboards: today and the caller's units, and one unit's card. */
function headingRoutes(app: App) {
  app.get(
    '/api/dashboard/summary',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags,
        summary:
          "Today's date (organisation time zone) and the caller's units, with each unit's staff figures for callers who may see its staff",
        response: { 200: ZDashboardSummary },
      },
    },
    async (request) => dashboardSummary(app.db, request.auth, app.config.orgTimeZone),
  );

  app.get(
    '/api/dashboard/units/:unitId',
    {
      config: { access: { menu: DASHBOARDS, action: 'view' } },
      schema: {
        tags,
        summary: 'One of the caller’s units (403 for a unit the caller is not mapped to)',
        params: z.object({ unitId: ZIdText }),
        response: { 200: ZUnitCard.extend({ address: z.string() }) },
      },
    },
    async (request) => unitCard(app.db, request.auth, request.params.unitId),
  );
}

/**
 * The admin dashboard: one endpoint per widget, each scoped to the caller's units. Figures are kept for a few seconds
 * per unit set and filter; `Cache-Control: no-cache` reads afresh. They are read from the replica when there is one
 * (DATABASE_READ_URL); access checks read the primary.
 */
function adminWidgetRoutes(app: App) {
  const cache = createWidgetCache(15_000, { shared: app.shared, topic: 'dashboard' });
  const adminAccess = { menu: MENU.adminDashboard, action: 'view' } as const;
  const filterOf = (request: FastifyRequest, q: z.output<typeof ZDashboardFilter>) =>
    resolveFilter(app.db, request.auth, q, request.headers['cache-control']);

  const widget = <S extends z.ZodTypeAny>(
    name: string,
    summary: string,
    response: S,
    load: (f: WidgetFilter, request: FastifyRequest) => Promise<z.input<S>>,
  ) =>
    app.get(
      `/api/dashboard/admin/${name}`,
      {
        config: { access: adminAccess },
        schema: { tags, summary, querystring: ZDashboardFilter, response: { 200: response as z.ZodTypeAny } },
      },
      async (request) => {
        const f = await filterOf(request, request.query as z.output<typeof ZDashboardFilter>);
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
    (f) => attendanceToday(app.readDb, f.set, orgToday(), true),
  );
  widget('requests', 'Pending approvals by kind', ZPendingRequestsWidget, (f) => pendingRequests(app.readDb, f.set));
  widget(
    'payroll-cost',
    'Salary cost (gross, deductions, net, employer contributions) of the last 12 processed months up to the chosen month',
    ZPayrollCostWidget,
    async (f, request) => {
      await assertPayrollView(app.db, request.auth, MENU.salaryProcess);
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
    await assertPayrollView(app.db, request.auth, MENU.salaryAdvance);
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
      const f = await filterOf(request, q);
      return attendanceList(app.readDb, f.set, orgToday(), true, q.bucket, q.page, q.pageSize);
    },
  );
}

/** The staff dashboard: the caller's own figures. */
function staffRoutes(app: App) {
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
}
