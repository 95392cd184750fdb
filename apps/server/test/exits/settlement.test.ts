// Full and final settlement: an approved resignation's settlement computed by the payroll engine as an off-cycle
// run of one employee — the last month's days up to the last working day (the month's run then leaves her out, so
// she is paid once), leave encashment on the balance, gratuity by the rule, notice recovery or its waiver, the
// advance's balance, other recoveries with a reason, TDS — approved by someone other than its maker, then locked.
import { MENU } from '@hr/contract';
import { gratuity, labourCodeWages, serviceBetween } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let payroll: ReturnType<typeof api>;
let manager: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let employee2: ReturnType<typeof api>;
let priya = 0;
let unit = 0;
let chn = 0;
let run = { id: 0, year: 0, month: 0 };
let lastDay = '';
let separationId = 0;
let settlementId = 0;

type Line = { kind: string; side: string; label: string; amount: number; basis: string; exempt: number };
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  manager = api(t.app, await signIn(t.app, 'manager'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  employee2 = api(t.app, await signIn(t.app, 'employee2'));
  [{ id: priya, unit }] = await queryRows<{ id: number; unit: number }>(
    t.db,
    sql`select e.id, e.unit_id as unit from users u join employees e on e.id = u.employee_id where u.user_name = 'employee1'`,
  );
  chn = (await queryRows<{ id: number }>(t.db, sql`select id from units where code = 'BR-CHN'`))[0].id;
  const [draft] = (await payroll.get(`/api/payroll/runs?status=draft&unitId=${unit}`)).json().rows;
  run = draft;
  lastDay = `${draft.year}-${pad(draft.month)}-15`;
});
afterAll(() => t?.close());

async function processRun() {
  expect((await payroll.post(`/api/payroll/runs/${run.id}/process`)).statusCode).toBe(202);
  await t.app.jobs.drain();
  return (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as { employeeId: number; netPay?: number }[];
}

describe('full and final settlement', () => {
  it('needs an approved separation', async () => {
    const s = await employee1.post('/api/exits/separations', {
      type: 'resignation',
      noticeGivenOn: `${run.year}-${pad(run.month)}-01`,
      lastDayRequested: lastDay,
      reason: 'Relocating to Pune',
    });
    expect(s.statusCode).toBe(201);
    separationId = s.json().id;
    expect((await payroll.post(`/api/exits/separations/${separationId}/settlement`, {})).statusCode).toBe(409);
    expect((await manager.post(`/api/exits/separations/${separationId}/action`, { action: 'approve' })).statusCode).toBe(200);
    expect((await admin.post(`/api/exits/separations/${separationId}/action`, { action: 'approve' })).json().status).toBe('approved');
  });

  it('the month processed before the settlement: the settlement takes her slip over, the run keeps none of it', async () => {
    const slips = await processRun();
    expect(slips.some((s) => s.employeeId === priya)).toBe(true);
    // The leaver's slip of the month is prorated to the last day already (the exit date is set).
    const res = await payroll.post(`/api/exits/separations/${separationId}/settlement`, {});
    expect(res.statusCode, res.body).toBe(200);
    const x = res.json();
    settlementId = x.id;
    expect(x).toMatchObject({ status: 'computed', salaryMonth: `${run.year}-${pad(run.month)}`, lastDay, approval: { state: 'pending' } });
    const after = (await payroll.get(`/api/payroll/runs/${run.id}/slips`)).json() as { employeeId: number }[];
    expect(after.some((s) => s.employeeId === priya)).toBe(false);
    // Processing the month again leaves her out: paid once, by the settlement.
    expect((await processRun()).some((s) => s.employeeId === priya)).toBe(false);
    const salary = (x.lines as Line[]).filter((l) => l.kind === 'salary');
    expect(salary.length).toBeGreaterThan(0);
    expect(salary[0].basis).toMatch(/^15 of \d+ days of /);
  });

  it('has every line: salary, encashment, gratuity rule, notice recovery, advance balance, TDS; totals add up', async () => {
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    const lines = x.lines as Line[];
    const sum = (side: string) => Math.round(lines.filter((l) => l.side === side).reduce((s, l) => s + l.amount * 100, 0));
    expect(Math.round(x.earnings * 100)).toBe(sum('earning'));
    expect(Math.round(x.deductions * 100)).toBe(sum('deduction'));
    expect(Math.round(x.net * 100)).toBe(sum('earning') - sum('deduction'));
    // 30 days' notice, 14 served: 16 days recovered at the monthly gross ÷ 30.
    const notice = lines.find((l) => l.kind === 'notice_recovery')!;
    expect(notice.basis).toMatch(/^16 of 30 days' notice not served/);
    const gross = (x.facts.wages as { gross: number }).gross;
    expect(Math.round(notice.amount * 100)).toBe(Math.round((gross * 16) / 30));
    // Gratuity by the rule of s.53 on the Labour Codes' wages (the unit tests replay the worked examples).
    const [e] = await queryRows<{ joined: string }>(t.db, sql`select date_of_joining::text as joined from employees where id = ${priya}`);
    const w = x.facts.wages as { basicDa: number; gross: number; labourCodeWages: number };
    expect(w.labourCodeWages).toBe(labourCodeWages(w.basicDa, w.gross));
    const g = gratuity({
      type: 'resignation',
      disablement: false,
      fixedTerm: false,
      service: serviceBetween(e.joined, lastDay),
      wages: w.labourCodeWages,
      ceiling: 200000000,
      taxExemption: 200000000,
    });
    const line = lines.find((l) => l.kind === 'gratuity');
    expect(line ? Math.round(line.amount * 100) : 0).toBe(g.amount);
    expect((x.facts.gratuity as { eligible: boolean }).eligible).toBe(g.eligible);
    // She is repaying an advance: the instalments still due after this month are recovered.
    expect(lines.some((l) => l.kind === 'advance')).toBe(true);
    expect(lines.some((l) => l.kind === 'tds')).toBe(true);
    // Earned Leave is encashable: its balance at exit on basic + DA ÷ 30, exempt up to the 10(10AA) limit.
    const el = lines.find((l) => l.kind === 'encashment')!;
    expect(el.basis).toMatch(/days × ₹[\d,.]+ ÷ 30/);
    expect(el.exempt).toBe(el.amount);
    // The due date: two working days after the last day.
    expect(x.dueDate > lastDay).toBe(true);
  });

  it('a waiver drops the notice recovery; another recovery needs a reason and is added', async () => {
    expect((await payroll.post(`/api/exits/separations/${separationId}/settlement`, { noticeWaived: true })).statusCode).toBe(400);
    const w = (
      await payroll.post(`/api/exits/separations/${separationId}/settlement`, { noticeWaived: true, waiverReason: 'Project closed early' })
    ).json();
    expect((w.lines as Line[]).some((l) => l.kind === 'notice_recovery')).toBe(false);
    expect(w.noticeWaived).toBe(true);
    expect(
      (
        await payroll.post(`/api/exits/separations/${separationId}/adjustments`, {
          side: 'deduction',
          label: 'Laptop not returned',
          amount: 500,
        })
      ).statusCode,
    ).toBe(400);
    const a = await payroll.post(`/api/exits/separations/${separationId}/adjustments`, {
      side: 'deduction',
      label: 'Laptop charger not returned',
      amount: 1500,
      reason: 'Asset register entry 114',
    });
    expect(a.statusCode, a.body).toBe(200);
    const x = a.json();
    expect(x.noticeWaived).toBe(true);
    expect((x.lines as Line[]).find((l) => l.kind === 'adjustment')).toMatchObject({ amount: 1500, basis: 'Asset register entry 114' });
    expect(Math.round((w.net - x.net) * 100)).toBeGreaterThanOrEqual(150000 - 100000);
  });

  it('a huge recovery shows as the amount she owes', async () => {
    const r = (
      await payroll.post(`/api/exits/separations/${separationId}/adjustments`, {
        side: 'deduction',
        label: 'Training bond',
        amount: 9999999,
        reason: 'Bond of 2025',
      })
    ).json();
    expect(r.net).toBeLessThan(0);
    const adj = (r.adjustments as { id: number; label: string }[]).find((a) => a.label === 'Training bond')!;
    const back = (await payroll.delete(`/api/exits/separations/${separationId}/adjustments/${adj.id}`)).json();
    expect(back.net).toBeGreaterThan(r.net);
  });

  it('is seen by those allowed: not the leaver of another, not a role limited to another unit', async () => {
    expect((await employee2.get(`/api/exits/settlements/${settlementId}`)).statusCode).toBe(403);
    const other = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view', 'add', 'edit', 'approve'] }, unitIds: [chn] });
    expect((await other.api.get(`/api/exits/settlements/${settlementId}`)).statusCode).toBe(404);
    expect((await other.api.get('/api/exits/settlements')).json().rows.some((r: { id: number }) => r.id === settlementId)).toBe(false);
    expect((await other.api.post(`/api/exits/separations/${separationId}/settlement`, {})).statusCode).toBe(404);
    expect((await other.api.post(`/api/exits/settlements/${settlementId}/action`, { action: 'approve' })).statusCode).toBe(404);
    const mine = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view'] }, unitIds: [unit] });
    const list = (await mine.api.get(`/api/exits/settlements?unitId=${unit}`)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(settlementId);
    expect((await mine.api.post(`/api/exits/separations/${separationId}/settlement`, {})).statusCode).toBe(403);
  });

  it('is approved by someone other than its maker, then locked; the advance is recovered and the leave encashed', async () => {
    expect((await payroll.post(`/api/exits/settlements/${settlementId}/action`, { action: 'approve' })).statusCode).toBe(403);
    expect((await admin.post(`/api/exits/settlements/${settlementId}/action`, { action: 'reject' })).statusCode).toBe(400);
    const ok = await admin.post(`/api/exits/settlements/${settlementId}/action`, { action: 'approve', remark: 'Checked' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', overdue: false });
    expect((await payroll.post(`/api/exits/separations/${separationId}/settlement`, {})).statusCode).toBe(409);
    const [due] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from advance_instalments i join salary_advances a on a.id = i.advance_id where a.employee_id = ${priya} and i.status = 'due'`,
    );
    expect(due.n).toBe(0);
    const [bal] = await queryRows<{ days: number }>(
      t.db,
      sql`select coalesce(sum(l.days), 0)::float8 as days from leave_ledger l join leave_types lt on lt.id = l.leave_type_id
          where l.employee_id = ${priya} and lt.code = 'EL' and l.financial_year = ${run.month >= 4 ? run.year : run.year - 1}`,
    );
    expect(bal.days).toBe(0);
    // The month's run still leaves her out.
    expect((await processRun()).some((s) => s.employeeId === priya)).toBe(false);
  });
});
