// The EPF wage ceiling of ₹25,000 from 17 September 2026 (S.O. 5109(E)) in processed salary runs: September 2026
// is day-weighted (ceiling ₹15,000 × 16/30 + ₹25,000 × 14/30 = ₹19,666.67: the member's share at most ₹2,360,
// EPS ₹1,638, EDLI ₹98), October 2026 has the new ceiling (₹3,000, EPS ₹2,083, EDLI ₹125), and the ECR and the
// administration charges follow. The runs are the seeded ones where the calendar has them, else processed here.
import { computePf, pfAdminCharges, pfParametersForMonth, STATUTORY_PARAMETERS, statutoryTables } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { SlipStatutory } from '../../src/db/schema';
import { raiseReleaseArrears } from '../../src/modules/payroll/statutory-arrears';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

const tables = statutoryTables(STATUTORY_PARAMETERS);
const R = (rupees: number) => Math.round(rupees * 100);

let t: TestApp;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
const runs = new Map<number, number>(); // month → run id (head office, 2026)

async function runOf(unitId: number, month: number): Promise<number> {
  const [r] = await queryRows<{ id: number; status: string }>(
    t.db,
    sql`select id, status from payroll_runs where unit_id = ${unitId} and year = 2026 and month = ${month}`,
  );
  let id = r?.id;
  if (!id) {
    const created = await payroll.post('/api/payroll/runs', { unitId, year: 2026, month });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id as number;
  }
  if (!r || r.status === 'draft') {
    expect((await payroll.post(`/api/payroll/runs/${id}/process`)).statusCode).toBe(202);
    await t.app.jobs.drain();
  }
  return id;
}

async function slips(runId: number) {
  return queryRows<{ code: string; pf: boolean; restrict: boolean; st: SlipStatutory }>(
    t.db,
    sql`select s.employee_code as code, e.pf_applicable as pf, e.pf_restrict_to_ceiling as restrict, s.statutory as st
        from salary_slips s join employees e on e.id = s.employee_id where s.run_id = ${runId} order by s.employee_code`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  const [ho] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
  for (const month of [8, 9, 10]) runs.set(month, await runOf(ho.id, month));
});

afterAll(async () => {
  await t?.close();
});

describe('PF in the runs of August, September and October 2026', () => {
  it.each([
    // month, ceiling, the member's share / EPS / EDLI at or above ₹25,000 of PF wages
    [8, 15000, 1800, 1250, 75],
    [9, 19666.67, 2360, 1638, 98],
    [10, 25000, 3000, 2083, 125],
  ])('month %i: ceiling ₹%s, at most ₹%s / EPS ₹%s / EDLI ₹%s', async (month, ceiling, employee, eps, edli) => {
    const p = pfParametersForMonth(tables.pf, 2026, month)!;
    expect(p.wageCeiling).toBe(ceiling);
    const list = await slips(runs.get(month)!);
    const members = list.filter((s) => s.st.pfWages > 0 && s.pf);
    expect(members.length).toBeGreaterThan(0);
    let high = 0;
    for (const s of members) {
      const want = computePf(p, {
        pfWages: BigInt(s.st.pfWages),
        restrictToCeiling: s.st.epfWages < s.st.pfWages || s.restrict,
        epsEligible: s.st.epsWages > 0,
      });
      expect([s.st.epfWages, s.st.pfEmployee, s.st.eps, s.st.epf, s.st.edli], s.code).toEqual(
        [want.epfWages, want.employee, want.eps, want.epf, want.edli].map(Number),
      );
      expect(s.st.edliWages).toBe(Math.min(s.st.pfWages, R(ceiling)));
      if (s.st.pfWages >= R(25000) && s.st.epfWages < s.st.pfWages) {
        high++;
        expect(s.st.epfWages).toBe(R(ceiling));
        expect(s.st.pfEmployee).toBe(R(employee));
        if (s.st.epsWages > 0) expect(s.st.eps).toBe(R(eps));
        expect(s.st.edli).toBe(R(edli));
      }
    }
    expect(high, 'a member with PF wages of ₹25,000 or more on the ceiling').toBeGreaterThan(0);
  });

  it('the administration charges of each month are 0.5 % of the EPF wages on the month’s ceiling', async () => {
    for (const month of [8, 9, 10]) {
      const [c] = await queryRows<{ wages: string; amount: string }>(
        t.db,
        sql`select epf_wages::text as wages, amount::text as amount from pf_admin_charges where run_id = ${runs.get(month)!}`,
      );
      const total = (await slips(runs.get(month)!)).reduce((a, s) => a + s.st.epfWages, 0);
      expect(Number(c.wages)).toBe(total);
      expect(Number(c.amount)).toBe(Number(pfAdminCharges(pfParametersForMonth(tables.pf, 2026, month)!, BigInt(total))));
    }
  });

  it('the September ECR carries the day-weighted wages and shares (₹19,667 of EPF wages, ₹2,360)', async () => {
    const res = await payroll.get(`/api/payroll/runs/${runs.get(9)!}/ecr`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n').map((l) => l.split('#~#'));
    const capped = lines.filter((f) => f[3] === '19667');
    expect(capped.length).toBeGreaterThan(0);
    for (const f of capped) expect([f[5], f[6]]).toEqual(['19667', '2360']);
    expect((await employee1.get(`/api/payroll/runs/${runs.get(9)!}/ecr`)).statusCode).toBe(403);
  });
});

describe('the calculator', () => {
  it.each([
    [9, { employee: 2360, eps: 1638, epf: 722, edli: 98 }],
    [10, { employee: 3000, eps: 2083, epf: 917, edli: 125 }],
  ])('PF on ₹40,000 restricted to the ceiling in 2026-%i', async (month, pf) => {
    const res = await payroll.post('/api/payroll/statutory/compute', {
      year: 2026,
      month,
      state: 'KA',
      pfWages: 40000,
      grossWages: 60000,
      pfRestrictToCeiling: true,
      epsEligible: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pf).toEqual(pf);
  });
});

describe('an installation that locked September and October 2026 under ₹15,000 before this release', () => {
  // The months as the earlier release processed them: every slip's PF on the old ceiling, the charges likewise,
  // processed before the release's row was applied. Then the release's start raises their arrears.
  const old = tables.pf.find((p) => p.wageCeiling === 15000)!;
  const before = new Map<number, unknown>();

  it('raises arrears for both months and rewrites neither', async () => {
    for (const month of [9, 10]) {
      const runId = runs.get(month)!;
      await t.db.execute(sql`update payroll_runs set status = 'locked', processed_at = now() - interval '1 day' where id = ${runId}`);
      let wages = 0n;
      for (const s of await queryRows<{ id: number; st: SlipStatutory; restrict: boolean }>(
        t.db,
        sql`select s.id, s.statutory as st, e.pf_restrict_to_ceiling as restrict from salary_slips s join employees e on e.id = s.employee_id
            where s.run_id = ${runId} and (s.statutory->>'pfEmployee')::bigint > 0`,
      )) {
        const r = computePf(old, {
          pfWages: BigInt(s.st.pfWages),
          restrictToCeiling: s.st.epfWages < s.st.pfWages || s.restrict,
          epsEligible: s.st.epsWages > 0,
        });
        wages += r.epfWages;
        const st = {
          ...s.st,
          epfWages: Number(r.epfWages),
          epsWages: Number(r.epsWages),
          edliWages: Number(r.edliWages),
          pfEmployee: Number(r.employee),
          eps: Number(r.eps),
          epf: Number(r.epf),
          edli: Number(r.edli),
        };
        await t.db.execute(sql`update salary_slips set statutory = ${JSON.stringify(st)}::jsonb where id = ${s.id}`);
      }
      await t.db.execute(
        sql`update pf_admin_charges set epf_wages = ${Number(wages)}, amount = ${Number(pfAdminCharges(old, wages))} where run_id = ${runId}`,
      );
      before.set(month, await slips(runId));
    }
    await t.db.execute(sql`update statutory_parameters set created_at = now() where kind = 'pf' and effective_from = '2026-09-17'`);
    const raised = await raiseReleaseArrears(t.db);
    expect(raised.length).toBeGreaterThanOrEqual(2);
    for (const month of [9, 10]) expect(await slips(runs.get(month)!)).toEqual(before.get(month));
    expect(await raiseReleaseArrears(t.db)).toEqual([]);
  });

  it.each([
    // month → a member on ₹25,000 or more: member, EPS, EPF, EDLI, EPF wages (the law's less the old ceiling's)
    [9, 560, 388, 172, 23, 4666.67],
    [10, 1200, 833, 367, 50, 10000],
  ])('2026-%i: the member’s share ₹%s, EPS ₹%s, EPF ₹%s, EDLI ₹%s on ₹%s more wages', async (month, employee, eps, epf, edli, wages) => {
    const [own] = await queryRows<{ id: number }>(t.db, sql`select id from statutory_arrears where run_id = ${runs.get(month)!}`);
    expect(own).toBeDefined();
    const detail = (await payroll.get(`/api/payroll/statutory-arrears/${own.id}`)).json();
    expect(detail.status).toBe('pending');
    const list = (before.get(month) as Awaited<ReturnType<typeof slips>>).filter(
      (s) => s.st.pfWages >= R(25000) && s.st.epfWages < s.st.pfWages && s.st.epsWages > 0,
    );
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) {
      const line = detail.lines.find((l: { employeeCode: string }) => l.employeeCode === s.code);
      expect(line, s.code).toMatchObject({ employeeShare: employee, eps, epf, edli, epfWages: wages });
    }
    // Administration charges on the new EPF wages less those charged under the old ceiling.
    const oldWages = (before.get(month) as Awaited<ReturnType<typeof slips>>).reduce((x, s) => x + s.st.epfWages, 0);
    const p = pfParametersForMonth(tables.pf, 2026, month)!;
    const newWages = oldWages + Math.round(detail.epfWages * 100);
    expect(detail.adminCharges).toBe((Number(pfAdminCharges(p, BigInt(newWages))) - Number(pfAdminCharges(old, BigInt(oldWages)))) / 100);
  });
});
