// report_run_totals (migration 0019): a final salary run's totals kept by triggers, compared with the slips summed
// here after every kind of change (run approved, locked, sent back; slips inserted, changed, deleted), and the wage
// register's grand total read from them equal to the one summed over the slips (a department filter sums the slips).
import { roundNetPay } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let run: { id: number; unitId: number; year: number; month: number; status: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [run] = await queryRows<typeof run>(
    t.db,
    sql`select r.id, r.unit_id as "unitId", r.year, r.month, r.status from payroll_runs r
        where exists (select 1 from salary_slips s where s.run_id = r.id) order by r.status = 'locked' desc, r.id limit 1`,
  );
});
afterAll(() => t?.close());

/** The run's totals summed here from its slips (head amounts added in JS). */
async function direct(runId: number): Promise<Record<string, number>> {
  const slips = await queryRows<{ gross: string; deductions: string; net: string; amounts: Record<string, unknown> }>(
    t.db,
    sql`select gross::text, deductions::text, net::text, amounts from salary_slips where run_id = ${runId}`,
  );
  const out: Record<string, number> = { '#slips': slips.length, gross: 0, deductions: 0, net: 0 };
  for (const s of slips) {
    out.gross += Number(s.gross);
    out.deductions += Number(s.deductions);
    out.net += Number(s.net);
    for (const [k, v] of Object.entries(s.amounts ?? {})) if (typeof v === 'number') out[`h${k}`] = (out[`h${k}`] ?? 0) + v;
  }
  if (!slips.length) for (const k of ['gross', 'deductions', 'net']) out[k] = 0;
  return out;
}

async function kept(runId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ item: string; amount: string }>(
    t.db,
    sql`select item, amount::text from report_run_totals where run_id = ${runId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.item, Number(r.amount)]));
}

const setStatus = (status: string) => t.db.execute(sql`update payroll_runs set status = ${status} where id = ${run.id}`);

describe('report_run_totals', () => {
  it('holds a final run’s totals, drops them when its slips change or it is sent back, and works them out again', async () => {
    expect(run, 'a seeded run with slips').toBeDefined();
    await setStatus('approved');
    expect(await kept(run.id)).toEqual(await direct(run.id));

    await setStatus('locked');
    expect(await kept(run.id)).toEqual(await direct(run.id));

    // A slip changed: the totals go (the registers sum the slips) until the run is final again.
    const [slip] = await queryRows<{ id: number }>(t.db, sql`select id from salary_slips where run_id = ${run.id} order by id limit 1`);
    await t.db.execute(sql`update salary_slips set gross = gross + 100, net = net + 100 where id = ${slip.id}`);
    expect(await kept(run.id)).toEqual({});
    await setStatus('locked');
    expect(await kept(run.id)).toEqual(await direct(run.id));

    // Sent back to processed: none kept; approved again: kept.
    await setStatus('processed');
    expect(await kept(run.id)).toEqual({});
    await setStatus('approved');
    expect(await kept(run.id)).toEqual(await direct(run.id));

    // A slip deleted.
    await t.db.execute(sql`delete from salary_slips where id = ${slip.id}`);
    expect(await kept(run.id)).toEqual({});
    await setStatus('locked');
    const totals = await direct(run.id);
    expect(await kept(run.id)).toEqual(totals);
  });

  it('the slips’ triggers are ENABLE ALWAYS, so the salary run’s COPY in replica mode (foreignKeysOnce) still drops the totals', async () => {
    const triggers = await queryRows<{ name: string; enabled: string }>(
      t.db,
      sql`select tgname as name, tgenabled::text as enabled from pg_trigger
          where tgrelid = 'salary_slips'::regclass and tgname like 'salary_slips_report_totals%' order by 1`,
    );
    expect(triggers).toHaveLength(4);
    expect(
      triggers.every((tr) => tr.enabled === 'A'),
      JSON.stringify(triggers),
    ).toBe(true);
  });

  it('the wage register’s grand total from the kept totals equals the slips summed (and with a department filter)', async () => {
    await setStatus('locked');
    const q = { unitId: run.unitId, year: run.year, month: run.month, pageSize: 5 };
    const res = await admin.get('/api/reports/form-b/run', q);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const totals = await direct(run.id);
    expect(body.total).toBe(totals['#slips']);
    expect(Math.round(body.grandTotal.gross * 100)).toBe(totals.gross);
    // Net is the amount paid: each slip's net rounded to ₹10 as its payslip prints it (issue 26), not the kept exact sum.
    const nets = await queryRows<{ net: string }>(t.db, sql`select net::text from salary_slips where run_id = ${run.id}`);
    expect(Math.round(body.grandTotal.net * 100)).toBe(Number(nets.reduce((x, n) => x + roundNetPay(BigInt(n.net)).rounded, 0n)));
    for (const c of body.columns as { key: string; total?: boolean }[])
      if (c.total && c.key.startsWith('h')) expect(Math.round(body.grandTotal[c.key] * 100), c.key).toBe(totals[c.key] ?? 0);

    // A department narrows the slips: summed over them, the same way.
    const [dep] = await queryRows<{ id: number; gross: string; n: number }>(
      t.db,
      sql`select e.department_id as id, sum(s.gross)::text as gross, count(*)::int as n from salary_slips s join employees e on e.id = s.employee_id
          where s.run_id = ${run.id} group by 1 order by 3 desc limit 1`,
    );
    const narrowed = (await admin.get('/api/reports/form-b/run', { ...q, departmentId: dep.id })).json();
    expect(narrowed.total).toBe(dep.n);
    expect(Math.round(narrowed.grandTotal.gross * 100)).toBe(Number(dep.gross));

    // Non-administrators read the same kept totals: the payroll officer (every unit) and a custom role of the run's unit;
    // a custom role of another unit is refused the unit (404) and its own list holds none of the run's slips.
    const menu = (await admin.get('/api/reports/form-b')).json().menu as string;
    const own = (await createUnitLimitedUser(t, { menus: [menu], unitIds: [run.unitId] })).api;
    const other = run.unitId === 1 ? 2 : 1;
    const elsewhere = (await createUnitLimitedUser(t, { menus: [menu], unitIds: [other] })).api;
    for (const [who, caller] of [
      ['payroll', api(t.app, await signIn(t.app, 'payroll'))],
      ['custom role of the unit', own],
    ] as const) {
      for (const query of [q, { ...q, departmentId: dep.id }]) {
        const mine = await caller.get('/api/reports/form-b/run', query);
        expect(mine.statusCode, `${who}: ${mine.body}`).toBe(200);
        const want = (await admin.get('/api/reports/form-b/run', query)).json();
        expect(mine.json().grandTotal, who).toEqual(want.grandTotal);
        expect(mine.json().total, who).toBe(want.total);
      }
    }
    expect((await elsewhere.get('/api/reports/form-b/run', q)).statusCode).toBe(404);
    const { unitId: _unit, ...month } = q;
    const theirs = (await elsewhere.get('/api/reports/form-b/run', { ...month, pageSize: 500 })).json();
    const runCodes = await queryRows<{ code: string }>(
      t.db,
      sql`select e.employee_code as code from salary_slips s join employees e on e.id = s.employee_id where s.run_id = ${run.id}`,
    );
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.rows.some((r: { employeeCode: string }) => runCodes.some((x) => x.code === r.employeeCode))).toBe(false);
  });
});
