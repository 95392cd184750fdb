// The rows of an uploaded workbook's first sheet, read straight from the file's XML (issue 30): the archive's
// directory (PKWARE APPNOTE 6.3), each part inflated by Node's zlib, the sheet scanned a slice of rows at a time. A
// large upload (the employee import: 10,000 rows of 30 columns) is read several times faster than through ExcelJS's
// streaming reader, which builds a Row, a Cell and a style model for every value. The values are what ExcelJS gives:
// text (shared, inline or a formula's), a number, a Date for a number in a date format, a boolean; a formula's
// computed value; an error or an empty cell is null. Small uploads read through ExcelJS (read.ts).
import { inflateRawSync } from 'node:zlib';

export type SheetCell = string | number | boolean | Date | null;
export interface SheetRow {
  /** The spreadsheet's row number (1 = the first row). */
  rowNo: number;
  /** The cells from column A, null where empty. */
  cells: SheetCell[];
}

/** An archive's files by name, inflated on demand. */
function zipEntries(buf: Buffer): Map<string, () => Buffer> {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, () => Buffer>();
  for (let k = 0; k < count; k++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip directory');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (buf.readUInt32LE(local) !== 0x04034b50) throw new Error('bad zip entry');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`zip method ${method}`);
    out.set(name.replace(/^\//, ''), () => (method === 8 ? inflateRawSync(data) : data));
  }
  return out;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function xmlText(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY, (_m, dec: string, hex: string, name: string) =>
    name ? NAMED[name] : String.fromCodePoint(dec ? Number(dec) : Number.parseInt(hex, 16)),
  );
}

const ATTRS = new Map<string, RegExp>();
/** An attribute's raw value in a tag's attribute text. */
function attr(attrs: string, name: string): string | undefined {
  let re = ATTRS.get(name);
  if (!re) {
    re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*"([^"]*)"`);
    ATTRS.set(name, re);
  }
  const m = re.exec(attrs);
  return m ? m[1] : undefined;
}

/** The text of a string item (`<si>` or `<is>`): its runs' `<t>` joined, phonetic guides (`<rPh>`) left out. */
const T_TEXT = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
function itemText(xml: string): string {
  const body = xml.indexOf('rPh') < 0 ? xml : xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let out = '';
  for (const m of body.matchAll(T_TEXT)) out += m[1];
  return xmlText(out);
}

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  const out: string[] = [];
  const SI = /<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>|<(?:\w+:)?si\/>/g;
  for (const m of xml.matchAll(SI)) out.push(m[1] === undefined ? '' : itemText(m[1]));
  return out;
}

/** Excel's built-in number formats that show a date or a time (ids 14–22, 45–47). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** A format code that shows a date or time (ExcelJS's rule: y m d h s b outside quotes and brackets). */
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** For each cell style (`s`), whether its number format shows a date. */
function dateStyles(xml: string | null): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\s([^>]*?)\/?>/g)) {
    const id = attr(m[1], 'numFmtId');
    const code = attr(m[1], 'formatCode');
    if (id !== undefined && code !== undefined) custom.set(Number(id), xmlText(code).replace(/\\(.)/g, '$1'));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml);
  if (!xfs) return [];
  const out: boolean[] = [];
  for (const m of xfs[1].matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId') ?? 0);
    const code = custom.get(id);
    out.push(code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id));
  }
  return out;
}

/** The first sheet's part name: the workbook's first `<sheet>`, through the workbook's relationships. */
function firstSheetPart(entries: Map<string, () => Buffer>): string {
  const text = (name: string) => entries.get(name)?.().toString('utf8') ?? null;
  const book = text('xl/workbook.xml');
  const rels = text('xl/_rels/workbook.xml.rels');
  const sheet = book && /<(?:\w+:)?sheet\s([^>]*?)\/?>/.exec(book);
  const rid = sheet && /\br:id\s*=\s*"([^"]*)"|\bid\s*=\s*"([^"]*)"/.exec(sheet[1]);
  const id = rid && (rid[1] ?? rid[2]);
  if (id && rels) {
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\s([^>]*?)\/?>/g)) {
      if (attr(m[1], 'Id') !== id) continue;
      const target = attr(m[1], 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  const first = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0];
  if (!first) throw new Error('no worksheet');
  return first;
}

/** 'AB12' → 28 (1-based column of a cell reference). */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

/** Rows a slice of the sheet's XML holds, about: a slice is decoded, scanned and dropped before the next. */
const SLICE_BYTES = 1 << 20;

interface Book {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
  /** The sheet's namespace prefix with its colon ('' for none), and its tags. */
  tag: RegExp;
  endV: string;
  endF: string;
  endIs: string;
}

/** A cell tag's r, s and t attributes (the ones read), scanned by hand: three regular expressions a cell cost more. */
function cellAttrs(a: string, out: { r: string | null; s: number; t: string }): void {
  out.r = null;
  out.s = 0;
  out.t = 'n';
  let i = a.indexOf('="');
  while (i > 0) {
    const close = a.indexOf('"', i + 2);
    if (close < 0) return;
    const name = a.charCodeAt(i - 1);
    const before = i > 1 ? a.charCodeAt(i - 2) : 32;
    if (before === 32 || before === 9 || before === 10 || before === 13) {
      if (name === 114) out.r = a.slice(i + 2, close);
      else if (name === 115) out.s = Number(a.slice(i + 2, close));
      else if (name === 116) out.t = a.slice(i + 2, close);
    }
    i = a.indexOf('="', close + 1);
  }
}

/** The rows of one slice of sheet XML (whole rows). */
function* sliceRows(xml: string, book: Book, state: { rowNo: number }): Generator<SheetRow> {
  const TAG = book.tag;
  TAG.lastIndex = 0;
  let row: SheetCell[] | null = null;
  let col = 0;
  const at = { r: null as string | null, s: 0, t: 'n' };
  let inCell = false;
  let formula = false;
  let value: string | null = null;
  let inline: string | null = null;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const close = m[1] === '/';
    const name = m[2];
    const selfClose = m[4] === '/';
    if (name === 'row') {
      if (!close) {
        const r = attr(m[3], 'r');
        state.rowNo = r ? Number(r) : state.rowNo + 1;
        row = [];
        col = 0;
        if (selfClose) {
          yield { rowNo: state.rowNo, cells: row };
          row = null;
        }
      } else if (row) {
        yield { rowNo: state.rowNo, cells: row };
        row = null;
      }
    } else if (name === 'c') {
      if (!row) continue;
      if (!close) {
        cellAttrs(m[3], at);
        col = at.r ? columnOf(at.r) : col + 1;
        formula = false;
        value = null;
        inline = null;
        inCell = !selfClose;
        if (selfClose) while (row.length < col) row.push(null);
      } else if (inCell) {
        while (row.length < col - 1) row.push(null);
        row[col - 1] = cellOf(at.t, at.s, formula, value, inline, book);
        inCell = false;
      }
    } else if (inCell && !close) {
      if (name === 'f') formula = true;
      if (selfClose) continue;
      const endTag = name === 'v' ? book.endV : name === 'is' ? book.endIs : book.endF;
      const end = xml.indexOf(endTag, TAG.lastIndex);
      if (end < 0) break;
      if (name === 'v') value = xml.slice(TAG.lastIndex, end);
      else if (name === 'is') inline = itemText(xml.slice(TAG.lastIndex, end));
      TAG.lastIndex = end + endTag.length;
    }
  }
}

function cellOf(type: string, style: number, formula: boolean, value: string | null, inline: string | null, book: Book): SheetCell {
  if (type === 'inlineStr') return inline ?? (value === null ? null : xmlText(value));
  if (value === null) return null;
  switch (type) {
    case 's':
      return formula ? xmlText(value) : (book.strings[Number(value)] ?? null);
    case 'str':
      return xmlText(value);
    case 'b':
      return value.trim() !== '0';
    case 'e':
      return null;
    case 'd': {
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? null : d;
    }
    default: {
      const n = Number.parseFloat(value);
      if (Number.isNaN(n)) return null;
      // A formula's result is its number (as ExcelJS gives it); a typed number in a date format, that date.
      if (!formula && book.dates[style]) return new Date(Math.round((n - 25569 + (book.date1904 ? 1462 : 0)) * 86_400_000));
      return n;
    }
  }
}

/**
 * The rows of the workbook's first sheet, in order, rows without any cell included (the caller skips what it calls
 * empty). Throws when the bytes are not an .xlsx workbook.
 */
export function* xlsxRows(buffer: Buffer): Generator<SheetRow> {
  const entries = zipEntries(buffer);
  const text = (name: string) => entries.get(name)?.().toString('utf8') ?? null;
  const workbook = text('xl/workbook.xml') ?? '';
  const part = entries.get(firstSheetPart(entries));
  if (!part) throw new Error('no worksheet');
  const sheet = part();
  const data = /<((?:[A-Za-z_][\w.-]*:)?)sheetData\b/.exec(sheet.toString('latin1', 0, Math.min(sheet.length, 1 << 16)));
  let start = data ? data.index : sheet.indexOf('<sheetData');
  if (start < 0) return;
  const p = data?.[1] ?? '';
  const rp = p.replace(/[.]/g, '\\.');
  const book: Book = {
    strings: sharedStrings(text('xl/sharedStrings.xml')),
    dates: dateStyles(text('xl/styles.xml')),
    date1904: /date1904\s*=\s*"(1|true)"/.test(workbook),
    tag: new RegExp(`<(/?)${rp}(row|c|v|f|is)(?=[\\s/>])([^>]*?)(/?)>`, 'g'),
    endV: `</${p}v>`,
    endF: `</${p}f>`,
    endIs: `</${p}is>`,
  };
  const rowEnd = Buffer.from(`</${p}row>`);
  const state = { rowNo: 0 };
  while (start < sheet.length) {
    const cut = sheet.indexOf(rowEnd, start + SLICE_BYTES);
    const end = cut < 0 ? sheet.length : cut + rowEnd.length;
    yield* sliceRows(sheet.toString('utf8', start, end), book, state);
    start = end;
  }
}
