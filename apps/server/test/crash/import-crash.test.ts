// Crash safety, for real: the server process is killed with SIGKILL while an employee import is being saved.
// After a restart on the same data folder nothing is half written and the import job is taken up again and
// completes exactly once (the job marks itself done in the import's own transaction).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../src/seed/core';
import { type ImportRefs, importRow, importWorkbook } from '../employees/fixtures';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-crash-'));
let child: ChildProcess | undefined;
afterAll(() => {
  kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

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

function kill(signal: NodeJS.Signals) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // gone
    }
  }
}

async function startServer(port: number): Promise<string> {
  let out = '';
  child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
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
      LOG_LEVEL: 'warn',
      JOB_LEASE_SECONDS: '2',
    },
  });
  child.stdout?.on('data', (c) => {
    out = (out + c).slice(-5000);
  });
  child.stderr?.on('data', (c) => {
    out = (out + c).slice(-5000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${out}`);
}

const refs: ImportRefs = { units: ['HO-BLR', 'BR-CHN'], departments: ['ADM', 'FIN'], designations: ['ADE', 'OFA', 'ACE'] };

describe('kill -9 during an employee import', () => {
  it('leaves nothing half written, and the restarted server completes the import once', async () => {
    const port = await freePort();
    let url = await startServer(port);
    const signIn = async () => {
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORDS.admin }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    let token = await signIn();
    const get = async (p: string) => (await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } })).json();

    const N = 4000;
    const file = await importWorkbook(Array.from({ length: N }, (_, i) => importRow(i + 1, refs, 'KIL')));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'staff.xlsx');
    const started = await fetch(`${url}/api/employees/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };

    // Kill the server while the job works: once it has started, the first time the server is too busy to answer
    // within 150 ms (it is checking the rows or saving them; on the embedded database the save holds the
    // connection, so nothing else is read meanwhile).
    let seen = '';
    let running = false;
    for (let i = 0; i < 2000; i++) {
      const poll = get(`/api/jobs/${jobId}`) as Promise<{ state: string; progress: { done: number; total: number; message: string } }>;
      const job = await Promise.race([poll, new Promise<null>((r) => setTimeout(() => r(null), 150))]);
      if (job === null) {
        if (running) break;
        await poll;
        continue;
      }
      seen = `${job.state} ${job.progress.done}/${job.progress.total} ${job.progress.message}`;
      if (job.state === 'running') running = true;
      if (job.state === 'succeeded' || job.state === 'failed') throw new Error(`the import ended before it could be killed: ${seen}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(running, seen).toBe(true);
    const exited = new Promise((r) => child?.once('exit', r));
    kill('SIGKILL');
    await exited;

    url = await startServer(port);
    token = await signIn();
    let job = (await get(`/api/jobs/${jobId}`)) as { state: string; attempts: number; result: unknown };
    for (let i = 0; i < 600 && job.state !== 'succeeded' && job.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await get(`/api/jobs/${jobId}`)) as typeof job;
    }
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.result).toMatchObject({ ok: true, imported: N });
    expect(job.attempts).toBe(2);
    // Exactly N employees with the file's codes: not 0 (lost), not 2N (twice), not a part.
    const list = (await get('/api/employees?search=KIL&pageSize=1')) as { total: number };
    expect(list.total).toBe(N);
  }, 300_000);
});
