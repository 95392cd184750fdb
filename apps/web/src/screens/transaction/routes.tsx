import type { RouteObject } from 'react-router';

/** Routes of this area (see src/routes.tsx for where they are mounted). */
export const routes: RouteObject[] = [
  // Employees (issue 5). employeeId is decrypted by the screen itself; 'new' opens an empty form.
  { path: 'employee', lazy: async () => ({ Component: (await import('./employee/EmployeeListScreen')).default }) },
  { path: 'employee/:employeeId', lazy: async () => ({ Component: (await import('./employee/EmployeeFormScreen')).default }) },
  // Payroll (screens in src/screens/payroll). A run's and a bonus's id travel encrypted in ?id=; advanceId is decrypted by the screen.
  { path: 'salary_process', lazy: async () => ({ Component: (await import('../payroll/SalaryProcessListScreen')).default }) },
  { path: 'salary_process/addorupdate', lazy: async () => ({ Component: (await import('../payroll/SalaryRunScreen')).default }) },
  { path: 'salary-advance', lazy: async () => ({ Component: (await import('../payroll/SalaryAdvanceListScreen')).default }) },
  { path: 'salary-advance/:advanceId', lazy: async () => ({ Component: (await import('../payroll/SalaryAdvanceScreen')).default }) },
  { path: 'employee-bonus', lazy: async () => ({ Component: (await import('../payroll/EmployeeBonusListScreen')).default }) },
  { path: 'employee-bonus/addorupdate', lazy: async () => ({ Component: (await import('../payroll/EmployeeBonusScreen')).default }) },
  { path: 'salary_increment', lazy: async () => ({ Component: (await import('../payroll/SalaryIncrementScreen')).default }) },
];
