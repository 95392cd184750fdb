// A device batch whose punches were committed but whose days were never worked out (the server died between the
// two) must be put right by the device's resend: the resend stores nothing twice and works out the batch's days.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { punches } from '../../src/db/schema';
import { bulkInsert } from '../../src/lib/bulk';
import { deviceInstant } from '../../src/modules/attendance/punches';
import { createTestApp, type TestApp } from '../helpers';
import { openDays, staleDays, storedDays, ZONE } from './attendance-days';

let t: TestApp;
beforeAll(async () => {
  // The batch's evening lines of today may lie hours ahead of the clock: allow a day of skew (not what is tested here).
  t = await createTestApp({ config: { deviceClockSkewMinutes: 1440 } });
});
afterAll(() => t?.close());

const SERIAL = 'CQUJ221460001';

describe('a device batch cut off after its punches were stored', () => {
  it('is completed by the resend: no punch twice, and the days worked out', async () => {
    const [device] = await queryRows<{ id: number }>(t.db, sql`select id from biometric_devices where serial_number = ${SERIAL}`);
    const staff = await queryRows<{ id: number; code: string }>(
      t.db,
      sql`select id, employee_code as code from employees
          where device_user_id is null and status = 'active' and unit_id = (select unit_id from biometric_devices where id = ${device.id})
          order by id limit 6`,
    );
    expect(staff.length).toBeGreaterThan(2);
    const [first, last] = openDays();
    const days = first === last ? [first] : [first, last];
    const lines = staff.flatMap((s) => days.flatMap((d) => [`${s.code}\t${d} 07:02:00\t0\t1\t0`, `${s.code}\t${d} 21:47:00\t1\t1\t0`]));
    const ids = staff.map((s) => s.id);
    const before = await storedDays(t.db, ids, first, last);

    // What the batch's committed transaction leaves when the process dies before the days are worked out.
    await bulkInsert(
      t.db,
      punches,
      lines.map((l) => {
        const [code, local, status] = l.split('\t');
        return {
          employeeId: staff.find((s) => s.code === code)!.id,
          punchedAt: deviceInstant(local, ZONE)!,
          source: 'device',
          deviceId: device.id,
          devicePin: code,
          deviceLocalTime: local,
          deviceStatus: Number(status),
          verifyMode: 1,
          workCode: '0',
          direction: status === '0' ? 'in' : 'out',
        };
      }),
    );
    expect(await storedDays(t.db, ids, first, last)).toEqual(before);

    // The device heard no answer, so it sends the batch again.
    const res = await t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=777`,
      headers: { 'content-type': 'text/plain' },
      payload: lines.join('\n'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`OK: ${lines.length}`);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from punches where device_id = ${device.id} and employee_id in (select unnest(${`{${ids.join(',')}}`}::int[]))
            and right(device_local_time, 8) in ('07:02:00', '21:47:00')`,
    );
    expect(n).toBe(lines.length);
    const { stored, fresh } = await staleDays(t.db, ids, first, last);
    expect(stored).toEqual(fresh);
    // and the days really hold the batch's punches (the earliest in of each day is the batch's 07:02)
    expect(stored.length).toBe(ids.length * days.length);
    for (const d of stored) expect(d.firstIn, JSON.stringify(d)).toBe(deviceInstant(`${d.day} 07:02:00`, ZONE)!.getTime());
  });
});
