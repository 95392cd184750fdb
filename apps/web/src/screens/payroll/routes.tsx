import type { RouteObject } from 'react-router';

/**
 * Routes of this area (see src/routes.tsx for where they are mounted: at /outlet itself). The payroll screens the
 * spec places under /outlet/transaction (salary_process, salary-advance, employee-bonus, salary_increment) are
 * `transactionRoutes` below, which src/routes.tsx mounts beside the transaction area's own. The salary formula
 * master is mounted here as 'master/salaryFormula', since the master area builds its routes from the resource
 * registry and salaryFormula is no resource.
 */
export const routes: RouteObject[] = [
  { path: 'payslip', lazy: async () => ({ Component: (await import('./PayslipScreen')).default }) },
  { path: 'form-16', lazy: async () => ({ Component: (await import('./Form16Screen')).default }) },
  { path: 'master/salaryFormula', lazy: async () => ({ Component: (await import('./SalaryFormulaScreen')).default }) },
];

/** The payroll screens at /outlet/transaction/… (spec section 2), mounted there by src/routes.tsx. */
export const transactionRoutes: RouteObject[] = [
  // A run's and a bonus's id travel encrypted in ?id=; advanceId is decrypted by the screen.
  { path: 'salary_process', lazy: async () => ({ Component: (await import('./SalaryProcessListScreen')).default }) },
  { path: 'salary_process/addorupdate', lazy: async () => ({ Component: (await import('./SalaryRunScreen')).default }) },
  { path: 'salary-advance', lazy: async () => ({ Component: (await import('./SalaryAdvanceListScreen')).default }) },
  { path: 'salary-advance/:advanceId', lazy: async () => ({ Component: (await import('./SalaryAdvanceScreen')).default }) },
  { path: 'employee-bonus', lazy: async () => ({ Component: (await import('./EmployeeBonusListScreen')).default }) },
  { path: 'employee-bonus/addorupdate', lazy: async () => ({ Component: (await import('./EmployeeBonusScreen')).default }) },
  { path: 'salary_increment', lazy: async () => ({ Component: (await import('./SalaryIncrementScreen')).default }) },
  {
    path: 'statutory-arrears',
    lazy: async () => ({ Component: (await import('./statutory-arrears/StatutoryArrearsScreen')).default }),
  },
  { path: 'earlier-salary', lazy: async () => ({ Component: (await import('./EarlierSalaryScreen')).default }) },
];
