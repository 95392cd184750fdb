// Income-tax declarations read for the salary run, Form 16 and the screens: what counts of an employee's
// declaration for a financial year on a date. Before the year's proof cut-off (tax_proof_windows) every declared
// line counts; in a month that starts after it only proved lines (and proved rent) do. A previous employer's
// salary and tax always count (they raise the tax), as do income from other sources reported and relief under
// section 89 claimed. Set-based: one query for any number of employees.
import type { TaxRegime } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { type EmployeeSet, idsIn } from '../../lib/sql';

/** What counts of one employee's declaration for a year, on a date. Money in paise. */
export interface EffectiveDeclaration {
  employeeId: number;
  financialYear: string;
  /** 'new' when the employee declared nothing (the default regime). */
  regime: TaxRegime;
  /** Whether the employee has a declaration row for the year. */
  declared: boolean;
  /** Whether the date is after the year's proof cut-off (then only proved claims count). */
  afterCutoff: boolean;
  /** Rent paid a month that counts for the HRA exemption (0 when unproved after the cut-off). */
  rentPerMonth: number;
  metro: boolean;
  previousEmployerIncome: number;
  previousEmployerTds: number;
  /** Income from other sources reported to the employer, and relief under section 89 claimed (paise). */
  otherIncome: number;
  relief89: number;
  /** Claimed deductions by section as declared (before the caps, which the tax rules apply), counted lines only. */
  deductions: Record<string, number>;
}

export function defaultDeclaration(employeeId: number, financialYear: string): EffectiveDeclaration {
  return {
    employeeId,
    financialYear,
    regime: 'new',
    declared: false,
    afterCutoff: false,
    rentPerMonth: 0,
    metro: false,
    previousEmployerIncome: 0,
    previousEmployerTds: 0,
    otherIncome: 0,
    relief89: 0,
    deductions: {},
  };
}

/** The year's proof cut-off ('YYYY-MM-DD'), or null when none is set. */
export async function proofCutoff(db: Db | Tx, financialYear: string): Promise<string | null> {
  const [r] = await queryRows<{ cutoff: string }>(
    db,
    sql`select proof_cutoff::text as cutoff from tax_proof_windows where financial_year = ${financialYear} and is_active`,
  );
  return r?.cutoff ?? null;
}

/**
 * The effective declarations of the employees for a financial year ('2025-26') as they count on `asOf`
 * ('YYYY-MM-DD'; a salary run passes the first day of its month). Employees without a declaration are absent
 * from the map: take `defaultDeclaration` (new regime, nothing claimed).
 */
export async function effectiveDeclarations(
  db: Db | Tx,
  employees: EmployeeSet,
  financialYear: string,
  asOf: string,
): Promise<Map<number, EffectiveDeclaration>> {
  const out = new Map<number, EffectiveDeclaration>();
  if (Array.isArray(employees) && employees.length === 0) return out;
  const rows = await queryRows<{
    employeeId: number;
    regime: TaxRegime;
    afterCutoff: boolean;
    rent: string;
    metro: boolean;
    prevIncome: string;
    prevTds: string;
    otherIncome: string;
    relief89: string;
    lines: Record<string, string> | null;
  }>(
    db,
    sql`with w as (select proof_cutoff from tax_proof_windows where financial_year = ${financialYear} and is_active)
        select d.employee_id as "employeeId", d.regime,
          coalesce((select ${asOf}::date > w.proof_cutoff from w), false) as "afterCutoff",
          case when d.rent_proved or not coalesce((select ${asOf}::date > w.proof_cutoff from w), false)
            then d.rent_per_month else 0 end::text as rent,
          d.metro, d.previous_employer_income::text as "prevIncome", d.previous_employer_tds::text as "prevTds",
          d.other_income::text as "otherIncome", d.relief_89::text as "relief89",
          (select jsonb_object_agg(l.section, l.amount::text) from tax_declaration_lines l
            where l.declaration_id = d.id and l.amount > 0
              and (l.proved or not coalesce((select ${asOf}::date > w.proof_cutoff from w), false))) as lines
        from tax_declarations d
        where d.financial_year = ${financialYear} and d.is_active and d.employee_id in ${idsIn(employees)}`,
  );
  for (const r of rows) {
    const deductions: Record<string, number> = {};
    for (const [section, amount] of Object.entries(r.lines ?? {})) deductions[section] = Number(amount);
    out.set(r.employeeId, {
      employeeId: r.employeeId,
      financialYear,
      regime: r.regime,
      declared: true,
      afterCutoff: r.afterCutoff,
      rentPerMonth: Number(r.rent),
      metro: r.metro,
      previousEmployerIncome: Number(r.prevIncome),
      previousEmployerTds: Number(r.prevTds),
      otherIncome: Number(r.otherIncome),
      relief89: Number(r.relief89),
      deductions,
    });
  }
  return out;
}

/** One employee's effective declaration (the default when none). */
export async function effectiveDeclaration(
  db: Db | Tx,
  employeeId: number,
  financialYear: string,
  asOf: string,
): Promise<EffectiveDeclaration> {
  const m = await effectiveDeclarations(db, [employeeId], financialYear, asOf);
  return m.get(employeeId) ?? defaultDeclaration(employeeId, financialYear);
}
