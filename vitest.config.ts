import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time: an API file's test app (PGlite in the worker) keeps one core busy, and vitest's
    // default (cores − 1) left the second core of the standard 2-core machine idle. The test databases are per
    // file (apps/server/test/helpers.ts), so files never share state. (Set here, for every project: projects
    // with different maxWorkers would need different sequence.groupOrder and would run one after the other.)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
          // Nothing here is timed: a test asserts results, and the timeout only ends one that hangs. Vitest's 5 s
          // default failed real work (a 60-payslip PDF) on a loaded machine.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
        resolve: { alias: { '@/': new URL('./apps/web/src/', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Generous, as above: the work of a test (a restore, a salary run on the embedded database) takes several
          // times longer on a loaded machine, and a timeout only ends a test that hangs.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Bundles the server once per run for the tests that start real server processes (crash/server-process.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          // One module graph per worker, not per file: every file imports the whole server (its schemas, pdfmake,
          // exceljs), which cost about 3 s a file and 4 of the suite's 15 minutes on the 2-core machine. Files share
          // no state through it: each builds its own app on its own database (helpers.ts createTestApp).
          isolate: false,
        },
      },
    ],
  },
});
