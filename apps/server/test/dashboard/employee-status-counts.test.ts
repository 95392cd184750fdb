// employee_status_counts (migration employee_status_counts): every employee counted by unit, status and whether
// mandatory documents are missing, kept by statement triggers on employees; compared with a direct count after every
// kind of change (employees inserted in one statement over several keys, transferred, put on notice, exited, taken
// back, a document uploaded and removed, deleted, truncated). What reads them equals a direct count of the employees:
// the dashboard summary's unit figures and the employee list's total (unfiltered, by unit, by status, both), as the
// administrator, a manager and a custom unit-limited role, on pages within and past the end.
import { MENU } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { multipart, PDF, PNG } from '../employees/fixtures';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let limited: ReturnType<typeof api>;
let limitedUnits: number[];
let unitIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  unitIds = (await queryRows<{ id: number }>(t.db, sql`select id from units order by id`)).map((u) => u.id);
  limitedUnits = [unitIds[unitIds.length - 1]];
  limited = (
    await createUnitLimitedUser(t, {
      menus: [MENU.employee, MENU.dashboard],
      unitIds: limitedUnits,
      name: 'Status counts',
    })
  ).api;
});
afterAll(() => t?.close());

type Emp = { id: number; unitId: number; status: string; missing: number; doj: string; exit: string | null };

const readEmployees = () =>
  queryRows<Emp>(
    t.db,
    sql`select id, unit_id as "unitId", status, missing_mandatory_docs as missing, date_of_joining::text as doj,
          exit_date::text as exit from employees`,
  );

async function direct(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const e of await readEmployees()) {
    const key = [e.unitId, e.status, e.missing > 0].join('|');
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function kept(): Promise<Record<string, number>> {
  const rows = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', unit_id, status, missing_docs::text) as key, n from employee_status_counts where n <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

const same = async (what: string) => expect(await kept(), what).toEqual(await direct());

/** The list's total for a caller reaching `reach` units ('all' for the administrator), for each filter kept. */
async function listTotalsMatch(who: ReturnType<typeof api>, reach: number[] | 'all', what: string) {
  const staff = (await readEmployees()).filter((e) => reach === 'all' || reach.includes(e.unitId));
  const filters: Record<string, string>[] = [
    {},
    { status: 'active' },
    { status: 'onNotice' },
    { status: 'exited' },
    ...unitIds.flatMap((u): Record<string, string>[] => [{ unitId: String(u) }, { unitId: String(u), status: 'active' }]),
  ];
  for (const f of filters) {
    const expected = staff.filter((e) => (!f.unitId || e.unitId === Number(f.unitId)) && (!f.status || e.status === f.status)).length;
    for (const page of ['1', '400']) {
      const res = await who.get('/api/employees', { ...f, page, pageSize: '25' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; rows: { unitId: number }[] };
      expect(body.total, `${what} ${JSON.stringify(f)} page ${page}`).toBe(expected);
      expect(body.rows.every((r) => reach === 'all' || reach.includes(r.unitId))).toBe(true);
    }
  }
}

/** The dashboard summary's figures of each unit the caller sees, against the employees counted here. */
async function summaryMatches(who: ReturnType<typeof api>, what: string) {
  const res = await who.get('/api/dashboard/summary');
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json() as { month: string; units: { id: number; figures: Record<string, number> | null }[] };
  const staff = await readEmployees();
  for (const u of s.units) {
    const mine = staff.filter((e) => e.unitId === u.id);
    expect(u.figures, `${what} unit ${u.id}`).toEqual({
      active: mine.filter((e) => e.status === 'active').length,
      onNotice: mine.filter((e) => e.status === 'onNotice').length,
      joinedThisMonth: mine.filter((e) => e.doj.startsWith(s.month)).length,
      exitedThisMonth: mine.filter((e) => e.status === 'exited' && e.exit?.startsWith(s.month)).length,
      missingDocuments: mine.filter((e) => e.status === 'active' && e.missing > 0).length,
    });
  }
}

async function readersMatch(what: string) {
  await listTotalsMatch(admin, 'all', `${what}, administrator`);
  await listTotalsMatch(limited, limitedUnits, `${what}, unit-limited role`);
  await summaryMatches(admin, `${what}, administrator`);
  await summaryMatches(manager, `${what}, manager`);
  await summaryMatches(limited, `${what}, unit-limited role`);
}

describe('employee_status_counts', () => {
  it('equals a direct count after every kind of change, and the summary and list totals read from it equal direct counts', async () => {
    await same('as seeded (and filled by the migration)');
    await readersMatch('as seeded');

    const month = ((await admin.get('/api/dashboard/summary')).json() as { month: string }).month;
    const cols = (
      await queryRows<{ name: string }>(
        t.db,
        sql`select column_name as name from information_schema.columns where table_name = 'employees' and table_schema = current_schema()
          and column_name not in ('id', 'employee_code', 'name', 'unit_id', 'device_user_id', 'status', 'exit_date', 'exit_reason',
            'date_of_joining', 'missing_mandatory_docs', 'aadhaar_no', 'pan_no', 'uan_no', 'esic_no')`,
      )
    ).map((c) => `"${c.name}"`);
    // One statement over several units and statuses; some joining this month, one exited this month.
    await t.db.execute(
      sql.raw(`insert into employees (employee_code, name, unit_id, status, exit_date, date_of_joining, ${cols.join(', ')})
        select 'EST' || g, 'Status Counts ' || g,
          (array[${unitIds.join(',')}])[1 + g % ${unitIds.length}],
          case when g % 5 = 0 then 'onNotice' when g % 7 = 0 then 'exited' else 'active' end,
          case when g % 5 = 0 then date '${month}-28' when g % 7 = 0 then date '${month}-02' end,
          case when g % 3 = 0 then date '${month}-01' else date '2024-04-01' end,
          ${cols.map((c) => `e.${c}`).join(', ')}
        from (select * from employees order by id limit 1) e, generate_series(1, 24) g`),
    );
    await same('employees inserted');
    await readersMatch('employees inserted');
    const made = (
      await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code like 'EST%' order by employee_code`)
    ).map((r) => r.id);

    await t.db.execute(sql`update employees set unit_id = ${limitedUnits[0]} where id in (${made[0]}, ${made[1]}, ${made[2]})`);
    await same('transferred');
    await t.db.execute(sql`update employees set status = 'onNotice', exit_date = ${`${month}-27`}::date where id = ${made[3]}`);
    await same('on notice');
    await t.db.execute(sql`update employees set status = 'exited', exit_date = ${`${month}-03`}::date where id = ${made[4]}`);
    await same('exited');
    await readersMatch('transferred, on notice, exited');
    await t.db.execute(sql`update employees set status = 'active', exit_date = null where id = ${made[4]}`);
    await same('taken back');
    await t.db.execute(sql`update employees set name = name || ' ' where id = ${made[5]}`);
    await same('a change that moves nothing');
    // Several keys in one statement, in both directions.
    await t.db.execute(
      sql`update employees set unit_id = case when unit_id = ${limitedUnits[0]}::int then ${unitIds[0]}::int else ${limitedUnits[0]}::int end
          where id in (${made[0]}, ${made[6]}, ${made[7]})`,
    );
    await same('several moved in one statement');

    // Mandatory documents uploaded until none is missing, then one removed: the documents' triggers change the
    // employee's missing count, and the count's move from and back to missing moves the employee between keys.
    const [who] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from employees where status = 'active' and missing_mandatory_docs > 0 order by id limit 1`,
    );
    const lacking = await queryRows<{ docTypeId: number; pdf: boolean }>(
      t.db,
      sql`select m.employee_doc_type_id as "docTypeId", d.allowed_file_types ilike '%pdf%' as pdf from employees e
          join unit_employee_doc_type_map m on m.unit_id = e.unit_id and m.is_mandatory and m.is_active
          join employee_doc_types d on d.id = m.employee_doc_type_id and d.is_active
          where e.id = ${who.id}
            and not exists (select 1 from employee_documents x where x.employee_id = e.id and x.doc_type_id = m.employee_doc_type_id)`,
    );
    expect(lacking.length, 'the mandatory documents the employee lacks').toBeGreaterThan(0);
    let last = 0;
    for (const { docTypeId, pdf } of lacking) {
      const up = await admin.post(
        `/api/employees/${who.id}/documents?docTypeId=${docTypeId}`,
        undefined,
        pdf
          ? multipart({ name: 'doc.pdf', type: 'application/pdf', data: PDF })
          : multipart({ name: 'doc.png', type: 'image/png', data: PNG }),
      );
      expect(up.statusCode, up.body).toBe(201);
      last = (up.json() as { id: number }).id;
      await same(`document type ${docTypeId} uploaded`);
    }
    const [{ missing }] = await queryRows<{ missing: number }>(
      t.db,
      sql`select missing_mandatory_docs as missing from employees where id = ${who.id}`,
    );
    expect(missing).toBe(0);
    await readersMatch('every mandatory document uploaded');
    const removed = await admin.delete(`/api/employee-documents/${last}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await same('a mandatory document removed');

    await t.db.execute(sql`delete from employees where id in (${made[8]}, ${made[9]})`);
    await same('employees deleted');
    await readersMatch('employees deleted');
  });

  it('a truncate clears the counts', async () => {
    await t.db.execute(sql`truncate employees cascade`);
    expect(await kept()).toEqual({});
    await same('truncated');
  });
});
