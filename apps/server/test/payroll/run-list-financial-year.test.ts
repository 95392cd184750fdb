// The salary process list follows the header's financial year (April to March), not the calendar year: March
// belongs to the year that started the April before, April opens the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';
import { seededMonths } from './months';

let t: TestApp;
let admin: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

type Row = { unitId: number; year: number; month: number };

describe('GET /api/payroll/runs?financialYear=', () => {
  it('lists the runs from April of that year to March of the next', async () => {
    const { cur } = await seededMonths(admin);
    const fy = cur.month >= 4 ? cur.year : cur.year - 1;
    const [unit] = (await admin.get('/api/payroll/runs?pageSize=1')).json().rows as Row[];
    // the edges around the year before: March (fy) belongs to fy - 1, April (fy) to fy; and March of fy - 1
    for (const [year, month] of [
      [fy, 3],
      [fy, 4],
      [fy - 1, 3],
    ]) {
      const made = await admin.post('/api/payroll/runs', { unitId: unit.unitId, year, month });
      expect([201, 409]).toContain(made.statusCode);
    }
    const months = async (q: string) =>
      ((await admin.get(`/api/payroll/runs?unitId=${unit.unitId}&pageSize=200${q}`)).json().rows as Row[])
        .map((r) => r.year * 100 + r.month)
        .sort((a, b) => a - b);

    const thisYear = await months(`&financialYear=${fy}`);
    expect(thisYear).toContain(fy * 100 + 4);
    expect(thisYear).toContain(cur.year * 100 + cur.month);
    expect(thisYear).not.toContain(fy * 100 + 3);
    expect(thisYear.every((m) => m >= fy * 100 + 4 && m <= (fy + 1) * 100 + 3)).toBe(true);

    const lastYear = await months(`&financialYear=${fy - 1}`);
    expect(lastYear).toContain(fy * 100 + 3);
    expect(lastYear).not.toContain((fy - 1) * 100 + 3);
    expect(lastYear).not.toContain(fy * 100 + 4);
    // the calendar-year filter is still there and differs: it takes January to December
    const calendar = await months(`&year=${fy}`);
    expect(calendar).toContain(fy * 100 + 3);
    expect(calendar).toContain(fy * 100 + 4);
  });

  it('refuses a malformed year (400) and callers without the salary process menu (401/403)', async () => {
    expect((await admin.get('/api/payroll/runs?financialYear=20x6')).statusCode).toBe(400);
    expect((await admin.get('/api/payroll/runs?financialYear=1999')).statusCode).toBe(400);
    expect((await api(t.app).get('/api/payroll/runs?financialYear=2026')).statusCode).toBe(401);
    const employee = api(t.app, await signIn(t.app, 'employee1'));
    expect((await employee.get('/api/payroll/runs?financialYear=2026')).statusCode).toBe(403);
  });
});
