// Several API processes behind one port (API_PROCESSES, PostgreSQL only): the primary prepares the database and
// forks the workers; requests are answered by both; a worker that dies is replaced; SIGTERM stops them all, exit 0.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, serverProcess, waitFor } from '../crash/server-process';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The live children of a process (from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === pid && fields[0] !== 'Z') out.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

describe.runIf(!!pgUrl)('API_PROCESSES=2 on PostgreSQL', () => {
  const name = `hr_test_${process.pid}_cluster_${randomBytes(3).toString('hex')}`;
  let admin: pg.Client;
  let server: ServerProcess;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(pgUrl as string);
    url.pathname = `/${name}`;
    server = await serverProcess('hr-cluster-', { DATABASE_URL: url.toString(), API_PROCESSES: '2', DATABASE_POOL_MAX: '3' });
    // the primary migrates and seeds the empty database, then forks
    await server.start(300_000);
  }, 320_000);
  afterAll(async () => {
    server?.dispose();
    await admin?.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin?.end();
  });

  it('serves from two processes; a worker that dies is replaced; SIGTERM stops all of them with exit 0', async () => {
    try {
      await scenario();
    } catch (e) {
      // what the primary and the workers wrote, to tell why
      throw new Error(`${e instanceof Error ? e.message : e}\n--- server output:\n${server.output}`);
    }
  }, 600_000);

  async function scenario() {
    const primary = server.pid as number;
    // Both workers serving: forked is not enough, a worker still starting has no share of the port yet (killing the only
    // one listening closed it, and the next request was refused). A start on a loaded machine takes a while: the
    // waits end only one that would hang.
    const workers = await waitFor(
      async () => childrenOf(primary),
      (w) => w.length === 2 && w.every((pid) => server.listening.has(pid)),
      { everyMs: 200 },
    );
    expect(
      workers.filter((pid) => server.listening.has(pid)),
      server.output,
    ).toHaveLength(2);
    expect(workers).toHaveLength(2);
    const token = await server.signIn('admin');
    // New connections go to the workers in turn; every answer is right.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${server.url}/api/employees?pageSize=1`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } }).then(
          async (r) => ({ status: r.status, total: ((await r.json()) as { total: number }).total }),
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.total)).size).toBe(1);

    // A worker killed outright is replaced, and the server keeps answering (the session is in the database).
    process.kill(workers[0], 'SIGKILL');
    const after = await waitFor(
      async () => childrenOf(primary),
      (w) => w.length === 2 && !w.includes(workers[0]),
      { everyMs: 200 },
    );
    expect(after).toHaveLength(2);
    expect(after).not.toContain(workers[0]);
    const again = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
    expect(again.status).toBe(200);

    const exit = await server.kill('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(after.filter(existsProc)).toEqual([]);
  }
});

function existsProc(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[0];
    return state !== 'Z';
  } catch {
    return false;
  }
}
