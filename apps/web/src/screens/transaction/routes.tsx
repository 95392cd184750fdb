import type { RouteObject } from 'react-router';

/** Routes of this area (see src/routes.tsx for where they are mounted; the payroll screens under /outlet/transaction come from payroll/routes.tsx). */
export const routes: RouteObject[] = [
  // Employees (issue 5). employeeId is decrypted by the screen itself; 'new' opens an empty form.
  { path: 'employee', lazy: async () => ({ Component: (await import('./employee/EmployeeListScreen')).default }) },
  { path: 'employee/:employeeId', lazy: async () => ({ Component: (await import('./employee/EmployeeFormScreen')).default }) },
];
