// A unit's heads for a month with the formulas in force then, compiled once into the engine's plan.
import { type EngineHead, HEAD_ADDED_TO_INTERMEDIATE_NET_PAY, HRA_CODE } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import type { RunHead } from '../../db/schema';

/** The deduction head advance instalments are recovered through (spec section 5: the payslip adds it back). */
export const ADVANCE_HEAD_ID = HEAD_ADDED_TO_INTERMEDIATE_NET_PAY;
/** Heads the system fills (not the structure, not a formula): found by code. */
export const ARREARS_CODE = 'ARREARS';
export const BONUS_CODE = 'BONUS';
/** The house rent allowance (section 10(13A) for TDS), found by code. */

/**
 * The heads a unit's run computes: the unit-wise earning / deduction map (every active head when the unit
 * has none mapped), plus the system heads (advance recovery, arrears, bonus) wherever they exist, in the
 * map's order then print order; each calculative head with its formula effective in `ym` — the unit's own
 * version where it has one, else the default.
 */
export async function unitHeads(db: Db | Tx, unitId: number, ym: string): Promise<RunHead[]> {
  const rows = await queryRows<Omit<RunHead, 'formula'> & { formula: string | null }>(
    db,
    sql`with mapped as (
          select earning_deduction_id as id, sort_order from unit_earning_deduction_map where unit_id = ${unitId} and is_active
        ), chosen as (
          select h.*, coalesce(m.sort_order, h.print_order) as ord from earning_deductions h
          left join mapped m on m.id = h.id
          where h.is_active and (m.id is not null or not exists (select 1 from mapped)
                or h.id = ${ADVANCE_HEAD_ID} or upper(h.code) in (${ARREARS_CODE}, ${BONUS_CODE}))
        )
        select c.id, c.code, c.print_name as "printName", c.is_earning as "isEarning", c.is_printed as "isPrinted",
          c.is_calculative as "isCalculative", c.is_net_pay_head as "isNetPayHead", c.is_over_time_head as "isOverTimeHead",
          c.is_total_lwop_head as "isTotalLWOPHead", c.statutory, c.is_pf_wage as "isPfWage", c.is_esi_wage as "isEsiWage",
          c.tax_section as "taxSection", c.wage_class as "wageClass",
          (select f.formula from salary_formulas f
            where f.earning_deduction_id = c.id and f.is_active and f.effective_from <= ${ym}
              and (f.unit_id = ${unitId} or f.unit_id is null)
            order by (f.unit_id is null), f.effective_from desc limit 1) as formula
        from chosen c order by c.ord, c.print_order, c.id`,
  );
  // A head the statutory rules compute keeps no formula in the run (the rules replace it).
  return rows.map((r) => ({
    ...r,
    code: r.code.toUpperCase(),
    formula: r.isCalculative && !isRuleHead(r) ? r.formula : null,
  }));
}

/** A head computed by the statutory rules (PF, ESI, PT, LWF and TDS). */
export function isRuleHead(h: Pick<RunHead, 'statutory'>): boolean {
  return !!h.statutory;
}

export function engineHeads(heads: readonly RunHead[]): EngineHead[] {
  return heads.map((h) => ({
    id: h.id,
    code: h.code,
    isEarning: h.isEarning,
    isCalculative: h.isCalculative,
    formula: h.formula,
    isNetPayHead: h.isNetPayHead,
    isOverTimeHead: h.isOverTimeHead,
    isTotalLWOPHead: h.isTotalLWOPHead,
    statutory: h.statutory ?? null,
    isPfWage: h.isPfWage ?? false,
    isEsiWage: h.isEsiWage ?? false,
    isHra: h.isEarning && h.code === HRA_CODE,
    // Null: by the head's flags (defaultWageClass); given for every head, so PF and ESI follow the earnings.
    wageClass: h.wageClass ?? null,
  }));
}
