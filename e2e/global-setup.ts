import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * e.g. [http://127.0.0.1:41234, http://127.0.0.1:41235]: one real server with the built web app per test worker,
     * each on its own database, so two files running at once never see each other's data (support.ts baseUrl()).
     */
    baseUrls: string[];
  }
}

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`e2e: server exited with code ${child.exitCode}\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`e2e: server did not become healthy within ${timeoutMs} ms\n${output()}`);
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Runs a command (the web build) without blocking the event loop, so the server bundle builds meanwhile. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * An embedded database folder holding the API suite's migrated and seeded demo database (apps/server/test/helpers.ts
 * pgliteTemplate: built once per source version and kept in the temp folder, so after `npm test` it is only read),
 * as the server's first start would make it, without migrating and seeding again (foundation/startup.test.ts tests
 * that first start).
 */
async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-e2e-'));
  const { pgliteTemplate } = await import('../apps/server/test/helpers');
  const { createDatabase } = await import('../apps/server/src/db/client');
  const database = await createDatabase({ databaseUrl: undefined, dataDir }, { loadDataDir: await pgliteTemplate() });
  await database.close();
  return dataDir;
}

/**
 * One server on a free port with a seeded DATA_DIR (PGlite), or a database of its own on E2E_DATABASE_URL. It runs
 * this run's server bundle (`node main.js`, as `npm run serve` does), not the TypeScript loader.
 */
async function startServer(bundle: string, webDist: string, index: number): Promise<Server> {
  const port = await freePort();
  const dataDir = process.env.E2E_DATABASE_URL ? mkdtempSync(path.join(tmpdir(), 'hr-e2e-')) : await seededDataDir();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test signs in from 127.0.0.1: a per-address limit of 20 failures would let one file's wrong-password
    // tests lock out the next file. The per-account limit (5) stays as in production.
    SIGNIN_MAX_FAILURES_PER_IP: process.env.SIGNIN_MAX_FAILURES_PER_IP ?? '1000',
    // The punch test punches in and out within seconds.
    PUNCH_MIN_GAP_SECONDS: '2',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.E2E_DATABASE_URL) {
    const created = await ownDatabase(process.env.E2E_DATABASE_URL, index);
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  } else delete env.DATABASE_URL;

  let log = '';
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env,
    detached: true, // own process group: teardown stops everything it started
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.().catch(() => undefined);
  };
  try {
    await waitForHealth(url, child, () => log, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

/** E2E_DATABASE_URL names an existing database; each server gets a fresh one beside it. */
async function ownDatabase(adminUrl: string, index: number): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `hr_e2e_${process.pid}_${index}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Builds the web app once into a temporary folder (E2E_SKIP_BUILD=1 serves the existing apps/web/dist instead,
 * E2E_WEB_DIST=<folder> a build of it in that folder) and,
 * at the same time, the server bundle (scripts/build-server.mjs, into a folder of this run under apps/server/dist);
 * starts one server per test worker (each on a free port with a seeded database of its own), waits for /api/health
 * and hands the URLs to the tests (`inject('baseUrls')`, picked by support.ts baseUrl()). Teardown stops the servers.
 * E2E_SERVER_LOG=1 shows the servers' output; E2E_LOG_LEVEL sets their level (default warn).
 */
export default async function setup(project: TestProject) {
  // Each run builds into its own folders: several e2e runs at once must not empty each other's files.
  // E2E_WEB_DIST: a web build made once (with VITE_E2E_PAGES=1) for running files one by one without building each time.
  let webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');
  let buildDir: string | undefined;
  const bundleDir = path.join(root, 'apps/server/dist', `e2e-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(bundleDir, { recursive: true });
  const removeBuilds = () => {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
  const bundled = buildServer(bundleDir);
  let bundle: string;
  try {
    if (process.env.E2E_SKIP_BUILD !== '1' && !process.env.E2E_WEB_DIST) {
      buildDir = mkdtempSync(path.join(tmpdir(), 'hr-e2e-web-'));
      webDist = buildDir;
      // VITE_E2E_PAGES=1 adds the developer-only test pages (apps/web/src/screens/dev) to this build only.
      await run('npm', ['run', 'build', '-w', '@hr/web', '--', '--outDir', buildDir, '--emptyOutDir'], {
        ...process.env,
        VITE_E2E_PAGES: process.env.VITE_E2E_PAGES ?? '1',
      });
    }
    bundle = await bundled;
  } catch (err) {
    await bundled.catch(() => undefined);
    removeBuilds();
    throw err;
  }
  // One per test worker: e2e/vitest.config.ts runs E2E_WORKERS files at a time (default 1).
  const count = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(bundle, webDist, i + 1)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    removeBuilds();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  return stop;
}
