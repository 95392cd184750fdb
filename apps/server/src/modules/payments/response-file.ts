// The bank's response file (CSV): a heading row naming the employee code (or account), amount, status, UTR, reason and
// value date in any bank's words, then one line a payment. A paid line gives the payment's UTR, a failed (returned)
// one the bank's reason. Read whole or not at all: a 400 names every line that cannot be taken.
import { toPaise } from '@hr/payroll';
import { BadRequest } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import type { PaymentRow } from './data';

/** A change of one payment: marked paid, or put back to pending with the bank's reason. */
export interface Change {
  row: PaymentRow;
  status: 'paid' | 'pending';
  valueDate: string | null;
  reference: string | null;
  chequeNo?: string | null;
  chequeDate?: string | null;
  failureReason: string | null;
}

/** A simple CSV line split: commas (or the delimiter), double quotes around a field, "" inside quotes. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Headings a bank's response file uses for each field (lower case, letters and digits only). */
const HEADINGS: Record<string, string[]> = {
  code: ['employeecode', 'empcode', 'code', 'customerreferenceno', 'customerreference', 'beneficiarycode', 'reference'],
  account: ['accountnumber', 'accountno', 'beneaccountno', 'beneficiaryaccountnumber', 'beneficiaryacno', 'account'],
  amount: ['amount', 'amt', 'transactionamount', 'instrumentamount'],
  status: ['status', 'transactionstatus', 'paymentstatus'],
  utr: ['utr', 'utrno', 'utrnumber', 'bankrefno', 'bankreference', 'bankreferenceno'],
  reason: ['reason', 'rejectreason', 'returnreason', 'remarks', 'failurereason'],
  valueDate: ['valuedate', 'date', 'transactiondate'],
};
const PAID = new Set(['paid', 'success', 'successful', 'executed', 'e', 'processed', 'credited', 'settled']);
const FAILED = new Set(['failed', 'failure', 'rejected', 'r', 'returned', 'return', 'f']);

function columnsOf(header: string[]): Record<string, number> {
  const norm = header.map((h) => h.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const out: Record<string, number> = {};
  for (const [field, names] of Object.entries(HEADINGS)) {
    const i = norm.findIndex((h) => names.includes(h));
    if (i >= 0) out[field] = i;
  }
  return out;
}

function isoDate(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return text;
  m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** One line of the response file as a change of the slip's payment, or what is wrong with it. */
function responseChange(row: PaymentRow, cell: (field: string) => string): Change | string {
  let amount: number;
  try {
    amount = Number(toPaise(cell('amount').replace(/,/g, '')));
  } catch {
    return `"${cell('amount')}" is not an amount`;
  }
  if (amount !== row.amount) return `${row.employeeCode}: the amount ${cell('amount')} is not the amount paid of the slip`;
  const status = cell('status').toLowerCase();
  const valueDate = cell('valueDate') ? isoDate(cell('valueDate')) : orgToday();
  if (!valueDate) return `"${cell('valueDate')}" is not a date`;
  if (PAID.has(status)) {
    if (!cell('utr')) return `${row.employeeCode}: a paid line needs the bank's reference (UTR)`;
    return { row, status: 'paid', valueDate, reference: cell('utr').slice(0, 40), failureReason: null };
  }
  if (FAILED.has(status))
    return {
      row,
      status: 'pending',
      valueDate: null,
      reference: null,
      failureReason: (cell('reason') || 'Returned by the bank').slice(0, 300),
    };
  return `"${cell('status')}" is not a status the file can give (paid / success / executed, failed / rejected / returned)`;
}

/** Reads the bank's response file into changes, or a 400 naming every line that cannot be taken. */
export function parseResponse(content: string, rows: readonly PaymentRow[]): Change[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  const col = columnsOf(header);
  if ((col.code === undefined && col.account === undefined) || col.amount === undefined || col.status === undefined)
    throw new BadRequest('The response file needs a heading row with the employee code (or account number), amount and status', {
      content: ['Headings expected: Employee Code or Account Number, Amount, Status, UTR, Reason'],
    });
  const byCode = new Map(rows.map((r) => [r.employeeCode.toUpperCase(), r]));
  const byAccount = new Map(rows.filter((r) => r.accountNumber).map((r) => [r.accountNumber as string, r]));
  const errors: Record<string, string[]> = {};
  const changes: Change[] = [];
  lines.slice(1).forEach((text, i) => {
    if (!text.trim()) return;
    const cells = splitCsvLine(text);
    const cell = (f: string) => (col[f] === undefined ? '' : (cells[col[f]] ?? ''));
    const row = (cell('code') && byCode.get(cell('code').toUpperCase())) || byAccount.get(cell('account'));
    const got = row ? responseChange(row, cell) : `No employee of this run has the code or account "${cell('code') || cell('account')}"`;
    if (typeof got === 'string') errors[`line ${i + 2}`] = [got];
    else changes.push(got);
  });
  if (Object.keys(errors).length) throw new BadRequest('The response file has lines that cannot be read; nothing was changed', errors);
  if (!changes.length) throw new BadRequest('The response file has no payment lines', { content: ['No payment lines'] });
  return changes;
}
