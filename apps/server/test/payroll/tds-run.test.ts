// TDS in the salary run and the income-tax declarations (issue 13): the seeded runs' TDS is what the pure rule
// (salaryMonthTds) gives on each slip's figures and the earlier slips of the financial year; a declaration in the
// old regime changes the run's TDS, and after the year's proof cut-off only proved lines count. The declarations'
// API: own record only for employees (another's is 403 / 404), payroll users within their units, 400 on bad input.
import {
  financialYearOf,
  incomeTaxParametersFor,
  remainingMonthsOf,
  STATUTORY_PARAMETERS,
  salaryMonthTds,
  statutoryTables,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { SlipStatutory } from '../../src/db/schema';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { type Month, seededMonths } from './months';

// Seeded head ids (modules/masters/seed.ts SEED_HEADS).
const HEAD = { BASIC: 1, DA: 2, HRA: 3, ARREARS: 8, BONUS: 9, PT: 23, TDS: 24 };

let t: TestApp;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let anonymous: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
const tables = statutoryTables(STATUTORY_PARAMETERS);

type Slip = {
  unitId: number;
  ym: number;
  employeeId: number;
  amounts: Record<string, number>;
  gross: number;
  st: SlipStatutory;
};
type Decl = {
  regime: 'new' | 'old';
  rent: number;
  metro: boolean;
  deductions: Record<string, number>;
  prevIncome: number;
  prevTds: number;
  otherIncome?: number;
  relief89?: number;
};
const NONE: Decl = { regime: 'new', rent: 0, metro: false, deductions: {}, prevIncome: 0, prevTds: 0 };

const amt = (s: Slip, id: number) => Number(s.amounts[String(id)] ?? 0);

async function slips(where = sql`true`): Promise<Slip[]> {
  return queryRows<Slip>(
    t.db,
    sql`select r.unit_id as "unitId", r.year * 100 + r.month as ym, s.employee_id as "employeeId", s.amounts,
          s.gross::float8 as gross, s.statutory as st
        from salary_slips s join payroll_runs r on r.id = s.run_id where ${where} order by s.employee_id, r.year, r.month`,
  );
}

/** The month's TDS by the pure rule on the slip's figures, the earlier slips of the year and a declaration. */
function direct(s: Slip, all: Slip[], d: Decl): number {
  const year = Math.floor(s.ym / 100);
  const month = s.ym % 100;
  const fyStart = (month >= 4 ? year : year - 1) * 100 + 4;
  const earlier = all.filter((x) => x.employeeId === s.employeeId && x.ym >= fyStart && x.ym < s.ym);
  const oneOff = (x: Slip) => amt(x, HEAD.ARREARS) + amt(x, HEAD.BONUS);
  const sum = (f: (x: Slip) => number) => earlier.reduce((a, x) => a + f(x), 0);
  const p = incomeTaxParametersFor(tables, financialYearOf(year, month), d.regime)!;
  return salaryMonthTds(p, {
    remainingMonths: remainingMonthsOf(month),
    regular: s.gross - oneOff(s),
    oneOff: oneOff(s),
    hraReceived: amt(s, HEAD.HRA),
    basicPlusDa: amt(s, HEAD.BASIC) + amt(s, HEAD.DA),
    rentPerMonth: d.rent,
    metro: d.metro,
    professionalTax: amt(s, HEAD.PT),
    earlierRegular: sum((x) => x.gross - oneOff(x)),
    earlierOneOff: sum(oneOff),
    earlierHraExempt: sum((x) => x.st.hraExempt ?? 0),
    earlierProfessionalTax: sum((x) => amt(x, HEAD.PT)),
    tdsSoFar: sum((x) => amt(x, HEAD.TDS)),
    previousEmployerSalary: d.prevIncome,
    previousEmployerTds: d.prevTds,
    deductions: d.deductions,
    otherIncome: d.otherIncome ?? 0,
    relief89: d.relief89 ?? 0,
  }).tds;
}

async function processRun(unitId: number, m: Month, employeeIds?: number[]) {
  const [run] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from payroll_runs where unit_id = ${unitId} and year = ${m.year} and month = ${m.month}`,
  );
  const res = await payroll.post(`/api/payroll/runs/${run.id}/process`, employeeIds ? { employeeIds } : undefined);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
}

const FY = () => financialYearOf(M.cur.year, M.cur.month);

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  anonymous = api(t.app);
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

describe('TDS in the salary run', () => {
  it('the seeded runs’ TDS of every slip is the pure rule’s on its figures and declaration (none: new regime)', async () => {
    const all = await slips();
    expect(all.length).toBeGreaterThan(0);
    const declared = await queryRows<{
      employeeId: number;
      fy: string;
      regime: 'new' | 'old';
      rent: number;
      metro: boolean;
      lines: Record<string, number>;
    }>(
      t.db,
      sql`select d.employee_id as "employeeId", d.financial_year as fy, d.regime, d.rent_per_month::float8 as rent, d.metro,
            (select jsonb_object_agg(section, amount) from tax_declaration_lines where declaration_id = d.id) as lines
          from tax_declarations d`,
    );
    // The seed's one declaration: the best-paid employee, old regime with rent and 80C / 80D.
    expect(declared.length).toBeGreaterThan(0);
    let taxed = 0;
    let old = 0;
    for (const s of all) {
      const fy = financialYearOf(Math.floor(s.ym / 100), s.ym % 100);
      const d = declared.find((x) => x.employeeId === s.employeeId && x.fy === fy);
      const decl = d ? { ...NONE, regime: d.regime, rent: d.rent, metro: d.metro, deductions: d.lines ?? {} } : NONE;
      const want = direct(s, all, decl);
      expect(amt(s, HEAD.TDS), `employee ${s.employeeId} ${s.ym}`).toBe(want);
      expect(s.st.tds).toBe(want);
      expect(s.st.tdsRegime).toBe(decl.regime);
      if (want > 0) taxed++;
      if (d) {
        old++;
        expect(s.st.hraExempt).toBeGreaterThan(0);
      }
    }
    expect(old).toBeGreaterThan(0);
    expect(taxed).toBeGreaterThan(0);
  });

  it('a declaration in the old regime changes the run; after the proof cut-off only proved lines count', async () => {
    const [top] = await queryRows<{ employeeId: number; unitId: number }>(
      t.db,
      sql`select s.employee_id as "employeeId", r.unit_id as "unitId" from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} order by s.gross desc limit 1`,
    );
    const decl: Decl = {
      regime: 'old',
      rent: 3000000,
      metro: true,
      deductions: { '80C': 15000000, '80D': 2500000, '24(b)': 20000000 },
      prevIncome: 0,
      prevTds: 0,
    };
    const saved = await payroll.put(`/api/payroll/tax-declarations/${top.employeeId}`, {
      financialYear: FY(),
      regime: 'old',
      rentPerMonth: 30000,
      metro: true,
      lines: [
        { section: '80C', amount: 150000 },
        { section: '80D', amount: 25000 },
        { section: '24(b)', amount: 200000 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await processRun(top.unitId, M.cur);
    const mine = sql`s.employee_id = ${top.employeeId}`;
    let all = await slips(mine);
    const cur = all.find((s) => s.ym === M.cur.year * 100 + M.cur.month)!;
    expect(cur.st.tdsRegime).toBe('old');
    expect(cur.st.hraExempt).toBeGreaterThan(0);
    const withAll = direct(cur, all, decl);
    expect(amt(cur, HEAD.TDS)).toBe(withAll);
    expect(withAll).not.toBe(direct(cur, all, { ...decl, regime: 'new', deductions: {}, rent: 0 }));

    // 80C proved; the cut-off the day before the month: the unproved 80D, 24(b) and rent stop counting.
    const proofs = await payroll.post(`/api/payroll/tax-declarations/${top.employeeId}/proofs`, {
      financialYear: FY(),
      lines: [{ section: '80C', proved: true }],
    });
    expect(proofs.statusCode, proofs.body).toBe(200);
    expect(proofs.json().lines.find((l: { section: string }) => l.section === '80C').proved).toBe(true);
    const start = new Date(Date.UTC(M.cur.year, M.cur.month - 1, 1) - 86_400_000).toISOString().slice(0, 10);
    const w = await payroll.put('/api/payroll/tax-proof-windows', { financialYear: FY(), proofCutoff: start });
    expect(w.statusCode, w.body).toBe(200);
    await processRun(top.unitId, M.cur, [top.employeeId]);
    all = await slips(mine);
    const after = all.find((s) => s.ym === M.cur.year * 100 + M.cur.month)!;
    const provedOnly = direct(after, all, { ...decl, rent: 0, deductions: { '80C': 15000000 } });
    expect(amt(after, HEAD.TDS)).toBe(provedOnly);
    expect(after.st.hraExempt).toBe(0);
    expect(provedOnly).toBeGreaterThan(withAll);
    // The window back out of the way for the other tests.
    await t.db.execute(sql`delete from tax_proof_windows`);
  });
});

describe('other income and relief under section 89 in the run', () => {
  it('declared other income raises the run’s TDS and relief lowers it, as the rule counts them; the slip keeps the 24Q split', async () => {
    const [top] = await queryRows<{ employeeId: number; unitId: number }>(
      t.db,
      sql`select s.employee_id as "employeeId", r.unit_id as "unitId" from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.year = ${M.prev1.year} and r.month = ${M.prev1.month} order by s.gross desc limit 1`,
    );
    const saved = await payroll.put(`/api/payroll/tax-declarations/${top.employeeId}`, {
      financialYear: FY(),
      regime: 'old',
      lines: [{ section: '80C', amount: 150000 }],
      otherIncome: 120000,
      relief89: 6000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ otherIncome: 120000, relief89: 6000 });
    // The comparison counts the other income (and shows the tax after relief).
    const c = saved.json().comparison;
    expect(c.old.otherIncome).toBe(120000);
    expect(c.netTax.old).toBe(Math.max(c.old.totalTax - 6000, 0));
    await processRun(top.unitId, M.cur);
    const all = await slips(sql`s.employee_id = ${top.employeeId}`);
    const cur = all.find((s) => s.ym === M.cur.year * 100 + M.cur.month)!;
    const decl: Decl = { ...NONE, regime: 'old', deductions: { '80C': 15000000 }, otherIncome: 12000000, relief89: 600000 };
    const tds = amt(cur, HEAD.TDS);
    expect(tds).toBe(direct(cur, all, decl));
    const noRelief = direct(cur, all, { ...decl, relief89: 0 });
    const neither = direct(cur, all, { ...decl, relief89: 0, otherIncome: 0 });
    expect(noRelief).toBeGreaterThan(neither);
    expect(tds).toBeLessThan(noRelief);
    // The month's deduction split as 24Q reports it: surcharge and cess within it, whole rupees.
    const st = cur.st as SlipStatutory & { tdsSurcharge: number; tdsCess: number };
    expect(st.tds).toBe(tds);
    expect(st.tdsCess).toBeGreaterThan(0);
    expect(st.tdsSurcharge + st.tdsCess).toBeLessThanOrEqual(tds);
    expect(st.tdsCess % 100).toBe(0);
  });
});

describe('tax declarations API', () => {
  const me = '/api/payroll/tax-declarations/me';
  const good = () => ({
    financialYear: FY(),
    regime: 'old',
    rentPerMonth: 12000,
    metro: false,
    lines: [
      { section: '80C', amount: 100000 },
      { section: '80TTA', amount: 5000 },
    ],
    previousEmployerIncome: 300000,
    previousEmployerTds: 10000,
  });

  it('an employee reads and saves their own, with the regime comparison', async () => {
    const empty = await employee1.get(me, { financialYear: FY() });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ declared: false, regime: 'new', lines: [], financialYear: FY() });
    const saved = await employee1.put(me, good());
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ declared: true, regime: 'old', rentPerMonth: 12000, previousEmployerIncome: 300000 });
    expect(body.lines).toEqual([
      { section: '80C', amount: 100000, proved: false, provedAt: null, proofFileName: null },
      { section: '80TTA', amount: 5000, proved: false, provedAt: null, proofFileName: null },
    ]);
    // The comparison is the calculator's answer for the same figures.
    const c = body.comparison;
    expect(c.new.regime).toBe('new');
    expect(c.old.deductions).toEqual({ '80C': 100000, '80TTA': 5000 });
    for (const regime of ['new', 'old'] as const) {
      const calc = await payroll.post('/api/payroll/tax/compute', {
        financialYear: FY(),
        regime,
        annualGrossSalary: c.estimatedAnnualSalary,
        exemptions: c.hraExemption,
        professionalTax: c.professionalTax,
        deductions: { '80C': 100000, '80TTA': 5000 },
      });
      expect(calc.json()).toEqual(c[regime]);
    }
    expect(c.estimatedAnnualSalary).toBeGreaterThan(300000);
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      { ...good(), rentPerMonth: -1 },
      { ...good(), lines: [{ section: '80C', amount: -5 }] },
      { ...good(), lines: [{ section: '80Z', amount: 5 }] },
      {
        ...good(),
        lines: [
          { section: '80C', amount: 5 },
          { section: '80C', amount: 6 },
        ],
      },
      { ...good(), regime: 'mid' },
      { ...good(), financialYear: '2025-27' },
      { ...good(), previousEmployerTds: 'x' },
      { ...good(), extra: 1 },
    ];
    for (const body of bad) expect((await employee1.put(me, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await employee1.get(me, { financialYear: '2025' })).statusCode).toBe(400);
    const someone = await queryRows<{ id: number }>(t.db, sql`select id from employees order by id limit 1`);
    const url = `/api/payroll/tax-declarations/${someone[0].id}`;
    expect((await payroll.post(`${url}/proofs`, { financialYear: FY(), lines: [{ section: '80X', proved: true }] })).statusCode).toBe(400);
    expect((await payroll.put('/api/payroll/tax-proof-windows', { financialYear: FY(), proofCutoff: '2001-01-01' })).statusCode).toBe(400);
    expect((await payroll.put('/api/payroll/tax-proof-windows', { financialYear: FY(), proofCutoff: '2026-02-30' })).statusCode).toBe(400);
    expect((await payroll.get('/api/payroll/tax-declarations/0')).statusCode).toBe(400);
  });

  it('an employee cannot read or change another’s; payroll users only within their units; signed-in only', async () => {
    const ids = await queryRows<{ id: number; unit: string; user: string | null }>(
      t.db,
      sql`select e.id, u.code as unit, (select user_name from users where employee_id = e.id limit 1) as user
          from employees e join units u on u.id = e.unit_id order by e.id`,
    );
    const own = ids.find((e) => e.user === 'employee1')!;
    const other = ids.find((e) => e.user === 'employee2') ?? ids.find((e) => e.id !== own.id)!;
    const outside = ids.find((e) => e.unit === 'CMP-MYS')!;
    const url = (id: number) => `/api/payroll/tax-declarations/${id}`;
    expect((await employee1.get(url(other.id))).statusCode).toBe(403);
    expect((await employee1.put(url(other.id), good())).statusCode).toBe(403);
    expect((await employee1.post(`${url(own.id)}/proofs`, { financialYear: FY(), lines: [] })).statusCode).toBe(403);
    expect(
      (await employee1.put('/api/payroll/tax-proof-windows', { financialYear: FY(), proofCutoff: `${FY().slice(0, 4)}-12-31` })).statusCode,
    ).toBe(403);
    // Payroll users reach their units' employees; the manager's units leave out Mysuru.
    expect((await payroll.get(url(own.id))).statusCode).toBe(200);
    expect((await manager.get(url(outside.id))).statusCode).toBe(404);
    // Changing a declaration needs the salary process's edit action, which the manager lacks.
    expect((await manager.put(url(outside.id), good())).statusCode).toBe(403);
    expect((await payroll.get(url(999999))).statusCode).toBe(404);
    // Unauthenticated: 401 everywhere.
    for (const [method, path] of [
      ['get', me],
      ['put', me],
      ['get', url(own.id)],
      ['put', url(own.id)],
      ['post', `${url(own.id)}/proofs`],
      ['get', '/api/payroll/tax-proof-windows'],
      ['put', '/api/payroll/tax-proof-windows'],
    ] as const) {
      const r = method === 'get' ? await anonymous.get(path) : await anonymous[method](path, {});
      expect(r.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('payroll marks proofs; the employee may not change the declaration after the cut-off, payroll may', async () => {
    const [own] = await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee1'`);
    await employee1.put(me, good());
    const url = `/api/payroll/tax-declarations/${own.id}`;
    const marked = await payroll.post(`${url}/proofs`, {
      financialYear: FY(),
      rentProved: true,
      lines: [{ section: '80C', proved: true }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ rentProved: true });
    expect(marked.json().lines[0]).toMatchObject({ section: '80C', proved: true });
    expect(marked.json().lines[1]).toMatchObject({ section: '80TTA', proved: false });
    // Not declared: 400.
    expect((await payroll.post(`${url}/proofs`, { financialYear: FY(), lines: [{ section: '80E', proved: true }] })).statusCode).toBe(400);
    // A changed amount loses its proof; an unchanged one keeps it.
    const changed = await employee1.put(me, {
      ...good(),
      lines: [
        { section: '80C', amount: 100000 },
        { section: '80TTA', amount: 6000 },
      ],
    });
    expect(changed.json().lines.map((l: { proved: boolean }) => l.proved)).toEqual([true, false]);
    const fyStart = `${FY().slice(0, 4)}-04-01`;
    expect((await payroll.put('/api/payroll/tax-proof-windows', { financialYear: FY(), proofCutoff: fyStart })).statusCode).toBe(200);
    expect((await employee1.get('/api/payroll/tax-proof-windows')).json()).toContainEqual({ financialYear: FY(), proofCutoff: fyStart });
    const late = await employee1.put(me, good());
    expect(late.statusCode).toBe(409);
    expect((await employee1.get(me)).json()).toMatchObject({ afterCutoff: true, proofCutoff: fyStart });
    expect((await payroll.put(url, { ...good(), regime: 'new' })).json()).toMatchObject({ regime: 'new' });
    await t.db.execute(sql`delete from tax_proof_windows`);
  });
});
