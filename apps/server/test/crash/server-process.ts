// A real server process on a throw-away data folder, for the crash tests: started as `npm run serve` runs it (one
// node process running the bundled server: this run's bundle, built by global-setup.ts), killed with a real signal.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase } from '../../src/db/client';
import type { CrashPoint } from '../../src/lib/fault-injection';
import { DEMO_PASSWORDS } from '../../src/seed/core';
import { pgliteTemplate } from '../helpers';

export const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The suite's second pass against PostgreSQL (TEST_DATABASE_URL set). A server process here runs on an embedded data
 * folder whatever the pass (DATABASE_URL is emptied below unless a test passes its own), so a test that starts one
 * without a PostgreSQL URL would only repeat the first pass: it skips itself on this one (`describe.skipIf`).
 */
export const postgresPass = !!process.env.TEST_DATABASE_URL;

export interface ServerProcess {
  dataDir: string;
  url: string;
  /** The process id of the running server (undefined before start / after exit). */
  readonly pid: number | undefined;
  /** The last 5,000 characters the server wrote (stdout and stderr), for a failing test's message. */
  readonly output: string;
  /** The processes that have logged "Server listening" since the last start (with API_PROCESSES > 1, the workers). */
  readonly listening: ReadonlySet<number>;
  /** Starts it and waits for /api/health (an empty folder first gets the seeded template; give a loaded machine time). */
  start(timeoutMs?: number): Promise<string>;
  /** Sends the signal and waits for the process to exit; its exit code and signal. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signIn(user?: keyof typeof DEMO_PASSWORDS): Promise<string>;
  /**
   * Closes the gate at a crash point (lib/fault-injection.ts): the next time the server reaches it, it stays there
   * until `release`. Returns a wait that ends once the server is held there (or has exited, which the caller's next
   * step then reports).
   */
  hold(point: CrashPoint): { held: () => Promise<void> };
  /** Opens the gate again: a held server goes on; a restarted one passes the point. */
  release(point: CrashPoint): void;
  dispose(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** This run's server bundle (global-setup.ts builds it in the background at the start of the run): its main.js. */
async function serverBundle(deadline: number): Promise<string> {
  const dir = inject('serverBundle');
  if (!dir) throw new Error('no server bundle: run the api project (vitest.config.ts), whose global setup builds it');
  for (;;) {
    if (existsSync(path.join(dir, 'ready'))) return path.join(dir, 'main.js');
    if (existsSync(path.join(dir, 'failed')))
      throw new Error(`the server bundle did not build:\n${readFileSync(path.join(dir, 'failed'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the server bundle in ${dir} was not built in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Reads until `done` holds, every `everyMs`, and returns the last value read; after `ms` it returns that value as it is
 * (the caller's assertion then says what was seen). The bound is generous: what the server does meanwhile (an
 * import, a restart) takes several times longer on a loaded machine, and it only ends a wait that would hang.
 */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, { ms = 240_000, everyMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function serverProcess(prefix: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let out = '';
  let stdoutLine = '';
  const listening = new Set<number>();
  const url = `http://127.0.0.1:${port}`;
  const signal = (sig: NodeJS.Signals) => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // gone
      }
    }
  };
  return {
    dataDir,
    url,
    get pid() {
      return child && child.exitCode === null ? child.pid : undefined;
    },
    get output() {
      return out;
    },
    listening,
    async start(timeoutMs = 120_000) {
      out = '';
      stdoutLine = '';
      listening.clear();
      const bundle = await serverBundle(Date.now() + timeoutMs);
      // An empty folder gets the suite's migrated and seeded demo database (helpers.ts), as a first start would make
      // it, without the 10-15 s of migrating and seeding each time (foundation/startup.test.ts tests those).
      if (!env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite'))) {
        const database = await createDatabase({ databaseUrl: undefined, dataDir }, { loadDataDir: await pgliteTemplate() });
        await database.close();
      }
      child = spawn(process.execPath, [bundle], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATABASE_URL: '',
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: path.join(dataDir, 'no-web'),
          // info: a start that does not finish says which step it reached (main.ts logs each).
          LOG_LEVEL: 'info',
          JOB_LEASE_SECONDS: '2',
          HR_TEST_HOLD_DIR: dataDir,
          ...env,
        },
      });
      const c = child;
      c.stdout?.on('data', (d) => {
        out = (out + d).slice(-5000);
        const lines = (stdoutLine + d).split('\n');
        stdoutLine = lines.pop() ?? '';
        for (const line of lines) {
          const m = /"pid":(\d+).*"msg":"Server listening/.exec(line);
          if (m) listening.add(Number(m[1]));
        }
      });
      c.stderr?.on('data', (d) => {
        out = (out + d).slice(-5000);
      });
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (c.exitCode !== null) throw new Error(`server exited: ${out}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return url;
        } catch {
          // not yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`server did not start: ${out}`);
    },
    async kill(sig) {
      if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
      const c = child;
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
        c.once('exit', (code, signalCode) => r({ code, signal: signalCode })),
      );
      signal(sig);
      return exited;
    },
    async signIn(user = 'admin') {
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: user, password: DEMO_PASSWORDS[user] }),
      });
      return ((await res.json()) as { token: string }).token;
    },
    hold(point) {
      rmSync(path.join(dataDir, `${point}.held`), { force: true });
      writeFileSync(path.join(dataDir, `${point}.gate`), '');
      return {
        held: async () => {
          while (!existsSync(path.join(dataDir, `${point}.held`))) {
            if (child && child.exitCode !== null) throw new Error(`the server exited before reaching ${point}: ${out}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
      };
    },
    release(point) {
      rmSync(path.join(dataDir, `${point}.gate`), { force: true });
      rmSync(path.join(dataDir, `${point}.held`), { force: true });
    },
    dispose() {
      signal('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
