// employee_search (migrations employee_search_table and employee_search_triggers): the employee search's narrow copy of
// employees, kept by statement triggers. Compared with the employees after every kind of change (employees inserted in
// one statement, each copied column changed, a unit transfer, an exit, several rows changed differently in one
// statement, a change of id, a change that copies nothing, a photo set and cleared, deletes, an import through the
// import's COPY, a truncate); and the search read from it answers what a plain query of the employees answers (rows,
// fields, order, total, pages) for the administrator, a manager and a custom unit-limited role.
import { MENU } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { importRow, importWorkbook, multipart } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
let callers: { who: string; api: ReturnType<typeof api>; units: number[] | 'all' }[];
let unitIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  const managerUnits = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select m.unit_id as id from user_unit_map m join users u on u.id = m.user_id where u.user_name = 'manager' order by 1`,
    )
  ).map((r) => r.id);
  const limitedUnits = [unitIds[unitIds.length - 1]];
  const limited = await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: limitedUnits, name: 'Search projection' });
  callers = [
    { who: 'administrator', api: admin, units: 'all' },
    { who: 'manager', api: api(t.app, await signIn(t.app, 'manager')), units: managerUnits },
    { who: 'custom unit-limited role', api: limited.api, units: limitedUnits },
  ];
});
afterAll(() => t?.close());

const COPIED = sql`id, unit_id, department_id, designation_id, category_id, status, employee_code, name, mobile, email,
  date_of_joining::text as date_of_joining`;
const direct = () => queryRows(t.db, sql`select ${COPIED}, photo_key is not null as has_photo from employees order by id`);
const kept = () => queryRows(t.db, sql`select ${COPIED}, has_photo from employee_search order by id`);
const same = async (what: string) => expect(await kept(), what).toEqual(await direct());
const run = (q: SQL) => t.db.execute(q);

type Query = { search: string; sort?: string; order?: 'asc' | 'desc'; page?: number; pageSize?: number; unitId?: number };
const ORDER: Record<string, string> = {
  employeeCode: 'e.employee_code',
  name: 'e.name',
  unitName: 'u.name',
  departmentName: 'd.name',
  designationName: 'g.name',
  dateOfJoining: 'e.date_of_joining',
  status: 'e.status',
};

/** The page a plain query of the employees gives (the list's rules written out again), and the total. */
async function expectedPage(q: Query, units: number[] | 'all') {
  const s = q.search.trim();
  const pattern = `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = s.replace(/\D/g, '');
  const mobile = digits.length >= 3 && digits === s.replace(/\s/g, '') ? `%${digits}%` : null;
  const dir = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  const size = q.pageSize ?? 25;
  const where = sql`(e.name ilike ${pattern} or e.employee_code ilike ${pattern} or (${mobile}::text is not null and e.mobile like ${mobile}))
    ${units === 'all' ? sql`` : sql`and e.unit_id = any(${sql.param(units)}::int[])`} ${q.unitId ? sql`and e.unit_id = ${q.unitId}` : sql``}`;
  const rows = await queryRows(
    t.db,
    sql`select e.id, e.employee_code as "employeeCode", e.name, e.mobile, e.email, e.unit_id as "unitId", u.name as "unitName",
          d.name as "departmentName", g.name as "designationName", e.date_of_joining::text as "dateOfJoining", e.status,
          e.photo_key is not null as "hasPhoto"
        from employees e join units u on u.id = e.unit_id join departments d on d.id = e.department_id
          join designations g on g.id = e.designation_id
        where ${where}
        order by ${sql.raw(ORDER[q.sort ?? 'employeeCode'])} ${dir}, e.id ${dir}
        limit ${size} offset ${((q.page ?? 1) - 1) * size}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from employees e where ${where}`);
  return { rows, total: n };
}

/** Each caller's searches (several sorts, both orders, a later page, a unit filter) against the plain query. */
async function searchesMatch(what: string, searches: string[]) {
  for (const c of callers) {
    for (const search of searches) {
      const cases: Query[] = [
        { search },
        { search, sort: 'name', order: 'desc' },
        { search, sort: 'unitName' },
        { search, sort: 'dateOfJoining', order: 'desc', pageSize: 10, page: 2 },
        { search, unitId: unitIds[unitIds.length - 1] },
      ];
      for (const q of cases) {
        const res = await c.api.get('/api/employees', { ...q });
        expect(res.statusCode, `${what}, ${c.who} ${JSON.stringify(q)}: ${res.body}`).toBe(200);
        const body = res.json() as { rows: unknown[]; total: number };
        const want = await expectedPage(q, c.units);
        expect(body.rows, `${what}, ${c.who} ${JSON.stringify(q)}`).toEqual(want.rows);
        expect(body.total, `${what}, ${c.who} ${JSON.stringify(q)} total`).toBe(want.total);
      }
    }
  }
}

describe('employee_search', () => {
  it('equals the employees after every kind of change, and the search read from it answers as the employees do', async () => {
    await same('as seeded');
    await searchesMatch('as seeded', ['a', 'BLR', '98']);

    const cols = (
      await queryRows<{ name: string }>(
        t.db,
        sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'device_user_id', 'status', 'mobile', 'email')`,
      )
    ).map((c) => `"${c.name}"`);
    // One statement over several units and statuses.
    await run(
      sql.raw(`insert into employees (employee_code, name, unit_id, status, mobile, email, ${cols.join(', ')})
        select 'ESP' || g, 'Search Projection ' || g, (array[${unitIds.join(',')}])[1 + g % ${unitIds.length}],
          case when g % 5 = 0 then 'onNotice' else 'active' end, '98765' || lpad(g::text, 5, '0'),
          case when g % 2 = 0 then 'esp' || g || '@example.com' end, ${cols.map((c) => `e.${c}`).join(', ')}
        from (select * from employees order by id limit 1) e, generate_series(1, 30) g`),
    );
    await same('employees inserted');
    const made = (
      await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code like 'ESP%' order by employee_code`)
    ).map((r) => r.id);
    const other = await queryRows<{ dep: number; des: number; cat: number | null }>(
      t.db,
      sql`select (select max(id) from departments) as dep, (select max(id) from designations) as des, (select max(id) from categories) as cat`,
    );

    await run(sql`update employees set name = 'Zubeida Qureshi' where id = ${made[0]}`);
    await same('name');
    await run(sql`update employees set employee_code = 'QXZ-0001' where id = ${made[1]}`);
    await same('code');
    await run(sql`update employees set mobile = '9000011111' where id = ${made[2]}`);
    await same('mobile');
    await run(sql`update employees set email = null where id = ${made[3]}`);
    await same('email');
    await run(sql`update employees set unit_id = ${unitIds[unitIds.length - 1]} where id = ${made[4]}`);
    await same('unit transfer');
    await run(sql`update employees set department_id = ${other[0].dep}, designation_id = ${other[0].des} where id = ${made[5]}`);
    await same('department and designation');
    await run(sql`update employees set category_id = ${other[0].cat} where id = ${made[6]}`);
    await same('category');
    await run(sql`update employees set date_of_joining = date '2020-02-29' where id = ${made[7]}`);
    await same('date of joining');
    await run(sql`update employees set status = 'exited', exit_date = date '2025-03-31', exit_reason = 'Resigned' where id = ${made[8]}`);
    await same('exit');
    await run(sql`update employees set photo_key = 'photos/esp.png' where id = ${made[9]}`);
    await same('photo set');
    await run(sql`update employees set photo_key = null where id = ${made[9]}`);
    await same('photo cleared');
    await run(sql`update employees set father_name = 'Unchanged Search' where id = ${made[10]}`);
    await same('a change that copies nothing');
    await run(
      sql`update employees set name = case when id = ${made[11]} then 'Qasim Zaidi' else name end,
            unit_id = case when id = ${made[12]} then ${unitIds[0]}::int else unit_id end,
            status = case when id = ${made[13]} then 'onNotice' else status end
          where id in (${made[11]}, ${made[12]}, ${made[13]}, ${made[14]})`,
    );
    await same('several changed differently in one statement');
    await run(sql`update employees set id = ${made[15] + 100000} where id = ${made[15]}`);
    await same('an id changed');
    await searchesMatch('changed', ['Search Projection', 'qureshi', 'QXZ', '90000', '98765', 'esp2']);

    await run(sql`delete from employees where id in (${made[16]}, ${made[17]}, ${made[15] + 100000})`);
    await same('deleted');
    const removed = await admin.delete(`/api/employees/${made[18]}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await same('deleted through the API');

    // The import writes by COPY (1,000 rows: the foreign keys checked once, the COPY in replica mode).
    const refs = { units: ['HO-BLR', 'BR-CHN', 'CMP-MYS'], departments: ['ADM', 'FIN'], designations: ['ADE', 'OFA', 'ACE'] };
    const file = await importWorkbook(Array.from({ length: 1000 }, (_, i) => importRow(i + 1, refs, 'SPI')));
    const started = await admin.post(
      '/api/employees/import',
      undefined,
      multipart({ name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: file }),
    );
    expect(started.statusCode, started.body).toBe(202);
    await t.app.jobs.drain();
    const job = (await admin.get(`/api/jobs/${(started.json() as { jobId: number }).jobId}`)).json();
    expect(job.result, JSON.stringify(job).slice(0, 500)).toMatchObject({ ok: true, imported: 1000 });
    await same('imported');
    await searchesMatch('imported', ['SPI00', 'Sharma']);
  });

  it('a truncate clears it', async () => {
    await run(sql`truncate employees cascade`);
    expect(await kept()).toEqual([]);
  });
});
