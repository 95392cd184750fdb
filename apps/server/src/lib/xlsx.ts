import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Excel's rules for a worksheet's name: at most 31 characters, none of \ / ? * [ ] :, not blank, and no
 * apostrophe at either end. A title such as "Earning / Deduction Head" is made safe rather than
 * producing a workbook that Excel repairs on opening.
 */
export function sheetName(title: string): string {
  const safe = title
    .replace(/[\\/?*[\]:]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return safe || 'Sheet1';
}

/** Rupees with two decimals and Indian grouping (12,34,567.89). */
export const INR_NUMBER_FORMAT = '#,##,##0.00';

export type XlsxCell = string | number | null;

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width: number;
  numFmt?: string;
}

export interface XlsxRow {
  values: XlsxCell[];
  bold?: boolean;
}

export interface XlsxSheet {
  sheet: string;
  columns: XlsxColumn[];
  /** Lines above the headings (title, filters), each in bold in column A, followed by one blank row. */
  preamble?: string[];
  /** Columns kept in view when scrolling right. */
  frozenColumns?: number;
  /** The rows, a batch at a time (a batch is committed before the next is asked for). */
  rows: AsyncIterable<XlsxRow[]>;
}

/**
 * The one Excel writer of the server: one worksheet through ExcelJS's streaming writer, each row committed as
 * it is written, so memory holds one batch of rows whatever the sheet's size. Returns the stream at once; a
 * failure while writing destroys it (a download breaks off rather than ending as a valid-looking file).
 * Callers read their first batch before calling, so an error found there still answers properly.
 */
export function streamXlsx(spec: XlsxSheet): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const preamble = spec.preamble ?? [];
  const headRow = preamble.length ? preamble.length + 2 : 1;
  const ws = wb.addWorksheet(sheetName(spec.sheet), {
    views: [{ state: 'frozen', ySplit: headRow, xSplit: spec.frozenColumns ?? 0 }],
  });
  ws.columns = spec.columns.map((c) => ({ width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  void (async () => {
    for (const line of preamble) {
      const row = ws.addRow([line]);
      row.font = { bold: true, size: line === preamble[0] ? 13 : 11 };
      row.commit();
    }
    if (preamble.length) ws.addRow([]).commit();
    const head = ws.addRow(spec.columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    for await (const batch of spec.rows) {
      for (const r of batch) {
        const row = ws.addRow(r.values);
        if (r.bold) row.font = { bold: true };
        row.commit();
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}

/** A stream's bytes (a job's file goes to the storage whole). */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}
