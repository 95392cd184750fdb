// The salary run's TDS with the person's parts (issue 25): the employee's age in the year from the employee record
// (the old regime's slabs for residents of 60–79 and 80 or more, CBDT Circular 28/2016's day-before-birthday rule)
// and the employer's NPS contribution declared under s.80CCD(2), capped at 10 % (old) / 14 % (new) of the year's
// basic + DA — the earlier slips' PF-wage heads, this month's and the months after it projected. The slip's TDS is
// the pure rule's (salaryMonthTds) on the same figures.
import {
  financialYearOf,
  incomeTaxParametersFor,
  remainingMonthsOf,
  STATUTORY_PARAMETERS,
  salaryMonthTds,
  statutoryTables,
  type TaxRegime,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { SlipStatutory } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

// Seeded head ids (modules/masters/seed.ts SEED_HEADS): Basic and DA are the PF-wage heads.
const HEAD = { BASIC: 1, DA: 2, HRA: 3, ARREARS: 8, BONUS: 9, PT: 23, TDS: 24 };
const tables = statutoryTables(STATUTORY_PARAMETERS);

let t: TestApp;
let payroll: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
type Slip = { unitId: number; ym: number; employeeId: number; amounts: Record<string, number>; gross: number; st: SlipStatutory };

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

const amt = (s: Slip, id: number) => Number(s.amounts[String(id)] ?? 0);
/** Income from other sources declared (₹10 L, paise), so that the demo salary is taxed in either regime. */
const OTHER = 100_000_000;

async function slipsOf(employeeId: number): Promise<Slip[]> {
  return queryRows<Slip>(
    t.db,
    sql`select r.unit_id as "unitId", r.year * 100 + r.month as ym, s.employee_id as "employeeId", s.amounts,
          s.gross::float8 as gross, s.statutory as st
        from salary_slips s join payroll_runs r on r.id = s.run_id where s.employee_id = ${employeeId} order by r.year, r.month`,
  );
}

/** The rule on the slip's figures, the earlier slips of the year, the regime, the deductions and the age. */
function direct(s: Slip, all: Slip[], regime: TaxRegime, deductions: Record<string, number>, age?: number, withBasic = true) {
  const year = Math.floor(s.ym / 100);
  const month = s.ym % 100;
  const fyStart = (month >= 4 ? year : year - 1) * 100 + 4;
  const earlier = all.filter((x) => x.ym >= fyStart && x.ym < s.ym);
  const oneOff = (x: Slip) => amt(x, HEAD.ARREARS) + amt(x, HEAD.BONUS);
  const sum = (f: (x: Slip) => number) => earlier.reduce((a, x) => a + f(x), 0);
  const basic = (x: Slip) => amt(x, HEAD.BASIC) + amt(x, HEAD.DA);
  const p = incomeTaxParametersFor(tables, financialYearOf(year, month), regime)!;
  return salaryMonthTds(p, {
    remainingMonths: remainingMonthsOf(month),
    regular: s.gross - oneOff(s),
    oneOff: oneOff(s),
    hraReceived: amt(s, HEAD.HRA),
    basicPlusDa: basic(s),
    rentPerMonth: 0,
    metro: false,
    professionalTax: amt(s, HEAD.PT),
    earlierRegular: sum((x) => x.gross - oneOff(x)),
    earlierOneOff: sum(oneOff),
    earlierHraExempt: sum((x) => x.st.hraExempt ?? 0),
    earlierProfessionalTax: sum((x) => amt(x, HEAD.PT)),
    tdsSoFar: sum((x) => amt(x, HEAD.TDS)),
    previousEmployerSalary: 0,
    previousEmployerTds: 0,
    deductions,
    otherIncome: OTHER,
    age,
    earlierBasicPlusDa: withBasic ? sum(basic) : 0,
  }).tds;
}

async function processRun(unitId: number, employeeId: number) {
  const [run] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from payroll_runs where unit_id = ${unitId} and year = ${M.cur.year} and month = ${M.cur.month}`,
  );
  // The whole unit the first time (a run is processed whole once before employees are reprocessed).
  const [done] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from salary_slips where run_id = ${run.id}`);
  const res = await payroll.post(`/api/payroll/runs/${run.id}/process`, done.n ? { employeeIds: [employeeId] } : undefined);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
}

describe('the run takes the age from the employee record and 80CCD(2) from the declaration', () => {
  it('old regime: a senior citizen’s slabs and the employer’s NPS capped at 10 % of the year’s basic + DA', async () => {
    const fy = financialYearOf(M.cur.year, M.cur.month);
    const [top] = await queryRows<{ employeeId: number; unitId: number }>(
      t.db,
      sql`select s.employee_id as "employeeId", r.unit_id as "unitId" from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} order by s.gross desc limit 1`,
    );
    // 62 at some time in the year: born 15 January, 62 years before the year's end.
    const endYear = Number(fy.slice(0, 4)) + 1;
    await t.db.execute(sql`update employees set date_of_birth = ${`${endYear - 62}-01-15`} where id = ${top.employeeId}`);
    const claim = 50_000_000; // ₹5,00,000 declared: above 10 % of any seeded basic + DA
    const saved = await payroll.put(`/api/payroll/tax-declarations/${top.employeeId}`, {
      financialYear: fy,
      regime: 'old',
      otherIncome: OTHER / 100,
      lines: [{ section: '80CCD(2)', amount: claim / 100 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await processRun(top.unitId, top.employeeId);
    const all = await slipsOf(top.employeeId);
    const cur = all.find((s) => s.ym === M.cur.year * 100 + M.cur.month)!;
    const want = direct(cur, all, 'old', { '80CCD(2)': claim }, 62);
    expect(amt(cur, HEAD.TDS)).toBe(want);
    expect(cur.st.tds).toBe(want);
    // Each part matters: the age (₹2.5 L → ₹3 L nil band), the cap on the whole year's basic + DA.
    expect(want).toBeLessThan(direct(cur, all, 'old', { '80CCD(2)': claim }, 40));
    expect(want).toBeGreaterThanOrEqual(direct(cur, all, 'old', { '80CCD(2)': claim * 10 }, 62));

    // New regime: 14 % of the year's basic + DA (earlier slips counted), no age slabs.
    const again = await payroll.put(`/api/payroll/tax-declarations/${top.employeeId}`, {
      financialYear: fy,
      regime: 'new',
      otherIncome: OTHER / 100,
      lines: [{ section: '80CCD(2)', amount: claim / 100 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    await processRun(top.unitId, top.employeeId);
    const after = await slipsOf(top.employeeId);
    const now = after.find((s) => s.ym === M.cur.year * 100 + M.cur.month)!;
    const wantNew = direct(now, after, 'new', { '80CCD(2)': claim }, 62);
    expect(amt(now, HEAD.TDS)).toBe(wantNew);
    expect(now.st.tdsRegime).toBe('new');
    expect(wantNew).toBe(direct(now, after, 'new', { '80CCD(2)': claim }, 30));
    expect(wantNew).toBeLessThan(direct(now, after, 'new', {}, 62));
    // Leaving the earlier slips' basic + DA out would cap lower and deduct at least as much.
    expect(wantNew).toBeLessThanOrEqual(direct(now, after, 'new', { '80CCD(2)': claim }, 62, false));
  });
});
