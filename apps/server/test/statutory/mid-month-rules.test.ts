// ESI, PT and LWF rows taking effect within a month, added on the statutory parameters API (issue 25): each row
// carries its rule (`midMonthRule`, written in from its authority's when not given: ESI and LWF apply to the month
// they take effect in, PT from the next month), the calculator and the salary run both follow it, and a day-weighted
// rule (PF's alone) is refused with the field named, saving nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from '../payroll/months';

const URL = '/api/statutory/parameters';
const STAT = '/api/payroll/statutory/compute';
const source = { notification: 'Test notification 11/2027', notificationDate: '2027-06-01', sourceUrl: 'https://example.in/gazette/11' };
const base = { pfWages: 15000, pfRestrictToCeiling: true, epsEligible: true };

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;

const inForce = async (kind: string, on: string, stateCode?: string) =>
  (await admin.get(URL, { kind, on, ...(stateCode ? { state: stateCode } : {}) })).json().inForce[0].data as Record<string, unknown>;
const stored = async (kind: string, effectiveFrom: string) =>
  (
    await queryRows<{ data: Record<string, unknown> }>(
      t.db,
      sql`select data from statutory_parameters where kind = ${kind} and effective_from = ${effectiveFrom} and is_active`,
    )
  )[0]?.data;
const without = ({ midMonthRule: _, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
});
afterAll(() => t?.close());

describe('rows taking effect within a month, through the calculator', () => {
  it('ESI: rates of 1 % / 4 % from 15 July 2027 govern July’s wages (the rule written into the row)', async () => {
    const data = { ...without(await inForce('esi', '2027-06-01')), employeeRate: 1, employerRate: 4 };
    const res = await admin.post(URL, { kind: 'esi', effectiveFrom: '2027-07-15', data, ...source });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored('esi', '2027-07-15'))?.midMonthRule).toBe('wholeMonth');
    const esi = async (month: number) =>
      (await payroll.post(STAT, { ...base, year: 2027, month, state: 'KA', grossWages: 20000 })).json().esi;
    expect(await esi(6)).toEqual({ covered: true, employee: 150, employer: 650 });
    expect(await esi(7)).toEqual({ covered: true, employee: 200, employer: 800 });
  });

  it('PT: Karnataka’s threshold raised to ₹30,000 from 10 August 2027 applies from September', async () => {
    const data = {
      ...without(await inForce('pt', '2027-08-01', 'KA')),
      slabs: [
        { upTo: 29999.99, amount: 0 },
        { upTo: null, amount: 200, months: { '2': 300 } },
      ],
    };
    const res = await admin.post(URL, { kind: 'pt', stateCode: 'KA', effectiveFrom: '2027-08-10', data, ...source });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored('pt', '2027-08-10'))?.midMonthRule).toBe('nextMonth');
    const pt = async (month: number) =>
      (await payroll.post(STAT, { ...base, year: 2027, month, state: 'KA', grossWages: 27000 })).json().pt;
    expect([await pt(8), await pt(9)]).toEqual([200, 0]);
  });

  it('LWF: West Bengal’s ₹5 / ₹50 from 20 December 2027 is deducted on 31 December; “nextMonth” keeps December at the old rate', async () => {
    const old = await inForce('lwf', '2027-12-01', 'WB');
    const res = await admin.post(URL, {
      kind: 'lwf',
      stateCode: 'WB',
      effectiveFrom: '2027-12-20',
      data: { ...without(old), bands: [{ upTo: null, employee: 5, employer: 50 }] },
      ...source,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored('lwf', '2027-12-20'))?.midMonthRule).toBe('wholeMonth');
    const lwf = async (year: number, month: number) =>
      (await payroll.post(STAT, { ...base, year, month, state: 'WB', grossWages: 30000 })).json().lwf;
    expect(await lwf(2027, 12)).toEqual({ employee: 5, employer: 50 });
    // A later row saying "nextMonth" within June 2028 leaves June's deduction at the rate before it.
    const june = await admin.post(URL, {
      kind: 'lwf',
      stateCode: 'WB',
      effectiveFrom: '2028-06-10',
      data: { ...without(old), midMonthRule: 'nextMonth', bands: [{ upTo: null, employee: 7, employer: 70 }] },
      ...source,
    });
    expect(june.statusCode, june.body).toBe(201);
    expect(await lwf(2028, 6)).toEqual({ employee: 5, employer: 50 });
  });

  it('a day-weighted rule is PF’s alone: refused for ESI with the field named, nothing saved', async () => {
    const data = { ...(await inForce('esi', '2027-06-01')), midMonthRule: 'dayWeighted' };
    const res = await admin.post(URL, { kind: 'esi', effectiveFrom: '2027-09-15', data, ...source });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['data.midMonthRule']).toBeTruthy();
    expect(await stored('esi', '2027-09-15')).toBeUndefined();
  });
});

describe('a row taking effect within the month being processed', () => {
  it('ESI from the 15th of the open month: its slips are at the new rates; PT from the 10th: not yet', async () => {
    const M = await seededMonths(payroll);
    const esiData = { ...without(await inForce('esi', `${M.cur.ym}-01`)), employeeRate: 1, employerRate: 4 };
    expect((await admin.post(URL, { kind: 'esi', effectiveFrom: `${M.cur.ym}-15`, data: esiData, ...source })).statusCode).toBe(201);
    const ptData = { ...without(await inForce('pt', `${M.cur.ym}-01`, 'KA')), slabs: [{ upTo: null, amount: 0 }] };
    expect(
      (await admin.post(URL, { kind: 'pt', stateCode: 'KA', effectiveFrom: `${M.cur.ym}-10`, data: ptData, ...source })).statusCode,
    ).toBe(201);
    // The unit whose last month had the most ESI-covered employees, and the head office (Karnataka's monthly PT).
    const [unit] = await queryRows<{ id: number }>(
      t.db,
      sql`select r.unit_id as id from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} and (s.statutory->>'esiCovered')::boolean
          group by r.unit_id order by count(*) desc limit 1`,
    );
    expect(unit, 'a unit with ESI-covered employees').toBeTruthy();
    const [ho] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
    const process = async (unitId: number) => {
      const runs = (await payroll.get('/api/payroll/runs', { unitId, year: M.cur.year, month: M.cur.month })).json().rows;
      expect((await payroll.post(`/api/payroll/runs/${runs[0].id}/process`)).statusCode).toBe(202);
      await t.app.jobs.drain();
      return queryRows<{ st: { esiCovered: boolean; esiWages: number; esiEmployee: number; esiEmployer: number; pt: number } }>(
        t.db,
        sql`select statutory as st from salary_slips where run_id = ${runs[0].id}`,
      );
    };
    const covered = (await process(unit.id)).filter((s) => s.st.esiCovered && s.st.esiWages > 0);
    expect(covered.length).toBeGreaterThan(0);
    for (const { st } of covered) {
      // Rounded up to the next rupee (ESI (Central) Rules r.51); an exempt low wage pays no employee share.
      expect(st.esiEmployer).toBe(Math.ceil((st.esiWages * 4) / 100 / 100) * 100);
      if (st.esiEmployee) expect(st.esiEmployee).toBe(Math.ceil(st.esiWages / 100 / 100) * 100);
    }
    // PT under the old slab this month (Karnataka: ₹200 from ₹25,000), though the nil slab is in force from the 10th.
    expect((await process(ho.id)).some((s) => s.st.pt > 0)).toBe(true);
  });
});
