/**
 * The reader of an upload's first sheet straight from its XML (apps/server/src/lib/xlsx/rows.ts): every kind of cell
 * gives the value ExcelJS's streaming reader gave (the employee import read through it before), in workbooks written
 * the ways a filled template arrives (shared strings; inline strings; dates in built-in and custom formats; 1904 dates).
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetCell, xlsxRows } from '../../src/lib/xlsx';

/** What the import made of ExcelJS's streaming reader's cells (its `cellValue` before the XML reader). */
function excelJsValue(v: ExcelJS.CellValue): SheetCell {
  if (v == null) return null;
  if (v instanceof Date || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'object') {
    if ('result' in v) return excelJsValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

async function throughExcelJs(buffer: Buffer): Promise<{ rowNo: number; cells: SheetCell[] }[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const out: { rowNo: number; cells: SheetCell[] }[] = [];
  for await (const ws of reader) {
    for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      out.push({ rowNo: row.number, cells: Array.from({ length: values.length }, (_, i) => excelJsValue(values[i])) });
    }
    break;
  }
  return out;
}

/** The rows as the XML reader gives them, without rows that have no cell (ExcelJS leaves those out). */
const rowsOf = (buffer: Buffer) => [...xlsxRows(buffer)].filter((r) => r.cells.length > 0);

async function bookOf(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('xlsxRows', () => {
  it('reads every kind of cell of the first sheet as ExcelJS did', async () => {
    const born = new Date(Date.UTC(1994, 6, 21));
    const buffer = await bookOf((wb) => {
      const ws = wb.addWorksheet('Employees');
      ws.addRow(['Employee Code', 'Name', 'Date of Birth', 'Joined', 'Salary', 'PF', 'Formula', 'Text formula']);
      const r = ws.addRow(['BLR-0101', 'Ananya <Rao> & "Co"', born, born, 25000.5, true, { formula: 'E2*2', result: 50001 }, null]);
      r.getCell(4).numFmt = 'dd/mm/yyyy';
      r.getCell(8).value = { formula: 'B2&"!"', result: 'Ananya!' };
      ws.getCell('A4').value = { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] };
      ws.getCell('D4').value = 45000;
      ws.getCell('E4').value = { error: '#N/A' };
      ws.getCell('F4').value = false;
      ws.getCell('B5').value = '  spaced  ';
      ws.getCell('C5').value = { text: 'a link', hyperlink: 'https://example.com' };
      wb.addWorksheet('Second').addRow(['not read']);
    });
    const rows = rowsOf(buffer);
    expect(rows).toEqual(await throughExcelJs(buffer));
    expect(rows[0]).toEqual({
      rowNo: 1,
      cells: ['Employee Code', 'Name', 'Date of Birth', 'Joined', 'Salary', 'PF', 'Formula', 'Text formula'],
    });
    expect(rows[1]).toEqual({ rowNo: 2, cells: ['BLR-0101', 'Ananya <Rao> & "Co"', born, born, 25000.5, true, 50001, 'Ananya!'] });
    expect(rows[2]).toEqual({ rowNo: 4, cells: ['Rich text', null, null, 45000, null, false] });
    expect(rows[3]).toEqual({ rowNo: 5, cells: [null, '  spaced  ', 'a link'] });
  });

  it('reads inline strings as the streaming writer writes them (no shared strings)', async () => {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c) => chunks.push(c));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const ws = writer.addWorksheet('Employees');
    ws.addRow(['Code', 'Name', 'Joined']).commit();
    for (let i = 1; i <= 300; i++) {
      const row = ws.addRow([`E${i}`, `Name ${i} \u0928\u093e\u092e`, new Date(Date.UTC(2020, 0, i))]);
      row.getCell(3).numFmt = 'yyyy-mm-dd';
      row.commit();
    }
    ws.commit();
    await writer.commit();
    const buffer = Buffer.concat(chunks);
    const rows = rowsOf(buffer);
    expect(rows).toEqual(await throughExcelJs(buffer));
    expect(rows).toHaveLength(301);
    expect(rows[300]).toEqual({ rowNo: 301, cells: ['E300', 'Name 300 \u0928\u093e\u092e', new Date(Date.UTC(2020, 0, 300))] });
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const buffer = await bookOf((wb) => {
      wb.properties.date1904 = true;
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['Joined']);
      ws.addRow([new Date(Date.UTC(2024, 3, 1))]);
    });
    const rows = rowsOf(buffer);
    expect(rows[1].cells[0]).toEqual(new Date(Date.UTC(2024, 3, 1)));
    expect(rows).toEqual(await throughExcelJs(buffer));
  });

  it('refuses bytes that are not a workbook', () => {
    expect(() => [...xlsxRows(Buffer.from('Employee Code,Name\nA1,B\n'))]).toThrow();
  });
});
