// The dated statutory parameters as the rules read them: every active row of statutory_parameters, checked
// against the contract's shapes, sorted into the typed lists of @hr/payroll. One query; a row an administrator
// saved in a shape the rules cannot read is left out and logged rather than failing every calculation.
import { ZStatutoryParameterRow } from '@hr/contract';
import {
  type ExitParameters,
  exitParametersFrom,
  type LabourRegisterForms,
  registerFormsForMonth,
  type StatutoryParameterRow,
  type StatutoryTables,
  statutoryTables,
} from '@hr/payroll';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client';

export async function loadStatutoryTables(db: Db | Tx, log?: FastifyBaseLogger): Promise<StatutoryTables> {
  const rows = await queryRows<{
    id: number;
    kind: string;
    stateCode: string | null;
    effectiveFrom: string;
    data: unknown;
    source: string;
  }>(
    db,
    sql`select id, kind, state_code as "stateCode", to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", data, source
        from statutory_parameters where is_active order by kind, state_code, effective_from`,
  );
  const valid: StatutoryParameterRow[] = [];
  for (const row of rows) {
    const parsed = ZStatutoryParameterRow.safeParse(row);
    if (parsed.success) valid.push(parsed.data as StatutoryParameterRow);
    else
      log?.warn(
        { statutoryParameterId: row.id, issues: parsed.error.issues },
        'statutory parameter row left out: its figures do not fit the rules',
      );
  }
  return statutoryTables(valid);
}

/**
 * The exit settlement's limits in force on a day (the gratuity ceiling and exemption, the leave-encashment exemption),
 * from the table's active rows — a release's or the employer's, the latest effective date not after `on`. Same shape
 * as @hr/payroll `exitParametersOn` (the release's own rows). RangeError when no row is in force.
 */
export async function exitParametersAt(db: Db | Tx, on: string, log?: FastifyBaseLogger): Promise<ExitParameters> {
  const tables = await loadStatutoryTables(db, log);
  return exitParametersFrom(tables.gratuity, tables.leaveEncashment, on);
}

/** The forms the registers of wages follow for a wage month (the row in force on its first day), or undefined. */
export async function registerFormsFor(
  db: Db | Tx,
  year: number,
  month: number,
): Promise<(LabourRegisterForms & { source: string }) | undefined> {
  const tables = await loadStatutoryTables(db);
  return registerFormsForMonth(tables.labourRegisters, year, month) as (LabourRegisterForms & { source: string }) | undefined;
}
