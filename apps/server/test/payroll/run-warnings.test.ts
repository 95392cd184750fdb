// A processed run's warnings (issue 28: "the ESI file fails only at download because ESI numbers are missing, while
// the run says Errors 0"): ESI applies without an ESI number, PF without a UAN, bank payment without a valid account
// or IFSC are listed on the run once processed; the ESI number as the record stands (the ESI file's: fixing the record
// clears the warning), the UAN and bank details the slip's own (the ECR's and the bank file's: reprocess). Who may see them: the run's readers (self-service 403, a unit-limited
// role 404 beyond its units). PGlite and PostgreSQL.
import { MENU, type TRunWarnings } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp, type UnitLimitedUser } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let limited: UnitLimitedUser;
let runId: number;
let otherRunId: number;
type Picked = { id: number; code: string; unitId: number };
let esi: Picked;
let pf: Picked;
let bank: Picked;

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const M = await seededMonths(payroll);
  const units = Object.fromEntries(
    (await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`)).map((u) => [u.code, u.id]),
  );
  // Three employees of one unit, each paid last month: one covered by ESI, one a PF member (not the same), one by bank.
  const pick = async (where: ReturnType<typeof sql>, unitId?: number, not: number[] = []) =>
    (
      await queryRows<{ id: number; code: string; unitId: number }>(
        t.db,
        sql`select e.id, e.employee_code as code, r.unit_id as "unitId" from salary_slips s join payroll_runs r on r.id = s.run_id
            join employees e on e.id = s.employee_id
            where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} and ${where} ${unitId ? sql`and r.unit_id = ${unitId}` : sql``}
              and not (e.id = any(${`{${[0, ...not].join(',')}}`}::int[]))
            order by r.unit_id, e.employee_code limit 1`,
      )
    )[0];
  esi = await pick(sql`(s.statutory->>'esiCovered')::boolean`);
  pf = await pick(sql`(s.statutory->>'pfEmployee')::bigint > 0`, esi.unitId, [esi.id]);
  bank = await pick(sql`e.pay_mode_id = 2`, esi.unitId, [esi.id, pf.id]);
  const other = Object.values(units).find((u) => u !== esi.unitId)!;
  limited = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [esi.unitId] });
  const run = async (unitId: number) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from payroll_runs where unit_id = ${unitId} and year = ${M.cur.year} and month = ${M.cur.month} and parent_run_id is null`,
      )
    )[0].id;
  runId = await run(esi.unitId);
  otherRunId = await run(other);
  await t.db.execute(sql`update employees set esi_number = null where id = ${esi.id}`);
  await t.db.execute(sql`update employees set uan = null where id = ${pf.id}`);
  await t.db.execute(sql`update employees set ifsc = 'HDFC123' where id = ${bank.id}`);
  const res = await payroll.post(`/api/payroll/runs/${runId}/process`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
});
afterAll(() => t?.close());

const warnings = async (client = payroll, id = runId) => client.get(`/api/payroll/runs/${id}/warnings`);

describe('the warnings of a processed run', () => {
  it('lists ESI without an ESI number, PF without a UAN and bank payment without a valid IFSC, and counts them', async () => {
    const res = await warnings();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TRunWarnings;
    expect(body.count).toBe(body.rows.length);
    const of = (id: number) => body.rows.filter((w) => w.employeeId === id).map((w) => [w.kind, w.message]);
    expect(of(esi.id)).toContainEqual(['esi', 'ESI applies and there is no ESI number: the ESI file cannot be made']);
    expect(of(pf.id)).toContainEqual([
      'pf',
      'PF applies and there is no UAN: the ECR cannot carry it (correct the record and reprocess the employee)',
    ]);
    expect(of(bank.id)).toContainEqual([
      'bank',
      'Paid by bank with IFSC "HDFC123" is not four letters, a zero and six letters or digits: the bank file is refused (correct the record and reprocess the employee)',
    ]);
    // The run itself has no errors: the salaries are computed.
    const run = (await payroll.get(`/api/payroll/runs/${runId}`)).json() as { errors: unknown[]; status: string };
    expect(run.status).toBe('processed');
    expect(run.errors).toEqual([]);
  });

  it('an ESI number given clears its warning at once; a UAN and a bank detail need the employee reprocessed', async () => {
    await t.db.execute(sql`update employees set esi_number = '3100123456' where id = ${esi.id}`);
    await t.db.execute(sql`update employees set uan = '100200300400' where id = ${pf.id}`);
    await t.db.execute(sql`update employees set ifsc = 'HDFC0000123' where id = ${bank.id}`);
    let rows = ((await warnings()).json() as TRunWarnings).rows;
    expect(rows.filter((w) => w.employeeId === esi.id && w.kind === 'esi')).toEqual([]);
    expect(rows.filter((w) => w.employeeId === pf.id && w.kind === 'pf')).toHaveLength(1);
    expect(rows.filter((w) => w.employeeId === bank.id && w.kind === 'bank')).toHaveLength(1);
    const res = await payroll.post(`/api/payroll/runs/${runId}/process`, { employeeIds: [pf.id, bank.id] });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    rows = ((await warnings()).json() as TRunWarnings).rows;
    expect(rows.filter((w) => w.employeeId === bank.id && w.kind === 'bank')).toEqual([]);
    expect(rows.filter((w) => w.employeeId === pf.id && w.kind === 'pf')).toEqual([]);
  });

  it('a draft run has none; self-service is refused (403); a unit-limited role reaches its units only (404); bad id 400', async () => {
    const draft = await warnings(payroll, otherRunId);
    expect(draft.statusCode).toBe(200);
    expect((draft.json() as TRunWarnings).count).toBe(0);
    expect((await warnings(employee1)).statusCode).toBe(403);
    expect((await warnings(limited.api)).statusCode).toBe(200);
    expect((await warnings(limited.api, otherRunId)).statusCode).toBe(404);
    expect((await payroll.get('/api/payroll/runs/abc/warnings')).statusCode).toBe(400);
    expect((await payroll.get('/api/payroll/runs/999999/warnings')).statusCode).toBe(404);
  });
});
