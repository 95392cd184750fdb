// `npm run backup` and `npm run restore` as an operator runs them, beside a real server process: on PGlite the
// backup refuses while the server holds the data folder (and says what to do), works once it is stopped, and
// the archive restored into a fresh data folder serves the same organisation.
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPass, root, type ServerProcess, serverProcess } from '../crash/server-process';

const run = promisify(execFile);
let source: ServerProcess;
let target: ServerProcess;
beforeAll(async () => {
  source = await serverProcess('hr-backup-cli-');
  target = await serverProcess('hr-restore-cli-');
});
afterAll(() => {
  source?.dispose();
  target?.dispose();
});

async function npm(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const r = await run('npm', ['run', '--silent', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

async function figures(server: ServerProcess) {
  const token = await server.signIn('admin');
  const get = async (p: string) => (await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const employees = (await get('/api/employees?pageSize=1')) as { total: number };
  const units = (await get('/api/resources/unit?pageSize=1')) as { total: number };
  return { employees: employees.total, units: units.total };
}

// The server runs on PGlite here whatever the suite's database: the PostgreSQL run of the suite skips it.
describe.skipIf(postgresPass)('npm run backup / restore beside a server', () => {
  it('refuses while the server runs, then backs up and restores into a fresh data folder', async () => {
    await source.start();
    const before = await figures(source);
    expect(before.employees).toBeGreaterThan(0);

    const file = path.join(source.dataDir, 'out', 'hr.tar.gz');
    const busy = await npm(['backup', '--', file], source.dataDir);
    expect(busy.code).not.toBe(0);
    expect(busy.out).toMatch(/is in use: stop the server/);
    expect(existsSync(file)).toBe(false);

    await source.kill('SIGTERM');
    // A stopped server leaves no lock behind. (One that overran its 10 s shutdown and was forced out does: then the
    // backup says to delete the lock, and that is what an operator does.)
    const lock = path.join(source.dataDir, 'pglite', 'postmaster.pid');
    if (existsSync(lock)) {
      const stale = await npm(['backup', '--', file], source.dataDir);
      expect(stale.out).toMatch(/If no server is running, a previous run did not close it: delete .*postmaster\.pid/);
      console.warn('backup-cli: the server was forced out on stop; the stale lock was deleted as the message says');
      rmSync(lock);
    }
    const made = await npm(['backup', '--', file], source.dataDir);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/Wrote .*hr\.tar\.gz/);

    const restored = await npm(['restore', '--', file], target.dataDir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/counts and hashes checked/);

    await target.start();
    expect(await figures(target)).toEqual(before);
  }, 600_000);
});
