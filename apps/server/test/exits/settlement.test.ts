// Full and final settlement: an approved resignation's settlement computed by the payroll engine as an off-cycle
// run of one employee — the last month's days up to the last working day (the month's run then leaves her out, so
// she is paid once), leave encashment on the balance, gratuity by the rule, notice recovery or its waiver, the
// advance's balance, other recoveries with a reason, TDS — approved by someone other than its maker, then locked.
import { MENU } from '@hr/contract';
import { gratuity, labourCodeWages, serviceBetween } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { orgToday } from '../../src/lib/org-zone';
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
    // Overdue until paid: the due date is two working days after the last day.
    const approved = ok.json();
    expect(approved).toMatchObject({ status: 'approved', paymentStatus: 'pending', overdue: approved.dueDate < orgToday() });
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

describe('paying the settlement: the bank file and payment status of the salary', () => {
  const bankFile = (who: ReturnType<typeof api>, q = '') => who.get(`/api/exits/settlements/${settlementId}/bank-file${q}`);

  it('its bank file: one row, the net paid, in the layouts of the salary; refused outside the unit and to the leaver', async () => {
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    expect(x.net).toBeGreaterThan(0);
    await t.db.execute(
      sql`update employees set pay_mode_id = 2, bank_account_no = '50100012345678', ifsc = 'HDFC0001234' where id = ${priya}`,
    );
    const res = await bankFile(payroll);
    expect(res.statusCode, res.body).toBe(200);
    const [code] = await queryRows<{ code: string }>(t.db, sql`select employee_code as code from employees where id = ${priya}`);
    const rows = res.body.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(code.code);
    expect(rows[1]).toContain(x.net.toFixed(2));
    expect(res.headers['content-disposition']).toMatch(/Bank_File_FnF_/);
    // The batch of the unit's pending settlements holds it too.
    const batch = await payroll.get('/api/exits/settlements/bank-file', { unitId: unit });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.body).toContain(code.code);
    const other = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view', 'edit'] }, unitIds: [chn] });
    expect((await bankFile(other.api)).statusCode).toBe(404);
    expect((await other.api.get('/api/exits/settlements/bank-file', { unitId: unit })).statusCode).toBe(404);
    // The leaver herself can no longer sign in (401); another employee holds no settlement menu.
    expect((await bankFile(employee1)).statusCode).toBe(401);
    expect((await bankFile(employee2)).statusCode).toBe(403);
    // A bad IFSC refuses the file with the employee to fix.
    await t.db.execute(sql`update employees set ifsc = 'HDFC123' where id = ${priya}`);
    const bad = await bankFile(payroll);
    expect(bad.statusCode).toBe(409);
    expect(bad.json().problems[0]).toMatchObject({ employeeId: priya });
    await t.db.execute(sql`update employees set ifsc = 'HDFC0001234' where id = ${priya}`);
  });

  it('is marked paid with the value date and UTR (edit action, within the unit); then no longer overdue or in a file', async () => {
    const viewer = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view'] }, unitIds: [unit] });
    const body = { valueDate: orgToday(), reference: 'UTR0001234567' };
    expect((await viewer.api.post(`/api/exits/settlements/${settlementId}/mark-paid`, body)).statusCode).toBe(403);
    const other = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view', 'edit'] }, unitIds: [chn] });
    expect((await other.api.post(`/api/exits/settlements/${settlementId}/mark-paid`, body)).statusCode).toBe(404);
    const noRef = await payroll.post(`/api/exits/settlements/${settlementId}/mark-paid`, { valueDate: orgToday() });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().fieldErrors).toHaveProperty('reference');
    expect(
      (await payroll.post(`/api/exits/settlements/${settlementId}/mark-paid`, { valueDate: '2001-01-01', reference: 'UTR1' })).statusCode,
    ).toBe(400);
    const paid = await payroll.post(`/api/exits/settlements/${settlementId}/mark-paid`, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', paidOn: orgToday(), paymentReference: 'UTR0001234567', overdue: false });
    expect((await payroll.post(`/api/exits/settlements/${settlementId}/mark-paid`, body)).statusCode).toBe(409);
    expect((await bankFile(payroll)).statusCode).toBe(409);
    const list = (await payroll.get('/api/exits/settlements', { unitId: unit })).json().rows as { id: number; paidOn: string | null }[];
    expect(list.find((r) => r.id === settlementId)?.paidOn).toBe(orgToday());
  });

  it("the bank's response: a returned transfer goes back to pending with the reason, a paid line with its UTR marks it paid", async () => {
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    const [code] = await queryRows<{ code: string }>(t.db, sql`select employee_code as code from employees where id = ${priya}`);
    const head = 'Employee Code,Amount,Status,UTR,Reason';
    const wrong = await payroll.post('/api/exits/settlements/bank-response', { content: `${head}\n${code.code},1.00,Paid,UTR9,` });
    expect(wrong.statusCode).toBe(400);
    const returned = await payroll.post('/api/exits/settlements/bank-response', {
      content: `${head}\n${code.code},${x.net.toFixed(2)},Returned,,Account closed`,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ rows: 1, paid: 0, failed: 1 });
    const back = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    expect(back).toMatchObject({ paymentStatus: 'pending', paidOn: null, paymentFailure: 'Account closed' });
    const other = await createUnitLimitedUser(t, { menus: { [MENU.settlement]: ['view', 'edit'] }, unitIds: [chn] });
    const outside = await other.api.post('/api/exits/settlements/bank-response', {
      content: `${head}\n${code.code},${x.net.toFixed(2)},Paid,UTR77,`,
    });
    expect(outside.statusCode).toBe(400);
    const ok = await payroll.post('/api/exits/settlements/bank-response', {
      content: `${head}\n${code.code},${x.net.toFixed(2)},Success,UTR7654321,`,
    });
    expect(ok.json()).toMatchObject({ rows: 1, paid: 1 });
    expect((await payroll.get(`/api/exits/settlements/${settlementId}`)).json()).toMatchObject({
      paymentStatus: 'paid',
      paymentReference: 'UTR7654321',
    });
  });

  it('a settlement the employee owes is never in a bank file nor marked paid', async () => {
    await t.db.execute(sql`delete from salary_payments where settlement_id = ${settlementId}`);
    await t.db.execute(sql`update exit_settlements set net = -500000 where id = ${settlementId}`);
    const x = (await payroll.get(`/api/exits/settlements/${settlementId}`)).json();
    expect(x).toMatchObject({ net: -5000, paymentStatus: null, overdue: false });
    const file = await payroll.get(`/api/exits/settlements/${settlementId}/bank-file`);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toMatch(/owes ₹5000.00/);
    expect((await payroll.get('/api/exits/settlements/bank-file', { unitId: unit })).statusCode).toBe(409);
    expect(
      (await payroll.post(`/api/exits/settlements/${settlementId}/mark-paid`, { valueDate: orgToday(), reference: 'UTR12345' })).statusCode,
    ).toBe(409);
  });

  it("shows on the employee's record: the separation and the settlement, to those who may read the employee", async () => {
    const res = await payroll.get(`/api/employees/${priya}/exit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      separation: { id: separationId, type: 'resignation', status: 'approved', lastDay },
      settlement: { id: settlementId, status: 'approved', net: -5000, paymentStatus: null },
      links: { separation: true, settlement: true },
    });
    expect((await employee2.get(`/api/employees/${priya}/exit`)).statusCode).toBe(403);
    const other = await createUnitLimitedUser(t, { menus: { [MENU.employee]: ['view'] }, unitIds: [chn] });
    expect((await other.api.get(`/api/employees/${priya}/exit`)).statusCode).toBe(404);
    const same = await createUnitLimitedUser(t, { menus: { [MENU.employee]: ['view'] }, unitIds: [unit] });
    expect((await same.api.get(`/api/employees/${priya}/exit`)).json()).toMatchObject({
      settlement: { id: settlementId },
      links: { separation: false, settlement: false },
    });
    const none = (
      await payroll.get(
        `/api/employees/${(await queryRows<{ id: number }>(t.db, sql`select e.id from users u join employees e on e.id = u.employee_id where u.user_name = 'employee2'`))[0].id}/exit`,
      )
    ).json();
    expect(none).toMatchObject({ separation: null, settlement: null });
  });
});
