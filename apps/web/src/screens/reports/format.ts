import type { TReportColumn } from '@hr/contract';
import { formatAmount } from '@/lib/format';

/** A cell as the files print it: money en-IN with two decimals, dates DD/MM/YYYY. */
export function cellText(c: Pick<TReportColumn, 'type'>, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (c.type === 'money') return formatAmount(Number(v));
  if (c.type === 'date') {
    const s = String(v);
    return /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}` : s;
  }
  if (c.type === 'number') return Number.isInteger(Number(v)) ? Number(v).toLocaleString('en-IN') : String(v);
  return String(v);
}
