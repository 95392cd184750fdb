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

/** What a spreadsheet may read as the start of a formula (OWASP, CSV injection): = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A text that is just a negative number ("-12.50", "-1,234"): a spreadsheet reads it as that number, not a formula. */
const NEGATIVE_NUMBER = /^-\d+(?:,\d+)*(?:\.\d+)?$/;

/**
 * Every text cell of every workbook the server writes goes through here: a text that a spreadsheet could take for a
 * formula (=HYPERLINK(…), +cmd|…, -…, @SUM(…), or one of those after a leading tab or carriage return) is written with
 * a single quote in front, as OWASP's CSV-injection guidance asks, so it shows as text and never runs. Numbers are
 * written as numbers and untouched (a negative number is not text).
 */
export function xlsxText(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell read back from a workbook the server wrote (a template filled in): the quote `xlsxText` added, taken off. */
export function fromXlsxText(text: string): string {
  return text.replace(/^'(?=[=+\-@\t\r])/, '');
}

/** A value for ExcelJS (`addRow`): text through `xlsxText`, anything else (numbers, dates, empty) as it is. */
export function xlsxValue<T>(v: T): T | string {
  return typeof v === 'string' ? xlsxText(v) : v;
}

/** The values of a row for ExcelJS's `addRow` (an array or an object by column key), each text through `xlsxText`. */
export function xlsxRow<T>(values: readonly T[]): (T | string)[];
export function xlsxRow<T>(values: Record<string, T>): Record<string, T | string>;
export function xlsxRow<T>(values: readonly T[] | Record<string, T>): (T | string)[] | Record<string, T | string> {
  if (Array.isArray(values)) return values.map(xlsxValue);
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, xlsxValue(v)]));
}

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
 * The one Excel writer of the server: one worksheet through ExcelJS's streaming writer (workbook, styles, zip),
 * the rows written as XML a batch at a time, so memory holds one batch of rows whatever the sheet's size. Returns the stream at once; a
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
      const row = ws.addRow([xlsxText(line)]);
      row.font = { bold: true, size: line === preamble[0] ? 13 : 11 };
      row.commit();
    }
    if (preamble.length) ws.addRow([]).commit();
    const head = ws.addRow(spec.columns.map((c) => xlsxText(c.header)));
    head.font = { bold: true };
    head.commit();
    // The rows' XML is written straight into the sheet's stream, a batch at a time: ExcelJS would make a Row, a
    // Cell per value and a style per cell (most of the time of a large sheet). The cells are what ExcelJS writes:
    // numbers as <v>, text as t="str", the column's number format, bold through a style of its own.
    const styles = (wb as unknown as { styles: { addStyleModel(model: object, type: number): number } }).styles;
    const plain = spec.columns.map((c) => (c.numFmt ? styles.addStyleModel({ numFmt: c.numFmt }, ExcelJS.ValueType.Number) : 0));
    const bold = spec.columns.map((c) =>
      styles.addStyleModel({ font: { bold: true }, ...(c.numFmt ? { numFmt: c.numFmt } : {}) }, ExcelJS.ValueType.Number),
    );
    const letters = spec.columns.map((_, i) => columnLetter(i + 1));
    const sheetStream = (ws as unknown as { stream: { write(xml: string): void } }).stream;
    let rowNumber = head.number;
    for await (const batch of spec.rows) {
      let xml = '';
      for (const r of batch) {
        rowNumber++;
        const ids = r.bold ? bold : plain;
        xml += `<row r="${rowNumber}">`;
        r.values.forEach((v, i) => {
          if (v === null || v === undefined) return;
          const s = ids[i] ? ` s="${ids[i]}"` : '';
          xml +=
            typeof v === 'number'
              ? `<c r="${letters[i]}${rowNumber}"${s}><v>${v}</v></c>`
              : `<c r="${letters[i]}${rowNumber}"${s} t="str"><v>${xmlText(xlsxText(v))}</v></c>`;
        });
        xml += '</row>';
      }
      if (xml) sheetStream.write(xml);
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}

/** 1 → A, 27 → AA. */
function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** Text for XML: the markup characters escaped, characters XML cannot hold left out (as ExcelJS does). */
function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"]/g, (c) => XML_ENTITIES[c]);
}
const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/** A stream's bytes (a job's file goes to the storage whole). */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts);
}
