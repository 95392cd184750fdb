import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/lib/useCurrentMenu';

/** Mounted under /outlet: dashboard (issue 2; the staff widgets of issue 14) and admin-dashboard (issue 14). */
export const routes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./DashboardScreen')).default }) },
  // The staff's phone home (issue 29; the installed app opens here): every signed-in user, so no menu guards it.
  {
    path: 'home',
    lazy: async () => ({ Component: (await import('./PhoneHomeScreen')).default }),
    handle: { menuGuard: false } satisfies TRouteHandle,
  },
  { path: 'admin-dashboard', lazy: async () => ({ Component: (await import('./AdminDashboardScreen')).default }) },
];
