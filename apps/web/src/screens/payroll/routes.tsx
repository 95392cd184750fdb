import type { RouteObject } from 'react-router';

/**
 * Routes of this area (see src/routes.tsx for where they are mounted: at /outlet itself). The payroll screens of
 * the transaction area (salary_process, salary-advance, employee-bonus, salary_increment) are mounted by transaction/routes.tsx;
 * the salary formula master is mounted here as 'master/salaryFormula', since the master area builds its routes
 * from the resource registry and salaryFormula is no resource.
 */
export const routes: RouteObject[] = [
  { path: 'payslip', lazy: async () => ({ Component: (await import('./PayslipScreen')).default }) },
  { path: 'form-16', lazy: async () => ({ Component: (await import('./Form16Screen')).default }) },
  { path: 'master/salaryFormula', lazy: async () => ({ Component: (await import('./SalaryFormulaScreen')).default }) },
];
