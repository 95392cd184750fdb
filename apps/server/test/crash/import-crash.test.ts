// Crash safety, for real: the server process is killed with SIGKILL while an employee import is being saved.
// After a restart on the same data folder nothing is half written and the import job is taken up again and
// completes exactly once (the job marks itself done in the import's own transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportRefs, importRow, importWorkbook } from '../employees/fixtures';
import { postgresPass, type ServerProcess, serverProcess, waitFor } from './server-process';

let server: ServerProcess;
beforeAll(async () => {
  // The import holds its saving transaction open 5 s (a fault-injection point), so the kill lands in it however fast
  // the machine saves 4,000 employees.
  server = await serverProcess('hr-crash-', { HR_TEST_IMPORT_SAVE_DELAY_MS: '5000' });
});
afterAll(() => server?.dispose());

const refs: ImportRefs = { units: ['HO-BLR', 'BR-CHN'], departments: ['ADM', 'FIN'], designations: ['ADE', 'OFA', 'ACE'] };

describe.skipIf(postgresPass)('kill -9 during an employee import', () => {
  it('leaves nothing half written, and the restarted server completes the import once', async () => {
    const url = await server.start();
    let token = await server.signIn();
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
    // connection, 5 s at least, so nothing else is read meanwhile).
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
    await server.kill('SIGKILL');

    await server.start();
    token = await server.signIn();
    const job = await waitFor(
      () => get(`/api/jobs/${jobId}`) as Promise<{ state: string; attempts: number; result: unknown }>,
      (j) => j.state === 'succeeded' || j.state === 'failed',
    );
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.result).toMatchObject({ ok: true, imported: N });
    expect(job.attempts).toBe(2);
    // Exactly N employees with the file's codes: not 0 (lost), not 2N (twice), not a part.
    const list = (await get('/api/employees?search=KIL&pageSize=1')) as { total: number };
    expect(list.total).toBe(N);
  }, 600_000);
});
