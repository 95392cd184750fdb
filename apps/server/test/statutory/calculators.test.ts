// The statutory calculators: POST /api/payroll/tax/compute and POST /api/payroll/statutory/compute read the
// dated parameters from statutory_parameters (seeded from packages/payroll/src/statutory/parameters.ts, whose
// worked examples are tested beside the rules); here: the figures arrive through the API, a row an
// administrator adds is used at once, bad input is a 400 with the field, and only payroll users may call them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let anonymous: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  anonymous = api(t.app);
});
afterAll(() => t?.close());

const TAX = '/api/payroll/tax/compute';
const STAT = '/api/payroll/statutory/compute';

describe('POST /api/payroll/tax/compute', () => {
  it('gives the new regime’s 87A rebate and its marginal relief (Finance Act 2025)', async () => {
    const atEdge = await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', annualGrossSalary: 1275000 });
    expect(atEdge.statusCode, atEdge.body).toBe(200);
    expect(atEdge.json()).toMatchObject({
      standardDeduction: 75000,
      taxableIncome: 1200000,
      taxOnIncome: 60000,
      rebate: 60000,
      surcharge: 0,
      cess: 0,
      totalTax: 0,
    });
    // ₹12,67,500 of income: tax 70,125 cut to the 67,500 above ₹12 L; cess 2,700.
    const above = (await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', annualGrossSalary: 1342500 })).json();
    expect(above).toMatchObject({ taxableIncome: 1267500, taxOnIncome: 70125, rebate: 2625, cess: 2700, totalTax: 70200 });
  });

  it('caps old-regime deductions and counts exemptions and professional tax', async () => {
    const res = await payroll.post(TAX, {
      financialYear: '2025-26',
      regime: 'old',
      annualGrossSalary: 1000000,
      exemptions: 140000,
      professionalTax: 2400,
      deductions: { '80C': 200000, '80D': 30000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      financialYear: '2025-26',
      regime: 'old',
      annualGrossSalary: 1000000,
      standardDeduction: 50000,
      exemptions: 140000,
      professionalTax: 2400,
      houseProperty: 0,
      otherIncome: 0,
      grossTotalIncome: 807600,
      deductions: { '80C': 150000, '80D': 25000 },
      taxableIncome: 632600,
      taxOnIncome: 39020,
      rebate: 0,
      surcharge: 0,
      cess: 1560.8,
      totalTax: 40580,
    });
  });

  it('applies surcharge with marginal relief', async () => {
    // ₹50.1 L of income: surcharge 10 % of 10,83,000 cut to 7,000.
    const res = await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', annualGrossSalary: 5085000 });
    expect(res.json()).toMatchObject({ taxableIncome: 5010000, taxOnIncome: 1083000, surcharge: 7000, cess: 43600, totalTax: 1133600 });
  });

  it('knows FY 2024-25 and 2026-27, and uses a year an administrator adds', async () => {
    const fy24 = (await payroll.post(TAX, { financialYear: '2024-25', regime: 'new', annualGrossSalary: 785000 })).json();
    expect(fy24).toMatchObject({ taxableIncome: 710000, rebate: 11000, totalTax: 10400 });
    const fy26 = (await payroll.post(TAX, { financialYear: '2026-27', regime: 'new', annualGrossSalary: 1275000 })).json();
    expect(fy26.totalTax).toBe(0);

    const unknown = await payroll.post(TAX, { financialYear: '2027-28', regime: 'new', annualGrossSalary: 1275000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.financialYear).toBeDefined();
    // A budget raises the standard deduction: a new row, no code change.
    await t.db.execute(sql`
      insert into statutory_parameters (kind, state_code, effective_from, data, source)
      select kind, null, date '2027-04-01',
             jsonb_set(jsonb_set(data, '{financialYear}', '"2027-28"'), '{standardDeduction}', '100000'), 'test: a later Finance Act'
      from statutory_parameters where kind = 'income_tax_new' and effective_from = date '2026-04-01'`);
    const added = await payroll.post(TAX, { financialYear: '2027-28', regime: 'new', annualGrossSalary: 1300000 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ standardDeduction: 100000, taxableIncome: 1200000, totalTax: 0 });
  });

  it.each([
    ['a bad regime', { regime: 'middle' }, 'regime'],
    ['a malformed year', { financialYear: '2025-27' }, 'financialYear'],
    ['a negative salary', { annualGrossSalary: -1 }, 'annualGrossSalary'],
    ['a negative deduction', { deductions: { '80C': -5 } }, 'deductions.80C'],
    ['an unknown section', { deductions: { '80Z': 5000 } }, 'deductions.80Z'],
    ['more than paise', { annualGrossSalary: 100.001 }, 'annualGrossSalary'],
  ])('answers 400 for %s', async (_, change, field) => {
    const res = await payroll.post(TAX, { financialYear: '2025-26', regime: 'old', annualGrossSalary: 900000, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });

  it('refuses the signed out (401) and a plain employee (403)', async () => {
    const body = { financialYear: '2025-26', regime: 'new', annualGrossSalary: 1200000 };
    expect((await anonymous.post(TAX, body)).statusCode).toBe(401);
    expect((await employee1.post(TAX, body)).statusCode).toBe(403);
  });
});

describe('POST /api/payroll/statutory/compute', () => {
  const base = { pfRestrictToCeiling: true, epsEligible: true };

  it('works out PF, ESI, PT and LWF for a Karnataka month', async () => {
    // February 2026 in Karnataka: PF on the ₹15,000 ceiling, above the ESI ceiling, PT ₹300 (Act 33 of 2025), no LWF.
    const feb = await payroll.post(STAT, { ...base, year: 2026, month: 2, state: 'Karnataka', pfWages: 25000, grossWages: 40000 });
    expect(feb.statusCode, feb.body).toBe(200);
    expect(feb.json()).toEqual({
      state: { code: 'KA', name: 'Karnataka' },
      pf: { employee: 1800, eps: 1250, epf: 550, edli: 75 },
      esi: { covered: false, employee: 0, employer: 0 },
      pt: 300,
      lwf: { employee: 0, employer: 0 },
    });
    // December 2025, by code: ₹9,000 PF wages (EPS 749.70 → 750), ESI 0.75 % / 3.25 % of 18,000 (135 / 585),
    // under the PT threshold, LWF ₹50 / ₹100 for the year.
    const dec = (await payroll.post(STAT, { ...base, year: 2025, month: 12, state: 'ka', pfWages: 9000, grossWages: 18000 })).json();
    expect(dec).toMatchObject({
      pf: { employee: 1080, eps: 750, epf: 330, edli: 45 },
      esi: { covered: true, employee: 135, employer: 585 },
      pt: 0,
      lwf: { employee: 50, employer: 100 },
    });
  });

  it('follows the state’s own rules: gender, ineligible EPS, full-wage PF and paid days', async () => {
    const mh = (
      await payroll.post(STAT, {
        year: 2025,
        month: 6,
        state: 'MH',
        pfWages: 30000,
        grossWages: 24000,
        pfRestrictToCeiling: false,
        epsEligible: false,
        gender: 'female',
      })
    ).json();
    // Women under ₹25,000 pay no PT in Maharashtra; LWF ₹25 / ₹75 in June; PF on full wages, all employer share to EPF.
    expect(mh).toMatchObject({ pf: { employee: 3600, eps: 0, epf: 3600, edli: 75 }, pt: 0, lwf: { employee: 25, employer: 75 } });
    // ₹4,400 for 25 paid days is ₹176 a day: no employee's ESI share, the employer's 3.25 % rounded up (143).
    const low = (
      await payroll.post(STAT, { ...base, year: 2025, month: 6, state: 'Tamil Nadu', pfWages: 2000, grossWages: 4400, paidDays: 25 })
    ).json();
    expect(low.esi).toEqual({ covered: true, employee: 0, employer: 143 });
    const delhi = (await payroll.post(STAT, { ...base, year: 2025, month: 12, state: 'Delhi', pfWages: 15000, grossWages: 90000 })).json();
    expect(delhi).toMatchObject({ pt: 0, lwf: { employee: 0, employer: 0 } });
  });

  it('leaves out a parameter row whose figures the rules cannot read, instead of failing', async () => {
    await t.db.execute(sql`
      insert into statutory_parameters (kind, state_code, effective_from, data, source)
      values ('pt', 'DL', date '2025-04-01', '{"frequency": "sometimes", "slabs": []}'::jsonb, 'test: a row saved in a wrong shape')`);
    const res = await payroll.post(STAT, { ...base, year: 2025, month: 6, state: 'DL', pfWages: 15000, grossWages: 90000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pt).toBe(0);
    await t.db.execute(sql`delete from statutory_parameters where state_code = 'DL'`);
  });

  it.each([
    ['an unknown state', { state: 'Atlantis' }, 'state'],
    ['negative wages', { pfWages: -100 }, 'pfWages'],
    ['a month out of range', { month: 13 }, 'month'],
    ['a missing flag', { epsEligible: undefined }, 'epsEligible'],
    ['an unknown gender', { gender: 'x' }, 'gender'],
  ])('answers 400 for %s', async (_, change, field) => {
    const res = await payroll.post(STAT, { ...base, year: 2025, month: 6, state: 'KA', pfWages: 15000, grossWages: 20000, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });

  it('refuses the signed out (401) and a plain employee (403)', async () => {
    const body = { ...base, year: 2025, month: 6, state: 'KA', pfWages: 15000, grossWages: 20000 };
    expect((await anonymous.post(STAT, body)).statusCode).toBe(401);
    expect((await employee1.post(STAT, body)).statusCode).toBe(403);
  });
});

describe('seeded data', () => {
  it('gives each demo unit its state and seeds the parameters once', async () => {
    const units = await queryRows<{ code: string; state: string }>(
      t.db,
      sql`select u.code, s.code as state from units u join states s on s.id = u.state_id order by u.code`,
    );
    expect(units).toEqual([
      { code: 'BR-CHN', state: 'TN' },
      { code: 'CMP-MYS', state: 'KA' },
      { code: 'HO-BLR', state: 'KA' },
    ]);
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from statutory_parameters`))[0].n;
    const before = await count();
    const { seedStatutory } = await import('../../src/modules/statutory/seed');
    await seedStatutory(t.db);
    expect(await count()).toBe(before);
    const states = await queryRows<{ state_code: string }>(
      t.db,
      sql`select distinct state_code from statutory_parameters where kind = 'pt' order by 1`,
    );
    expect(states.map((r) => r.state_code)).toEqual(['AP', 'GJ', 'KA', 'KL', 'MH', 'MP', 'TN', 'TS', 'WB']);
  });
});
