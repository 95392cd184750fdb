import { defineConfig } from 'vitest/config';

// End-to-end suite: the built web app served by the real server on a throw-away database,
// driven by Debian's Chromium through playwright-core. Two files at a time (E2E_WORKERS), each
// worker with a server and database of its own (global-setup.ts), so files never share data;
// most of a browser test's time is waiting, which the second worker fills.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    reporters: ['default'],
  },
});
