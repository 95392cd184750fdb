import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/lib/useCurrentMenu';

/** Routes of this area (see src/routes.tsx for where they are mounted). */
export const routes: RouteObject[] = [
  // Every signed-in user changes their own password: no menu grants it (the server's access is 'signedIn').
  {
    path: 'password',
    lazy: async () => ({ Component: (await import('./ChangePasswordScreen')).default }),
    handle: { menuGuard: false } satisfies TRouteHandle,
  },
];
