// EPF administration charges (0.5 % of an establishment's EPF wages, at least ₹500 a month, from the month's PF
// parameters, pfParametersForMonth): worked out for a salary run — one unit, one month — from its slips' EPF
// wages when the run is saved (persistRun), and kept in pf_admin_charges with the rate and minimum applied, so a later parameter row
// never changes a month already processed. The PF register's summary and the run screen read them.
import { pfAdminCharges, pfParametersForMonth } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { loadStatutoryTables } from './parameters';

export interface PfAdminChargeFigures {
  members: number;
  /** Paise. */
  epfWages: number;
  rate: number;
  /** Paise. */
  minimum: number;
  /** Paise, whole rupees. */
  amount: number;
}

/** The charges of a run from its slips as they stand (null when no slip carries PF wages or no PF row is in force). */
export async function pfAdminChargesOfRun(db: Db | Tx, runId: number, year: number, month: number): Promise<PfAdminChargeFigures | null> {
  const [sum] = await queryRows<{ members: number; wages: string }>(
    db,
    sql`select count(*)::int as members, coalesce(sum((statutory->>'epfWages')::bigint), 0)::text as wages
        from salary_slips where run_id = ${runId} and (statutory->>'epfWages')::bigint > 0`,
  );
  const wages = BigInt(sum?.wages ?? '0');
  if (wages <= 0n) return null;
  const p = pfParametersForMonth((await loadStatutoryTables(db)).pf, year, month);
  if (!p) return null;
  return {
    members: sum.members,
    epfWages: Number(wages),
    rate: p.adminChargeRate,
    minimum: p.adminChargeMinimum * 100,
    amount: Number(pfAdminCharges(p, wages)),
  };
}

/** Records (or clears) a run's charges; called in the run's saving transaction. */
export async function recordPfAdminCharges(tx: Tx, run: { id: number; unitId: number; year: number; month: number }): Promise<void> {
  const c = await pfAdminChargesOfRun(tx, run.id, run.year, run.month);
  if (!c) {
    await tx.execute(sql`delete from pf_admin_charges where run_id = ${run.id}`);
    return;
  }
  await tx.execute(sql`insert into pf_admin_charges (run_id, unit_id, year, month, members, epf_wages, rate, minimum, amount, computed_at)
    values (${run.id}, ${run.unitId}, ${run.year}, ${run.month}, ${c.members}, ${c.epfWages}, ${c.rate}, ${c.minimum}, ${c.amount}, now())
    on conflict (run_id) do update set unit_id = excluded.unit_id, year = excluded.year, month = excluded.month,
      members = excluded.members, epf_wages = excluded.epf_wages, rate = excluded.rate, minimum = excluded.minimum,
      amount = excluded.amount, computed_at = excluded.computed_at`);
}
