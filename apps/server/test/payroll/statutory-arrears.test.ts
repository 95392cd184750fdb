// A PF parameter row added late, with an effective date inside a month already locked (issue 25): the locked
// month's slips are never rewritten; the difference becomes statutory arrears listed for approval in the unit's
// next open month, with the administration charges on the new wages and a supplementary (arrear) ECR. The row here
// is a test's (a ceiling of ₹30,000 from the 10th of the seeded last month, day-weighted), so the test follows
// the calendar of the seeded runs, whatever today is.
import { MENU } from '@hr/contract';
import {
  computePf,
  type PfParameters,
  pfAdminChargesArrear,
  pfArrear,
  pfParametersForMonth,
  STATUTORY_PARAMETERS,
  statutoryTables,
  toPaise,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { raiseReleaseArrears } from '../../src/modules/payroll/statutory-arrears';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let payroll: ReturnType<typeof api>;
let admin: ReturnType<typeof api>;
let employee1: ReturnType<typeof api>;
let M: Awaited<ReturnType<typeof seededMonths>>;
let units: { id: number; code: string }[];
const tables = statutoryTables(STATUTORY_PARAMETERS);
let lateRow: PfParameters;

type Slip = {
  runId: number;
  unitId: number;
  employeeId: number;
  uan: string | null;
  restrict: boolean;
  st: Record<string, number>;
  amounts: unknown;
  net: number;
};
async function slipsOf(year: number, month: number): Promise<Slip[]> {
  return queryRows<Slip>(
    t.db,
    sql`select s.run_id as "runId", r.unit_id as "unitId", s.employee_id as "employeeId", s.uan_no as uan,
          e.pf_restrict_to_ceiling as restrict, s.statutory as st, s.amounts, s.net::float8 as net
        from salary_slips s join payroll_runs r on r.id = s.run_id join employees e on e.id = s.employee_id
        where r.year = ${year} and r.month = ${month} order by s.run_id, s.employee_id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = api(t.app, await signIn(t.app, 'payroll'));
  admin = api(t.app, await signIn(t.app, 'admin'));
  employee1 = api(t.app, await signIn(t.app, 'employee1'));
  M = await seededMonths(payroll);
  units = await queryRows(t.db, sql`select id, code from units order by id`);
  const base = pfParametersForMonth(tables.pf, M.prev1.year, M.prev1.month)!;
  lateRow = { ...base, effectiveFrom: `${M.prev1.ym}-10`, wageCeiling: 30000, edliWageCeiling: 30000, midMonthRule: 'dayWeighted' };
});

afterAll(async () => {
  await t?.close();
});

describe('a PF row reaching back into a locked month', () => {
  let before: Slip[];
  let raised: number[];

  it('is added after the month was locked; nothing is raised before it', async () => {
    expect((await payroll.post('/api/payroll/statutory-arrears/raise')).json()).toEqual({ raised: [] });
    before = await slipsOf(M.prev1.year, M.prev1.month);
    const { effectiveFrom, ...data } = lateRow;
    await t.db.execute(sql`insert into statutory_parameters (kind, state_code, effective_from, data, source)
      values ('pf', null, ${effectiveFrom}, ${JSON.stringify(data)}::jsonb, 'Test: a ceiling of ₹30,000 added late')`);
  });

  it('raises arrears for the locked month only, one record per unit, listed for approval in the next open month', async () => {
    const res = await payroll.post('/api/payroll/statutory-arrears/raise');
    expect(res.statusCode, res.body).toBe(200);
    raised = res.json().raised;
    expect(raised.length).toBeGreaterThan(0);
    const list = (await payroll.get('/api/payroll/statutory-arrears')).json() as {
      id: number;
      forMonth: string;
      payMonth: string;
      status: string;
      unitId: number;
    }[];
    expect(list.map((a) => a.id).sort()).toEqual([...raised].sort());
    for (const a of list) expect([a.forMonth, a.payMonth, a.status]).toEqual([M.prev1.ym, M.cur.ym, 'pending']);
    // The month before the row's date and the open month raise nothing.
    expect(list.every((a) => a.forMonth === M.prev1.ym)).toBe(true);
  });

  it('never rewrites the locked month', async () => {
    expect(await slipsOf(M.prev1.year, M.prev1.month)).toEqual(before);
  });

  it('each member’s difference is what the month’s parameters now make due less what the slip carried', async () => {
    const p = pfParametersForMonth([...tables.pf, lateRow], M.prev1.year, M.prev1.month)!;
    let members = 0;
    for (const id of raised) {
      const res = await payroll.get(`/api/payroll/statutory-arrears/${id}`);
      expect(res.statusCode).toBe(200);
      const a = res.json();
      const slips = before.filter((s) => s.unitId === a.unitId && s.st.pfEmployee > 0);
      let epfWagesDue = 0n;
      const want = [];
      for (const s of slips) {
        const slip = {
          pfWages: BigInt(s.st.pfWages),
          epfWages: BigInt(s.st.epfWages),
          epsWages: BigInt(s.st.epsWages),
          edliWages: BigInt(s.st.edliWages),
          employee: BigInt(s.st.pfEmployee),
          eps: BigInt(s.st.eps),
          epf: BigInt(s.st.epf),
          edli: BigInt(s.st.edli),
        };
        const d = pfArrear(p, { slip, restrictToCeiling: s.restrict });
        epfWagesDue += slip.epfWages + (d?.epfWages ?? 0n);
        if (d)
          want.push({
            employeeId: s.employeeId,
            employeeShare: Number(d.employee) / 100,
            eps: Number(d.eps) / 100,
            edli: Number(d.edli) / 100,
          });
      }
      expect(
        a.lines.map((l: { employeeId: number; employeeShare: number; eps: number; edli: number }) => ({
          employeeId: l.employeeId,
          employeeShare: l.employeeShare,
          eps: l.eps,
          edli: l.edli,
        })),
      ).toEqual(want);
      const [charged] = await queryRows<{ amount: string }>(
        t.db,
        sql`select amount::text from pf_admin_charges pc join statutory_arrears a on a.run_id = pc.run_id where a.id = ${id}`,
      );
      expect(a.adminCharges).toBe(Number(pfAdminChargesArrear(p, epfWagesDue, BigInt(charged.amount))) / 100);
      members += a.lines.length;
    }
    expect(members).toBeGreaterThan(0);
    // A member on wages above ₹30,000: the blended ceiling's share less the slip's.
    const high = before.find((s) => s.st.pfWages > toPaise(40000) && s.st.epfWages < s.st.pfWages)!;
    if (high) {
      const due = computePf(p, { pfWages: BigInt(high.st.pfWages), restrictToCeiling: true, epsEligible: high.st.epsWages > 0 });
      expect(Number(due.employee)).toBeGreaterThan(high.st.pfEmployee);
    }
  });

  it('raising again, or at the next start of the installation, raises nothing more', async () => {
    expect((await payroll.post('/api/payroll/statutory-arrears/raise')).json()).toEqual({ raised: [] });
    expect(await raiseReleaseArrears(t.db)).toEqual([]);
  });

  it('the arrear ECR comes after approval, with the differences for the wage month', async () => {
    const id = raised[0];
    expect((await payroll.get(`/api/payroll/statutory-arrears/${id}/ecr`)).statusCode).toBe(409);
    expect((await payroll.post(`/api/payroll/statutory-arrears/${id}/decide`, { action: 'reject' })).statusCode).toBe(400);
    const ok = await admin.post(`/api/payroll/statutory-arrears/${id}/decide`, { action: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    expect((await admin.post(`/api/payroll/statutory-arrears/${id}/decide`, { action: 'approve' })).statusCode).toBe(409);
    const detail = (await payroll.get(`/api/payroll/statutory-arrears/${id}`)).json();
    // The demo members have UANs: the file is built (a missing one is a 409 naming the member, as the run's ECR).
    const ecr = await payroll.get(`/api/payroll/statutory-arrears/${id}/ecr`);
    expect(ecr.statusCode, ecr.body).toBe(200);
    expect(ecr.headers['content-disposition']).toContain(`ECR_ARREAR_`);
    const lines = ecr.body.split('\n').map((l) => l.split('#~#'));
    expect(lines).toHaveLength(detail.lines.length);
    detail.lines.forEach((l: { uan: string; epfWages: number; employeeShare: number; eps: number; epf: number }, i: number) => {
      expect(lines[i][0]).toBe(l.uan);
      expect(lines[i][3]).toBe(String(Math.round(l.epfWages)));
      expect(lines[i].slice(6, 9)).toEqual([l.employeeShare, l.eps, l.epf].map((v) => String(Math.round(v))));
    });
  });

  it('a rejected record is not raised again, neither on demand nor at the next start', async () => {
    const pending = ((await payroll.get('/api/payroll/statutory-arrears')).json() as { id: number; status: string }[]).filter(
      (r: { status: string }) => r.status === 'pending',
    );
    expect(pending.length).toBeGreaterThan(0);
    const res = await admin.post(`/api/payroll/statutory-arrears/${pending[0].id}/decide`, { action: 'reject', remark: 'Paid by hand' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('rejected');
    expect((await payroll.post('/api/payroll/statutory-arrears/raise')).json()).toEqual({ raised: [] });
    expect(await raiseReleaseArrears(t.db)).toEqual([]);
  });

  it('is reached only by payroll users of the unit', async () => {
    const id = raised[0];
    expect((await employee1.get('/api/payroll/statutory-arrears')).statusCode).toBe(403);
    expect((await employee1.post('/api/payroll/statutory-arrears/raise')).statusCode).toBe(403);
    expect((await payroll.get('/api/payroll/statutory-arrears/0')).statusCode).toBe(400);
    expect((await payroll.get('/api/payroll/statutory-arrears/999999')).statusCode).toBe(404);
    expect((await payroll.get('/api/payroll/statutory-arrears?status=late')).statusCode).toBe(400);
    const unitId = (await payroll.get(`/api/payroll/statutory-arrears/${id}`)).json().unitId as number;
    const other = units.find((u) => u.id !== unitId)!;
    const limited = await createUnitLimitedUser(t, { menus: [MENU.statutoryArrears], unitIds: [other.id] });
    expect((await limited.api.get(`/api/payroll/statutory-arrears/${id}`)).statusCode).toBe(404);
    expect((await limited.api.get(`/api/payroll/statutory-arrears/${id}/ecr`)).statusCode).toBe(404);
    const seen = (await limited.api.get('/api/payroll/statutory-arrears')).json() as { id: number; unitId: number; status: string }[];
    expect(seen.every((a) => a.unitId === other.id)).toBe(true);
    // Viewing is not deciding: the approve action is needed.
    const pending = seen.find((a) => a.status === 'pending');
    if (pending)
      expect((await limited.api.post(`/api/payroll/statutory-arrears/${pending.id}/decide`, { action: 'approve' })).statusCode).toBe(403);
    expect((await limited.api.post(`/api/payroll/statutory-arrears/${id}/decide`, { action: 'approve' })).statusCode).toBe(404);
    expect((await limited.api.post('/api/payroll/statutory-arrears/raise')).statusCode).toBe(403);
  });
});
