// Keeping the law current (issue 25): GET/POST/PUT/DELETE /api/statutory/parameters. The rows in force on a day
// and their history with origin, notification and use by approved or locked months; a row the payroll office
// adds is used at once by the calculator and the next salary computation; a row a final month used, or one a
// release shipped, cannot change; bands that overlap or leave a gap are refused naming the band; a release's
// rows are applied at every start without touching the employer's.
import { STATUTORY_PARAMETERS, type StatutoryParameterRow } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { computeMonth, isSlip } from '../../src/modules/payroll/compute';
import { applyReleaseParameters } from '../../src/modules/statutory/release';
import { seedStatutory } from '../../src/modules/statutory/seed';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { type Month, seededMonths } from '../payroll/months';

const URL = '/api/statutory/parameters';
const MENU_PATH = '/outlet/statutory-parameters';
const PT_HEAD = 23;

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let blr: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  M = await seededMonths(payroll);
  [{ id: blr }] = await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`);
});
afterAll(() => t?.close());

const first = (m: Month) => `${m.ym}-01`;
const rowCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from statutory_parameters`))[0].n;
const notification = {
  notification: 'Test notification 1/2026',
  notificationDate: '2026-11-20',
  sourceUrl: 'https://example.in/gazette/1',
};
/** Karnataka's slabs with ₹250 from ₹25,000 (a made-up amendment: the test's own figure). */
const kaSlabs = [
  { from: 0, upTo: 24999.99, amount: 0 },
  { from: 25000, upTo: null, amount: 250 },
];

describe('GET /api/statutory/parameters', () => {
  it('gives the row in force on a day and the dated history, with origin and source', async () => {
    const res = await payroll.get(`${URL}?kind=pt&state=KA&on=2025-06-01`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.on).toBe('2025-06-01');
    // Karnataka Act 33 of 2025 from 1 Apr 2025 (₹300 in February); the 2023 slabs before it.
    expect(body.inForce).toHaveLength(1);
    expect(body.inForce[0]).toMatchObject({
      kind: 'pt',
      stateCode: 'KA',
      stateName: 'Karnataka',
      effectiveFrom: '2025-04-01',
      origin: 'release',
    });
    expect(body.inForce[0].data.slabs).toEqual([
      { upTo: 24999.99, amount: 0 },
      { upTo: null, amount: 200, months: { '2': 300 } },
    ]);
    expect(body.inForce[0].source).toContain('Karnataka Act 33 of 2025');
    const ka = body.history.filter((r: { stateCode: string }) => r.stateCode === 'KA');
    expect(ka.map((r: { effectiveFrom: string; effectiveTo: string | null }) => [r.effectiveFrom, r.effectiveTo])).toEqual([
      ['2025-04-01', null],
      ['2023-04-01', '2025-03-31'],
    ]);
    expect(body.kinds.map((k: { kind: string }) => k.kind)).toEqual(expect.arrayContaining(['pf', 'esi', 'pt', 'lwf', 'income_tax_new']));
    expect(body.states).toEqual(expect.arrayContaining([{ code: 'KA', name: 'Karnataka' }]));
    // On a day before 2023 no Karnataka row is in force.
    const early = (await payroll.get(`${URL}?kind=pt&state=KA&on=2020-01-01`)).json();
    expect(early.inForce).toEqual([]);
  });

  it('marks the rows approved or locked months used, counting their runs', async () => {
    const body = (await payroll.get(`${URL}?kind=pt&state=KA`)).json();
    const inForce = body.inForce[0];
    // The two seeded locked months of the Karnataka units (HO-BLR, CMP-MYS) fall in the 2025 row's period.
    const [want] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payroll_runs r join units u on u.id = r.unit_id join states s on s.id = u.state_id
          where upper(s.code) = 'KA' and r.status in ('approved', 'locked') and make_date(r.year, r.month, 1) >= date '2025-04-01'`,
    );
    expect(want.n).toBeGreaterThan(0);
    expect(inForce.usedBy).toMatchObject({ runs: want.n, lastMonth: M.prev1.ym });
    // Tamil Nadu's runs do not use Karnataka's row; a national row (PF) counts every unit's.
    const pf = (await payroll.get(`${URL}?kind=pf`)).json().inForce[0];
    expect(pf.usedBy.runs).toBeGreaterThan(0);
  });

  it('answers 400 for a bad filter', async () => {
    for (const q of ['kind=gst', 'on=2025-02-30', 'on=yesterday', 'colour=red']) {
      const res = await payroll.get(`${URL}?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('POST /api/statutory/parameters', () => {
  it('adds a row the calculator and the next salary computation use at once', async () => {
    const from = first(M.next);
    const before = await payroll.post('/api/payroll/statutory/compute', {
      year: M.next.year,
      month: M.next.month,
      state: 'KA',
      pfWages: 15000,
      grossWages: 30000,
      pfRestrictToCeiling: true,
      epsEligible: true,
    });
    expect(before.statusCode, before.body).toBe(200);
    const wasPt = before.json().pt;
    expect(wasPt === 200 || wasPt === 300).toBe(true);

    const res = await payroll.post(URL, {
      kind: 'pt',
      stateCode: 'ka',
      effectiveFrom: from,
      data: { frequency: 'monthly', basis: 'monthly', slabs: kaSlabs },
      ...notification,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      kind: 'pt',
      stateCode: 'KA',
      effectiveFrom: from,
      origin: 'employer',
      notification: 'Test notification 1/2026',
      notificationDate: '2026-11-20',
      sourceUrl: 'https://example.in/gazette/1',
      source: 'Test notification 1/2026',
      usedBy: null,
      createdBy: expect.stringMatching(/\w/),
    });
    // Stored without the bands' starts (a reading aid).
    expect(row.data.slabs).toEqual([
      { upTo: 24999.99, amount: 0 },
      { upTo: null, amount: 250 },
    ]);
    const calc = await payroll.post('/api/payroll/statutory/compute', {
      year: M.next.year,
      month: M.next.month,
      state: 'Karnataka',
      pfWages: 15000,
      grossWages: 30000,
      pfRestrictToCeiling: true,
      epsEligible: true,
    });
    expect(calc.json().pt).toBe(250);
    // The next month's salary of the Bengaluru unit: ₹250 for everyone liable at ₹25,000 or more.
    const month = await computeMonth(t.db, blr, M.next.year, M.next.month);
    const slips = month.results.filter(isSlip);
    const liable = slips.filter((s) => (s.amounts.get(PT_HEAD) ?? 0) > 0);
    expect(liable.length).toBeGreaterThan(0);
    expect(liable.every((s) => s.amounts.get(PT_HEAD) === 25000)).toBe(true);
    // In force on its day, listed above the release's row.
    const list = (await payroll.get(`${URL}?kind=pt&state=KA&on=${from}`)).json();
    expect(list.inForce.map((r: { id: number }) => r.id)).toEqual([row.id]);
    expect(list.history[0].id).toBe(row.id);
    expect(list.history[1]).toMatchObject({ origin: 'release', effectiveTo: addDays(from, -1) });
    const [audit] = await queryRows<{ action: string; user_id: number }>(
      t.db,
      sql`select action, user_id from audit_log where entity = 'statutory_parameters' and entity_id = ${String(row.id)}`,
    );
    expect(audit.action).toBe('create');
  });

  it('refuses bands that overlap or leave a gap, naming the band', async () => {
    const count = await rowCount();
    const post = (slabs: unknown[]) =>
      payroll.post(URL, {
        kind: 'pt',
        stateCode: 'KA',
        effectiveFrom: '2027-06-01',
        data: { frequency: 'monthly', basis: 'monthly', slabs },
        ...notification,
      });
    const overlap = await post([
      { from: 0, upTo: 15000, amount: 0 },
      { from: 15001, upTo: 20000, amount: 150 },
      { from: 18000, upTo: null, amount: 200 },
    ]);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().fieldErrors['data.slabs.2.from']).toEqual(['Band ₹18,000 and above overlaps ₹15,001–₹20,000']);
    const gap = await post([
      { from: 0, upTo: 15000, amount: 0 },
      { from: 20001, upTo: null, amount: 200 },
    ]);
    expect(gap.statusCode).toBe(400);
    expect(gap.json().fieldErrors['data.slabs.1.from'][0]).toMatch(/^₹15,001–₹20,000 falls in no band/);
    const closed = await post([{ upTo: 15000, amount: 0 }]);
    expect(closed.json().fieldErrors['data.slabs.0.upTo'][0]).toMatch(/^Above ₹15,000 falls in no band/);
    // Income-tax slabs too.
    const tax = (await payroll.get(`${URL}?kind=income_tax_new&on=2026-06-01`)).json().inForce[0];
    const slabs = [...tax.data.slabs];
    slabs.splice(2, 0, { upTo: slabs[0].upTo, rate: 3 });
    const res = await payroll.post(URL, {
      kind: 'income_tax_new',
      effectiveFrom: '2026-10-01',
      data: { ...tax.data, slabs },
      ...notification,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['data.slabs.2.upTo']);
    expect(await rowCount()).toBe(count);
  });

  it.each([
    ['an unknown kind', { kind: 'gst' }, 'kind'],
    ['a day that does not exist', { effectiveFrom: '2027-02-29' }, 'effectiveFrom'],
    ['no notification', { notification: '' }, 'notification'],
    ['no notification date', { notificationDate: undefined }, 'notificationDate'],
    ['a link that is not a web address', { sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
    ['no state for PT', { stateCode: null }, 'stateCode'],
    ['an unknown state', { stateCode: 'ZZ' }, 'stateCode'],
    ['a state for PF', { kind: 'pf' }, 'stateCode'],
    ['a negative amount', { data: { frequency: 'monthly', basis: 'monthly', slabs: [{ upTo: null, amount: -5 }] } }, 'data.slabs.0.amount'],
    ['an unknown frequency', { data: { frequency: 'sometimes', basis: 'monthly', slabs: [{ upTo: null, amount: 5 }] } }, 'data.frequency'],
    ['an unknown field', { colour: 'red' }, ''],
  ])('answers 400 for %s, changing nothing', async (_, change, field) => {
    const count = await rowCount();
    const res = await payroll.post(URL, {
      kind: 'pt',
      stateCode: 'KA',
      effectiveFrom: '2027-04-01',
      data: { frequency: 'monthly', basis: 'monthly', slabs: kaSlabs },
      ...notification,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    expect(await rowCount()).toBe(count);
  });

  it('wants an income-tax row within its financial year and regime', async () => {
    const tax = (await payroll.get(`${URL}?kind=income_tax_old&on=2026-06-01`)).json().inForce[0];
    const res = await payroll.post(URL, { kind: 'income_tax_old', effectiveFrom: '2028-04-01', data: tax.data, ...notification });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.effectiveFrom[0]).toContain(tax.data.financialYear);
    const regime = await payroll.post(URL, { kind: 'income_tax_new', effectiveFrom: '2026-12-01', data: tax.data, ...notification });
    expect(regime.json().fieldErrors['data.regime']).toEqual(['A row of this kind is for the new regime']);
  });

  it('answers 409 for a kind, state and day that has a row', async () => {
    const res = await payroll.post(URL, {
      kind: 'pt',
      stateCode: 'KA',
      effectiveFrom: '2025-04-01',
      data: { frequency: 'monthly', basis: 'monthly', slabs: kaSlabs },
      ...notification,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/takes effect on 2025-04-01 already \(from a release\)/);
    expect(res.json().fieldErrors.effectiveFrom).toBeDefined();
  });
});

describe('PUT and DELETE /api/statutory/parameters/:id', () => {
  const lwf = (employee: number) => ({
    kind: 'lwf',
    stateCode: 'KA',
    data: { frequency: 'yearly', dueMonths: [12], bands: [{ upTo: null, employee, employer: employee * 2 }] },
    ...notification,
  });

  it('changes and deactivates an employer’s row no final month used', async () => {
    const created = (await payroll.post(URL, { ...lwf(50), effectiveFrom: '2027-01-01' })).json();
    const put = await payroll.put(`${URL}/${created.id}`, {
      effectiveFrom: '2027-01-15',
      data: lwf(60).data,
      notification: 'Corrigendum 2/2026',
      notificationDate: '2026-11-25',
      source: 'Karnataka LWF (Amendment): ₹60 and ₹120',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ effectiveFrom: '2027-01-15', notification: 'Corrigendum 2/2026', sourceUrl: null });
    expect(put.json().data.bands[0]).toEqual({ upTo: null, employee: 60, employer: 120 });
    const del = await payroll.delete(`${URL}/${created.id}`);
    expect(del.statusCode, del.body).toBe(204);
    const list = (await payroll.get(`${URL}?kind=lwf&state=KA&on=2027-02-01`)).json();
    expect(list.inForce[0].id).not.toBe(created.id);
    expect(list.history.find((r: { id: number }) => r.id === created.id)).toMatchObject({ isActive: false, inForce: false });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'statutory_parameters' and entity_id = ${String(created.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    // Deactivated: neither changed nor deactivated again; its day is free for a new row.
    expect(
      (await payroll.put(`${URL}/${created.id}`, { effectiveFrom: '2027-01-15', data: lwf(60).data, ...notification })).statusCode,
    ).toBe(409);
    expect((await payroll.post(URL, { ...lwf(70), effectiveFrom: '2027-01-15' })).statusCode).toBe(201);
  });

  it('refuses to change a row an approved or locked month used, and a release’s row', async () => {
    // Back-dated into the locked months (the difference becomes arrears; the row itself is then fixed).
    const back = await payroll.post(URL, { ...lwf(20), effectiveFrom: first(M.prev2) });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().usedBy).toMatchObject({ firstMonth: M.prev2.ym, lastMonth: M.prev1.ym });
    const put = await payroll.put(`${URL}/${back.json().id}`, { effectiveFrom: first(M.prev2), data: lwf(25).data, ...notification });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toMatch(/approved or locked runs?\) were worked out with this row, so it cannot change/);
    const del = await payroll.delete(`${URL}/${back.json().id}`);
    expect(del.statusCode).toBe(409);
    const release = (await payroll.get(`${URL}?kind=esi`)).json().inForce[0];
    const res = await payroll.put(`${URL}/${release.id}`, { effectiveFrom: release.effectiveFrom, data: release.data, ...notification });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/came with a release/);
    expect((await payroll.delete(`${URL}/${release.id}`)).statusCode).toBe(409);
  });

  it('answers 404 for a row that does not exist and 400 for a bad id or body', async () => {
    expect((await payroll.put(`${URL}/999999`, { effectiveFrom: '2027-01-01', data: {}, ...notification })).statusCode).toBe(404);
    expect((await payroll.delete(`${URL}/999999`)).statusCode).toBe(404);
    expect((await payroll.delete(`${URL}/0x10`)).statusCode).toBe(400);
    const created = (await payroll.post(URL, { ...lwf(40), effectiveFrom: '2027-03-01' })).json();
    const bad = await payroll.put(`${URL}/${created.id}`, {
      effectiveFrom: '2027-03-01',
      data: { ...lwf(40).data, bands: [{ upTo: 10000, employee: 1, employer: 2 }] },
      ...notification,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors['data.bands.0.upTo'][0]).toMatch(/^Above ₹10,000 falls in no band/);
    const taken = await payroll.put(`${URL}/${created.id}`, { effectiveFrom: '2027-01-15', data: lwf(40).data, ...notification });
    expect(taken.statusCode).toBe(409);
  });
});

describe('who may keep the parameters', () => {
  it('refuses callers without the menu: self-service staff, a manager, the signed out', async () => {
    for (const who of ['employee1', 'manager'] as const) {
      const client = api(t.app, await signIn(t.app, who));
      expect((await client.get(URL)).statusCode, who).toBe(403);
      expect((await client.post(URL, { kind: 'pf' })).statusCode, who).toBe(403);
      expect((await client.delete(`${URL}/1`)).statusCode, who).toBe(403);
    }
    expect((await api(t.app).get(URL)).statusCode).toBe(401);
  });

  it('a unit-limited role with the view action sees the whole law but may not add', async () => {
    const limited = await createUnitLimitedUser(t, { menus: [MENU_PATH], actions: ['view'], unitIds: [blr] });
    const client = api(t.app, limited.token);
    const mine = await client.get(`${URL}?kind=pt`);
    expect(mine.statusCode, mine.body).toBe(200);
    const all = (await admin.get(`${URL}?kind=pt`)).json();
    expect(mine.json().history.length).toBe(all.history.length);
    expect(new Set(mine.json().history.map((r: { stateCode: string }) => r.stateCode))).toContain('TN');
    const res = await client.post(URL, { ...{ kind: 'pf' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('release rows at every start', () => {
  it('brings the release’s rows up to date, retires those it dropped, and leaves the employer’s alone', async () => {
    expect(await applyReleaseParameters(t.db)).toEqual({ inserted: 0, updated: 0, retired: 0 });
    const [{ mark }] = await queryRows<{ mark: number }>(t.db, sql`select coalesce(max(id), 0)::int as mark from audit_log`);
    const rows = STATUTORY_PARAMETERS as readonly StatutoryParameterRow[];
    const esi = rows.find((r) => r.kind === 'esi') as StatutoryParameterRow;
    const dropped = rows.find((r) => r.kind === 'pt' && r.stateCode === 'WB') as StatutoryParameterRow;
    // An employer's row on the day a later release also ships.
    const own = await payroll.post(URL, { ...{ kind: 'pf' }, effectiveFrom: '2027-05-01', data: rows[0].data, ...notification });
    expect(own.statusCode, own.body).toBe(201);
    const next = [
      ...rows.filter((r) => r !== dropped && r !== esi),
      { ...esi, source: `${esi.source} (corrected)`, notification: 'G.S.R. 423(E)', notificationDate: '2019-06-13' },
      { ...rows[0], effectiveFrom: '2027-05-01', source: 'A later release' },
    ] as StatutoryParameterRow[];
    expect(await applyReleaseParameters(t.db, next)).toEqual({ inserted: 0, updated: 1, retired: 1 });
    const esiRow = (await payroll.get(`${URL}?kind=esi`))
      .json()
      .history.find((r: { effectiveFrom: string }) => r.effectiveFrom === esi.effectiveFrom);
    expect(esiRow).toMatchObject({ origin: 'release', notification: 'G.S.R. 423(E)', notificationDate: '2019-06-13' });
    const wb = (await payroll.get(`${URL}?kind=pt&state=WB`))
      .json()
      .history.find((r: { effectiveFrom: string }) => r.effectiveFrom === dropped.effectiveFrom);
    expect(wb.isActive).toBe(false);
    const pfOwn = (await payroll.get(`${URL}?kind=pf`))
      .json()
      .history.filter((r: { effectiveFrom: string }) => r.effectiveFrom === '2027-05-01');
    expect(pfOwn).toHaveLength(1);
    expect(pfOwn[0]).toMatchObject({ origin: 'employer', notification: notification.notification });
    // Back to this release at the next start: the retired row returns, the corrected one is as shipped.
    await seedStatutory(t.db);
    expect(await applyReleaseParameters(t.db)).toEqual({ inserted: 0, updated: 0, retired: 0 });
    const wbAgain = (await payroll.get(`${URL}?kind=pt&state=WB`))
      .json()
      .history.find((r: { effectiveFrom: string }) => r.effectiveFrom === dropped.effectiveFrom);
    expect(wbAgain.isActive).toBe(true);
    const audit = await queryRows<{ action: string; n: number }>(
      t.db,
      sql`select action, count(*)::int as n from audit_log where id > ${mark} and entity = 'statutory_parameters' and action like 'release-%' group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'release-retire', n: 1 },
      { action: 'release-update', n: 3 },
    ]);
  });
});

function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
