// Excel uploads (monthly attendance, salary structures, rosters, earlier salary, opening leave balances): the uploaded
// workbook's first sheet read through ExcelJS, each cell as a plain value (the same kinds as rows.ts, the employee
// import's reader of large files), so no area handles ExcelJS's cell objects.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { BadRequest } from '../errors';
import { readMultipartFile } from '../upload';
import { fromXlsxText } from './cells';
import type { SheetCell, SheetRow } from './rows';

export interface UploadedSheet {
  /** The first row's cells from column A (the headings), null where empty. */
  header: SheetCell[];
  /** The rows below it that hold a value, in order (`rowNo` 2 and on). */
  rows: SheetRow[];
}

/** The first sheet of the uploaded .xlsx (400 when it is not one). */
export async function uploadedSheet(request: FastifyRequest, maxBytes: number, what: string): Promise<UploadedSheet> {
  const { buffer } = await readMultipartFile(request, maxBytes, what);
  return readSheet(buffer);
}

/** The workbook's first sheet; 400 with `notXlsx` when the bytes are not an .xlsx, or when it has no sheet. */
export async function readSheet(buffer: Buffer, notXlsx = 'Upload the filled template as .xlsx'): Promise<UploadedSheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new BadRequest(notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BadRequest('The workbook has no sheet');
  const rows: SheetRow[] = [];
  ws.eachRow((row, rowNo) => {
    if (rowNo > 1) rows.push({ rowNo, cells: cellsOf(row) });
  });
  return { header: cellsOf(ws.getRow(1)), rows };
}

/** A row's cells from column A (a merged cell has its first cell's value, as ExcelJS gives it). */
function cellsOf(row: ExcelJS.Row): SheetCell[] {
  const cells: SheetCell[] = [];
  row.eachCell((cell, col) => {
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = plain(cell.value);
  });
  return cells;
}

/**
 * A cell as a plain value: text, a number, a Date (a number in a date format), a boolean, or null when empty. A
 * formula is what it computed, rich text its text joined, a hyperlink its text, an error its code ('#N/A'). A formula
 * the file keeps no result of (written by a program and never calculated) is its text ('=B2*2'), which no check
 * takes for a value, rather than a blank that would pass for one.
 */
function plain(v: ExcelJS.CellValue | undefined): SheetCell {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? `=${'formula' in v ? v.formula : ''}` : plain(result);
  }
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return plain(v.text as ExcelJS.CellValue);
  if ('error' in v) return String(v.error);
  return null;
}

/** A cell's text, trimmed, without the guard `xlsxText` put before a formula-like text ('' when empty). */
export function cellText(v: SheetCell | undefined): string {
  return fromXlsxText(String(v ?? '').trim());
}
