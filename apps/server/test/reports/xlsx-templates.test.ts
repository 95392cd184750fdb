// The import templates and the import's error file, read back (issue 28): written through the one spreadsheet writer
// (xlsxBook in lib/xlsx.ts), so a date is a date cell shown dd/mm/yyyy, a number or an amount a number cell, codes
// and months text; the headings carry their notes and drop-down lists, the heading row is frozen, the example row
// stands out. Each file's columns are the ones its importer reads.
import { financialYearOf } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DATE_FORMAT, INR_NUMBER_FORMAT, TEXT_FORMAT, xlsxBook } from '../../src/lib/xlsx';
import { TEMPLATE_HEADERS } from '../../src/modules/tax/earlier-salary-sheet';
import { api, createTestApp, signIn, type TestApp } from '../helpers';

let t: TestApp;
let admin: ReturnType<typeof api>;
let unitId: number;
const now = new Date();
const year = now.getUTCFullYear();
const month = now.getUTCMonth() + 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = api(t.app, await signIn(t.app, 'admin'));
  [{ unitId }] = await queryRows<{ unitId: number }>(t.db, sql`select id as "unitId" from units where code = 'HO-BLR'`);
}, 900_000);
afterAll(async () => {
  await t?.close();
});

async function book(res: { statusCode: number; body: string; rawPayload: Buffer } | Buffer): Promise<ExcelJS.Workbook> {
  const bytes = Buffer.isBuffer(res) ? res : res.rawPayload;
  if (!Buffer.isBuffer(res)) expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  return wb;
}

const headings = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
const columnOf = (ws: ExcelJS.Worksheet, heading: string) => headings(ws).indexOf(heading) + 1;
const frozen = (ws: ExcelJS.Worksheet) => ws.views[0] as { state?: string; ySplit?: number; xSplit?: number };
/** A cell's drop-down list, as Excel reads it ('"Yes,No"' or a range of the hidden Lists sheet). */
const listOf = (cell: ExcelJS.Cell) => {
  const v = cell.dataValidation as { type?: string; formulae?: string[] } | undefined;
  return v?.type === 'list' ? v.formulae?.[0] : undefined;
};

describe('import templates through the one writer', () => {
  it('the employee template: date cells dd/mm/yyyy, text codes, notes, drop-downs, a frozen blue heading and a grey example row', async () => {
    const wb = await book(await admin.get('/api/employees/import/template'));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Employees', 'Explanations']);
    const ws = wb.worksheets[0];
    expect(headings(ws)[0]).toBe('Employee Code*');
    expect(frozen(ws)).toMatchObject({ state: 'frozen', ySplit: 1 });
    const head = ws.getRow(1).getCell(1);
    expect(head.font?.bold).toBe(true);
    expect((head.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF1E3A8A');
    expect(String(head.note ? (typeof head.note === 'string' ? head.note : JSON.stringify(head.note)) : '')).toContain('Unique');
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(14);

    const example = ws.getRow(2);
    const dob = example.getCell(columnOf(ws, 'Date of Birth*'));
    expect(dob.value).toEqual(new Date(Date.UTC(1994, 6, 21)));
    expect(dob.numFmt).toBe(DATE_FORMAT);
    const doj = example.getCell(columnOf(ws, 'Date of Joining*'));
    expect(doj.value).toEqual(new Date(Date.UTC(2021, 3, 1)));
    const mobile = example.getCell(columnOf(ws, 'Mobile*'));
    expect(mobile.value).toBe('9845012345');
    expect(mobile.numFmt).toBe(TEXT_FORMAT);
    expect(example.getCell(1).font?.italic).toBe(true);

    // Drop-downs on the rows to fill, not only the example's.
    expect(listOf(ws.getCell(50, columnOf(ws, 'Gender*')))).toBe('"Male,Female,Other"');
    expect(listOf(ws.getCell(3, columnOf(ws, 'PF Applicable')))).toBe('"Yes,No"');
    expect(listOf(ws.getCell(3, columnOf(ws, 'Pay Mode')))).toBe('"Cash,Bank,Cheque"');
    expect(listOf(ws.getCell(3, columnOf(ws, 'Name*')))).toBeUndefined();

    const help = wb.worksheets[1];
    expect(headings(help)).toEqual(['Column', 'Required', 'What to write', 'Example']);
    const dobHelp = help.getColumn(1).values.indexOf('Date of Birth');
    expect(help.getRow(dobHelp).getCell(4).value).toBe('21/07/1994');
  });

  it("the import's error file: the row a number, the uploaded value text (a formula-looking one quoted)", async () => {
    const errors = [
      { row: 7, column: 'Date of Birth', value: '31/02/1990', message: 'Date of Birth is not a date' },
      { row: 12, column: 'Name', value: '=HYPERLINK("http://evil.example")', message: 'Bad' },
    ];
    const wb = await book(await admin.post('/api/employees/import/error-report', { errors }));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Errors');
    expect(headings(ws)).toEqual(['Row', 'Column', 'Value', 'Error']);
    expect(frozen(ws)).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('A2').value).toBe(7);
    expect(ws.getCell('A3').value).toBe(12);
    expect(ws.getCell('C2').value).toBe('31/02/1990');
    expect(ws.getCell('C3').value).toBe('\'=HYPERLINK("http://evil.example")');
    expect(ws.getCell('D2').value).toBe('Date of Birth is not a date');
  });

  it('the roster template: codes as text, each day a drop-down of the shift codes and WO, Sundays marked', async () => {
    const wb = await book(await admin.get('/api/attendance/roster/template', { unitId, year, month }));
    const ws = wb.worksheets[0];
    expect(frozen(ws)).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 2 });
    expect(ws.getCell('A2').numFmt).toBe(TEXT_FORMAT);
    expect(typeof ws.getCell('A2').value).toBe('string');
    const list = listOf(ws.getCell('C2')) ?? '';
    expect(list).toMatch(/^".*WO"$/);
    expect(list).toContain('GEN');
    // Sundays (and holidays) are marked on the heading; most other days are not.
    const fills = headings(ws).map(
      (h, i) => [h, (ws.getRow(1).getCell(i + 1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb] as const,
    );
    const sundays = fills.filter(([h]) => h.endsWith(' Sun'));
    expect(sundays.length).toBeGreaterThanOrEqual(4);
    for (const [h, fill] of sundays) expect(fill, h).toBe('FFFDE68A');
    expect(fills.filter(([h, fill]) => / (Mon|Tue|Wed|Thu|Fri)$/.test(h) && fill === undefined).length).toBeGreaterThan(10);
    expect(wb.worksheets[1].name).toBe('Explanations');
  });

  it('the structure template: amounts are number cells in rupees (Indian format), the month column text', async () => {
    const wb = await book(await admin.get('/api/payroll/structures/template', { unitId }));
    const ws = wb.worksheets[0];
    expect(headings(ws).slice(0, 3)).toEqual(['Employee Code', 'Name', 'Effective From (YYYY-MM)']);
    expect(frozen(ws)).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 2 });
    expect(ws.getCell('C2').numFmt).toBe(TEXT_FORMAT);
    const [basic] = await queryRows<{ paise: string }>(
      t.db,
      sql`select (s.amounts ->> (select id::text from earning_deductions where upper(code) = ${headings(ws)[3]})) as paise
          from salary_structures s join employees e on e.id = s.employee_id
          where e.employee_code = ${String(ws.getCell('A2').value)} and s.is_active order by s.effective_from desc limit 1`,
    );
    const cell = ws.getCell('D2');
    expect(typeof cell.value).toBe('number');
    expect(cell.numFmt).toBe(INR_NUMBER_FORMAT);
    expect(cell.value).toBe(Number(basic?.paise ?? 0) / 100);
    expect(ws.getCell('D1').note).toBeTruthy();
  });

  it('the attendance template: the days and hours are number cells', async () => {
    const wb = await book(await admin.get('/api/payroll/attendance/template', { unitId, year, month }));
    const ws = wb.worksheets[0];
    expect(headings(ws)).toEqual(['Employee Code', 'Name', 'Payable Days', 'Present Days', 'LWOP Days', 'OT Hours']);
    expect(ws.actualRowCount).toBeGreaterThan(1);
    for (let r = 2; r <= ws.actualRowCount; r++)
      for (const c of [3, 4, 5, 6]) expect(typeof ws.getRow(r).getCell(c).value, `row ${r} column ${c}`).toBe('number');
  });

  it('the earlier salary template: the months text, the figures rupees in the Indian format', async () => {
    const fy = financialYearOf(year, month);
    const wb = await book(await admin.get('/api/tax/earlier-salary/template', { unitId, financialYear: fy }));
    const ws = wb.worksheets[0];
    expect(headings(ws)).toEqual(TEMPLATE_HEADERS);
    expect(ws.getColumn(3).numFmt).toBe(TEXT_FORMAT);
    expect(ws.getColumn(columnOf(ws, 'Gross Salary')).numFmt).toBe(INR_NUMBER_FORMAT);
    expect(ws.getColumn(columnOf(ws, 'Other Exempt Section')).numFmt).toBeUndefined();
    expect(String(ws.getCell(1, 3).note ? 'noted' : '')).toBe('noted');
    expect(typeof ws.getCell('B2').value).toBe('string');
  });
});

describe('xlsxBook', () => {
  it('keeps a long list in a hidden sheet, writes early dates as text and quotes formula-looking text', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `Choice number ${i + 1}`);
    const bytes = await xlsxBook([
      {
        sheet: 'Data: one / two',
        columns: [
          { header: 'Pick', width: 20, list: many },
          { header: 'When', width: 12, type: 'date' },
          { header: 'Amount', width: 12, type: 'money' },
          { header: 'Note', width: 20 },
        ],
        rows: [{ values: ['Choice number 3', '1899-12-31', 123456, '+cmd|x'] }, { values: [null, '2026-03-31', '250', null] }],
      },
    ]);
    const wb = await book(bytes);
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['Data- one - two', 'visible'],
      ['Lists', 'veryHidden'],
    ]);
    const ws = wb.worksheets[0];
    expect(listOf(ws.getCell('A2'))).toBe('Lists!$A$1:$A$60');
    expect(wb.worksheets[1].getCell('A60').value).toBe('Choice number 60');
    expect(ws.getCell('B2').value).toBe('1899-12-31');
    expect(ws.getCell('B3').value).toEqual(new Date(Date.UTC(2026, 2, 31)));
    expect(ws.getCell('C2').value).toBe(1234.56);
    expect(ws.getCell('C3').value).toBe(2.5);
    expect(ws.getCell('D2').value).toBe("'+cmd|x");
  });
});
