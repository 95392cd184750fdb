// The ESIC monthly contribution file (issue 25): days paid rounded up to a whole day, and every reason code the data
// gives — 1 on leave, 2 left service, 3 retired, 5 expired, 10 retrenchment (with the last working day), 4 out of
// coverage in April and October — as ESIC's user manual for filing the monthly contribution lists them; and the ECR
// refuses members' names with characters EPFO does not accept, listing every member to fix.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ESI_REASONS, esiReason, leavingReason } from '../../src/modules/payroll/esi-file';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

describe('reason codes', () => {
  it('lists ESIC’s codes 0 to 13', () => {
    expect(Object.keys(ESI_REASONS).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect([ESI_REASONS[4], ESI_REASONS[10], ESI_REASONS[13]]).toEqual(['Out of coverage', 'Retrenchment', 'Duplicate IP']);
  });

  it('gives the leaving reason from the separation’s type or the exit reason’s words', () => {
    expect(leavingReason('retirement', null)).toBe(3);
    expect(leavingReason('death', null)).toBe(5);
    expect(leavingReason('resignation', 'Better prospects')).toBe(2);
    expect(leavingReason('termination', 'Retrenched: the unit closed its night shift')).toBe(10);
    expect(leavingReason(null, 'Retired on superannuation')).toBe(3);
    expect(leavingReason(null, 'Expired on 3 Oct')).toBe(5);
    expect(leavingReason(null, null)).toBe(2);
    expect(esiReason({ days: 0, exitDate: null, separationType: null, exitReason: null }, '2026-10')).toEqual({
      reason: 1,
      lastWorkingDay: null,
    });
    expect(esiReason({ days: 12, exitDate: '2026-10-12', separationType: 'death', exitReason: null }, '2026-10')).toEqual({
      reason: 5,
      lastWorkingDay: '12/10/2026',
    });
    expect(esiReason({ days: 30, exitDate: '2026-11-12', separationType: null, exitReason: null }, '2026-10')).toEqual({
      reason: 0,
      lastWorkingDay: null,
    });
  });
});

describe('the file of a processed run', () => {
  it('rounds days up, writes the reasons and last working days, and lists those out of coverage in April and October', async () => {
    const [run] = await queryRows<{ id: number; year: number; month: number }>(
      t.db,
      sql`select r.id, r.year, r.month from payroll_runs r join salary_slips s on s.run_id = r.id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} and (s.statutory->>'esiCovered')::boolean
          group by r.id order by count(*) desc limit 1`,
    );
    // Four employees of the run who have a slip the month before too: a, b and c insured this month, d only the month before.
    const staff = await queryRows<{ employeeId: number }>(
      t.db,
      sql`select s.employee_id as "employeeId" from salary_slips s
          where s.run_id = ${run.id} and exists (select 1 from salary_slips p join payroll_runs pr on pr.id = p.run_id
            where p.employee_id = s.employee_id and pr.year * 12 + pr.month = ${run.year * 12 + run.month - 1})
          order by (s.statutory->>'esiCovered')::boolean desc, s.employee_code limit 4`,
    );
    expect(staff).toHaveLength(4);
    const [a, b, c, d] = staff.map((x) => x.employeeId);
    const ym = `${run.year}-${String(run.month).padStart(2, '0')}`;
    const setCovered = (employeeId: number, months: number, covered: boolean) =>
      t.db.execute(sql`update salary_slips s set statutory = s.statutory || ${JSON.stringify({ esiCovered: covered })}::jsonb
        from payroll_runs r where r.id = s.run_id and s.employee_id = ${employeeId} and r.year * 12 + r.month = ${months}`);
    const here = run.year * 12 + run.month;
    for (const id of [a, b, c]) await setCovered(id, here, true);
    await setCovered(d, here - 1, true);
    await setCovered(d, here, false);
    // Every insured person gets an IP number; a fraction of a day paid for one, a retirement and a retrenchment in the month.
    await t.db.execute(sql`update employees set esi_number = lpad((3000000000 + id)::text, 10, '0')
      where id in (select employee_id from salary_slips where run_id = ${run.id})`);
    await t.db.execute(sql`update salary_slips set attendance = jsonb_set(attendance, '{payableDays}', '27.5')
      where run_id = ${run.id} and employee_id = ${a}`);
    await t.db.execute(
      sql`update employees set exit_date = ${`${ym}-14`}::date, exit_reason = 'Retired on superannuation' where id = ${b}`,
    );
    await t.db.execute(
      sql`update employees set exit_date = ${`${ym}-20`}::date, exit_reason = 'Retrenchment (s.70 IR Code)' where id = ${c}`,
    );
    const periodStart = run.month === 4 || run.month === 10;

    const res = await payroll.get(`/api/payroll/runs/${run.id}/esi`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const byIp = new Map<string, unknown[]>();
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = (ws.getRow(r).values as unknown[]).slice(1);
      byIp.set(String(row[0]), row);
    }
    const ip = (id: number) => String(3000000000 + id);
    expect(byIp.get(ip(a))?.[2]).toBe(28);
    const dd = (d: string) => `${d}/${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
    expect([byIp.get(ip(b))?.[4], byIp.get(ip(b))?.[5]]).toEqual([3, dd('14')]);
    expect([byIp.get(ip(c))?.[4], byIp.get(ip(c))?.[5]]).toEqual([10, dd('20')]);
    for (const row of byIp.values()) {
      // Only the reasons that need it carry a last working day; days are whole.
      expect(Number.isInteger(row[2])).toBe(true);
      if (![2, 3, 4, 5, 6, 10].includes(row[4] as number)) expect(row[5] ?? null).toBeNull();
    }
    if (periodStart) {
      const lastDay = run.month === 4 ? `31/03/${run.year}` : `30/09/${run.year}`;
      expect(byIp.get(ip(d))).toEqual([ip(d), expect.any(String), 0, 0, 4, lastDay]);
    } else {
      expect(byIp.has(ip(d))).toBe(false);
    }
  });
});

describe('the ECR of a processed run', () => {
  it('is refused while a member’s name holds characters EPFO does not accept, naming every member to fix', async () => {
    const [run] = await queryRows<{ id: number }>(
      t.db,
      sql`select r.id from payroll_runs r join units u on u.id = r.unit_id
          where u.code = 'HO-BLR' and r.year = ${M.prev1.year} and r.month = ${M.prev1.month}`,
    );
    const members = await queryRows<{ code: string }>(
      t.db,
      sql`select employee_code as code from salary_slips where run_id = ${run.id}
            and (statutory->>'pfEmployee')::bigint + (statutory->>'epf')::bigint + (statutory->>'eps')::bigint > 0
          order by employee_code limit 2`,
    );
    expect(members).toHaveLength(2);
    const ok = await payroll.get(`/api/payroll/runs/${run.id}/ecr`);
    expect(ok.statusCode, ok.body).toBe(200);
    await t.db.execute(sql`update salary_slips set name = 'Mary D''Souza' where run_id = ${run.id} and employee_code = ${members[0].code}`);
    await t.db.execute(
      sql`update salary_slips set name = 'Ravi (Trainee) 2' where run_id = ${run.id} and employee_code = ${members[1].code}`,
    );
    const refused = await payroll.get(`/api/payroll/runs/${run.id}/ecr`);
    expect(refused.statusCode).toBe(409);
    const message = refused.json().message as string;
    expect(message).toContain(`${members[0].code} Mary D'Souza: The name holds characters EPFO does not accept (''')`);
    expect(message).toContain(`${members[1].code} Ravi (Trainee) 2: The name holds characters EPFO does not accept ('(' ')' '2')`);
  });
});
