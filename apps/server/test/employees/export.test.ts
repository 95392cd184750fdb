/** The employee Excel export validates like the list and never answers 200 and then breaks off. */
import { MENU } from '@hr/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
/** Who exports: the administrator, the demo roles that view the employee list, a custom role of units 1 and 2. */
let callers: [string, ReturnType<typeof api>][];
beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  const limited = await createUnitLimitedUser(t, { menus: [MENU.employee], unitIds: [1, 2] });
  callers = [
    ['admin', admin],
    ['manager', api(t.app, await signIn(t.app, 'manager'))],
    ['payroll', api(t.app, await signIn(t.app, 'payroll'))],
    ['custom unit-limited role', limited.api],
  ];
});
afterAll(() => t?.close());

describe('employee export', () => {
  it('refuses a NUL in the search and ids beyond int4 with the list’s 400', async () => {
    for (const [who, caller] of callers) {
      for (const q of ['search=%00', 'search=a%00b', 'unitId=99999999999', 'departmentId=0x10', 'categoryId=%201']) {
        const list = await caller.get(`/api/employees?${q}`);
        const file = await caller.get(`/api/employees/export?${q}`);
        expect(list.statusCode, `${who} ${q}`).toBe(400);
        expect(file.statusCode, `${who} ${q}`).toBe(400);
        expect(file.headers['content-disposition'], `${who} ${q}`).toBeUndefined();
      }
    }
  });

  it('exports the filtered list as a workbook that reads back', async () => {
    for (const [who, caller] of callers) {
      const res = await caller.get('/api/employees/export?status=active');
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const total = (await caller.get('/api/employees', { status: 'active', pageSize: 1 })).json().total as number;
      expect(total, who).toBeGreaterThan(0);
      expect(wb.worksheets[0].actualRowCount - 1, who).toBe(total);
    }
    expect((await api(t.app).get('/api/employees/export')).statusCode).toBe(401);
    expect((await api(t.app, await signIn(t.app, 'employee1')).get('/api/employees/export')).statusCode).toBe(403);
  });
});
