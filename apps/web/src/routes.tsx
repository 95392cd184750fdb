/**
 * The one route table (spec section 2). Paths are spelt exactly as the spec writes them.
 *
 * Each area exports `routes: RouteObject[]` from `src/screens/<area>/routes.tsx`, lazy-loading its screens
 * (`lazy: () => import(...)`), and this table mounts them. Until an area registers a path, that path shows the
 * 404 page. Where each area is mounted, and who builds what:
 *
 *   mounted at /outlet/<area>                     (the area's paths are relative to it; use `index: true` for the bare path)
 *     request       raise, leave_req, visitor_notify_req             — requests issue   (index → raise, here)
 *     allRequest    wfh, leave, visitor_notify                       — requests issue   (index → wfh, here)
 *     master        shift, employee-doctype, leave, leave/:leaveId, configure/{role, module, menu,
 *                   roleWiseMenuAccess, roleWiseMenuAccess/:roleId, apkVersion, userMaster, userMaster/:id},
 *                   category, session, holidays, holidays/:holidayId, department, units, units/:id,
 *                   earning-deduction, designation, unit-wise-department-mapping(/:unitWiseDeptId),
 *                   unit-wise-designation-mapping(/:unitId), unit-wise-earning-deduction-mapping(/:unitId),
 *                   user-wise-unit-mapping(/:userWiseUnitId), unit-wise-emp-doc-type-map(/:mapDtls),
 *                   unit-wise-salary-approve-map(/:unitId), carrer/{carrerApply, carrerStep,
 *                   unit-wise-carrere-applying-map(/:unitId), unit-wise-career-step-map(/:mapDtls)},
 *                   country, campus, city, division, education-mode, fellowship-status, job-nature, mobile-code,
 *                   position, state, area, academic-domain, academic-status, marital-status, patent-status,
 *                   region, responsibility, written                  — masters helper   (configure → role, here:
 *                   register configure's screens as 'configure/role' etc. or nest them under 'configure'
 *                   WITHOUT an index route)
 *     transaction   employee, employee/:employeeId                   — employees helper; and payroll's
 *                   `transactionRoutes` (payroll/routes.tsx): salary_process, salary_process/addorupdate,
 *                   employee-bonus, employee-bonus/addorupdate, salary-advance, salary-advance/:advanceId,
 *                   salary_increment
 *     myProfile     profile, upload-documents                        — employees helper (index → profile, here)
 *     idCard        (index)                                          — employees helper
 *     me            attendance/{logs, shiftschedule, requests}, leave/summary
 *                                                                    — attendance issue (attendance → logs and
 *                                                                      leave → summary, here; same rule as configure)
 *   mounted at /outlet itself                     (the area's paths are the spec's top-level names)
 *     dashboard     dashboard (issue 2, built), admin-dashboard      — dashboards issue
 *     attendance    track_emp, view-shift, shift-dtls, attandance, employeeAttendace, employeeoffonDuty
 *     reports       attandance-report, employee-bonus-report, employeeShiftScheduleWiseAttendanceCompare,
 *                   employeeShiftScheduleWiseAttandanceCompareSummaryReport, various-registertype-report
 *     payroll       payslip, form-16, and master/salaryFormula (no master resource, so the payroll area
 *                   mounts it here at its full path)                  — payroll issue
 *     statutory     tax-calculator                                   — statutory issue (13)
 *     dev           developer-only screens, with their own paths
 *
 * Area screens are menu-guarded (menuGuarded below): a signed-in user whose menus do not cover the path sees
 * 'You do not have access to this screen' inside the layout instead of the screen.
 *
 * Id parameters arrive encrypted: read them with useEncryptedParam / useEncryptedId / useEncryptedJsonParam
 * (src/lib/useEncryptedParam.ts), which send a bad value to /400-bad-req. employeeId is not decrypted here.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteErrorFallback } from '@/components/common/ErrorBoundary';
import { setUnauthorizedHandler } from '@/lib/api';
import type { TRouteHandle } from '@/lib/useCurrentMenu';
import { transactionRoutes as payrollTransactionRoutes } from '@/screens/payroll/routes';

type AreaModule = { routes?: RouteObject[] };
// A glob, so an area whose routes file does not exist yet simply contributes nothing.
const areaModules = import.meta.glob<AreaModule>('./screens/*/routes.tsx', { eager: true });

export function areaRoutes(area: string): RouteObject[] {
  return areaModules[`./screens/${area}/routes.tsx`]?.routes ?? [];
}

/**
 * Marks every screen (a route with `lazy` or `Component`) of an area as menu-guarded: the layout shows it only
 * when one of the user's menus covers its path — the path's own menu, or for a path that is no menu (a modify
 * route such as units/:id) its list path's menu — and 'You do not have access to this screen' otherwise
 * (useScreenAccess in src/lib/useCurrentMenu.ts). The server refuses the calls either way.
 */
function menuGuarded(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const screen = route.lazy !== undefined || route.Component != null;
    const handle: TRouteHandle = { ...(screen ? { menuGuard: true } : {}), ...(route.handle as TRouteHandle | undefined) };
    return route.children ? { ...route, handle, children: menuGuarded(route.children) } : ({ ...route, handle } as RouteObject);
  });
}

/** An area's screens, menu-guarded. */
const screens = (area: string) => menuGuarded(areaRoutes(area));

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const notFound: RouteObject = { path: '*', lazy: page(() => import('@/screens/errors/NotFoundScreen')) };

export const routeTable: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Shown while the first screen's lazy module loads (the HTML has no server-rendered content).
    HydrateFallback: () => null,
    errorElement: <RouteErrorFallback />,
    children: [
      { index: true, lazy: page(() => import('@/screens/signIn/SignInScreen')) },
      { path: '400-bad-req', lazy: page(() => import('@/screens/errors/BadRequestScreen')) },
      {
        path: 'outlet',
        lazy: page(() => import('@/screens/shell/OutletLayout')),
        errorElement: <RouteErrorFallback />,
        // A pathless route holds every screen so that a screen's error (a failed lazy load, a rendering error) is
        // shown by its errorElement inside the layout's <Outlet />: the menu and the top bar stay.
        children: [
          {
            errorElement: <RouteErrorFallback />,
            children: [
              { index: true, element: redirect('dashboard') },
              ...screens('dashboard'),
              ...screens('attendance'),
              ...screens('reports'),
              ...screens('payroll'),
              ...screens('requests'),
              ...screens('statutory'),
              // Exits: transaction/separation, transaction/full-final-settlement(/:id), me/separation (full paths).
              ...screens('exits'),
              // Developer-only pages (test builds): no menu points at them, so they are not menu-guarded.
              ...areaRoutes('dev'),
              { path: 'request', children: [{ index: true, element: redirect('raise') }, ...screens('request')] },
              { path: 'allRequest', children: [{ index: true, element: redirect('wfh') }, ...screens('allRequest')] },
              { path: 'master', children: [{ path: 'configure', element: redirect('role') }, ...screens('master')] },
              { path: 'transaction', children: [...screens('transaction'), ...menuGuarded(payrollTransactionRoutes)] },
              { path: 'myProfile', children: [{ index: true, element: redirect('profile') }, ...screens('myProfile')] },
              { path: 'idCard', children: screens('idCard') },
              {
                path: 'me',
                children: [
                  { path: 'attendance', element: redirect('logs') },
                  { path: 'leave', element: redirect('summary') },
                  ...screens('me'),
                ],
              },
              notFound,
            ],
          },
        ],
      },
      notFound,
    ],
  },
];

/** Whether a path opens a built screen (not the 404 page): a menu of a later issue's screen does not yet. */
export function isBuiltScreen(path: string): boolean {
  const matches = matchRoutes(routeTable, path);
  return !!matches && matches[matches.length - 1].route !== notFound;
}

export const router = createBrowserRouter(routeTable);

// A 401 anywhere (expired or revoked token) goes to sign-in without a page reload, replacing history.
setUnauthorizedHandler(() => {
  void router.navigate('/', { replace: true });
});
