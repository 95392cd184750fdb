// Crash safety of the salary run, for real: the server is killed with SIGKILL in the middle of processing a
// 5,000-employee month. Read straight from the data folder afterwards, the month is as it was (no slip, no
// recovery, still a draft); after a restart the job is taken up again and the month is processed exactly once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows } from '../../src/db/client';
import { departments, designations, employees, payrollRuns, salaryStructures, units } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { postgresPass, type ServerProcess, serverProcess, waitFor } from './server-process';

let server: ServerProcess;
beforeAll(async () => {
  server = await serverProcess('hr-payroll-crash-');
});
afterAll(() => server?.dispose());

const N = 5000;

async function withData<T>(fn: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await createDatabase({ databaseUrl: undefined, dataDir: server.dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(postgresPass)('kill -9 during a salary run', () => {
  it('leaves the month as it was, and the restarted server processes it once', async () => {
    await server.start();
    await server.kill('SIGTERM');
    // A unit of 5,000 people with salary structures, written straight into the stopped server's database.
    const runId = await withData(async (db) => {
      const [u] = await db
        .insert(units)
        .values({ name: 'Crash Campus', code: 'CRS-01', city: 'Pune', stateName: 'Maharashtra' })
        .returning();
      const departmentIds = (await db.select({ id: departments.id }).from(departments)).map((d) => d.id);
      const designationIds = (await db.select({ id: designations.id }).from(designations)).map((d) => d.id);
      const rows = Array.from({ length: N }, (_, i) => {
        const { aadhaarFull: _a, ...v } = demoEmployee(i + 1, { unitIds: [u.id], departmentIds, designationIds }, 'CRS', 5);
        return { ...v, status: 'active', dateOfJoining: '2020-01-01' };
      });
      const ids = await bulkInsert(db, employees, rows, { returning: ['id'] });
      await bulkInsert(
        db,
        salaryStructures,
        ids.map((e, i) => ({
          employeeId: e.id,
          effectiveFrom: '2020-01',
          amounts: { 1: 2_000_000 + i * 100, 2: 200_000, 3: 800_000, 4: 160_000 },
        })),
      );
      const [draft] = await queryRows<{ year: number; month: number }>(
        db,
        sql`select year, month from payroll_runs where status = 'draft' limit 1`,
      );
      const [run] = await db.insert(payrollRuns).values({ unitId: u.id, year: draft.year, month: draft.month }).returning();
      return run.id;
    });

    await server.start();
    const token = await server.signIn('admin');
    const call = async (p: string, init: RequestInit = {}) =>
      fetch(`${server.url}${p}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      });
    // The job stops inside its one saving transaction, after the slips are written (a fault-injection point), until
    // the test lets it go: the kill lands there whatever the machine's speed.
    const hold = server.hold('payroll');
    const started = await call(`/api/payroll/runs/${runId}/process`, { method: 'POST', body: '{}' });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: number };
    await hold.held();
    await server.kill('SIGKILL');
    server.release('payroll');

    const after = await withData(async (db) => {
      const [r] = await queryRows<{ status: string; n: number; count: number }>(
        db,
        sql`select r.status, (select count(*)::int from salary_slips s where s.run_id = r.id) as n, r.employee_count as count
            from payroll_runs r where r.id = ${runId}`,
      );
      return r;
    });
    expect(after).toEqual({ status: 'draft', n: 0, count: 0 });

    await server.start();
    const again = await server.signIn('admin');
    const get = async (p: string) => (await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${again}` } })).json();
    const job = await waitFor(
      () => get(`/api/jobs/${jobId}`) as Promise<{ state: string; attempts: number }>,
      (j) => j.state === 'succeeded' || j.state === 'failed',
    );
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.attempts).toBe(2);
    const run = (await get(`/api/payroll/runs/${runId}`)) as { status: string; employeeCount: number; net: number };
    expect(run).toMatchObject({ status: 'processed', employeeCount: N });
    const lines = (await get(`/api/payroll/runs/${runId}/employees`)) as { net: number }[];
    expect(lines).toHaveLength(N);
    expect(lines.reduce((s, l) => s + Math.round(l.net * 100), 0)).toBe(Math.round(run.net * 100));
  }, 600_000);
});
