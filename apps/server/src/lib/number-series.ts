// Number series of documents (advance vouchers, and any document numbered per unit and financial year): one
// counter row per kind, unit and year, taken with one upsert inside the document's own transaction, so two
// documents made at once get consecutive numbers and a rolled-back document gives its number back.
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';

/** The next number (1, 2, …) of a series; call inside the transaction that writes the numbered document. */
export async function nextNumber(tx: Tx, kind: string, unitId: number, financialYear: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`insert into number_series (kind, unit_id, financial_year, last_no) values (${kind}, ${unitId}, ${financialYear}, 1)
        on conflict (kind, unit_id, financial_year) do update set last_no = number_series.last_no + 1
        returning last_no as n`,
  );
  return row.n;
}

/** A document number as printed: 'ADV/HO-BLR/2026-27/0007' (the unit's code with spaces made dashes). */
export function documentNumber(prefix: string, unitCode: string, financialYear: string, n: number): string {
  const unit = unitCode.trim().toUpperCase().replace(/\s+/g, '-') || 'UNIT';
  return `${prefix}/${unit}/${financialYear}/${String(n).padStart(4, '0')}`;
}
