// The Labour Codes' wages (issue 25; Code on Wages 2019 s.2(y) and its proviso, in force from 21 Nov 2025): every
// earning head carries its class (wages or the excluded clause), and a processed month's PF is on basic + DA plus the
// excluded allowances above half of all remuneration, shown per employee on GET /api/payroll/runs/:id/wage-rule.
// Worked example (greytHR's illustration, special allowance counted as an allowance; MoLE FAQs on the Labour Codes
// Q4): basic 20,000, HRA 10,000, conveyance 8,000, special 12,000 — the 30,000 of allowances exceed one-half of
// 50,000 by 5,000, which is added to wages: PF on 25,000 (₹3,000) instead of 20,000 (₹2,400).
import { MENU } from '@hr/contract';
import { computePf, pfParametersForMonth, STATUTORY_PARAMETERS, statutoryTables } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let units: Record<string, number>;
const BASE = '/api/resources/earningDeduction';
// Seeded heads (modules/masters/seed.ts SEED_HEADS).
const HEAD = { BASIC: 1, DA: 2, HRA: 3, CONV: 4, MED: 5, SPL: 6, OT: 7, ARREARS: 8, BONUS: 9, PF: 21 };
const head = (code: string, extra: Record<string, unknown> = {}) => ({ name: `Head ${code}`, code, printName: code, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const rows = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from units`);
  units = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

async function runOf(unit: string, m: { year: number; month: number }) {
  const res = await payroll.get(`/api/payroll/runs?unitId=${units[unit]}&year=${m.year}&month=${m.month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0] as { id: number; status: string };
}

describe('the heads master classes every earning under the Labour Codes', () => {
  it('seeds the classes by the heads’ flags and codes; deductions have none', async () => {
    const classes: Record<number, string | null> = {};
    for (const id of Object.values(HEAD)) classes[id] = (await admin.get(`${BASE}/${id}`)).json().wageClass;
    expect(classes).toEqual({
      [HEAD.BASIC]: 'wages',
      [HEAD.DA]: 'wages',
      [HEAD.HRA]: 'hra',
      [HEAD.CONV]: 'conveyance',
      [HEAD.MED]: 'allowance',
      [HEAD.SPL]: 'allowance',
      [HEAD.OT]: 'overtime',
      [HEAD.ARREARS]: 'outside',
      [HEAD.BONUS]: 'bonus',
      [HEAD.PF]: null,
    });
  });

  it('defaults a new earning by its flags, keeps a chosen class, and refuses a class on a deduction (400) or an unknown one', async () => {
    const plain = await admin.post(BASE, head('LCALW'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().wageClass).toBe('allowance');
    const ra = await admin.post(BASE, head('LCRA', { isPfWage: true }));
    expect(ra.json().wageClass).toBe('wages');
    const comm = await admin.post(BASE, head('LCCOMM', { wageClass: 'commission' }));
    expect(comm.json().wageClass).toBe('commission');
    const changed = await admin.put(`${BASE}/${comm.json().id}`, { ...head('LCCOMM'), wageClass: 'gratuity' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().wageClass).toBe('gratuity');
    const ded = await admin.post(BASE, head('LCDED', { isEarning: false, wageClass: 'hra' }));
    expect(ded.statusCode, ded.body).toBe(400);
    expect(ded.json().fieldErrors).toHaveProperty('wageClass');
    const bad = await admin.post(BASE, head('LCBAD', { wageClass: 'perks' }));
    expect(bad.statusCode).toBe(400);
    const count = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from earning_deductions where code in ('LCDED', 'LCBAD')`,
    );
    expect(count[0].n).toBe(0);
    expect((await employee1.post(BASE, head('LCEMP'))).statusCode).toBe(403);
  });
});

describe('a processed month under the 50 % rule', () => {
  let runId = 0;
  let employeeId = 0;

  beforeAll(async () => {
    // An employee of the head office whose structure this month is the worked example: one whose locked months' basic
    // + DA stayed under ₹20,000 (within the bonus ceiling, so the Code's wages decide the bonus below).
    const [e] = await queryRows<{ id: number }>(
      t.db,
      sql`select e.id from employees e join salary_slips s on s.employee_id = e.id
          where e.unit_id = ${units['HO-BLR']} and e.pf_applicable and e.is_active and e.exit_date is null
          group by e.id, e.employee_code
          having max(coalesce((s.amounts->>${String(HEAD.BASIC)})::bigint, 0) + coalesce((s.amounts->>${String(HEAD.DA)})::bigint, 0)) <= 2000000
          order by e.employee_code limit 1`,
    );
    employeeId = e.id;
    const amounts = { [HEAD.BASIC]: 2_000_000, [HEAD.HRA]: 1_000_000, [HEAD.CONV]: 800_000, [HEAD.SPL]: 1_200_000 };
    await t.db.execute(sql`insert into salary_structures (employee_id, effective_from, amounts)
      values (${employeeId}, ${M.cur.ym}, ${JSON.stringify(amounts)}::jsonb)
      on conflict (employee_id, effective_from) do update set amounts = excluded.amounts`);
    const run = await runOf('HO-BLR', M.cur);
    expect(run.status).toBe('draft');
    runId = run.id;
    const res = await payroll.post(`/api/payroll/runs/${runId}/process`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    expect((await payroll.get(`/api/jobs/${res.json().jobId}`)).json().state).toBe('succeeded');
  });

  it('computes PF on basic plus the allowances above half of the remuneration', async () => {
    const [s] = await queryRows<{ amounts: Record<string, number>; st: Record<string, number>; payable: number; days: number }>(
      t.db,
      sql`select amounts, statutory as st, (attendance->>'payableDays')::float8 as payable, (attendance->>'monthDays')::float8 as days
          from salary_slips where run_id = ${runId} and employee_id = ${employeeId}`,
    );
    const a = (id: number) => Number(s.amounts[String(id)] ?? 0);
    const wages = a(HEAD.BASIC) + a(HEAD.DA);
    const excluded = a(HEAD.HRA) + a(HEAD.CONV) + a(HEAD.MED) + a(HEAD.SPL) + a(HEAD.OT) + a(HEAD.BONUS);
    // Excess over one-half, half up to the paisa: excluded − (wages + excluded) / 2.
    const addedBack = Math.max(0, Math.floor((2 * excluded - (wages + excluded) + 1) / 2));
    expect(addedBack).toBeGreaterThan(0);
    if (s.payable === s.days) expect(addedBack).toBe(500_000);
    expect(s.st).toMatchObject({ codeWages: wages + addedBack, codeWagesAddedBack: addedBack, pfWagesRaise: addedBack });
    expect(s.st.pfWages).toBe(wages + addedBack);
    const pf = pfParametersForMonth(statutoryTables(STATUTORY_PARAMETERS).pf, M.cur.year, M.cur.month)!;
    const want = computePf(pf, { pfWages: BigInt(wages + addedBack), restrictToCeiling: true, epsEligible: s.st.eps > 0 });
    expect(a(HEAD.PF)).toBe(Number(want.employee));
    if (s.payable === s.days) expect(a(HEAD.PF)).toBe(300_000);
  });

  it('lists the employee on the run’s wage-rule report with what the rule changed', async () => {
    const res = await payroll.get(`/api/payroll/runs/${runId}/wage-rule`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ applied: true, limitPercent: 50, effectiveFrom: '2025-11-21' });
    expect(body.source).toContain('s.2(y)');
    expect(body.slips).toBeGreaterThan(1);
    // The demo structures keep basic + DA above half: only the worked example is changed.
    expect(body.employees.map((e: { employeeId: number }) => e.employeeId)).toEqual([employeeId]);
    expect(body.employees[0].pfWagesRaise).toBe(body.employees[0].addedBack);
    expect(body.employees[0].pfWagesRaise).toBeGreaterThan(0);
  });

  it('a locked month of the seed was computed under the rule without changing anyone', async () => {
    const run = await runOf('HO-BLR', M.prev1);
    const body = (await payroll.get(`/api/payroll/runs/${run.id}/wage-rule`)).json();
    expect(body).toMatchObject({ applied: true, employees: [] });
  });

  it('refuses a caller without the menu (403), another unit’s caller (404), a draft run (409) and a bad id (400)', async () => {
    expect((await employee1.get(`/api/payroll/runs/${runId}/wage-rule`)).statusCode).toBe(403);
    const other = await createUnitLimitedUser(t, { menus: [MENU.salaryProcess], unitIds: [units['CMP-MYS']] });
    expect((await other.api.get(`/api/payroll/runs/${runId}/wage-rule`)).statusCode).toBe(404);
    const own = await other.api.get(`/api/payroll/runs/${(await runOf('CMP-MYS', M.prev1)).id}/wage-rule`);
    expect(own.statusCode, own.body).toBe(200);
    const draft = await runOf('BR-CHN', M.cur);
    expect((await payroll.get(`/api/payroll/runs/${draft.id}/wage-rule`)).statusCode).toBe(409);
    expect((await payroll.get('/api/payroll/runs/abc/wage-rule')).statusCode).toBe(400);
    expect((await payroll.get('/api/payroll/runs/999999/wage-rule')).statusCode).toBe(404);
  });

  it('computes the statutory bonus on the Code’s wages (Code on Wages s.26): the add-back can pass the ₹21,000 ceiling', async () => {
    const approved = await admin.post(`/api/payroll/runs/${runId}/approve`, { remark: 'Checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    const fy = M.cur.month >= 4 ? M.cur.year : M.cur.year - 1;
    const basicDa = sql`coalesce((s.amounts->>${String(HEAD.BASIC)})::bigint, 0) + coalesce((s.amounts->>${String(HEAD.DA)})::bigint, 0)`;
    const [w] = await queryRows<{ code: string; basic: string; fyMax: string; fyBasic: string }>(
      t.db,
      sql`select max((s.statutory->>'codeWages')::bigint) filter (where s.run_id = ${runId})::text as code,
            max(${basicDa}) filter (where s.run_id = ${runId})::text as basic,
            max(coalesce((s.statutory->>'codeWages')::bigint, ${basicDa}))::text as "fyMax", max(${basicDa})::text as "fyBasic"
          from salary_slips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = ${employeeId} and r.status in ('approved', 'locked')
            and r.year * 100 + r.month between ${fy * 100 + 4} and ${(fy + 1) * 100 + 3}`,
    );
    // The Code's wages of the worked example's month are above its basic + DA.
    expect(Number(w.code)).toBeGreaterThan(Number(w.basic));
    expect(Number(w.fyBasic)).toBeLessThanOrEqual(2_100_000);
    const res = await payroll.post('/api/payroll/bonuses', {
      unitId: units['HO-BLR'],
      financialYear: fy,
      kind: 'statutory',
      ratePercent: 8.33,
      payWith: 'separate',
    });
    expect(res.statusCode, res.body).toBe(201);
    const line = (res.json().lines as { employeeId: number; eligible: boolean; reason: string | null }[]).find(
      (l) => l.employeeId === employeeId,
    )!;
    // Eligible by basic + DA alone; by the Code's wages only when they stay within ₹21,000 (full month: ₹25,000, not).
    expect(line.eligible).toBe(Number(w.fyMax) <= 2_100_000);
    expect(line.reason).toBe(Number(w.fyMax) > 2_100_000 ? 'Wages above ₹21,000 a month' : null);
  });
});
