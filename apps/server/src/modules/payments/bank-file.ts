// A bank transfer file written from a layout (data: bank_file_layouts): delimited or fixed width, optional lines
// before the rows with placeholders, the headings as a row or not, then one row per employee paid by bank. Pure: the
// rows and the run's debit account come in, the file's text goes out. Amounts come in as paise (the slip's amount
// paid) and are written as rupees with two decimals (toDecimalString) or whole paise — never through a float.
import type { TBankLayout, TBankLayoutColumn } from '@hr/contract';
import { toDecimalString } from '@hr/payroll';

export interface BankFileRow {
  employeeCode: string;
  name: string;
  accountNumber: string;
  ifsc: string;
  /** The amount paid, paise. */
  amount: number;
  email: string | null;
  mobile: string | null;
  bankName: string | null;
  bankBranch: string | null;
  /** The debit account of the row's unit (a batch of several units), else the file's. */
  debitAccount?: string;
  debitIfsc?: string;
}

export interface BankFileContext {
  debitAccount: string;
  debitIfsc: string;
  clientCode: string;
  /** 'YYYY-MM-DD' */
  valueDate: string;
  narration: string;
}

type Layout = Pick<TBankLayout, 'fileType' | 'delimiter' | 'headingRow' | 'headerRows' | 'columns' | 'dateFormat'>;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** An ISO date in a bank's pattern (DD/MM/YYYY, YYYYMMDD, DD-MMM-YYYY…). */
export function formatBankDate(iso: string, pattern: string): string {
  const [y, m, d] = iso.split('-');
  return pattern
    .replace('YYYY', y)
    .replace('MMM', MONTHS[Number(m) - 1])
    .replace('MM', m)
    .replace('DD', d);
}

function amountText(paise: number, format: string | null | undefined): string {
  return format === 'paise' ? String(paise) : toDecimalString(BigInt(paise));
}

/** A field's text: no delimiter, quote or line break reaches a bank's parser (banks refuse them rather than quote). */
function clean(text: string, delimiter: string | null): string {
  let out = text.replace(/[\r\n\t"]/g, ' ');
  if (delimiter) out = out.split(delimiter).join(' ');
  return out.trim();
}

function fieldValue(c: TBankLayoutColumn, row: BankFileRow, serial: number, ctx: BankFileContext, dateFormat: string): string {
  switch (c.source) {
    case 'employeeCode':
      return row.employeeCode;
    case 'name':
      return row.name;
    case 'accountNumber':
      return row.accountNumber;
    case 'ifsc':
      return row.ifsc;
    case 'amount':
      return amountText(row.amount, c.format);
    case 'debitAccount':
      return row.debitAccount ?? ctx.debitAccount;
    case 'debitIfsc':
      return row.debitIfsc ?? ctx.debitIfsc;
    case 'valueDate':
      return formatBankDate(ctx.valueDate, c.format || dateFormat);
    case 'narration':
      return ctx.narration;
    case 'email':
      return row.email ?? '';
    case 'mobile':
      return row.mobile ?? '';
    case 'bankName':
      return row.bankName ?? '';
    case 'bankBranch':
      return row.bankBranch ?? '';
    case 'serial':
      return String(serial);
    case 'constant':
      return c.value ?? '';
    default:
      return '';
  }
}

function fit(text: string, c: TBankLayoutColumn, fixed: boolean): string {
  const width = c.width ?? 0;
  const cut = width > 0 ? text.slice(0, width) : text;
  if (!fixed) return cut;
  const pad = c.pad ?? ' ';
  return c.align === 'right' ? cut.padStart(width, pad) : cut.padEnd(width, pad);
}

/** A header line with its placeholders filled ({clientCode} {debitAccount} {debitIfsc} {total} {count} {valueDate} {narration}). */
function headerLine(template: string, rows: readonly BankFileRow[], ctx: BankFileContext, dateFormat: string): string {
  const total = rows.reduce((s, r) => s + BigInt(r.amount), 0n);
  const values: Record<string, string> = {
    clientCode: ctx.clientCode,
    debitAccount: ctx.debitAccount,
    debitIfsc: ctx.debitIfsc,
    total: toDecimalString(total),
    count: String(rows.length),
    valueDate: formatBankDate(ctx.valueDate, dateFormat),
    narration: ctx.narration,
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The file's text (CRLF line ends, as the banks' Windows tools write them), ending with a line break. */
export function renderBankFile(layout: Layout, rows: readonly BankFileRow[], ctx: BankFileContext): string {
  const fixed = layout.fileType === 'fixed';
  const delimiter = fixed ? null : layout.delimiter;
  const lines: string[] = layout.headerRows.map((t) => headerLine(t, rows, ctx, layout.dateFormat));
  const join = (cells: string[]) => (fixed ? cells.join('') : cells.join(layout.delimiter));
  if (layout.headingRow) lines.push(join(layout.columns.map((c) => fit(clean(c.heading, delimiter), c, fixed))));
  rows.forEach((row, i) => {
    lines.push(join(layout.columns.map((c) => fit(clean(fieldValue(c, row, i + 1, ctx, layout.dateFormat), delimiter), c, fixed))));
  });
  return `${lines.join('\r\n')}\r\n`;
}
