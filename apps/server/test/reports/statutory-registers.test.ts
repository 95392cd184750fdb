// The PF, ESI, professional tax and labour welfare fund registers (issue 13) on the seeded salary runs: their
// totals are the sums of the slips' statutory figures, the PF register's unit subtotals are the ECR files'
// totals and its summary holds each establishment's EPF administration charges (0.5 % of EPF wages, at least
// ₹500, rounded to the rupee) as recorded when the run was processed; the ESI register's wages are the ESI
// file's. The PT and LWF registers filter by state (404 for an unknown one). The registry test runs all four as
// every role and reads their exports back.

import type { TReportResult } from '@hr/contract';
import { ECR_SEPARATOR, pfAdminCharges, pfParametersForMonth, STATUTORY_PARAMETERS, statutoryTables } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { type Month, seededMonths } from '../payroll/months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let emp1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let units: { id: number; code: string; name: string; state: string; stateId: number }[];
const tables = statutoryTables(STATUTORY_PARAMETERS);

const paise = (rupees: unknown) => Math.round(Number(rupees ?? 0) * 100);

async function run(id: string, q: Record<string, string | number>, who = admin): Promise<TReportResult> {
  const res = await who.get(`/api/reports/${id}/run`, { pageSize: 500, ...q });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sums of slip statutory figures (paise) of the month's final runs, optionally of one unit. */
async function slipSums(m: Month, filter: string, keys: string[], unitId?: number) {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`select count(*)::int as n, ${sql.join(
      keys.map((k) => sql`coalesce(sum((s.statutory->>${k})::bigint), 0)::text as ${sql.identifier(k)}`),
      sql`, `,
    )}, coalesce(sum(s.gross), 0)::text as gross
      from salary_slips s join payroll_runs r on r.id = s.run_id
      where r.year = ${m.year} and r.month = ${m.month} and r.status in ('approved', 'locked')
        ${unitId ? sql`and r.unit_id = ${unitId}` : sql``} and ${sql.raw(filter)}`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  emp1 = api(t.app, await signIn(t.app, 'employee1'));
  units = await queryRows(
    t.db,
    sql`select u.id, u.code, u.name, upper(s.code) as state, s.id as "stateId" from units u join states s on s.id = u.state_id order by u.id`,
  );
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

const PF_MEMBER = `(s.statutory->>'pfEmployee')::bigint + (s.statutory->>'epf')::bigint + (s.statutory->>'eps')::bigint > 0`;

describe('PF register', () => {
  it('totals the slips’ PF figures, and each unit’s subtotal is its ECR file’s totals', async () => {
    const m = M.prev1;
    const res = await run('pf-register', { year: m.year, month: m.month, groupBy: 'unitName' });
    const want = await slipSums(m, PF_MEMBER, ['epfWages', 'epsWages', 'edliWages', 'pfEmployee', 'eps', 'epf', 'edli']);
    expect(res.total).toBe(want.n);
    expect(res.total).toBeGreaterThan(0);
    const g = res.grandTotal;
    expect([g.gross, g.epfWages, g.epsWages, g.edliWages, g.pfEmployee, g.eps, g.epfDifference, g.edli].map(paise)).toEqual([
      want.gross,
      want.epfWages,
      want.epsWages,
      want.edliWages,
      want.pfEmployee,
      want.eps,
      want.epf,
      want.edli,
    ]);
    expect(paise(g.employerTotal)).toBe(want.eps + want.epf + want.edli);

    for (const u of units) {
      const [r] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from payroll_runs where unit_id = ${u.id} and year = ${m.year} and month = ${m.month}`,
      );
      const ecr = await payroll.get(`/api/payroll/runs/${r.id}/ecr`);
      expect(ecr.statusCode, ecr.body).toBe(200);
      const lines = ecr.body.split('\n').map((l) => l.split(ECR_SEPARATOR));
      const sub = res.groups.find((x) => x.value === u.name)!;
      expect(sub.count).toBe(lines.length);
      const col = (i: number) => lines.reduce((a, f) => a + Number(f[i]), 0);
      // Contributions are whole rupees on both; the ECR rounds each member's wages to the rupee.
      expect([col(6), col(7), col(8)]).toEqual([sub.totals.pfEmployee, sub.totals.eps, sub.totals.epfDifference]);
      expect(Math.abs(col(3) - sub.totals.epfWages)).toBeLessThanOrEqual(lines.length * 0.5);
      expect(col(9)).toBe(sub.totals.ncpDays);
      // The register's rows carry the ECR's UANs.
      const uans = res.rows.filter((x) => x.unitName === u.name).map((x) => x.uan);
      expect(lines.map((f) => f[0]).sort()).toEqual([...uans].sort());
    }
  });

  it('shows each establishment’s administration charges in the summary (0.5 % of EPF wages, at least ₹500, whole rupees)', async () => {
    const m = M.prev1;
    const p = pfParametersForMonth(tables.pf, m.year, m.month)!;
    const res = await run('pf-register', { year: m.year, month: m.month });
    const summary = res.summary ?? [];
    expect(summary).toHaveLength(units.length + 1);
    let total = 0;
    for (const u of units) {
      const w = await slipSums(m, PF_MEMBER, ['epfWages'], u.id);
      const want = Number(pfAdminCharges(p, BigInt(w.epfWages)));
      expect(want % 100).toBe(0);
      expect(want).toBeGreaterThanOrEqual(50_000);
      const line = summary.find((l) => l.label.includes(u.name))!;
      expect(line.type).toBe('money');
      expect(paise(line.value)).toBe(want);
      total += want;
      const [rec] = await queryRows<{ amount: number; epfWages: number }>(
        t.db,
        sql`select c.amount::float8 as amount, c.epf_wages::float8 as "epfWages" from pf_admin_charges c
            join payroll_runs r on r.id = c.run_id where r.unit_id = ${u.id} and r.year = ${m.year} and r.month = ${m.month}`,
      );
      expect(rec).toEqual({ amount: want, epfWages: w.epfWages });
    }
    expect(paise(summary.at(-1)!.value)).toBe(total);
    // A unit's register carries its own establishment's charges only; an employee sees no summary.
    const one = await run('pf-register', { year: m.year, month: m.month, unitId: units[0].id });
    expect(one.summary?.map((l) => l.label.includes(units[0].name) || l.label.includes('total'))).toEqual([true, true]);
    // The Excel export prints the summary on its title line.
    const xlsx = await admin.get('/api/reports/pf-register/export', { year: m.year, month: m.month, unitId: units[0].id, format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(String(wb.worksheets[0].getCell('A1').value)).toContain('EPF administration charges');
  });

  it('the minimum applies to a small establishment, and reprocessing records the charges again', async () => {
    const m = M.cur;
    const u = units[2];
    const [r] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = ${u.id} and year = ${m.year} and month = ${m.month}`,
    );
    // One PF member left in the unit: EPF wages of at most ₹15,000, whose 0.5 % is below the ₹500 minimum.
    const members = await queryRows<{ id: number }>(
      t.db,
      sql`select id from employees where unit_id = ${u.id} and pf_applicable order by id`,
    );
    expect(members.length).toBeGreaterThan(1);
    await t.db.execute(sql`update employees set pf_applicable = false where unit_id = ${u.id} and id <> ${members[0].id}`);
    await t.db.execute(sql`update employees set pf_restrict_to_ceiling = true where id = ${members[0].id}`);
    const res = await payroll.post(`/api/payroll/runs/${r.id}/process`);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const [rec] = await queryRows<{ amount: number; epfWages: number; members: number }>(
      t.db,
      sql`select amount::float8 as amount, epf_wages::float8 as "epfWages", members from pf_admin_charges where run_id = ${r.id}`,
    );
    expect(rec.members).toBe(1);
    expect(rec.epfWages).toBeLessThanOrEqual(1_500_000);
    expect(rec.amount).toBe(50_000);
    const res2 = await run('pf-register', { year: m.year, month: m.month, unitId: u.id, status: 'processed' });
    expect(res2.total).toBe(1);
    expect(paise(res2.summary?.at(-1)?.value)).toBe(50_000);
    await t.db.execute(sql`update employees set pf_applicable = true where id in ${sql.raw(`(${members.map((x) => x.id).join(',')})`)}`);
  });

  it('gives an employee granted the register their own row and no establishment summary', async () => {
    await t.db.execute(sql`insert into role_menu_access (role_id, menu_id, can_view)
      select r.id, m.id, true from roles r, menus m where r.name = 'Employee' and m.action_url = '/outlet/various-registertype-report/pf-register'
      on conflict (role_id, menu_id) do update set can_view = true`);
    const res = await run('pf-register', { year: M.prev1.year, month: M.prev1.month }, emp1);
    expect(res.rows.length).toBeLessThanOrEqual(1);
    expect(res.summary).toBeUndefined();
  });
});

describe('ESI register', () => {
  it('totals the covered slips’ ESI figures, and its wages are the ESI file’s', async () => {
    const m = M.prev1;
    const res = await run('esi-register', { year: m.year, month: m.month, groupBy: 'unitName' });
    const want = await slipSums(m, `coalesce((s.statutory->>'esiCovered')::boolean, false)`, ['esiWages', 'esiEmployee', 'esiEmployer']);
    expect(res.total).toBe(want.n);
    expect(res.total).toBeGreaterThan(0);
    expect([res.grandTotal.esiWages, res.grandTotal.esiEmployee, res.grandTotal.esiEmployer].map(paise)).toEqual([
      want.esiWages,
      want.esiEmployee,
      want.esiEmployer,
    ]);
    expect(paise(res.grandTotal.esiTotal)).toBe(want.esiEmployee + want.esiEmployer);
    // ESI shares are rounded up to whole rupees.
    expect(res.rows.every((r) => paise(r.esiEmployee) % 100 === 0 && paise(r.esiEmployer) % 100 === 0)).toBe(true);
    for (const u of units) {
      const sub = res.groups.find((x) => x.value === u.name);
      if (!sub) continue;
      const [r] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from payroll_runs where unit_id = ${u.id} and year = ${m.year} and month = ${m.month}`,
      );
      const file = await payroll.get(`/api/payroll/runs/${r.id}/esi`);
      expect(file.statusCode, file.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const ws = wb.worksheets[0];
      let wages = 0;
      let covered = 0;
      for (let i = 2; i <= ws.actualRowCount; i++) {
        wages += paise(ws.getRow(i).getCell(4).value);
        // In April and October the file also lists, with reason 4 and no wages, those covered the month before whom
        // the new contribution period leaves out of coverage (ESIC's reason codes); the register lists the covered.
        if (Number(ws.getRow(i).getCell(5).value) !== 4) covered++;
      }
      expect(covered).toBe(sub.count);
      expect(wages).toBe(paise(sub.totals.esiWages));
    }
  });
});

describe('Professional tax register', () => {
  it('totals the slips’ PT by state, with each row’s slab', async () => {
    const m = M.prev1;
    const res = await run('pt-register', { year: m.year, month: m.month, groupBy: 'stateName' });
    const want = await slipSums(m, `s.statutory ? 'pt'`, ['pt']);
    expect(res.total).toBe(want.n);
    expect(paise(res.grandTotal.pt)).toBe(want.pt);
    expect(paise(res.grandTotal.gross)).toBe(want.gross);
    // Karnataka: ₹200 a month from ₹25,000 (₹300 in February), nil below.
    const ka = units.find((u) => u.state === 'KA')!;
    const kaRows = await run('pt-register', { year: m.year, month: m.month, stateId: ka.stateId });
    expect(kaRows.total).toBeGreaterThan(0);
    expect(kaRows.rows.every((r) => r.stateName === kaRows.rows[0].stateName)).toBe(true);
    for (const r of kaRows.rows) {
      if (Number(r.gross) >= 25_000) {
        expect(r.slab).toBe('Above ₹24999.99');
        expect(Number(r.pt)).toBe(m.month === 2 ? 300 : 200);
      } else {
        expect(r.slab).toBe('Up to ₹24999.99');
        expect(Number(r.pt)).toBe(0);
      }
    }
    const kaWant = await queryRows<{ pt: string }>(
      t.db,
      sql`select coalesce(sum((s.statutory->>'pt')::bigint), 0)::text as pt from salary_slips s join payroll_runs r on r.id = s.run_id
          join units u on u.id = r.unit_id where u.state_id = ${ka.stateId} and r.year = ${m.year} and r.month = ${m.month}
          and r.status in ('approved', 'locked') and s.statutory ? 'pt'`,
    );
    expect(paise(kaRows.grandTotal.pt)).toBe(Number(kaWant[0].pt));
  });

  it('refuses an unknown state (404) and a malformed one (400); a manager sees only their units', async () => {
    const q = { year: M.prev1.year, month: M.prev1.month };
    expect((await admin.get('/api/reports/pt-register/run', { ...q, stateId: 999999 })).statusCode).toBe(404);
    expect((await admin.get('/api/reports/lwf-register/run', { ...q, stateId: 'x' })).statusCode).toBe(400);
    const mine = await run('pt-register', q, manager);
    const all = await run('pt-register', q);
    expect(mine.total).toBeLessThan(all.total);
    expect(mine.rows.every((r) => /^(BLR|CHN)/.test(String(r.employeeCode)))).toBe(true);
  });

  it('by state and grouped, the payroll officer reads the administrator’s register and a custom role of units 1 and 2 its units’ part', async () => {
    const q = { year: M.prev1.year, month: M.prev1.month };
    const menus = [];
    for (const id of ['pt-register', 'lwf-register', 'pf-register', 'esi-register'])
      menus.push((await admin.get(`/api/reports/${id}`)).json().menu);
    const limited = (await createUnitLimitedUser(t, { menus, unitIds: [1, 2] })).api;
    const mineNames = units.filter((u) => u.id === 1 || u.id === 2).map((u) => u.name);
    const ka = units.find((u) => u.state === 'KA')!;
    for (const [id, extra] of [
      ['pt-register', { stateId: ka.stateId }],
      ['lwf-register', { year: M.prev1.year, month: 12, stateId: ka.stateId }],
      ['pf-register', { groupBy: 'unitName' }],
      ['esi-register', { groupBy: 'unitName' }],
      ['pt-register', { groupBy: 'stateName' }],
    ] as const) {
      const what = `${id} ${JSON.stringify(extra)}`;
      const query = { ...q, ...extra } as Record<string, string | number>;
      const all = await run(id, query);
      const theirs = await run(id, query, payroll);
      expect(theirs.rows, what).toEqual(all.rows);
      expect(theirs.grandTotal, what).toEqual(all.grandTotal);
      const part = await run(id, query, limited);
      expect(part.rows, what).toEqual(all.rows.filter((r) => /^(BLR|CHN)/.test(String(r.employeeCode))));
      if (query.groupBy === 'unitName') {
        expect(
          part.groups.map((g) => g.value),
          what,
        ).toEqual(all.groups.filter((g) => mineNames.includes(String(g.value))).map((g) => g.value));
        for (const g of part.groups) expect(g.totals, `${what} ${g.value}`).toEqual(all.groups.find((x) => x.value === g.value)?.totals);
      }
    }
    expect((await limited.get('/api/reports/pf-register/run', { ...q, unitId: 3 })).statusCode).toBe(404);
  });
});

describe('Labour welfare fund register', () => {
  it('lists the contributions of a due month (December in Karnataka and Tamil Nadu) and totals them as the slips', async () => {
    // December of the seeded months' year: a locked, draft or new run, processed here when not final.
    const year = ([M.prev2, M.prev1, M.cur].find((x) => x.month === 12) ?? M.cur).year;
    const u = units.find((x) => x.code === 'HO-BLR')!;
    let [r] = await queryRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from payroll_runs where unit_id = ${u.id} and year = ${year} and month = 12`,
    );
    if (!r) {
      const created = await payroll.post('/api/payroll/runs', { unitId: u.id, year, month: 12 });
      expect(created.statusCode, created.body).toBe(201);
      r = { id: created.json().id, status: 'draft' };
    }
    if (r.status === 'draft') {
      const res = await payroll.post(`/api/payroll/runs/${r.id}/process`);
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
    }
    const res = await run('lwf-register', { year, month: 12, unitId: u.id, status: 'processed', stateId: u.stateId });
    const [want] = await queryRows<{ n: number; ee: string; er: string }>(
      t.db,
      sql`select count(*)::int as n, coalesce(sum((statutory->>'lwfEmployee')::bigint), 0)::text as ee,
            coalesce(sum((statutory->>'lwfEmployer')::bigint), 0)::text as er
          from salary_slips where run_id = ${r.id} and (statutory->>'lwfEmployee')::bigint + (statutory->>'lwfEmployer')::bigint > 0`,
    );
    expect(want.n).toBeGreaterThan(0);
    expect(res.total).toBe(want.n);
    expect(paise(res.grandTotal.lwfEmployee)).toBe(Number(want.ee));
    expect(paise(res.grandTotal.lwfEmployer)).toBe(Number(want.er));
    expect(paise(res.grandTotal.lwfTotal)).toBe(Number(want.ee) + Number(want.er));
    // Another state's filter leaves Karnataka's rows out.
    const other = units.find((x) => x.state !== u.state)!;
    expect((await run('lwf-register', { year, month: 12, unitId: u.id, status: 'processed', stateId: other.stateId })).total).toBe(0);
  });
});

describe('the run screen’s statutory summary (GET /api/payroll/runs/:id/statutory)', () => {
  it('holds the run’s totals as the registers do, with the recorded administration charges', async () => {
    const m = M.prev1;
    const u = units[1];
    const [r] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = ${u.id} and year = ${m.year} and month = ${m.month}`,
    );
    const res = await payroll.get(`/api/payroll/runs/${r.id}/statutory`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    const q = { year: m.year, month: m.month, unitId: u.id };
    const pf = await run('pf-register', q);
    expect(s.pf).toEqual({
      members: pf.total,
      epfWages: pf.grandTotal.epfWages,
      employee: pf.grandTotal.pfEmployee,
      eps: pf.grandTotal.eps,
      epf: pf.grandTotal.epfDifference,
      edli: pf.grandTotal.edli,
      adminCharges: pf.summary?.at(-1)?.value,
    });
    const esi = await run('esi-register', q);
    expect(s.esi).toEqual({
      covered: esi.total,
      wages: esi.grandTotal.esiWages,
      employee: esi.grandTotal.esiEmployee,
      employer: esi.grandTotal.esiEmployer,
    });
    const pt = await run('pt-register', q);
    expect(s.pt.amount).toBe(pt.grandTotal.pt);
    const lwf = await run('lwf-register', q);
    expect(s.lwf).toEqual({ employees: lwf.total, employee: lwf.grandTotal.lwfEmployee, employer: lwf.grandTotal.lwfEmployer });
  });

  it('answers 401, 404 out of reach or unknown, 400 for a bad id, 409 for a draft run', async () => {
    const [r] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from payroll_runs where unit_id = ${units[2].id} and year = ${M.prev1.year} and month = ${M.prev1.month}`,
    );
    expect((await api(t.app).get(`/api/payroll/runs/${r.id}/statutory`)).statusCode).toBe(401);
    expect((await emp1.get(`/api/payroll/runs/${r.id}/statutory`)).statusCode).toBe(403);
    // The manager's units are the first two: the third unit's run is out of reach.
    expect((await manager.get(`/api/payroll/runs/${r.id}/statutory`)).statusCode).toBe(404);
    expect((await payroll.get('/api/payroll/runs/999999/statutory')).statusCode).toBe(404);
    expect((await payroll.get('/api/payroll/runs/0x1/statutory')).statusCode).toBe(400);
    const [draft] = await queryRows<{ id: number }>(t.db, sql`select id from payroll_runs where status = 'draft' order by id limit 1`);
    if (draft) expect((await payroll.get(`/api/payroll/runs/${draft.id}/statutory`)).statusCode).toBe(409);
  });
});
