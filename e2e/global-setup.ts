import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234 — the real server with the built web app. */
    baseUrl: string;
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

/**
 * Builds the web app once into a temporary folder (E2E_SKIP_BUILD=1 serves the existing apps/web/dist instead),
 * starts apps/server/src/main.ts on a free port with a fresh DATA_DIR (PGlite) — or on E2E_DATABASE_URL when
 * set — waits for /api/health and hands the URL to the tests (`inject('baseUrl')`). Teardown stops the server.
 * E2E_SERVER_LOG=1 shows the server's output; E2E_LOG_LEVEL sets its level (default warn).
 */
export default async function setup(project: TestProject) {
  // Each run builds into its own folder: several e2e runs at once must not empty each other's served files.
  let webDist = path.join(root, 'apps/web/dist');
  let buildDir: string | undefined;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    buildDir = mkdtempSync(path.join(tmpdir(), 'hr-e2e-web-'));
    webDist = buildDir;
    // VITE_E2E_PAGES=1 adds the developer-only test pages (apps/web/src/screens/dev) to this build only.
    execFileSync('npm', ['run', 'build', '-w', '@hr/web', '--', '--outDir', buildDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_E2E_PAGES: process.env.VITE_E2E_PAGES ?? '1' },
    });
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-e2e-'));
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
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;

  let log = '';
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    detached: true, // own process group: teardown kills tsx and the node it starts
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
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
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => log, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  return stop;
}
