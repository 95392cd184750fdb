// Crash safety, for real: the server process is killed with SIGKILL while an employee import is being saved.
// After a restart on the same data folder nothing is half written and the import job is taken up again and
// completes exactly once (the job marks itself done in the import's own transaction).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows } from '../../src/db/client';
import { type ImportRefs, importRow, importWorkbook } from '../employees/fixtures';
import { postgresPass, type ServerProcess, serverProcess, waitFor } from './server-process';

let server: ServerProcess;
beforeAll(async () => {
  server = await serverProcess('hr-crash-');
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
    // The import stops inside its saving transaction, after its rows are written (a fault-injection point), until the
    // test lets it go: the kill lands there whatever the machine's speed.
    const hold = server.hold('import');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'staff.xlsx');
    const started = await fetch(`${url}/api/employees/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };
    await hold.held();
    await server.kill('SIGKILL');
    server.release('import');

    // Read straight from the data folder: the written rows went with the transaction.
    const database = await createDatabase({ databaseUrl: undefined, dataDir: server.dataDir });
    try {
      const [after] = await queryRows<{ n: number; state: string }>(
        database.db,
        sql`select (select count(*)::int from employees where employee_code like 'KIL%') as n,
                   (select state from jobs where id = ${jobId}) as state`,
      );
      expect(after).toEqual({ n: 0, state: 'running' });
    } finally {
      await database.close();
    }

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
