// EPF administration charges (0.5 % of an establishment's EPF wages, at least ₹500 a month, from the month's PF
// parameters, pfParametersForMonth). The charges and their minimum are the PF establishment's (EPFO levies them per
// establishment code, which may cover several units: statutory_establishments): when a run is saved (persistRun),
// the month's charges of its establishment are worked out over the EPF wages of all its units' runs of the month, and
// each run keeps its share in pf_admin_charges (shares in whole rupees in proportion to the runs' EPF wages, the
// rupees left over to the largest remainders), with the establishment's total, the rate and the minimum applied — so
// the shares of an establishment's runs add up to its charges and a later parameter row never changes them. A unit
// under no PF establishment is its own. The PF register's summary and the run screen read them.
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

/** The charges of a run from its slips as they stand, as if it were its own establishment (null: no EPF wages or no PF row). */
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

/**
 * `total` paise (whole rupees) shared among `weights` in whole rupees: each its proportional part rounded down, the
 * rupees left over one each to the largest remainders (ties to the earlier). Sums to `total`.
 */
export function shareInRupees(total: number, weights: readonly number[]): number[] {
  const rupees = BigInt(Math.round(total / 100));
  const w = weights.map((x) => BigInt(Math.max(0, x)));
  const sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const base = w.map((x) => (rupees * x) / sum);
  let left = rupees - base.reduce((a, b) => a + b, 0n);
  const order = w.map((x, i) => ({ i, rem: (rupees * x) % sum })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const o of order) {
    if (left <= 0n) break;
    base[o.i] += 1n;
    left -= 1n;
  }
  return base.map((x) => Number(x * 100n));
}

/** Records (or clears) the charges of a run and of its establishment's other runs of the month; in the run's saving transaction. */
export async function recordPfAdminCharges(tx: Tx, run: { id: number; unitId: number; year: number; month: number }): Promise<void> {
  const [est] = await queryRows<{ id: number }>(
    tx,
    sql`select e.id from statutory_establishment_units l join statutory_establishments e on e.id = l.establishment_id
        where l.unit_id = ${run.unitId} and e.kind = 'pf' and e.is_active order by e.id limit 1`,
  );
  // The month's runs of the establishment (this one, and its other units' runs that were processed), with their wages.
  const runs = await queryRows<{ runId: number; unitId: number; members: number; wages: string }>(
    tx,
    sql`select r.id as "runId", r.unit_id as "unitId",
          count(s.id) filter (where (s.statutory->>'epfWages')::bigint > 0)::int as members,
          coalesce(sum((s.statutory->>'epfWages')::bigint) filter (where (s.statutory->>'epfWages')::bigint > 0), 0)::text as wages
        from payroll_runs r left join salary_slips s on s.run_id = r.id
        where r.year = ${run.year} and r.month = ${run.month}
          and (r.id = ${run.id} or (${est?.id ?? null}::int is not null and r.status <> 'draft' and r.unit_id in (
            select unit_id from statutory_establishment_units where establishment_id = ${est?.id ?? null}::int)))
        group by r.id order by r.id`,
  );
  const total = runs.reduce((a, r) => a + BigInt(r.wages), 0n);
  const p = total > 0n ? pfParametersForMonth((await loadStatutoryTables(tx)).pf, run.year, run.month) : undefined;
  if (!p) {
    await tx.execute(
      sql`delete from pf_admin_charges where run_id in (${sql.join(
        runs.map((r) => sql`${r.runId}`),
        sql`, `,
      )})`,
    );
    return;
  }
  const charges = Number(pfAdminCharges(p, total));
  const shares = shareInRupees(
    charges,
    runs.map((r) => Number(r.wages)),
  );
  for (const [i, r] of runs.entries()) {
    if (BigInt(r.wages) <= 0n) {
      await tx.execute(sql`delete from pf_admin_charges where run_id = ${r.runId}`);
      continue;
    }
    await tx.execute(sql`insert into pf_admin_charges (run_id, unit_id, year, month, members, epf_wages, rate, minimum, amount,
        establishment_id, establishment_amount, computed_at)
      values (${r.runId}, ${r.unitId}, ${run.year}, ${run.month}, ${r.members}, ${r.wages}::bigint, ${p.adminChargeRate},
        ${p.adminChargeMinimum * 100}, ${shares[i]}, ${est?.id ?? null}, ${charges}, now())
      on conflict (run_id) do update set unit_id = excluded.unit_id, year = excluded.year, month = excluded.month,
        members = excluded.members, epf_wages = excluded.epf_wages, rate = excluded.rate, minimum = excluded.minimum,
        amount = excluded.amount, establishment_id = excluded.establishment_id,
        establishment_amount = excluded.establishment_amount, computed_at = excluded.computed_at`);
  }
}
