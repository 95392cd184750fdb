import { PassThrough } from 'node:stream';
import { cachedZoneOffset } from '@hr/calendar';
import ExcelJS from 'exceljs';
import { orgZone } from './org-zone';

/**
 * Excel's rules for a worksheet's name: at most 31 characters, none of \ / ? * [ ] :, not blank, and no
 * apostrophe at either end. A title such as "Earning / Deduction Head" is made safe rather than
 * producing a workbook that Excel repairs on opening; a longer title is cut at the last word that fits.
 */
export function sheetName(title: string): string {
  const safe = title
    .replace(/[\\/?*[\]:]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim();
  if (safe.length <= 31) return safe || 'Sheet1';
  const cut = safe.slice(0, 32);
  const space = cut.lastIndexOf(' ');
  const words = (space > 0 ? cut.slice(0, space) : cut.slice(0, 31)).replace(/[\s\-–—,;·(]+$/, '').replace(/'+$/, '');
  return words || safe.slice(0, 31);
}

/** Rupees with two decimals and Indian grouping (12,34,567.89). */
export const INR_NUMBER_FORMAT = '#,##,##0.00';

/**
 * A value for a cell: text, a number, a date (an ISO 'YYYY-MM-DD' text or a Date, in a date column), or empty. What
 * a cell becomes is the column's `type`, converted once here (`cellOf`), so a caller passes the value itself.
 */
export type XlsxCell = string | number | Date | null;

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

/**
 * What a column holds: `date` a date cell shown dd/mm/yyyy (or `dateFormat`), `datetime` a date and time in the
 * organisation's zone, `money` paise written as rupees in the Indian format, `number` a number (a numeric text such as
 * Postgres' numeric becomes one), `text` as given (the default; a number stays a number).
 */
export type XlsxColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime';

/** The date formats the registers print: 31/03/2026, or 31-Mar-2026 where a form prints it so. */
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_MMM_FORMAT = 'dd-mmm-yyyy';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width: number;
  type?: XlsxColumnType;
  /** The cells' number format; by default the type's (dates dd/mm/yyyy, money #,##,##0.00). */
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
  const formats = spec.columns.map(formatOf);
  ws.columns = spec.columns.map((c, i) => ({ width: c.width, style: formats[i] ? { numFmt: formats[i] } : {} }));
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
    const plain = formats.map((f) => (f ? styles.addStyleModel({ numFmt: f }, ExcelJS.ValueType.Number) : 0));
    const bold = formats.map((f) => styles.addStyleModel({ font: { bold: true }, ...(f ? { numFmt: f } : {}) }, ExcelJS.ValueType.Number));
    const types = spec.columns.map((c) => c.type ?? 'text');
    const letters = spec.columns.map((_, i) => columnLetter(i + 1));
    const sheetStream = (ws as unknown as { stream: { write(xml: string): void } }).stream;
    let rowNumber = head.number;
    for await (const batch of spec.rows) {
      let xml = '';
      for (const r of batch) {
        rowNumber++;
        const ids = r.bold ? bold : plain;
        xml += `<row r="${rowNumber}">`;
        r.values.forEach((value, i) => {
          const v = cellOf(types[i] ?? 'text', value);
          if (v === null) return;
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

/** A column of a workbook written whole (`xlsxBook`: an import template, an error file). */
export interface XlsxBookColumn extends XlsxColumn {
  /** A note on the heading (what to write there), shown when the pointer rests on it. */
  note?: string;
  /** The values the column takes: a drop-down on the rows below the heading (other text gets a warning, not a refusal). */
  list?: readonly string[];
  /** The heading's own fill (ARGB), e.g. a Sunday or a holiday of a roster. */
  headerFill?: string;
}

/** A row of a workbook written whole; `example` is the template's example row (italic, grey). */
export interface XlsxBookRow extends XlsxRow {
  example?: boolean;
}

export interface XlsxBookSheet {
  sheet: string;
  columns: XlsxBookColumn[];
  rows: XlsxBookRow[];
  /** Columns kept in view when scrolling right (the heading row always is). */
  frozenColumns?: number;
  /** The heading row: `strong` white on blue (a template's columns; else bold), `wrap` long headings on `height` points. */
  header?: { strong?: boolean; wrap?: boolean; height?: number };
  /** The rows below the heading the drop-downs reach (a template is filled by hand): 1,000 by default. */
  inputRows?: number;
}

/** A column whose cells stay text when typed (codes, mobiles, account numbers keep their leading zeros). */
export const TEXT_FORMAT = '@';
const HEADER_FILL = 'FF1E3A8A';
const EXAMPLE_FONT = { italic: true, color: { argb: 'FF6B7280' } };
/** Excel keeps a list typed into the validation itself to 255 characters; a longer one is read from a hidden sheet. */
const INLINE_LIST_MAX = 255;

/**
 * The one writer's small workbooks, built whole in memory: the import templates and their error files, one or more
 * sheets. Every cell goes through `cellOf` and `xlsxText` as the streamed exports' do (dates are date cells shown
 * dd/mm/yyyy, numbers numbers, money paise rupees, formula-looking text quoted); headings may carry notes, columns
 * drop-down lists, widths and formats, and the heading row is frozen.
 */
export async function xlsxBook(sheets: XlsxBookSheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'HR Payroll';
  const lists: (readonly string[])[] = [];
  const listRange = (values: readonly string[]): string => {
    const inline = `"${values.join(',')}"`;
    if (inline.length <= INLINE_LIST_MAX && !values.some((v) => v.includes(',') || v.includes('"'))) return inline;
    lists.push(values);
    return `Lists!$${columnLetter(lists.length)}$1:$${columnLetter(lists.length)}$${values.length}`;
  };
  for (const spec of sheets) {
    const ws = wb.addWorksheet(sheetName(spec.sheet), { views: [{ state: 'frozen', ySplit: 1, xSplit: spec.frozenColumns ?? 0 }] });
    const formats = spec.columns.map(formatOf);
    const types = spec.columns.map((c) => c.type ?? 'text');
    ws.columns = spec.columns.map((c, i) => ({ width: c.width, style: formats[i] ? { numFmt: formats[i] } : {} }));
    const strong = spec.header?.strong ?? false;
    const head = ws.addRow(spec.columns.map((c) => xlsxText(c.header)));
    head.font = strong ? { bold: true, color: { argb: 'FFFFFFFF' } } : { bold: true };
    if (spec.header?.wrap) head.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    if (spec.header?.height) head.height = spec.header.height;
    spec.columns.forEach((c, i) => {
      const cell = head.getCell(i + 1);
      const fill = c.headerFill ?? (strong ? HEADER_FILL : undefined);
      if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
      if (c.note) cell.note = c.note;
    });
    for (const r of spec.rows) {
      const row = ws.addRow(spec.columns.map((_, i) => bookValue(types[i] ?? 'text', r.values[i])));
      formats.forEach((f, i) => {
        if (f) row.getCell(i + 1).numFmt = f;
      });
      if (r.bold) row.font = { bold: true };
      if (r.example) row.font = EXAMPLE_FONT;
    }
    const last = 1 + Math.max(spec.inputRows ?? 1000, spec.rows.length);
    spec.columns.forEach((c, i) => {
      if (!c.list?.length) return;
      const letter = columnLetter(i + 1);
      // ExcelJS has the worksheet's data validations, though its typings lack them.
      (ws as unknown as { dataValidations: { add(range: string, rule: object): void } }).dataValidations.add(
        `${letter}2:${letter}${last}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [listRange(c.list)],
          showErrorMessage: true,
          errorStyle: 'warning',
          errorTitle: c.header,
          error: `Not one of the listed values of ${c.header}`,
        },
      );
    });
  }
  if (lists.length) {
    const ws = wb.addWorksheet('Lists', { state: 'veryHidden' });
    lists.forEach((values, i) => {
      values.forEach((v, j) => {
        ws.getCell(j + 1, i + 1).value = xlsxText(v);
      });
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell's value for ExcelJS: as `cellOf` makes it, text through `xlsxText`. */
function bookValue(type: XlsxColumnType, v: XlsxCell | undefined): string | number | null {
  const x = cellOf(type, v);
  return typeof x === 'string' ? xlsxText(x) : x;
}

/** The number format of a column: its own, else its type's. */
function formatOf(c: XlsxColumn): string | undefined {
  if (c.numFmt) return c.numFmt;
  if (c.type === 'date') return DATE_FORMAT;
  if (c.type === 'datetime') return DATETIME_FORMAT;
  if (c.type === 'money') return INR_NUMBER_FORMAT;
  return undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;
const DAY_MS = 86_400_000;
/** Excel's day 0 (its serial numbers count days from 30/12/1899, the 1900 leap-year slip included for later dates). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** The first day Excel's serials count rightly (01/03/1900); an earlier date is written as text. */
const EXCEL_FIRST_MS = Date.UTC(1900, 2, 1);

/** A calendar date (UTC milliseconds of its midnight) as Excel's serial number. */
const serialOf = (utcMs: number): number => (utcMs - EXCEL_EPOCH_MS) / DAY_MS;

/**
 * A value as the cell the column's type makes of it, once for every workbook: a date (ISO text or Date) → Excel's
 * serial day number (a Date in a `datetime` column at the organisation's wall-clock time), money paise → rupees, a
 * numeric text in a number or money column → the number. Anything else (a total line's label, a date that is not
 * one) is written as it is.
 */
export function cellOf(type: XlsxColumnType, v: XlsxCell | undefined): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  if (type === 'date' || type === 'datetime') {
    if (v instanceof Date) {
      if (Number.isNaN(v.getTime())) return null;
      if (type === 'date') return serialOf(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
      const local = v.getTime() + cachedZoneOffset(orgZone(), v.getTime()) * 60_000;
      return local < EXCEL_FIRST_MS ? v.toISOString() : Math.round(serialOf(local) * 86_400) / 86_400;
    }
    if (typeof v === 'string') {
      const m = ISO_DATE.exec(v.slice(0, 10));
      if (m && v.length === 10) {
        const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
        return ms < EXCEL_FIRST_MS ? v : serialOf(ms);
      }
      if (m && type === 'datetime' && !Number.isNaN(Date.parse(v))) return cellOf(type, new Date(v));
    }
    return typeof v === 'number' ? v : String(v);
  }
  if (v instanceof Date) return v.toISOString();
  if (type === 'money' || type === 'number') {
    const n = typeof v === 'number' ? v : NUMERIC.test(v.trim()) ? Number(v.trim()) : null;
    if (n === null) return v;
    return type === 'money' ? Math.round(n) / 100 : n;
  }
  return v;
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
