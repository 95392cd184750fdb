import type { RouteObject } from 'react-router';

/** Routes of this area (see src/routes.tsx for where they are mounted). */
export const routes: RouteObject[] = [
  { path: 'profile', lazy: async () => ({ Component: (await import('./ProfileScreen')).default }) },
  { path: 'upload-documents', lazy: async () => ({ Component: (await import('./UploadDocumentsScreen')).default }) },
];
