// POST /api/payroll/tax/compute with the person's parts (issue 25): the employer's NPS contribution under
// s.80CCD(2) in both regimes and the old regime's slabs for residents of 60–79 and 80 or more from the date of
// birth. Outside figures: outlookmoney.com ("Benefits of NPS …": ₹17 L salary, ₹6.8 L basic, employer NPS 14 % =
// ₹95,200, FY 2025-26 new regime: tax ₹1.30 L without, ₹1,13,849 with, before s.288B rounding); CBDT Circular
// 28/2016 (born 1 April 1966: 60 on 31 March 2026); Part III of the First Schedule, para A (senior citizen:
// ₹1,10,000 + 30 % above ₹10 L; very senior: ₹1,00,000 + 30 %; tradingqna.com "Tax on senior citizen").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('s.80CCD(2) through the calculator', () => {
  it('new regime FY 2025-26: ₹95,200 on a ₹6.8 L basic of a ₹17 L salary (outlookmoney.com)', async () => {
    const without = await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', annualGrossSalary: 1700000 });
    expect(without.json().totalTax).toBe(130000);
    const res = await payroll.post(TAX, {
      financialYear: '2025-26',
      regime: 'new',
      annualGrossSalary: 1700000,
      basicAndDa: 680000,
      deductions: { '80CCD(2)': 95200 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deductions: { '80CCD(2)': 95200 },
      taxableIncome: 1529800,
      taxOnIncome: 109470,
      cess: 4378.8,
      totalTax: 113850,
      npsCapOn: 'basicAndDa',
    });
    expect(res.json()).not.toHaveProperty('age');
  });

  it('caps the claim at 14 % (new) / 10 % (old) of basic + DA; without basic + DA, of the gross salary', async () => {
    const claim = { annualGrossSalary: 1700000, deductions: { '80CCD(2)': 150000 } };
    const newer = (await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', basicAndDa: 680000, ...claim })).json();
    expect(newer.deductions['80CCD(2)']).toBe(95200);
    const older = (await payroll.post(TAX, { financialYear: '2025-26', regime: 'old', basicAndDa: 680000, ...claim })).json();
    expect(older.deductions['80CCD(2)']).toBe(68000);
    // 14 % of ₹17 L = ₹2,38,000 ≥ the claim; the answer says which salary the cap was taken on.
    const onGross = (await payroll.post(TAX, { financialYear: '2025-26', regime: 'new', ...claim })).json();
    expect(onGross).toMatchObject({ deductions: { '80CCD(2)': 150000 }, npsCapOn: 'grossSalary' });
    const oldOnGross = (
      await payroll.post(TAX, { financialYear: '2024-25', regime: 'old', annualGrossSalary: 1000000, deductions: { '80CCD(2)': 150000 } })
    ).json();
    expect(oldOnGross.deductions['80CCD(2)']).toBe(100000);
  });
});

describe('the old regime by age from the date of birth', () => {
  const body = { financialYear: '2025-26', regime: 'old', annualGrossSalary: 1250000 };
  it.each([
    ['1980-06-15', 45, 172500, 179400],
    ['1966-04-01', 60, 170000, 176800], // 60 on 31 March 2026 (the day before the birthday)
    ['1966-04-02', 59, 172500, 179400],
    ['1950-10-10', 75, 170000, 176800],
    ['1946-03-31', 80, 160000, 166400],
  ])('born %s: age %i, tax on income %i, total %i', async (dateOfBirth, age, onIncome, total) => {
    const res = await payroll.post(TAX, { ...body, dateOfBirth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ age, taxableIncome: 1200000, taxOnIncome: onIncome, totalTax: total });
  });

  it('the new regime is the same at every age', async () => {
    const young = (await payroll.post(TAX, { ...body, regime: 'new' })).json();
    const old = (await payroll.post(TAX, { ...body, regime: 'new', dateOfBirth: '1940-01-01' })).json();
    expect(old.totalTax).toBe(young.totalTax);
    expect(old.age).toBe(86);
  });
});

describe('bad input and access', () => {
  it.each([
    [{ dateOfBirth: '1966-02-30' }, 'dateOfBirth'],
    [{ dateOfBirth: '15-06-1980' }, 'dateOfBirth'],
    [{ dateOfBirth: '2026-04-01' }, 'dateOfBirth'], // born after the year ended
    [{ basicAndDa: -1 }, 'basicAndDa'],
    [{ basicAndDa: 'lots' }, 'basicAndDa'],
    [{ deductions: { '80CCD(2)': -5 } }, 'deductions.80CCD(2)'],
  ])('%j → 400 naming %s', async (extra, field) => {
    const res = await payroll.post(TAX, { financialYear: '2025-26', regime: 'old', annualGrossSalary: 900000, ...extra });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('an employee may not use it (403), nor an anonymous caller (401)', async () => {
    const body = { financialYear: '2025-26', regime: 'new', annualGrossSalary: 900000, dateOfBirth: '1960-01-01' };
    expect((await employee1.post(TAX, body)).statusCode).toBe(403);
    expect((await anonymous.post(TAX, body)).statusCode).toBe(401);
  });
});
