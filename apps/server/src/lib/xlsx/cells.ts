// What every workbook the server writes shares: a sheet's name, the cells' formats and types, the guard against
// formula injection, and a value as the cell its column's type makes of it (write.ts streams, template.ts builds whole).
import { cachedZoneOffset } from '@hr/calendar';
import { orgZone } from '../org-zone';

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

/** A column whose cells stay text when typed (codes, mobiles, account numbers keep their leading zeros). */
export const TEXT_FORMAT = '@';

/** The number format of a column: its own, else its type's. */
export function formatOf(c: XlsxColumn): string | undefined {
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
export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}
