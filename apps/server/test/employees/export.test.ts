/** The employee Excel export validates like the list and never answers 200 and then breaks off. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
});
afterAll(() => t?.close());

describe('employee export', () => {
  it('refuses a NUL in the search and ids beyond int4 with the list’s 400', async () => {
    for (const q of ['search=%00', 'search=a%00b', 'unitId=99999999999', 'departmentId=0x10', 'categoryId=%201']) {
      const list = await admin.get(`/api/employees?${q}`);
      const file = await admin.get(`/api/employees/export?${q}`);
      expect(list.statusCode, q).toBe(400);
      expect(file.statusCode, q).toBe(400);
      expect(file.headers['content-disposition'], q).toBeUndefined();
    }
  });

  it('exports the filtered list as a workbook that reads back', async () => {
    const res = await admin.get('/api/employees/export?status=active');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const total = (await admin.get('/api/employees', { status: 'active', pageSize: 1 })).json().total as number;
    expect(wb.worksheets[0].actualRowCount - 1).toBe(total);
    expect((await api(t.app).get('/api/employees/export')).statusCode).toBe(401);
    expect((await api(t.app, await signIn(t.app, 'employee1')).get('/api/employees/export')).statusCode).toBe(403);
  });
});
