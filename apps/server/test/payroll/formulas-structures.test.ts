// Salary formulas (checked on save: syntax, unknown names, cycles; effective months after the last approved
// month; unit overrides; preview) and structures with increments whose back-dated months become arrears paid
// month by month in the next run.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let blr = 0;
let priya = 0;
const heads = new Map<string, number>();
let M: Awaited<ReturnType<typeof seededMonths>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  blr = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'HO-BLR'`))[0].id;
  priya = (await queryRows<{ id: number }>(t.db, sql`select employee_id as id from users where user_name = 'employee1'`))[0].id;
  for (const h of (await payroll.get('/api/payroll/heads')).json()) heads.set(h.code, h.id);
  M = await seededMonths(payroll);
});
afterAll(() => t?.close());

async function runProcessed(unitId: number, year: number, month: number) {
  let [run] = (await payroll.get(`/api/payroll/runs?unitId=${unitId}&year=${year}&month=${month}`)).json().rows;
  if (!run) run = (await payroll.post('/api/payroll/runs', { unitId, year, month })).json();
  const res = await payroll.post(`/api/payroll/runs/${run.id}/process`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  return (await payroll.get(`/api/payroll/runs/${run.id}`)).json();
}

/** A head office run: the administrator approves it alone (the manager is paid by it). */
async function approveAndLock(id: number) {
  expect((await admin.post(`/api/payroll/runs/${id}/approve`, {})).statusCode).toBe(200);
  expect((await payroll.post(`/api/payroll/runs/${id}/lock`)).statusCode).toBe(200);
}

const slipOf = async (runId: number, employeeId: number) =>
  (
    (await payroll.get(`/api/payroll/runs/${runId}/slips`)).json() as {
      employeeId: number;
      salaryProcessDetailRequestList: { earningDeductionId: number; amount: number }[];
    }[]
  ).find((s) => s.employeeId === employeeId)!;
const amountOf = (slip: Awaited<ReturnType<typeof slipOf>>, code: string) =>
  slip.salaryProcessDetailRequestList.find((h) => h.earningDeductionId === heads.get(code))?.amount;

describe('salary formulas', () => {
  it('lists the seeded defaults; a self-service employee is refused', async () => {
    const list = (await payroll.get('/api/payroll/formulas')).json();
    const codes = list.map((f: { headCode: string }) => f.headCode);
    expect(codes).toEqual(expect.arrayContaining(['NET', 'OT', 'LWOP']));
    // PF, ESI, PT and LWF are computed by the statutory rules, not formulas.
    for (const code of ['PF', 'ESI', 'PT', 'LWF']) expect(codes).not.toContain(code);
    expect((await employee1.get('/api/payroll/formulas')).statusCode).toBe(403);
    expect(
      (await employee1.post('/api/payroll/formulas', { earningDeductionId: heads.get('OT'), effectiveFrom: M.next.ym, formula: '1' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a formula for a head the statutory rules compute', async () => {
    for (const code of ['PF', 'PT']) {
      const res = await admin.post('/api/payroll/formulas', {
        earningDeductionId: heads.get(code),
        effectiveFrom: M.next.ym,
        formula: '1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This head is computed by the statutory rules');
    }
    const preview = await payroll.post('/api/payroll/formulas/preview', {
      unitId: blr,
      employeeId: priya,
      year: M.cur.year,
      month: M.cur.month,
      draft: { earningDeductionId: heads.get('PT'), formula: '250' },
    });
    expect(preview.statusCode).toBe(400);
  });

  it('refuses a syntax error, an unknown name and a cycle with 400 naming the problem', async () => {
    const save = (formula: string) =>
      admin.post('/api/payroll/formulas', { earningDeductionId: heads.get('OT'), effectiveFrom: M.next.ym, formula });
    const syntax = await save('min(BASIC, 15000 * 0.12');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().fieldErrors.formula[0]).toMatch(/\)|end/i);
    const unknown = await save('BASICC * 0.12');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.formula.join(' ')).toContain("unknown name 'BASICC'");
    const cycle = await save('NET * 0.01');
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().fieldErrors.formula.join(' ')).toMatch(/^cycle: .*OT.*→.*OT/);
    const formulas = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from salary_formulas where effective_from = ${M.next.ym}`,
    );
    expect(formulas[0].n).toBe(0);
  });

  it('a formula never takes effect in a month already approved or locked', async () => {
    const res = await admin.post('/api/payroll/formulas', {
      earningDeductionId: heads.get('OT'),
      effectiveFrom: M.prev1.ym,
      formula: '250',
    });
    expect(res.statusCode).toBe(409);
  });

  it("a unit's own version overrides the default there; the preview shows each head", async () => {
    const draft = await payroll.post('/api/payroll/formulas/preview', {
      unitId: blr,
      employeeId: priya,
      year: M.cur.year,
      month: M.cur.month,
      draft: { earningDeductionId: heads.get('OT'), formula: '250' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().heads.find((h: { code: string }) => h.code === 'OT').amount).toBe(250);
    const saved = await payroll.post('/api/payroll/formulas', {
      earningDeductionId: heads.get('OT'),
      unitId: blr,
      effectiveFrom: M.cur.ym,
      formula: 'if(BASIC_FIXED > 0, 250, 0)',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await payroll.get(`/api/payroll/formulas?unitId=${blr}`)).json().some((f: { unitId: number | null }) => f.unitId === blr)).toBe(
      true,
    );
    const run = await runProcessed(blr, M.cur.year, M.cur.month);
    expect(run.errors).toEqual([]);
    const slip = await slipOf(run.id, priya);
    expect(amountOf(slip, 'OT')).toBe(250);
    // A failing formula fails that employee's slip with a message, not the run.
    await payroll.put(`/api/payroll/formulas/${saved.json().id}`, {
      earningDeductionId: heads.get('OT'),
      unitId: blr,
      effectiveFrom: M.cur.ym,
      formula: 'BASIC / (PAYABLE_DAYS - PAYABLE_DAYS)',
    });
    const failing = await runProcessed(blr, M.cur.year, M.cur.month);
    expect(failing.status).toBe('processed');
    expect(failing.errors.length).toBeGreaterThan(0);
    expect(failing.errors[0].error).toMatch(/OT: division by zero/);
    await payroll.put(`/api/payroll/formulas/${saved.json().id}`, {
      earningDeductionId: heads.get('OT'),
      unitId: blr,
      effectiveFrom: M.cur.ym,
      formula: 'if(BASIC_FIXED > 0, 250, 0)',
    });
    const fixed = await runProcessed(blr, M.cur.year, M.cur.month);
    expect(fixed.errors).toEqual([]);
  });
});

describe('structures and increments with arrears', () => {
  it("shows an employee's structure; self-service is refused", async () => {
    const res = await payroll.get(`/api/payroll/structures/${priya}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].amounts[String(heads.get('BASIC'))]).toBeGreaterThan(0);
    expect((await employee1.get(`/api/payroll/structures/${priya}`)).statusCode).toBe(403);
  });

  it('a back-dated increment pays the difference of three final months as arrears in the next run', async () => {
    const nov = await runProcessed(blr, M.cur.year, M.cur.month);
    await approveAndLock(nov.id);
    const [current] = (await payroll.get(`/api/payroll/structures/${priya}`)).json();
    const basic = current.amounts[String(heads.get('BASIC'))];
    // The locked month's slip as paid: prorated when the seeded attendance has her absent on a day of it so far.
    const novBasicPaid = amountOf(await slipOf(nov.id, priya), 'BASIC');
    const res = await payroll.post('/api/payroll/increments', {
      employeeId: priya,
      effectiveFrom: M.prev2.ym,
      headIds: [heads.get('BASIC')],
      by: 'percent',
      value: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ employees: 1, arrearsMonths: [M.prev2.ym, M.prev1.ym, M.cur.ym] });
    // The locked months are untouched.
    const novSlip = await slipOf(nov.id, priya);
    expect(amountOf(novSlip, 'BASIC')).toBe(novBasicPaid);
    const dec = await runProcessed(blr, M.next.year, M.next.month);
    const decSlip = await slipOf(dec.id, priya);
    const raise = Math.round(basic * 10) / 100; // 10 % of the monthly basic, in rupees
    expect(amountOf(decSlip, 'BASIC')).toBe(Math.round((basic + raise) * 100) / 100);
    const line = (
      (await payroll.get(`/api/payroll/runs/${dec.id}/employees`)).json() as {
        employeeId: number;
        arrears: { month: string; amount: number }[];
      }[]
    ).find((e) => e.employeeId === priya)!;
    // Each month's arrear is the raise on what that month paid: the whole raise for a month paid in full, prorated
    // (to the paisa) for a month with days unpaid — the seeded attendance decides which, by the day the suite runs.
    const paidBasic: number[] = [];
    for (const m of [M.prev2, M.prev1, M.cur]) {
      const [run] = (await payroll.get(`/api/payroll/runs?unitId=${blr}&year=${m.year}&month=${m.month}`)).json().rows;
      paidBasic.push(amountOf(await slipOf(run.id, priya), 'BASIC') ?? 0);
    }
    expect(line.arrears.map((a) => a.month)).toEqual([M.prev2.ym, M.prev1.ym, M.cur.ym]);
    line.arrears.forEach((a, i) => {
      if (paidBasic[i] === basic) expect(a.amount).toBe(raise);
      else expect(Math.abs(a.amount - (raise * paidBasic[i]) / basic)).toBeLessThanOrEqual(0.01);
    });
    const total = Math.round(line.arrears.reduce((sum, a) => sum + a.amount * 100, 0)) / 100;
    expect(amountOf(decSlip, 'ARREARS')).toBe(total);
    // Reprocessing December pays the same arrears once, not twice.
    const again = await runProcessed(blr, M.next.year, M.next.month);
    expect(amountOf(await slipOf(again.id, priya), 'ARREARS')).toBe(total);
  });

  it('refuses heads that are calculated or filled by the system, and bad amounts', async () => {
    const calc = await payroll.post(`/api/payroll/structures/${priya}`, {
      effectiveFrom: M.after.ym,
      amounts: { [String(heads.get('PF'))]: 100 },
    });
    expect(calc.statusCode).toBe(400);
    const neg = await payroll.post(`/api/payroll/structures/${priya}`, {
      effectiveFrom: M.after.ym,
      amounts: { [String(heads.get('BASIC'))]: -5 },
    });
    expect(neg.statusCode).toBe(400);
    const frac = await payroll.post(`/api/payroll/structures/${priya}`, {
      effectiveFrom: M.after.ym,
      amounts: { [String(heads.get('BASIC'))]: 10.005 },
    });
    expect(frac.statusCode).toBe(400);
    expect((await payroll.post('/api/payroll/structures/999999', { effectiveFrom: M.after.ym, amounts: {} })).statusCode).toBe(404);
  });
});

describe('structures from Excel', () => {
  async function upload(file: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'structures.xlsx');
    const body = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: '/api/payroll/structures/import',
      headers: { authorization: `Bearer ${await signIn(t.app, 'payroll')}`, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
  }
  const load = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    return wb;
  };

  it("the template lists the unit's staff with their structure; a filled one loads all rows or none", async () => {
    const res = await payroll.get(`/api/payroll/structures/template?unitId=${blr}`);
    expect(res.statusCode).toBe(200);
    const wb = await load(res.rawPayload);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Employee Code', 'Name', 'Effective From (YYYY-MM)']);
    expect(header).toEqual(expect.arrayContaining(['BASIC', 'DA', 'HRA']));
    expect(header).not.toContain('PF');
    const basicCol = header.indexOf('BASIC') + 1;
    // Two rows with a month after the last processed one (rows without a month stay as they are); one with a bad
    // amount: nothing is saved.
    ws.getRow(2).getCell(3).value = M.after.ym;
    ws.getRow(3).getCell(3).value = M.after.ym;
    ws.getRow(2).getCell(basicCol).value = 30000;
    ws.getRow(3).getCell(basicCol).value = 'lots';
    const bad = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().fieldErrors)).toContain("'lots' is not an amount");
    const code = String(ws.getRow(2).getCell(1).value);
    const emp = (await queryRows<{ id: number }>(t.db, sql`select id from employees where employee_code = ${code}`))[0].id;
    expect((await payroll.get(`/api/payroll/structures/${emp}`)).json()[0].effectiveFrom).not.toBe(M.after.ym);
    ws.getRow(3).getCell(basicCol).value = 25000.5;
    const ok = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ saved: 2, arrearsMonths: [] });
    const [latest] = (await payroll.get(`/api/payroll/structures/${emp}`)).json();
    expect(latest).toMatchObject({ effectiveFrom: M.after.ym, source: 'structure' });
    expect(latest.amounts[String(heads.get('BASIC'))]).toBe(30000);
  });
});
