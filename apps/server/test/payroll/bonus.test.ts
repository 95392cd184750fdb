// Employee bonus: the statutory bonus computed from the approved salary months (eligibility ceiling, calculation
// ceiling, rate range), approved by someone other than its maker, then paid with a salary month through the
// BONUS head; ad hoc amounts; refusals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let blr = 0;
let cur = { year: 0, month: 0 };
let fy = 0;
let bonusHead = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  blr = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`))[0].id;
  const [draft] = (await payroll.get('/api/payroll/runs?status=draft')).json().rows;
  cur = { year: draft.year, month: draft.month };
  // The financial year of the two locked months before this one (April–March).
  const prev = cur.month <= 2 ? { year: cur.year - 1, month: cur.month + 10 } : { year: cur.year, month: cur.month - 2 };
  fy = prev.month >= 4 ? prev.year : prev.year - 1;
  bonusHead = (await payroll.get('/api/payroll/heads')).json().find((h: { code: string }) => h.code === 'BONUS').id;
});
afterAll(() => t?.close());

describe('statutory bonus', () => {
  let id = 0;
  it('is computed from the approved months: eligible up to ₹21,000 of basic + DA, on at most ₹7,000 a month', async () => {
    const res = await payroll.post('/api/payroll/bonuses', {
      unitId: blr,
      financialYear: fy,
      kind: 'statutory',
      ratePercent: 8.33,
      payWith: 'salary',
      payYear: cur.year,
      payMonth: cur.month,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    id = b.id;
    expect(b).toMatchObject({ status: 'draft', kind: 'statutory', ratePercent: 8.33 });
    type Line = { eligible: boolean; reason: string | null; basis: number; amount: number; monthsWorked: number; name: string };
    const lines = b.lines as Line[];
    const priya = lines.find((l) => l.name === 'Priya Sharma')!;
    expect(priya).toMatchObject({ eligible: false, amount: 0 });
    expect(priya.reason).toMatch(/21,000/);
    const eligible = lines.filter((l) => l.eligible);
    expect(eligible.length).toBeGreaterThan(0);
    for (const l of eligible) {
      expect(l.basis).toBeLessThanOrEqual(7000 * l.monthsWorked);
      expect(Math.round(l.amount * 100)).toBe(Math.round(l.basis * 100 * 0.0833));
    }
    expect(Math.round(b.total * 100)).toBe(lines.reduce((s, l) => s + Math.round(l.amount * 100), 0));
  });

  it('one statutory bonus per unit and year: a second is refused until the first is cancelled', async () => {
    const again = await payroll.post('/api/payroll/bonuses', {
      unitId: blr,
      financialYear: fy,
      kind: 'statutory',
      ratePercent: 10,
      payWith: 'separate',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a rate outside 8.33 %–20 % and a self-service caller', async () => {
    const bad = await payroll.post('/api/payroll/bonuses', {
      unitId: blr,
      financialYear: fy,
      kind: 'statutory',
      ratePercent: 25,
      payWith: 'separate',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.ratePercent).toBeDefined();
    expect((await employee1.get('/api/payroll/bonuses')).statusCode).toBe(403);
  });

  it('is approved by someone other than its maker and paid with the chosen salary month through the BONUS head', async () => {
    expect((await payroll.post(`/api/payroll/bonuses/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    const ok = await admin.post(`/api/payroll/bonuses/${id}/action`, { action: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    const b = ok.json();
    const [run] = (await payroll.get(`/api/payroll/runs?unitId=${blr}&year=${cur.year}&month=${cur.month}`)).json().rows;
    expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const slips = (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as {
      name: string;
      salaryProcessDetailRequestList: { earningDeductionId: number; amount: number }[];
    }[];
    const paid = slips.reduce(
      (s, slip) => s + Math.round((slip.salaryProcessDetailRequestList.find((h) => h.earningDeductionId === bonusHead)?.amount ?? 0) * 100),
      0,
    );
    expect(paid).toBe(Math.round(b.total * 100));
    expect((await payroll.get(`/api/payroll/bonuses/${id}`)).json().status).toBe('paid');
    // Reprocessing pays it once.
    expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const again = (await payroll.get(`/api/payroll/runs/${run.id}`)).json();
    expect(again.errors).toEqual([]);
    expect((await payroll.get(`/api/payroll/bonuses/${id}`)).json().status).toBe('paid');
  });

  it('ad hoc amounts for anyone of the unit, paid separately', async () => {
    const priya = (await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee1'`))[0].id;
    const res = await payroll.post('/api/payroll/bonuses', {
      unitId: blr,
      financialYear: fy,
      kind: 'adhoc',
      payWith: 'separate',
      lines: [{ employeeId: priya, amount: 5000.5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 5000.5, employees: 1 });
    const a = await admin.post(`/api/payroll/bonuses/${res.json().id}/action`, { action: 'approve' });
    expect(a.statusCode).toBe(200);
    const paid = await payroll.post(`/api/payroll/bonuses/${res.json().id}/action`, { action: 'paid' });
    expect(paid.json().status).toBe('paid');
    expect(
      (
        await payroll.post('/api/payroll/bonuses', {
          unitId: blr,
          financialYear: fy,
          kind: 'adhoc',
          payWith: 'separate',
          lines: [{ employeeId: 999999, amount: 5 }],
        })
      ).statusCode,
    ).toBe(400);
  });
});
