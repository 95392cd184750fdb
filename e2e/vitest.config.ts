import { defineConfig } from 'vitest/config';

// End-to-end suite: the built web app served by the real server on a throw-away database,
// driven by Debian's Chromium through playwright-core. One file at a time by default: on the 2-core
// machine two at a time (E2E_WORKERS=2, each worker with a server and database of its own, see
// global-setup.ts) took as long (the files are CPU-bound: a browser and a server each) and ran at
// load 9, where waits time out; a bigger machine can raise it.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // Generous: a test's waits (a page, a download) take several times longer on a loaded machine, and the timeout
    // only ends a test that hangs.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll's own default is 1 s: a screen that takes longer to show on a loaded machine failed a test (the
    // change-password heading). The suite's one bound for a wait is 90 s (support.ts); a poll stops as soon as it holds.
    expect: { poll: { timeout: 90_000, interval: 100 } },
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    reporters: ['default'],
  },
});
