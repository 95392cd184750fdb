// Law as data (issue 25) for the exit settlement and the registers: the gratuity ceiling and the income-tax exemptions
// of gratuity and leave encashment, and the forms the registers of wages follow, are statutory parameter rows the
// release ships with their notifications; the screen's API lists them with their source, refuses bad figures naming
// the field, and an employer's later row is what the settlement reads for a day after it. Form 138's Annexure III
// is named for what it is (specified senior citizens' income a specified bank reports), nothing an employer files.
import { MENU } from '@hr/contract';
import { exitParametersOn } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { exitParametersAt } from '../../src/modules/statutory/parameters';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

const URL = '/api/statutory/parameters';
let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee: ReturnType<typeof api>;
let blr = 0;

type Row = {
  id: number;
  kind: string;
  effectiveFrom: string;
  data: Record<string, unknown>;
  source: string;
  notification: string | null;
  origin: string;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee = api(t.app, await signIn(t.app, 'employee1'));
  [{ id: blr }] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
});
afterAll(() => t?.close());

const cite = { notification: 'Test notification 7/2027', notificationDate: '2026-12-20' };

describe('exit limits as statutory parameters', () => {
  it('lists the leave-encashment limit by date with its notification: ₹3,00,000 to 31 Mar 2023, ₹25,00,000 from 1 Apr 2023', async () => {
    const before = (await payroll.get(URL, { kind: 'leave_encashment', on: '2023-03-31' })).json();
    expect(before.inForce).toHaveLength(1);
    expect(before.inForce[0]).toMatchObject({ kind: 'leave_encashment', origin: 'release', data: { taxExemption: 300000 } });
    expect(before.inForce[0].notification).toBe('S.O. 588(E)');
    const after = (await payroll.get(URL, { kind: 'leave_encashment', on: '2023-04-01' })).json();
    // CBDT Notification 31/2023 (S.O. 2276(E) of 24 May 2023): "Rs. 25,00,000 (twenty-five lakhs rupees only)".
    expect(after.inForce[0]).toMatchObject({
      effectiveFrom: '2023-04-01',
      data: { taxExemption: 2500000 },
      notificationDate: '2023-05-24',
    });
    expect(after.inForce[0].notification).toContain('31/2023');
    expect(after.inForce[0].source).toContain('S.O. 2276(E)');
    expect(after.kinds).toEqual(
      expect.arrayContaining([
        { kind: 'gratuity', label: 'Gratuity — ceiling and tax exemption', perState: false },
        { kind: 'leave_encashment', label: 'Leave encashment — tax exemption', perState: false },
        { kind: 'labour_registers', label: 'Registers of wages — forms in force', perState: false },
      ]),
    );
  });

  it('lists the gratuity ceiling of ₹20,00,000 (S.O. 1419(E) of 29 Mar 2018) and its successors under the Codes and the 2025 Act', async () => {
    const body = (await payroll.get(URL, { kind: 'gratuity', on: '2026-11-28' })).json();
    const history = body.history as Row[];
    expect(history.map((r) => r.effectiveFrom)).toEqual(['2026-04-01', '2025-11-21', '2018-03-29']);
    expect(history.every((r) => r.data.ceiling === 2000000 && r.data.taxExemption === 2000000 && r.source.length > 20)).toBe(true);
    expect(history.at(-1)?.notification).toBe('S.O. 1419(E)');
    expect(body.inForce[0].effectiveFrom).toBe('2026-04-01');
    // The table's rows are the release's: the settlement reads the same figures as the release's own list.
    expect(await exitParametersAt(t.db, '2026-11-28')).toMatchObject({
      gratuityCeiling: 2000000,
      gratuityTaxExemption: 2000000,
      leaveEncashmentTaxExemption: 2500000,
    });
    expect((await exitParametersAt(t.db, '2023-03-31')).leaveEncashmentTaxExemption).toBe(
      exitParametersOn('2023-03-31').leaveEncashmentTaxExemption,
    );
  });

  it('an employer row with a later date is read for a settlement dated after it, not before', async () => {
    const res = await payroll.post(URL, {
      kind: 'gratuity',
      effectiveFrom: '2027-01-01',
      data: { ceiling: 2500000, taxExemption: 2500000 },
      ...cite,
      source: 'A made-up raise of the ceiling to ₹25,00,000 (the test’s own figure)',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'gratuity', origin: 'employer', notification: cite.notification });
    const leave = await payroll.post(URL, {
      kind: 'leave_encashment',
      effectiveFrom: '2027-02-01',
      data: { taxExemption: 3000000 },
      ...cite,
    });
    expect(leave.statusCode, leave.body).toBe(201);
    expect(await exitParametersAt(t.db, '2026-12-31')).toMatchObject({ gratuityCeiling: 2000000, leaveEncashmentTaxExemption: 2500000 });
    const jan = await exitParametersAt(t.db, '2027-01-15');
    expect(jan).toMatchObject({
      effectiveFrom: '2027-01-01',
      gratuityCeiling: 2500000,
      gratuityTaxExemption: 2500000,
      leaveEncashmentTaxExemption: 2500000,
    });
    expect(jan.source).toContain('made-up raise');
    expect(await exitParametersAt(t.db, '2027-03-31')).toMatchObject({ effectiveFrom: '2027-02-01', leaveEncashmentTaxExemption: 3000000 });
    // Deactivated, the release's row applies again.
    expect((await payroll.delete(`${URL}/${res.json().id}`)).statusCode).toBe(204);
    expect((await exitParametersAt(t.db, '2027-01-15')).gratuityCeiling).toBe(2000000);
  });

  it('refuses bad figures with the field named (400, never 500)', async () => {
    const bad = async (kind: string, data: unknown, extra: Record<string, unknown> = {}) => {
      const r = await payroll.post(URL, { kind, effectiveFrom: '2027-06-01', data, ...cite, ...extra });
      expect(r.statusCode, r.body).toBe(400);
      return r.json().fieldErrors as Record<string, string[]>;
    };
    expect((await bad('gratuity', { ceiling: -5, taxExemption: 2000000 }))['data.ceiling'][0]).toMatch(/above nil/);
    expect((await bad('gratuity', { ceiling: 'twenty lakh', taxExemption: 2000000 }))['data.ceiling'][0]).toMatch(/rupees/);
    expect((await bad('gratuity', { ceiling: 2000000.5, taxExemption: 2000000 }))['data.ceiling'][0]).toMatch(/whole number/);
    expect(await bad('gratuity', { ceiling: 2000000 })).toHaveProperty(['data.taxExemption']);
    expect(await bad('leave_encashment', { taxExemption: 2500000, extra: 1 })).toHaveProperty(['data']);
    expect((await bad('leave_encashment', { taxExemption: 2500000 }, { stateCode: 'KA' })).stateCode[0]).toMatch(/same in every state/);
    expect((await bad('labour_registers', { rules: 'x', forms: { wages: 'Form B', loans: 'Form C' } }))['data.rules'][0]).toMatch(
      /Name the rules/,
    );
    expect(await bad('labour_registers', { rules: 'Some rules', forms: { wages: 'Form B' } })).toHaveProperty(['data.forms.loans']);
    const unknownKind = await payroll.post(URL, { kind: 'gratuity_old', effectiveFrom: '2027-06-01', data: {}, ...cite });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('a release row cannot be changed; an employee may not see or add rows; a view-only role lists but cannot add', async () => {
    const release = ((await payroll.get(URL, { kind: 'gratuity' })).json().history as Row[]).find((r) => r.origin === 'release');
    if (!release) throw new Error('no release row of gratuity');
    const put = await payroll.put(`${URL}/${release.id}`, { effectiveFrom: release.effectiveFrom, data: release.data, ...cite });
    expect(put.statusCode).toBe(409);
    expect((await employee.get(URL, { kind: 'gratuity' })).statusCode).toBe(403);
    const add = { kind: 'gratuity', effectiveFrom: '2027-07-01', data: { ceiling: 2500000, taxExemption: 2500000 }, ...cite };
    expect((await employee.post(URL, add)).statusCode).toBe(403);
    const viewer = await createUnitLimitedUser(t, { menus: [MENU.statutoryParameters], actions: ['view'], unitIds: [blr] });
    const v = viewer.api;
    const listed = await v.get(URL, { kind: 'leave_encashment' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().history as Row[]).every((r) => r.source.length > 0)).toBe(true);
    expect((await v.post(URL, add)).statusCode).toBe(403);
  });
});

describe('register forms by date', () => {
  it('the wage register of May 2026 is Form B of the 2017 rules; of June 2026, the Code on Wages (Central) Rules, 2026', async () => {
    const may = await admin.get('/api/reports/form-b/run', { year: 2026, month: 5 });
    expect(may.statusCode, may.body).toBe(200);
    expect(may.json().summary).toEqual([
      { label: 'Register', value: 'Form B — Wage Register', type: 'text' },
      { label: 'Rules', value: 'Ease of Compliance to Maintain Registers under various Labour Laws Rules, 2017', type: 'text' },
    ]);
    const june = (await admin.get('/api/reports/form-b/run', { year: 2026, month: 6 })).json();
    expect(june.summary).toEqual([
      { label: 'Register', value: 'Register of Wages (Code on Wages, 2019, s.50)', type: 'text' },
      { label: 'Rules', value: 'Code on Wages (Central) Rules, 2026', type: 'text' },
    ]);
    const row = ((await payroll.get(URL, { kind: 'labour_registers', on: '2026-06-01' })).json().inForce as Row[])[0];
    expect(row).toMatchObject({ effectiveFrom: '2026-05-08', notification: 'G.S.R. 343(E)', origin: 'release' });
  });

  it('the loans register of 2026-27 names both forms with their months; 2025-26 only Form C', async () => {
    const y26 = (await admin.get('/api/reports/form-c/run', { financialYear: 2026 })).json();
    expect(y26.summary).toEqual([
      { label: 'Register 2026-04 to 2026-05', value: expect.stringMatching(/^Form C .*2017\)$/), type: 'text' },
      { label: 'Register 2026-06 to 2027-03', value: expect.stringMatching(/Code on Wages \(Central\) Rules, 2026\)$/), type: 'text' },
    ]);
    const y25 = (await admin.get('/api/reports/form-c/run', { financialYear: 2025 })).json();
    expect(y25.summary[0]).toEqual({ label: 'Register', value: 'Form C — Register of Loans / Recoveries', type: 'text' });
  });

  it('an employer row from a later month changes the form of the months after it only', async () => {
    const res = await payroll.post(URL, {
      kind: 'labour_registers',
      effectiveFrom: '2026-09-15',
      data: { rules: 'Code on Wages (Central) Rules, 2026 as amended', forms: { wages: 'Form II — Register of Wages', loans: 'Form III' } },
      ...cite,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await admin.get('/api/reports/form-b/run', { year: 2026, month: 9 })).json().summary[1].value).toBe(
      'Code on Wages (Central) Rules, 2026',
    );
    expect((await admin.get('/api/reports/form-b/run', { year: 2026, month: 10 })).json().summary[0].value).toBe(
      'Form II — Register of Wages',
    );
  });

  it('a unit-limited role with the register gets the form; an employee or a role without the register is refused', async () => {
    expect((await employee.get('/api/reports/form-b/run', { year: 2026, month: 6 })).statusCode).toBe(403);
    const clerk = await createUnitLimitedUser(t, { menus: [MENU.registerFormB], unitIds: [blr] });
    const mine = await clerk.api.get('/api/reports/form-b/run', { year: 2026, month: 6 });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().summary[1].value).toBe('Code on Wages (Central) Rules, 2026');
    expect((await clerk.api.get('/api/reports/form-b/run', { year: 2026, month: 13 })).statusCode).toBe(400);
    const other = await createUnitLimitedUser(t, { menus: [MENU.statutoryParameters], unitIds: [blr] });
    expect((await other.api.get('/api/reports/form-b/run', { year: 2026, month: 6 })).statusCode).toBe(403);
  });
});

describe('Form 138, last quarter', () => {
  it('names Annexure III for what it holds (specified senior citizens, a bank’s), not an employer’s salary', async () => {
    const q4 = (await admin.get('/api/reports/form-24q/run', { financialYear: 2026, quarter: 4 })).json();
    const line = (q4.summary as { label: string; value: string }[]).find((l) => l.label === 'Annexure III');
    expect(line?.value).toMatch(/specified bank/);
    expect(line?.value).toMatch(/not filed by an employer/);
    const old = (await admin.get('/api/reports/form-24q/run', { financialYear: 2025, quarter: 4 })).json();
    expect((old.summary as { label: string }[]).some((l) => l.label === 'Annexure III')).toBe(false);
  });
});
