/** Every master list's Excel export opens cleanly and shows what the screen shows. */
import { getResource, RESOURCES, type TResource } from '@hr/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetName } from '../../src/lib/xlsx';
import { api, createTestApp, createUnitLimitedUser, signIn, type TestApp } from '../helpers';
import { expectStatus, samplePayload } from './fixtures';

let t: TestApp;
let admin: ReturnType<typeof api>;
/** A custom role viewing every master, of units 1 and 2. */
let limited: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  const menus = [...new Set((RESOURCES as unknown as TResource[]).map((r) => r.menu))];
  limited = (await createUnitLimitedUser(t, { menus, unitIds: [1, 2] })).api;
});
afterAll(() => t?.close());

async function readBack(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

describe('master exports', () => {
  it('every resource exports a workbook that reads back: a legal sheet name, the screen’s headers, every listed row', async () => {
    for (const r of RESOURCES as unknown as TResource[]) {
      const res = await admin.get(`/api/resources/${r.name}/export.xlsx`);
      expectStatus(res, 200);
      const wb = await readBack(res.rawPayload);
      const ws = wb.worksheets[0];
      expect(ws.name, r.name).toBe(sheetName(r.title));
      expect(ws.name, r.name).not.toMatch(/[\\/?*[\]:]/);
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      expect(headers, r.name).toEqual([...r.columns.map((c) => r.fields[c]?.label ?? c), 'Active']);
      const total = (await admin.get(`/api/resources/${r.name}`, { active: 'all', pageSize: 1 })).json().total as number;
      expect(ws.actualRowCount - 1, r.name).toBe(Math.min(total, 100_000));

      // A unit-limited caller: the same sheet and headings, the rows of their own list, each one the administrator's too.
      const own = await limited.get(`/api/resources/${r.name}/export.xlsx`);
      expectStatus(own, 200);
      const mine = (await readBack(own.rawPayload)).worksheets[0];
      expect(mine.name, r.name).toBe(ws.name);
      const line = (s: ExcelJS.Worksheet, n: number) => JSON.stringify((s.getRow(n).values as unknown[]).slice(1));
      expect(line(mine, 1), r.name).toBe(line(ws, 1));
      const theirs = (await limited.get(`/api/resources/${r.name}`, { active: 'all', pageSize: 1 })).json().total as number;
      expect(mine.actualRowCount - 1, r.name).toBe(theirs);
      expect(theirs, r.name).toBeLessThanOrEqual(total);
      const everything = new Set(Array.from({ length: ws.actualRowCount - 1 }, (_, i) => line(ws, i + 2)));
      for (let n = 2; n <= mine.actualRowCount; n++) expect(everything.has(line(mine, n)), `${r.name} row ${n}`).toBe(true);
    }
  }, 120_000);

  it('a choice shows its label, not the stored value', async () => {
    const res = await admin.post('/api/resources/holiday', {
      holidayDate: '2026-12-31',
      name: 'Export check',
      holidayType: 'optional',
      unitIds: [],
      description: '',
    });
    expectStatus(res, 201);
    const wb = await readBack((await admin.get('/api/resources/holiday/export.xlsx', { search: 'Export check' })).rawPayload);
    const row = (wb.worksheets[0].getRow(2).values as unknown[]).map(String);
    expect(row).toContain('Optional / restricted');
    expect(row).not.toContain('optional');
  });

  it('sheet names follow Excel’s rules', () => {
    expect(sheetName('Earning / Deduction Head')).toBe('Earning - Deduction Head');
    expect(sheetName("'Quoted: [x]*?'")).toBe('Quoted- -x-');
    expect(sheetName('A very long title that goes on well past thirty-one characters').length).toBeLessThanOrEqual(31);
    expect(sheetName('///')).toBe('-');
    expect(sheetName('   ')).toBe('Sheet1');
  });
});

describe('unit logo', () => {
  it('takes a PNG or JPEG only: an SVG, or a PNG label on other bytes, is refused', async () => {
    const unit = getResource('unit') as TResource;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
    const fakePng = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    for (const logo of [svg, fakePng]) {
      const res = await admin.post('/api/resources/unit', await samplePayload(admin, unit, { logo }));
      expectStatus(res, 400);
      expect(res.json().fieldErrors).toHaveProperty('logo');
    }
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;
    expectStatus(await admin.post('/api/resources/unit', await samplePayload(admin, unit, { logo: png })), 201);
  });
});
