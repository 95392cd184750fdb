import type { RouteObject } from 'react-router';

/** Routes of this area (see src/routes.tsx for where they are mounted). */
export const routes: RouteObject[] = [{ index: true, lazy: async () => ({ Component: (await import('./IdCardScreen')).default }) }];
