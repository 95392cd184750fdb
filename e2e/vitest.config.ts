import { defineConfig } from 'vitest/config';

// End-to-end suite: the built web app served by the real server on a throw-away database,
// driven by Debian's Chromium through playwright-core. One fork, files one after another:
// the machine is small and the tests share one server.
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
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ['default'],
  },
});
