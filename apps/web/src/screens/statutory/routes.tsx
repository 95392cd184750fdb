import type { RouteObject } from 'react-router';

/** Statutory India screens (issue 13), mounted at /outlet itself (src/routes.tsx). */
export const routes: RouteObject[] = [
  { path: 'tax-calculator', lazy: async () => ({ Component: (await import('./TaxCalculatorScreen')).default }) },
  { path: 'me/tax-declaration', lazy: async () => ({ Component: (await import('./TaxDeclarationScreen')).default }) },
  {
    path: 'statutory-parameters',
    lazy: async () => ({ Component: (await import('./parameters/StatutoryParametersScreen')).default }),
  },
];
