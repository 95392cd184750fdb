import type { RouteObject } from 'react-router';

/** Mounted under /outlet: dashboard (issue 2); admin-dashboard is added by its issue. */
export const routes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./DashboardScreen')).default }) },
];
