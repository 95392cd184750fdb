// PF and ESIC establishments as their own records (issue 25): one code may cover several units, a unit is under one
// code of each kind, and the EPF administration charges and their ₹500 minimum are worked out per establishment over
// all its units' runs of the month (each run keeps its share, the shares add up to the establishment's charges).
import { MENU } from '@hr/contract';
import { pfAdminCharges, pfParametersForMonth, STATUTORY_PARAMETERS, statutoryTables } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { shareInRupees } from '../../src/modules/statutory/admin-charges';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let units: Record<string, number>;
const BASE = '/api/resources/statutoryEstablishment';
type Est = { id: number; kind: string; code: string; name: string; unitIds: number[] };

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

async function all(): Promise<Est[]> {
  const res = await admin.get(`${BASE}?pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

describe('the establishments master', () => {
  it('holds the units’ PF and ESIC codes, one establishment per code', async () => {
    const rows = await all();
    const pf = rows.filter((r) => r.kind === 'pf');
    expect(pf.map((r) => r.code).sort()).toEqual(['KN/BNG/0012345/000', 'KN/MYS/0078901/000', 'TN/MAS/0045678/000']);
    expect(pf.find((r) => r.code === 'KN/BNG/0012345/000')?.unitIds).toEqual([units['HO-BLR']]);
    expect(rows.filter((r) => r.kind === 'esi')).toHaveLength(3);
  });

  it('refuses a code not in the authority’s form (400), a unit already under a code of the kind (409), and callers without the menu (403)', async () => {
    const bad = await admin.post(BASE, { kind: 'pf', code: 'BLR-12345', name: 'Bad', unitIds: [] });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('code');
    const esiBad = await admin.post(BASE, { kind: 'esi', code: '5300012345', name: 'Bad', unitIds: [] });
    expect(esiBad.json().fieldErrors).toHaveProperty('code');
    const taken = await admin.post(BASE, { kind: 'pf', code: 'KNBNG0099999000', name: 'Second', unitIds: [units['HO-BLR']] });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toContain('KN/BNG/0012345/000');
    const none = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from statutory_establishments where code in ('BLR-12345', 'KNBNG0099999000')`,
    );
    expect(none[0].n).toBe(0);
    expect((await employee1.get(BASE)).statusCode).toBe(403);
    // A unit-limited role granted the menu reads the list.
    const limited = await createUnitLimitedUser(t, { menus: [MENU.statutoryEstablishment], unitIds: [units['BR-CHN']] });
    const list = await limited.api.get(BASE);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.length).toBeGreaterThan(0);
  });
});

describe('EPF administration charges per establishment', () => {
  it('shares rupees in proportion, the rupees left over to the largest remainders', () => {
    expect(shareInRupees(50000, [100, 100, 100])).toEqual([16700, 16700, 16600]);
    expect(shareInRupees(50000, [0, 300])).toEqual([0, 50000]);
    expect(shareInRupees(123400, [1, 0, 0])).toEqual([123400, 0, 0]);
  });

  it('works out one minimum for an establishment covering two units, and gives each run its share', async () => {
    // The Mysuru campus moves under the head office's PF code.
    const rows = await all();
    const ho = rows.find((r) => r.code === 'KN/BNG/0012345/000')!;
    const mys = rows.find((r) => r.code === 'KN/MYS/0078901/000')!;
    const freed = await admin.put(`${BASE}/${mys.id}`, { kind: 'pf', code: mys.code, name: mys.name, unitIds: [] });
    expect(freed.statusCode, freed.body).toBe(200);
    const joined = await admin.put(`${BASE}/${ho.id}`, {
      kind: 'pf',
      code: ho.code,
      name: ho.name,
      unitIds: [units['HO-BLR'], units['CMP-MYS']],
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const runIds: number[] = [];
    for (const unit of ['HO-BLR', 'CMP-MYS']) {
      const run = (await payroll.get(`/api/payroll/runs?unitId=${units[unit]}&year=${M.cur.year}&month=${M.cur.month}`)).json().rows[0];
      const res = await payroll.post(`/api/payroll/runs/${run.id}/process`);
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
      runIds.push(run.id);
    }
    const charges = await queryRows<{
      runId: number;
      epfWages: string;
      amount: string;
      establishmentId: number;
      establishmentAmount: string;
    }>(
      t.db,
      sql`select run_id as "runId", epf_wages::text as "epfWages", amount::text as amount, establishment_id as "establishmentId",
            establishment_amount::text as "establishmentAmount"
          from pf_admin_charges where run_id in (${runIds[0]}, ${runIds[1]}) order by run_id`,
    );
    expect(charges).toHaveLength(2);
    const wages = charges.reduce((a, c) => a + BigInt(c.epfWages), 0n);
    const p = pfParametersForMonth(statutoryTables(STATUTORY_PARAMETERS).pf, M.cur.year, M.cur.month)!;
    const want = Number(pfAdminCharges(p, wages));
    for (const c of charges) {
      expect(c.establishmentId).toBe(ho.id);
      expect(Number(c.establishmentAmount)).toBe(want);
    }
    expect(charges.reduce((a, c) => a + Number(c.amount), 0)).toBe(want);
    expect(charges.map((c) => Number(c.amount))).toEqual(
      shareInRupees(
        want,
        charges.map((c) => Number(c.epfWages)),
      ),
    );
    // The run screen's summary shows each run's share.
    const summary = (await payroll.get(`/api/payroll/runs/${runIds[1]}/statutory`)).json();
    expect(Math.round(summary.pf.adminCharges * 100)).toBe(Number(charges[1].amount));
  });
});
