// For apps/server/test/exits/ once /tmp/h2/h2-exits-settlement.patch is applied (settlement-compute.ts reads the exit
// limits from statutory_parameters through exitParametersAt): an employer's gratuity row with a later date caps the
// gratuity of a settlement whose last day falls after it, and not one before it. Computed in a transaction rolled back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { computeSettlementLines, type SeparationFacts } from '../../src/modules/exits/settlement-compute';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let facts: SeparationFacts;
const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await createTestApp();
  const payroll = api(t.app, await signIn(t.app, 'payroll'));
  const [e] = await queryRows<{ id: number; unit: number }>(
    t.db,
    sql`select e.id, e.unit_id as unit from users u join employees e on e.id = u.employee_id where u.user_name = 'employee1'`,
  );
  const [draft] = (await payroll.get(`/api/payroll/runs?status=draft&unitId=${e.unit}`)).json().rows;
  const lastDay = `${draft.year}-${pad(draft.month)}-15`;
  facts = {
    id: 0,
    employeeId: e.id,
    unitId: e.unit,
    type: 'retirement',
    disablement: false,
    noticeGivenOn: lastDay,
    lastDay,
    noticeDays: 0,
    joined: '2000-01-01',
    weeklyOffs: [0],
  };
  // The employer lowers the ceiling to ₹1,000 from the day before the last day (a test figure).
  const day = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const res = await payroll.post('/api/statutory/parameters', {
    kind: 'gratuity',
    effectiveFrom: day,
    data: { ceiling: 1000, taxExemption: 1000 },
    notification: 'Test 1/2026',
    notificationDate: day,
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t?.close());

async function gratuityOf(f: SeparationFacts): Promise<number | undefined> {
  let found: number | undefined;
  await t.db
    .transaction(async (tx) => {
      const c = await computeSettlementLines(tx, f, { noticeWaived: false, waiverReason: null });
      found = c.lines.find((l) => l.kind === 'gratuity')?.amount;
      throw new Error('rollback');
    })
    .catch((e) => {
      if ((e as Error).message !== 'rollback') throw e;
    });
  return found;
}

it('the employer row caps the gratuity of a settlement after its date', async () => {
  expect(await gratuityOf(facts)).toBe(100000);
});
