// daily_attendance_counts (migration 0019): the stored daily rows counted by day, the employee's unit, employment,
// weekly off and bucketing columns, kept by triggers; compared with a direct count worked out here (employment and
// weekly offs in JS) after every kind of change: rows inserted, changed, moved to another day, deleted, truncated;
// an employee moved to another unit, exited, given other weekly offs. The admin dashboard's today's attendance read
// from them equals the buckets of the drill-down list (which joins every employee to their row) on several days.
import { addDays } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
import { attendanceList, attendanceToday, weeklyOffCodesOn } from '../../src/modules/dashboard/admin-attendance';
import type { UnitSet } from '../../src/modules/dashboard/admin-units';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let today: string;
let unitIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  today = orgToday();
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
});
afterAll(() => t?.close());

type Row = {
  day: string;
  unitId: number;
  doj: string;
  exit: string | null;
  empStatus: string;
  weeklyOffs: number[];
  status: string;
  hasIn: boolean;
  late: boolean;
  manual: boolean;
};

/** The counts worked out here from the rows and their employees. */
async function direct(): Promise<Record<string, number>> {
  const rows = await queryRows<Row>(
    t.db,
    sql`select a.day::text as day, e.unit_id as "unitId", e.date_of_joining::text as doj, e.exit_date::text as exit,
          e.status as "empStatus", e.weekly_offs as "weeklyOffs", a.status, a.first_in is not null as "hasIn",
          a.late_minutes > 0 as late, a.is_manual as manual
        from daily_attendance a join employees e on e.id = a.employee_id`,
  );
  const out: Record<string, number> = {};
  for (const r of rows) {
    const employed = r.doj <= r.day && (r.exit === null ? r.empStatus !== 'exited' : r.exit >= r.day);
    const codes = weeklyOffCodesOn(r.day);
    const weeklyOff = r.weeklyOffs.some((c) => codes.includes(Number(c)));
    // As PostgreSQL prints booleans in text.
    const b = (x: boolean) => (x ? 't' : 'f');
    const key = [r.day, r.unitId, b(employed), b(weeklyOff), r.status, b(r.hasIn), b(r.late), b(r.manual)].join('|');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function kept(): Promise<Record<string, number>> {
  const rows = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', day::text, unit_id, employed, weekly_off, status, has_in, late, manual) as key, n
        from daily_attendance_counts where n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

const same = async (what: string) => expect(await kept(), what).toEqual(await direct());

/** The widget's counts against the drill-down list's totals per bucket (every employee joined to their row). */
async function widgetMatchesList(units: UnitSet, day: string) {
  const isToday = day === today;
  const w = await attendanceToday(t.db, units, day, isToday);
  const total = async (bucket: Parameters<typeof attendanceList>[4]) =>
    (await attendanceList(t.db, units, day, isToday, bucket, 1, 1)).total;
  const fromList = {
    present: await total('present'),
    late: await total('late'),
    onLeave: await total('onLeave'),
    wfh: await total('wfh'),
    absent: await total('absent'),
    off: await total('off'),
    notYetIn: await total('notYetIn'),
  };
  expect(w.counts, `${day} ${JSON.stringify(units)}`).toEqual(fromList);
  const { late: _late, ...buckets } = fromList;
  expect(w.employees).toBe(Object.values(buckets).reduce((s, n) => s + n, 0));
}

describe('daily_attendance_counts', () => {
  it('equals a direct count after every kind of change', async () => {
    await same('as seeded (and filled by the migration)');
    const staff = await queryRows<{ id: number; unitId: number }>(
      t.db,
      sql`select id, unit_id as "unitId" from employees where status <> 'exited' order by id limit 6`,
    );
    const days = [addDays(today, -3), addDays(today, -2), addDays(today, -1)];
    await t.db.execute(
      sql`delete from daily_attendance where employee_id in (${sql.join(
        staff.map((s) => sql`${s.id}`),
        sql`, `,
      )}) and day in (${sql.join(
        days.map((d) => sql`${d}::date`),
        sql`, `,
      )})`,
    );
    await same('rows deleted');

    // Inserted: one statement, several employees and days, every status kind.
    const statuses = ['P', 'A', 'L', 'WFH', 'WO', 'HD'];
    const values = staff.flatMap((s, i) =>
      days.map(
        (d, k) =>
          sql`(${s.id}, ${d}::date, ${s.unitId}, ${statuses[(i + k) % statuses.length]}, ${i % 2 ? sql`now()` : sql`null`}, ${(i + k) % 3 === 0 ? 12 : 0}, ${k === 2})`,
      ),
    );
    await t.db.execute(
      sql`insert into daily_attendance (employee_id, day, unit_id, status, first_in, late_minutes, is_manual) values ${sql.join(values, sql`, `)}`,
    );
    await same('rows inserted');

    await t.db.execute(
      sql`update daily_attendance set status = 'P', first_in = now(), late_minutes = 5 where day = ${days[0]}::date and status = 'A'`,
    );
    await t.db.execute(sql`update daily_attendance set is_manual = not is_manual where employee_id = ${staff[1].id}`);
    await same('rows changed');

    await t.db.execute(
      sql`update daily_attendance set day = ${addDays(today, -400)}::date where employee_id = ${staff[2].id} and day = ${days[1]}::date`,
    );
    await same('a row moved to another day');

    const other = unitIds.find((u) => u !== staff[3].unitId) ?? staff[3].unitId;
    await t.db.execute(sql`update employees set unit_id = ${other} where id = ${staff[3].id}`);
    await same('an employee moved to another unit');

    await t.db.execute(sql`update employees set status = 'exited', exit_date = ${days[0]}::date where id = ${staff[4].id}`);
    await same('an employee exited (later rows no longer employed)');

    await t.db.execute(sql`update employees set weekly_offs = '{0,6,26}'::smallint[] where id in (${staff[0].id}, ${staff[5].id})`);
    await same('weekly offs changed');

    await t.db.execute(sql`update employees set name = name where id = ${staff[0].id}`);
    await same('an employee change that moves nothing');

    await t.db.execute(sql`delete from daily_attendance where employee_id = ${staff[5].id}`);
    await same('an employee’s rows deleted');
  });

  it("today's attendance from the counts equals the buckets of the employees joined to their rows", async () => {
    for (const day of [today, addDays(today, -1), addDays(today, -2), addDays(today, -3)]) {
      await widgetMatchesList('all', day);
      await widgetMatchesList(unitIds.slice(0, 2), day);
      await widgetMatchesList([unitIds[0]], day);
    }
    // A holiday of one unit, then of every unit: the employees without a row there are off.
    const [h] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into holidays (name, holiday_date, holiday_type, is_active) values ('Counts Test Day', ${addDays(today, -2)}::date, 'national', true) returning id`,
    );
    await t.db.execute(sql`insert into holiday_units (holiday_id, unit_id) values (${h.id}, ${unitIds[0]})`);
    await widgetMatchesList('all', addDays(today, -2));
    await widgetMatchesList([unitIds[0]], addDays(today, -2));
    await widgetMatchesList(unitIds.slice(1), addDays(today, -2));
    await t.db.execute(sql`delete from holiday_units where holiday_id = ${h.id}`);
    await widgetMatchesList('all', addDays(today, -2));
  });

  it('a truncate clears the counts', async () => {
    await t.db.execute(sql`truncate daily_attendance`);
    expect(await kept()).toEqual({});
    await same('truncated');
  });
});
