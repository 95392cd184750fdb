// Crash safety of a device upload, for real: the server is killed with SIGKILL while it stores a terminal's
// ATTLOG batch of 8,000 lines: once inside its transaction (read straight from the data folder afterwards, nothing of
// it is stored), once after its commit before its days are worked out (all of it is stored, once). The device, which
// heard no OK either time, sends the batch again to the restarted server: every line is stored once and the days of
// the batch are worked out (equal to a fresh computation from the punches).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, queryRows } from '../../src/db/client';
import { departments, designations, employees } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { demoEmployee } from '../../src/modules/employees/demo-data';
import { postgresPass, type ServerProcess, serverProcess } from '../crash/server-process';
import { openDays, staleDays } from './attendance-days';

let server: ServerProcess;
beforeAll(async () => {
  // The batch's evening lines of today may lie hours ahead of the clock: allow a day of skew (not what is tested here).
  server = await serverProcess('hr-device-crash-', { DEVICE_CLOCK_SKEW_MINUTES: '1440' });
});
afterAll(() => server?.dispose());

const SERIAL = 'CQUJ221460001';
const N = 2000;

async function withData<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await createDatabase({ databaseUrl: undefined, dataDir: server.dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const countBatch = (db: Db) =>
  queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from punches
        where device_id = (select id from biometric_devices where serial_number = ${SERIAL}) and device_pin like 'DVC%'`,
  ).then((r) => r[0].n);

// The server runs on PGlite here whatever the suite's database: the PostgreSQL run of the suite skips it.
describe.skipIf(postgresPass)('kill -9 during a device upload', () => {
  it('stores the batch whole or not at all, and the resend completes it with its days', async () => {
    await server.start();
    await server.kill('SIGTERM');
    // 2,000 people of the device's unit, written straight into the stopped server's database.
    const ids = await withData(async (db) => {
      const [dev] = await queryRows<{ unitId: number }>(
        db,
        sql`select unit_id as "unitId" from biometric_devices where serial_number = ${SERIAL}`,
      );
      const departmentIds = (await db.select({ id: departments.id }).from(departments)).map((d) => d.id);
      const designationIds = (await db.select({ id: designations.id }).from(designations)).map((d) => d.id);
      const rows = Array.from({ length: N }, (_, i) => {
        const { aadhaarFull: _a, ...v } = demoEmployee(i + 1, { unitIds: [dev.unitId], departmentIds, designationIds }, 'DVC', 11);
        return { ...v, status: 'active', dateOfJoining: '2020-01-01' };
      });
      return (await bulkInsert(db, employees, rows, { returning: ['id'] })).map((r) => r.id);
    });

    const [first, last] = openDays();
    const days = first === last ? [first] : [first, last];
    const codes = Array.from({ length: N }, (_, i) => `DVC${String(i + 1).padStart(5, '0')}`);
    const lines = codes.flatMap((c) => days.flatMap((d) => [`${c}\t${d} 07:58:00\t0\t1\t0`, `${c}\t${d} 20:16:00\t1\t1\t0`]));
    const body = lines.join('\n');
    const upload = () =>
      fetch(`${server.url}/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=9001`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });

    // First kill: inside the batch's transaction, its punches written (a fault-injection point holds it there until
    // the test lets it go, so the kill lands there whatever the machine's speed). Nothing of the batch is kept.
    await server.start();
    let hold = server.hold('deviceBatch');
    let sent = upload().then(
      (r) => r.status,
      () => 'cut off',
    );
    await hold.held();
    await server.kill('SIGKILL');
    server.release('deviceBatch');
    expect(await sent).toBe('cut off');
    expect(await withData(countBatch)).toBe(0);

    // Second kill: the batch committed, its days not yet worked out. The punches are all kept, once.
    await server.start();
    hold = server.hold('deviceDays');
    sent = upload().then(
      (r) => r.status,
      () => 'cut off',
    );
    await hold.held();
    await server.kill('SIGKILL');
    server.release('deviceDays');
    expect(await sent).toBe('cut off');
    expect(await withData(countBatch)).toBe(lines.length);

    // The device heard no OK and sends the same batch again.
    await server.start();
    const again = await upload();
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(`OK: ${lines.length}`);
    await server.kill('SIGTERM');

    await withData(async (db) => {
      expect(await countBatch(db)).toBe(lines.length);
      const { stored: kept, fresh } = await staleDays(db, ids, first, last);
      expect(kept.length).toBe(N * days.length);
      expect(kept).toEqual(fresh);
    });
  }, 600_000);
});
