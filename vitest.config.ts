import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
        resolve: { alias: { '@/': new URL('./apps/web/src/', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two test files at a time: a file's test app (PGlite in the worker) keeps one core busy, and vitest's
          // default (cores − 1) left the second core of the standard 2-core machine idle. The test databases are
          // per file (helpers.ts), so files never share state.
          maxWorkers: 2,
        },
      },
    ],
  },
});
