import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Routes of the requests area (issue 12), mounted at /outlet itself (see src/routes.tsx) at the menus' full paths
 * (MENU in @hr/contract/menus): raising under request/, the managers' lists under allRequest/, one's own under me/.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
const all = (name: 'AllWfhScreen' | 'AllLeaveScreen' | 'AllVisitorScreen') =>
  screen(async () => ({ default: (await import('./AllRequestsScreen'))[name] }));

export const routes: RouteObject[] = [
  { path: 'request/raise', lazy: screen(() => import('./RaiseWfhScreen')) },
  { path: 'request/leave_req', lazy: screen(() => import('./RaiseLeaveScreen')) },
  { path: 'request/visitor_notify_req', lazy: screen(() => import('./RaiseVisitorScreen')) },
  { path: 'allRequest/wfh', lazy: all('AllWfhScreen') },
  { path: 'allRequest/leave', lazy: all('AllLeaveScreen') },
  { path: 'allRequest/visitor_notify', lazy: all('AllVisitorScreen') },
  { path: 'me/attendance/requests', lazy: screen(() => import('./MyRequestsScreen')) },
  { path: 'me/leave/summary', lazy: screen(() => import('./LeaveSummaryScreen')) },
  // Under the leave master's menu (the static path wins over leave/:leaveId).
  { path: 'master/leave/ledger', lazy: screen(() => import('./LeaveLedgerScreen')) },
];
