// The statutory heads of the salary run (issue 13): the seeded runs of every unit carry PF, ESI, professional tax
// and labour welfare fund as the rules of @hr/payroll work them out from the dated parameters and the unit's
// state — checked here by calling the rules directly over each slip's wages — and the ECR 2.0 file of a run.
import {
  computeEsi,
  computeLwf,
  computePf,
  computePt,
  ECR_SEPARATOR,
  epsEligibility,
  esiContributionPeriod,
  esiCovered,
  inForce,
  monthStart,
  pfParametersForMonth,
  STATUTORY_PARAMETERS,
  statutoryTables,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { SlipStatutory } from '../../src/db/schema';
import { computeMonth, isSlip } from '../../src/modules/payroll/compute';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

// Seeded head ids (modules/masters/seed.ts SEED_HEADS).
const HEAD = { BASIC: 1, DA: 2, OT: 7, PF: 21, ESI: 22, PT: 23, LWF: 25 };
const ESI_WAGE_HEADS = [1, 2, 3, 4, 5, 6, 7, 8];

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let units: { id: number; code: string; state: string }[];
const tables = statutoryTables(STATUTORY_PARAMETERS);

type SlipRow = {
  runId: number;
  year: number;
  month: number;
  employeeId: number;
  code: string;
  amounts: Record<string, number>;
  gross: number;
  deductions: number;
  net: number;
  payable: number;
  lwop: number;
  st: SlipStatutory;
  dob: string;
  gender: string;
  pf: boolean;
  esi: boolean;
  pt: boolean;
};

async function slipsOf(unitId: number, year: number, month: number): Promise<SlipRow[]> {
  return queryRows<SlipRow>(
    t.db,
    sql`select s.run_id as "runId", r.year, r.month, s.employee_id as "employeeId", s.employee_code as code, s.amounts,
          s.gross::float8 as gross, s.deductions::float8 as deductions, s.net::float8 as net,
          (s.attendance->>'payableDays')::float8 as payable,
          coalesce((s.attendance->>'lwopDays')::float8, 0) as lwop, s.statutory as st,
          e.date_of_birth::text as dob, e.gender, e.pf_applicable as pf, e.esi_applicable as esi, e.pt_applicable as pt
        from salary_slips s join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
        where r.unit_id = ${unitId} and r.year = ${year} and r.month = ${month} order by s.employee_code`,
  );
}

const amt = (s: { amounts: Record<string, number> }, id: number) => Number(s.amounts[String(id)] ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  units = await queryRows(
    t.db,
    sql`select u.id, u.code, upper(s.code) as state from units u join states s on s.id = u.state_id order by u.id`,
  );
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

describe('statutory heads of the seeded runs', () => {
  it('every unit has its state, and PF, ESI, PT and LWF of each slip are what the rules give on its wages', async () => {
    expect(units.map((u) => `${u.code}:${u.state}`)).toEqual(['HO-BLR:KA', 'BR-CHN:TN', 'CMP-MYS:KA']);
    let checked = 0;
    let esiCovered_ = 0;
    for (const u of units) {
      const earlier = [...(await slipsOf(u.id, M.prev2.year, M.prev2.month))];
      for (const m of [M.prev2, M.prev1]) {
        const on = monthStart(m.year, m.month);
        // PF by the month's rows (September 2026 day-weighted: the ceiling of ₹25,000 from the 17th).
        const pf = pfParametersForMonth(tables.pf, m.year, m.month)!;
        const esi = inForce(tables.esi, on)!;
        const pt = inForce(tables.pt.get(u.state) ?? [], on);
        const lwf = inForce(tables.lwf.get(u.state) ?? [], on);
        const period = esiContributionPeriod(esi, m.year, m.month);
        const slips = await slipsOf(u.id, m.year, m.month);
        expect(slips.length).toBeGreaterThan(0);
        for (const s of slips) {
          const pfWages = amt(s, HEAD.BASIC) + amt(s, HEAD.DA);
          const eps = epsEligibility(pf, { wageMonthStart: on, dateOfBirth: s.dob }).eligible;
          const pfWant = s.pf
            ? computePf(pf, { pfWages: BigInt(pfWages), restrictToCeiling: true, epsEligible: eps })
            : { employee: 0n, eps: 0n, epf: 0n, edli: 0n };
          expect(s.st.pfWages).toBe(pfWages);
          expect(amt(s, HEAD.PF)).toBe(Number(pfWant.employee));
          expect([s.st.pfEmployee, s.st.eps, s.st.epf, s.st.edli]).toEqual(
            [pfWant.employee, pfWant.eps, pfWant.epf, pfWant.edli].map(Number),
          );

          const esiWages = ESI_WAGE_HEADS.reduce((a, id) => a + amt(s, id), 0);
          const coverage = esiWages - amt(s, HEAD.OT);
          const before = earlier
            .filter((x) => x.employeeId === s.employeeId && monthStart(x.year, x.month) >= period.start && x.month !== m.month)
            .map((x) => BigInt(x.st.esiCoverageWages));
          const covered = s.esi && esiCovered(esi, [...before, BigInt(coverage)]);
          const esiWant = computeEsi(esi, { covered, grossWages: BigInt(esiWages), paidDays: s.payable });
          expect(s.st.esiWages).toBe(esiWages);
          expect(s.st.esiCovered).toBe(covered);
          expect(amt(s, HEAD.ESI)).toBe(Number(esiWant.employee));
          expect(s.st.esiEmployer).toBe(Number(esiWant.employer));
          if (covered) esiCovered_++;

          const gender = s.gender === 'Female' ? 'female' : 'male';
          const ptWant = s.pt ? computePt(pt, { month: m.month, monthlyGross: BigInt(s.gross), gender }) : 0n;
          expect(amt(s, HEAD.PT)).toBe(Number(ptWant));
          const lwfWant = computeLwf(lwf, { month: m.month, grossWages: BigInt(s.gross) });
          expect(amt(s, HEAD.LWF)).toBe(Number(lwfWant.employee));
          expect(s.st.lwfEmployer).toBe(Number(lwfWant.employer));
          expect(s.net).toBe(s.gross - s.deductions);
          checked++;
        }
        earlier.push(...slips);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(esiCovered_).toBeGreaterThan(0);
  });

  it('Chennai pays Tamil Nadu’s half-yearly professional tax in September, and Karnataka units their own', async () => {
    const chn = units.find((u) => u.code === 'BR-CHN')!;
    const blr = units.find((u) => u.code === 'HO-BLR')!;
    const year = M.cur.year;
    const on = monthStart(year, 9);
    for (const [u, state] of [
      [chn, 'TN'],
      [blr, 'KA'],
    ] as const) {
      const m = await computeMonth(t.db, u.id, year, 9);
      const slips = m.results.filter(isSlip);
      expect(slips.length).toBeGreaterThan(0);
      const params = inForce(tables.pt.get(state)!, on)!;
      const byId = new Map(m.employees.map((e) => [e.id, e]));
      for (const s of slips) {
        const e = byId.get(s.employeeId)!;
        const want = e.ptApplicable
          ? computePt(params, { month: 9, monthlyGross: BigInt(s.gross), gender: e.gender === 'Female' ? 'female' : 'male' })
          : 0n;
        expect(s.amounts.get(HEAD.PT)).toBe(Number(want));
      }
      const paid = slips.map((s) => s.amounts.get(HEAD.PT) ?? 0).filter((x) => x > 0);
      expect(paid.length).toBeGreaterThan(0);
      // Tamil Nadu's slabs are of the half-year's salary (₹135 … ₹1,250), never Karnataka's ₹200 a month.
      if (state === 'TN') expect(paid.every((x) => x !== 20000)).toBe(true);
      else expect(paid.every((x) => x === 20000)).toBe(true);
    }
    // October is not a due month in Tamil Nadu.
    const oct = await computeMonth(t.db, chn.id, year, 10);
    expect(oct.results.filter(isSlip).every((s) => (s.amounts.get(HEAD.PT) ?? 0) === 0)).toBe(true);
  });
});

describe('ECR 2.0 file of a run', () => {
  const runId = async (code: string, m: { year: number; month: number }) => {
    const u = units.find((x) => x.code === code)!;
    const [r] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = ${u.id} and year = ${m.year} and month = ${m.month}`,
    );
    return r.id;
  };

  it('has a line per PF member with the slip’s figures in rupees, adding up to the run’s PF', async () => {
    const id = await runId('HO-BLR', M.prev1);
    const res = await payroll.get(`/api/payroll/runs/${id}/ecr`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const monthName = new Date(Date.UTC(M.prev1.year, M.prev1.month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ECR_HO-BLR_${monthName}_${M.prev1.year}.txt"`);
    const lines = res.body.split('\n');
    const slips = (await slipsOf(units[0].id, M.prev1.year, M.prev1.month)).filter((s) => s.st.pfEmployee > 0);
    const uans = await queryRows<{ code: string; uan: string; name: string }>(
      t.db,
      sql`select employee_code as code, uan_no as uan, name from salary_slips where run_id = ${id}`,
    );
    expect(lines).toHaveLength(slips.length);
    const rupee = (p: number) => String(Math.round(p / 100));
    let eeTotal = 0;
    let pfHeadTotal = 0;
    lines.forEach((line, i) => {
      const f = line.split(ECR_SEPARATOR);
      const s = slips[i];
      const u = uans.find((x) => x.code === s.code)!;
      expect(f).toEqual([
        u.uan,
        u.name,
        rupee(s.gross),
        rupee(s.st.epfWages),
        rupee(s.st.epsWages),
        rupee(s.st.edliWages),
        rupee(s.st.pfEmployee),
        rupee(s.st.eps),
        rupee(s.st.epf),
        String(Math.ceil(s.lwop)), // NCP days: leave without pay, a half day counting as one
        '0',
      ]);
      expect(Number(f[7]) + Number(f[8])).toBe(Number(f[6])); // employer's 12 % = EPS + EPF difference on wages within the ceiling
      eeTotal += Number(f[6]);
      pfHeadTotal += amt(s, HEAD.PF);
    });
    expect(eeTotal * 100).toBe(pfHeadTotal);
  });

  it('refuses a missing UAN (409 naming the employee), a draft run (409), and callers out of reach', async () => {
    const id = await runId('HO-BLR', M.prev1);
    const [victim] = await queryRows<{ code: string; uan: string }>(
      t.db,
      sql`select employee_code as code, uan_no as uan from salary_slips
          where run_id = ${id} and (statutory->>'pfEmployee')::bigint > 0 order by employee_code limit 1`,
    );
    await t.db.execute(sql`update salary_slips set uan_no = null where run_id = ${id} and employee_code = ${victim.code}`);
    const bad = await payroll.get(`/api/payroll/runs/${id}/ecr`);
    expect(bad.statusCode).toBe(409);
    expect(bad.json().message).toContain(victim.code);
    await t.db.execute(sql`update salary_slips set uan_no = ${victim.uan} where run_id = ${id} and employee_code = ${victim.code}`);

    const draft = await runId('HO-BLR', M.cur);
    expect((await payroll.get(`/api/payroll/runs/${draft}/ecr`)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/payroll/runs/${id}/ecr` })).statusCode).toBe(401);
    expect((await employee1.get(`/api/payroll/runs/${id}/ecr`)).statusCode).toBe(403);
    // The manager's units are Bengaluru and Chennai: Mysuru's run is out of reach.
    expect((await manager.get(`/api/payroll/runs/${await runId('CMP-MYS', M.prev1)}/ecr`)).statusCode).toBe(404);
    expect((await manager.get(`/api/payroll/runs/${id}/ecr`)).statusCode).not.toBe(404);
  });
});

describe('ESI monthly contribution file of a run', () => {
  it('lists the covered employees in the ESIC layout; refuses a missing IP number (409) and callers out of reach', async () => {
    // The seeded run with the most employees covered by ESI (most of the demo staff earn above the ceiling).
    const [run] = await queryRows<{ id: number; unitId: number; code: string; year: number; month: number }>(
      t.db,
      sql`select r.id, r.unit_id as "unitId", u.code, r.year, r.month from payroll_runs r join units u on u.id = r.unit_id
          join salary_slips s on s.run_id = r.id where r.status <> 'draft' and (s.statutory->>'esiCovered')::boolean
          group by r.id, u.code order by count(*) desc, r.id limit 1`,
    );
    expect(run).toBeDefined();
    const covered = (await slipsOf(run.unitId, run.year, run.month)).filter((s) => s.st.esiCovered);
    expect(covered.length).toBeGreaterThan(0);
    // An insured member without an IP number: the file is refused, naming them.
    await t.db.execute(sql`update employees set esi_number = null where id = ${covered[0].employeeId}`);
    const refused = await payroll.get(`/api/payroll/runs/${run.id}/esi`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(covered[0].code);
    await t.db.execute(sql`update employees set esi_number = lpad((2000000000 + id)::text, 10, '0')
      where id in (select employee_id from salary_slips where run_id = ${run.id} and (statutory->>'esiCovered')::boolean)`);
    const res = await payroll.get(`/api/payroll/runs/${run.id}/esi`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ESI_${run.code}_${new Date(Date.UTC(run.year, run.month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })}_${run.year}.xlsx"`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(String(ws.getRow(1).getCell(1).value)).toBe('IP Number (10 Digits)');
    const all = [];
    for (let r = 2; r <= ws.rowCount; r++) all.push((ws.getRow(r).values as unknown[]).slice(1));
    // In April and October the file also lists those out of coverage from the new period (reason 4; esi-file.test.ts).
    const rows = all.filter((row) => row[4] !== 4);
    expect(rows).toHaveLength(covered.length);
    rows.forEach((row, i) => {
      const s = covered[i];
      expect(row[0]).toBe(String(2000000000 + s.employeeId));
      // Days are whole numbers, a fraction rounded up (ESIC's manual for the monthly contribution file).
      expect(row[2]).toBe(Math.ceil(s.payable));
      expect(row[3]).toBe(s.st.esiWages / 100);
      expect(row[4]).toBe(Math.ceil(s.payable) === 0 ? 1 : 0);
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/payroll/runs/${run.id}/esi` })).statusCode).toBe(401);
    expect((await employee1.get(`/api/payroll/runs/${run.id}/esi`)).statusCode).toBe(403);
    const [mys] = await queryRows<{ id: number }>(
      t.db,
      sql`select r.id from payroll_runs r join units u on u.id = r.unit_id where u.code = 'CMP-MYS' and r.year = ${M.prev1.year} and r.month = ${M.prev1.month}`,
    );
    expect((await manager.get(`/api/payroll/runs/${mys.id}/esi`)).statusCode).toBe(404);
  });
});
