import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Routes of this area, mounted at /outlet itself (see src/routes.tsx): the register picker, each register at
 * its own menu's path, and the bonus report; every one drawn by ReportView from the report's declaration.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: 'various-registertype-report',
    lazy: screen(async () => ({ default: (await import('./ReportScreens')).RegisterPickerScreen })),
  },
  {
    path: 'various-registertype-report/:reportId',
    lazy: screen(async () => ({ default: (await import('./ReportScreens')).RegisterReportScreen })),
  },
  {
    path: 'employee-bonus-report',
    lazy: screen(async () => ({ default: (await import('./ReportScreens')).BonusReportScreen })),
  },
];
