import type { RouteObject } from 'react-router';

/**
 * Developer-only screens, mounted under /outlet. They exist only in test builds
 * (`VITE_E2E_PAGES=1 npm run build`): Vite replaces the flag at build time, so a default build drops
 * the import and the page is neither reachable nor in the bundle. No menu points here.
 */
export const routes: RouteObject[] =
  import.meta.env.VITE_E2E_PAGES === '1'
    ? [
        { path: 'dev/documents', lazy: async () => ({ Component: (await import('./DocumentsDevScreen')).default }) },
        { path: 'dev/render-error', lazy: async () => ({ Component: (await import('./RenderErrorDevScreen')).default }) },
      ]
    : [];
