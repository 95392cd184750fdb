import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Routes of this area, mounted at /outlet itself (see src/routes.tsx), at the menus' paths (MENU in
 * @hr/contract/menus). The employee's own screens live under me/attendance and the attendance reports under their
 * top-level names; each is a menu-guarded, lazily loaded screen.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: 'me/attendance/logs', lazy: screen(() => import('./MyAttendanceScreen')) },
  { path: 'me/attendance/shiftschedule', lazy: screen(() => import('./MyScheduleScreen')) },
  { path: 'view-shift', lazy: screen(() => import('./ViewShiftScreen')) },
  { path: 'shift-dtls', lazy: screen(() => import('./ShiftDetailsScreen')) },
  { path: 'attandance', lazy: screen(() => import('./DayAttendanceScreen')) },
  { path: 'employeeAttendace', lazy: screen(() => import('./EmployeeAttendanceScreen')) },
  { path: 'employeeoffonDuty', lazy: screen(() => import('./OnOffDutyScreen')) },
  { path: 'track_emp', lazy: screen(() => import('./TrackEmployeeScreen')) },
  { path: 'attandance-report', lazy: screen(() => import('./AttendanceReportScreen')) },
  {
    path: 'employeeShiftScheduleWiseAttendanceCompare',
    lazy: screen(async () => ({ default: (await import('./ShiftCompareScreens')).ShiftCompareScreen })),
  },
  {
    path: 'employeeShiftScheduleWiseAttandanceCompareSummaryReport',
    lazy: screen(async () => ({ default: (await import('./ShiftCompareScreens')).ShiftCompareSummaryScreen })),
  },
];
