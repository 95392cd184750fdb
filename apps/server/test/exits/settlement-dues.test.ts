// What else is due to a leaver is in the settlement: arrears not yet paid (those of earlier months through the last
// month's slip, the others as their own line), an approved bonus not yet paid, and the statutory bonus for the part of
// the year (Code on Wages s.26, the payroll's bonus rules at the minimum rate); approval marks them paid by the
// settlement, and the unit's statutory bonus of the year then leaves the leaver out.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { statutoryLines } from '../../src/modules/payroll/bonuses';
import { esiFileRows } from '../../src/modules/payroll/esi-file';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let emp = { id: 0, unitId: 0 };
let ym = '';
let fy = 0;
let settlementId = 0;
const ids = { earlier: 0, later: 0, bonusLine: 0 };

type Line = { kind: string; side: string; label: string; amount: number; basis: string };
const pad = (n: number) => String(n).padStart(2, '0');
const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T & Record<string, unknown>>(t.db, q))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  emp = await one<typeof emp>(
    sql`select e.id, e.unit_id as "unitId" from users u join employees e on e.id = u.employee_id where u.user_name = 'employee2'`,
  );
  const [run] = (await payroll.get(`/api/payroll/runs?status=draft&unitId=${emp.unitId}`)).json().rows;
  ym = `${run.year}-${pad(run.month)}`;
  const prev = run.month === 1 ? `${run.year - 1}-12` : `${run.year}-${pad(run.month - 1)}`;
  fy = run.month >= 4 ? run.year : run.year - 1;
  // Arrears of an earlier month (the last month's slip pays them) and of the month itself (their own line).
  ids.earlier = (
    await one<{ id: number }>(sql`insert into salary_arrears (employee_id, for_month, amount, kind, reason)
      values (${emp.id}, ${prev}, 150000, 'structure', 'Back-dated increment') returning id`)
  ).id;
  ids.later = (
    await one<{ id: number }>(sql`insert into salary_arrears (employee_id, for_month, amount, kind, reason)
      values (${emp.id}, ${ym}, 40000, 'structure', 'Back-dated increment') returning id`)
  ).id;
  // An ad hoc bonus of last year, approved and paid separately, not yet paid.
  const b = await one<{ id: number }>(sql`insert into bonuses (unit_id, financial_year, kind, pay_with, status, total)
      values (${emp.unitId}, ${fy - 1}, 'adhoc', 'separate', 'approved', 250000) returning id`);
  ids.bonusLine = (
    await one<{ id: number }>(sql`insert into bonus_lines (bonus_id, employee_id, amount)
      values (${b.id}, ${emp.id}, 250000) returning id`)
  ).id;
  // Every wage within the bonus's eligibility, from the first day worked (so the part-year bonus is due).
  await t.db.execute(sql`update bonus_rules set eligibility_ceiling = 100000000000, min_days_worked = 1`);
  const s = await payroll.post('/api/exits/separations', {
    employeeId: emp.id,
    type: 'resignation',
    noticeGivenOn: `${ym}-01`,
    lastDayRequested: `${ym}-15`,
    reason: 'Moving abroad',
  });
  expect(s.statusCode, s.body).toBe(201);
  const sep = s.json().id;
  await t.db.execute(sql`update employees set reporting_manager_id = null where id = ${emp.id}`);
  for (let level = 0; level < 2; level++)
    expect((await admin.post(`/api/exits/separations/${sep}/action`, { action: 'approve' })).statusCode).toBe(200);
  const x = await payroll.post(`/api/exits/separations/${sep}/settlement`, {});
  expect(x.statusCode, x.body).toBe(200);
  settlementId = x.json().id;
});
afterAll(() => t?.close());

describe('arrears, bonus and the part-year bonus in the settlement', () => {
  it('has the arrears not in the slip and the approved bonus as lines, and the part-year statutory bonus', async () => {
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    const lines = x.lines as Line[];
    expect(lines.find((l) => l.kind === 'arrears')).toMatchObject({ side: 'earning', amount: 400, basis: `${ym} ₹400.00` });
    expect(lines.find((l) => l.label.includes('ad hoc'))).toMatchObject({ kind: 'bonus', amount: 2500 });
    const part = lines.find((l) => l.label.includes('part of the year'));
    const f = x.facts.bonus as { financialYear: number; ratePercent: number; basis: number; months: number };
    expect(f).toMatchObject({ financialYear: fy, ratePercent: 8.33 });
    // 8.33 % of the year's capped wages, to the paisa (half up).
    expect(Math.round((part?.amount ?? 0) * 100)).toBe(Number((BigInt(f.basis) * 833n + 5000n) / 10000n));
    expect(part?.basis).toMatch(/^8\.33 % of ₹/);
    const sum = (side: string) => Math.round(lines.filter((l) => l.side === side).reduce((s, l) => s + l.amount * 100, 0));
    expect(Math.round(x.net * 100)).toBe(sum('earning') - sum('deduction'));
  });

  it('approval pays them: arrears and the bonus line marked paid by the settlement; the year’s bonus leaves her out', async () => {
    const ok = await admin.post(`/api/exits/settlements/${settlementId}/action`, { action: 'approve', remark: 'Checked' });
    expect(ok.statusCode, ok.body).toBe(200);
    const arrears = await queryRows<{ id: number; paid: number | null }>(
      t.db,
      sql`select id, paid_settlement_id as paid from salary_arrears where id in (${ids.earlier}, ${ids.later}) order by id`,
    );
    expect(arrears.map((a) => a.paid)).toEqual([settlementId, settlementId]);
    const bonus = await one<{ paid: number | null; status: string }>(
      sql`select l.paid_settlement_id as paid, b.status from bonus_lines l join bonuses b on b.id = l.bonus_id where l.id = ${ids.bonusLine}`,
    );
    expect(bonus).toMatchObject({ paid: settlementId, status: 'paid' });
    const year = await statutoryLines(t.db, emp.unitId, fy, 8.33);
    expect(year.some((l) => l.employeeId === emp.id)).toBe(false);
  });

  it('the month’s ECR and ESI file carry the leaver whose settlement paid the month, with the reason and last day', async () => {
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    const st = x.facts.slip.statutory as { pfEmployee: number; esiCovered: boolean; esiWages: number };
    expect(x.facts.slip.payableDays).toBe(15);
    const [run] = (await payroll.get(`/api/payroll/runs?unitId=${emp.unitId}&status=draft`)).json().rows;
    expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const code = (await one<{ code: string }>(sql`select employee_code as code from employees where id = ${emp.id}`)).code;
    await t.db.execute(sql`update employees set uan = '100200300400', esi_number = '3100123456' where id = ${emp.id}`);
    const ecr = await payroll.get(`/api/payroll/runs/${run.id}/ecr`);
    if (st.pfEmployee > 0) {
      expect(ecr.statusCode, ecr.body).toBe(200);
      const line = ecr.body.split(/\r?\n/).find((l: string) => l.startsWith('100200300400#~#'));
      expect(line?.split('#~#')[6]).toBe(String(Math.round(st.pfEmployee / 100)));
    }
    // Covered by ESI in the month (set here, whatever her wages): one row, her days, reason 2 (left service), last day.
    await t.db.execute(sql`update exit_settlements set facts = jsonb_set(jsonb_set(facts, '{slip,statutory,esiCovered}', 'true'),
        '{slip,statutory,esiWages}', '1234500') where id = ${settlementId}`);
    const rows = await esiFileRows(t.db, { id: run.id, unitId: emp.unitId, year: run.year, month: run.month });
    const mine = rows.filter((r) => r.code === code);
    expect(mine).toEqual([
      {
        code,
        name: expect.any(String),
        ip: '3100123456',
        days: 15,
        wages: 1234500,
        reason: 2,
        lastWorkingDay: `15/${ym.slice(5)}/${ym.slice(0, 4)}`,
      },
    ]);
    // Retirement or death gives ESIC's 3 or 5.
    await t.db.execute(sql`update separations set type = 'death' where id = ${x.separationId}`);
    const died = await esiFileRows(t.db, { id: run.id, unitId: emp.unitId, year: run.year, month: run.month });
    expect(died.find((r) => r.code === code)?.reason).toBe(5);
  });
});
