// A report's totals kept for its next pages (cacheTotalsMs, e.g. Form 24Q's) belong to one database: two apps in one
// process (as the test suite runs them) with the same report and filters never read each other's figures. It failed
// when the cache was one per process: the second app answered the first app's grand total for 60 s.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { slipTds } from '../../src/modules/form16/data';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('report totals kept between pages', () => {
  it('are per database: another app with the same filters reads its own', async () => {
    const [slip] = await queryRows<{ year: number; month: number }>(
      a.db,
      sql`select r.year, r.month from salary_slips s join payroll_runs r on r.id = s.run_id
          where r.status in ('approved', 'locked') order by r.year, r.month limit 1`,
    );
    expect(slip).toBeDefined();
    const { year, month } = slip as { year: number; month: number };
    const financialYear = month >= 4 ? year : year - 1;
    const quarter = month >= 4 ? Math.ceil((month - 3) / 3) : 4;
    const query = { financialYear, quarter, pageSize: 5 };
    // The second organisation deducted ₹1,234 more tax in that quarter.
    await b.db.execute(sql`update salary_slips s set statutory = jsonb_set(coalesce(s.statutory, '{}'::jsonb), '{tds}',
        to_jsonb(${slipTds} + 123400))
      from payroll_runs r
      where r.id = s.run_id and s.id = (select min(s2.id) from salary_slips s2 join payroll_runs r2 on r2.id = s2.run_id
        where r2.year = ${year} and r2.month = ${month} and r2.status in ('approved', 'locked'))`);
    const first = (await api(a.app, await signIn(a.app, 'payroll')).get('/api/reports/form-24q/run', query)).json();
    const second = (await api(b.app, await signIn(b.app, 'payroll')).get('/api/reports/form-24q/run', query)).json();
    expect(first.total).toBeGreaterThan(0);
    expect(Math.round(second.grandTotal.taxDeducted * 100) - Math.round(first.grandTotal.taxDeducted * 100)).toBe(123400);
  });
});
