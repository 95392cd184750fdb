import type { RouteObject } from 'react-router';

/** Mounted under /outlet: dashboard (issue 2; the staff widgets of issue 14) and admin-dashboard (issue 14). */
export const routes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./DashboardScreen')).default }) },
  { path: 'admin-dashboard', lazy: async () => ({ Component: (await import('./AdminDashboardScreen')).default }) },
];
