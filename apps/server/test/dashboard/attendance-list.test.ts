// The attendance drill-down's pages: a page near the start of a large bucket is picked from the first employees in
// code order only, another page of a bucket only stored rows reach from the day's rows of that bucket (admin.ts
// attendanceList); each must equal the page picked from every employee joined to their row (`whole`), for every
// bucket (off and not yet in, which employees without a row reach, included), page and page size, today and on an
// earlier day, for every unit and a few. 1,000
// employees are added (the short cut needs the page's share of the employed to be small) with a day's rows of
// every kind, spread so that codes and buckets interleave unevenly.
import { addDays } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
import { attendanceList, attendanceToday } from '../../src/modules/dashboard/admin-attendance';
import type { UnitSet } from '../../src/modules/dashboard/admin-units';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let today: string;
let unitIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  today = orgToday();
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  const cols = (
    await queryRows<{ name: string }>(
      t.db,
      sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'status', 'exit_date', 'exit_reason',
            'date_of_joining', 'weekly_offs', 'device_user_id', 'missing_mandatory_docs')`,
    )
  ).map((c) => `"${c.name}"`);
  await t.db.execute(
    sql.raw(`insert into employees (employee_code, name, unit_id, status, exit_date, date_of_joining, weekly_offs, ${cols.join(', ')})
      select 'ALT' || lpad((g * 7919 % 1000)::text, 4, '0'), 'List Test ' || g,
        (array[${unitIds.slice(0, 3).join(',')}])[1 + g % ${Math.min(3, unitIds.length)}],
        case when g % 97 = 0 then 'exited' else 'active' end,
        case when g % 97 = 0 then date '${addDays(today, -30)}' end,
        date '${addDays(today, -200)}',
        case when g % 13 = 0 then '{0,1,2,3,4,5,6}'::smallint[] else '{0}'::smallint[] end,
        ${cols.map((c) => `e.${c}`).join(', ')}
      from (select * from employees order by id limit 1) e, generate_series(1, 1000) g`),
  );
  for (const day of [today, addDays(today, -1)]) {
    await t.db.execute(
      sql.raw(`insert into daily_attendance (employee_id, day, unit_id, status, first_in, late_minutes, present, leave, payable, is_manual)
        select e.id, date '${day}', e.unit_id,
          case when e.id % 10 < 7 then 'P' when e.id % 10 = 7 then 'L' when e.id % 10 = 8 then 'WFH' else 'A' end,
          case when e.id % 10 < 7 then now() end,
          case when e.id % 10 < 7 and e.id % 3 = 0 then 12 else 0 end,
          case when e.id % 10 < 7 or e.id % 10 = 8 then 1 else 0 end, case when e.id % 10 = 7 then 1 else 0 end,
          case when e.id % 10 < 9 then 1 else 0 end, e.id % 20 = 9
        from employees e where e.employee_code like 'ALT%' and e.id % 11 <> 0
        on conflict do nothing`),
    );
  }
});
afterAll(() => t?.close());

describe('attendance drill-down pages', () => {
  it('a page from the first employees in code order equals the page from every employee', async () => {
    let shortCuts = 0;
    for (const day of [today, addDays(today, -1)]) {
      const isToday = day === today;
      for (const units of ['all', unitIds.slice(0, 2), [unitIds[1]]] as UnitSet[]) {
        const w = await attendanceToday(t.db, units, day, isToday);
        for (const bucket of ['present', 'late', 'onLeave', 'wfh', 'absent', 'off', 'notYetIn'] as const) {
          const last = Math.max(1, Math.ceil((bucket === 'late' ? w.counts.late : w.counts[bucket]) / 10));
          for (const [page, size] of [
            [1, 10],
            [2, 10],
            [3, 10],
            [last, 10],
            [last + 1, 10],
            [1, 25],
            [2, 7],
          ]) {
            const what = `${day} ${JSON.stringify(units)} ${bucket} ${page}×${size}`;
            const fast = await attendanceList(t.db, units, day, isToday, bucket, page, size);
            const whole = await attendanceList(t.db, units, day, isToday, bucket, page, size, { whole: true });
            expect(fast, what).toEqual(whole);
            expect(fast.rows.length, what).toBe(Math.max(0, Math.min(size, fast.total - (page - 1) * size)));
            const first = Math.ceil((page * size * w.employees * 1.5) / Math.max(1, fast.total) + 100);
            if (fast.total > (page - 1) * size && first < w.employees / 4) shortCuts++;
          }
        }
      }
    }
    // The short cut was taken (the present bucket's first pages at least).
    expect(shortCuts).toBeGreaterThan(5);
  });
});
