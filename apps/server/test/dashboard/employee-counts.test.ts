// employee_counts (migration 0026): the employees without an exit date and not exited, counted by unit, department
// and weekly offs, kept by statement triggers on employees; compared with a direct count after every kind of change:
// employees inserted (one statement, several keys), transferred to another unit or department, given other weekly
// offs, put on notice with an exit date, exited, exited without a date, taken back, deleted, truncated. The admin
// dashboard's headcount and today's attendance read from them (with the day's corrections for those joining later
// and those with an exit date) equal what a direct count of the employees employed on the day gives, on several days.
import { addDays } from '@hr/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
import { headcount } from '../../src/modules/dashboard/admin';
import { attendanceList, attendanceToday } from '../../src/modules/dashboard/admin-attendance';
import type { UnitSet } from '../../src/modules/dashboard/admin-units';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let today: string;
let unitIds: number[];
let deptIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  today = orgToday();
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  deptIds = (await queryRows<{ id: number }>(t.db, sql`select id from departments order by id`)).map((d) => d.id);
});
afterAll(() => t?.close());

type Emp = {
  id: number;
  unitId: number;
  departmentId: number;
  doj: string;
  exit: string | null;
  status: string;
  weeklyOffs: number[];
};

const readEmployees = () =>
  queryRows<Emp>(
    t.db,
    sql`select id, unit_id as "unitId", department_id as "departmentId", date_of_joining::text as doj,
          exit_date::text as exit, status, weekly_offs as "weeklyOffs" from employees`,
  );

/** The counts worked out here: every employee without an exit date and not exited, by unit, department, weekly offs. */
async function direct(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const e of await readEmployees()) {
    if (e.exit !== null || e.status === 'exited') continue;
    const key = [e.unitId, e.departmentId, `{${e.weeklyOffs.join(',')}}`].join('|');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function kept(): Promise<Record<string, number>> {
  const rows = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', unit_id, department_id, weekly_offs::text) as key, n from employee_counts where n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

const same = async (what: string) => expect(await kept(), what).toEqual(await direct());

/** Employed on `day` as the dashboard defines it, counted here from the rows. */
const employedOn = (e: Emp, day: string) => e.doj <= day && (e.exit === null ? e.status !== 'exited' : e.exit >= day);

/** The headcount widget (read from the kept counts) against a direct count of the employees employed on the day. */
async function headcountMatches(units: UnitSet, day: string) {
  const staff = (await readEmployees()).filter((e) => employedOn(e, day) && (units === 'all' || units.includes(e.unitId)));
  const byUnit: Record<number, number> = {};
  const byDept: Record<number, number> = {};
  for (const e of staff) {
    byUnit[e.unitId] = (byUnit[e.unitId] ?? 0) + 1;
    byDept[e.departmentId] = (byDept[e.departmentId] ?? 0) + 1;
  }
  const h = await headcount(t.db, units, day);
  const what = `${day} ${JSON.stringify(units)}`;
  expect(h.total, what).toBe(staff.length);
  expect(Object.fromEntries(h.byUnit.map((u) => [u.id, u.count])), what).toEqual(byUnit);
  expect(Object.fromEntries(h.byDepartment.map((d) => [d.id, d.count])), what).toEqual(byDept);
  // Largest first, as before.
  expect(h.byUnit.map((u) => u.count)).toEqual([...h.byUnit.map((u) => u.count)].sort((a, b) => b - a));
}

/** Today's attendance (employed and weekly-off counts from the kept counts) against the drill-down list's buckets. */
async function attendanceMatches(units: UnitSet, day: string) {
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
  const what = `${day} ${JSON.stringify(units)}`;
  expect(w.counts, what).toEqual(fromList);
  const staff = (await readEmployees()).filter((e) => employedOn(e, day) && (units === 'all' || units.includes(e.unitId)));
  expect(w.employees, what).toBe(staff.length);
}

async function widgetsMatch() {
  for (const day of [today, addDays(today, -1), addDays(today, -40), addDays(today, 20)]) {
    for (const units of ['all', unitIds.slice(0, 2), [unitIds[0]]] as UnitSet[]) {
      await headcountMatches(units, day);
      if (day <= today) await attendanceMatches(units, day);
    }
  }
}

describe('employee_counts', () => {
  it('equals a direct count after every kind of change, and the widgets read from it equal direct counts', async () => {
    await same('as seeded (and filled by the migration)');
    await widgetsMatch();

    // Inserted: one statement, several units, departments and weekly offs; one joining later, one with an exit date.
    const cols = (
      await queryRows<{ name: string }>(
        t.db,
        sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'department_id', 'device_user_id', 'status', 'exit_date',
            'exit_reason', 'date_of_joining', 'weekly_offs', 'missing_mandatory_docs', 'aadhaar_no', 'pan_no', 'uan_no', 'esic_no')`,
      )
    ).map((c) => `"${c.name}"`);
    await t.db.execute(
      sql.raw(`insert into employees (employee_code, name, unit_id, department_id, status, exit_date, date_of_joining, weekly_offs, ${cols.join(', ')})
        select 'ECT' || g, 'Counts Test ' || g,
          (array[${unitIds.slice(0, 3).join(',')}])[1 + g % ${Math.min(3, unitIds.length)}],
          (array[${deptIds.slice(0, 2).join(',')}])[1 + g % ${Math.min(2, deptIds.length)}],
          case when g = 5 then 'onNotice' else 'active' end,
          case when g = 5 then date '${addDays(today, 10)}' end,
          case when g = 4 then date '${addDays(today, 15)}' else date '${addDays(today, -100)}' end,
          case when g % 2 = 0 then '{0}'::smallint[] else '{0,26}'::smallint[] end,
          ${cols.map((c) => `e.${c}`).join(', ')}
        from (select * from employees order by id limit 1) e, generate_series(1, 8) g`),
    );
    await same('employees inserted');
    await widgetsMatch();
    const made = (
      await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code like 'ECT%' order by employee_code`)
    ).map((r) => r.id);

    const otherUnit = unitIds[unitIds.length - 1];
    await t.db.execute(sql`update employees set unit_id = ${otherUnit} where id in (${made[0]}, ${made[1]})`);
    await same('transferred to another unit');
    await t.db.execute(sql`update employees set department_id = ${deptIds[deptIds.length - 1]} where id = ${made[2]}`);
    await same('moved to another department');
    await t.db.execute(sql`update employees set weekly_offs = '{0,6}'::smallint[] where id in (${made[0]}, ${made[3]})`);
    await same('weekly offs changed');
    await t.db.execute(sql`update employees set status = 'onNotice', exit_date = ${addDays(today, 5)}::date where id = ${made[5]}`);
    await same('on notice with an exit date');
    await widgetsMatch();
    await t.db.execute(sql`update employees set status = 'exited', exit_date = ${addDays(today, -3)}::date where id = ${made[6]}`);
    await same('exited');
    await t.db.execute(sql`update employees set status = 'exited' where id = ${made[7]}`);
    await same('exited without an exit date');
    await widgetsMatch();
    await t.db.execute(sql`update employees set status = 'active', exit_date = null where id in (${made[6]}, ${made[7]})`);
    await same('taken back');
    await t.db.execute(sql`update employees set name = name || ' ' where id = ${made[0]}`);
    await same('a change that moves nothing');
    // One statement changing several keys at once, in both directions.
    await t.db.execute(
      sql`update employees set unit_id = case when unit_id = ${otherUnit}::int then ${unitIds[0]}::int else ${otherUnit}::int end
          where id in (${made[0]}, ${made[2]}, ${made[4]})`,
    );
    await same('several moved in one statement');
    await widgetsMatch();

    await t.db.execute(sql`delete from employees where id in (${made[1]}, ${made[3]})`);
    await same('employees deleted');
    await widgetsMatch();
  });

  it('a truncate clears the counts', async () => {
    await t.db.execute(sql`truncate employees cascade`);
    expect(await kept()).toEqual({});
    await same('truncated');
  });
});
