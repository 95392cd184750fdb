import type { RouteObject } from 'react-router';

/** Exits (issue 27), mounted at /outlet with their full paths (the menus' actionUrl). */
export const routes: RouteObject[] = [
  { path: 'transaction/separation', lazy: async () => ({ Component: (await import('./SeparationsScreen')).default }) },
  { path: 'me/separation', lazy: async () => ({ Component: (await import('./MySeparationScreen')).default }) },
  { path: 'transaction/full-final-settlement', lazy: async () => ({ Component: (await import('./SettlementsScreen')).default }) },
  {
    path: 'transaction/full-final-settlement/:settlementId',
    lazy: async () => ({ Component: (await import('./SettlementScreen')).default }),
  },
];
