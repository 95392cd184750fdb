// The amount paid of a salary slip: its net pay rounded to the nearest ₹10, as the payslip prints it ('Net INR
// Payble(Round off)' with its Round Off line, spec section 5; @hr/payroll roundNetPay). The slips keep the exact net
// (salary_slips.net, paise) and the runs its sum (payroll_runs.net); every figure called net pay that the API shows or
// pays — the run screen and run list, the salary register and Form B, the dashboards, the payslip records (and a bank
// file) — is the amount paid. In SQL the rule is hr_slip_net_paid (migration 0030), whose triggers also keep each
// run's sum in payroll_runs.net_paid; test/payroll/net-paid.test.ts checks it against roundNetPay (x5 rupees, paise,
// negative, already round) and that the figures agree everywhere.
import { toRupees } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

/**
 * The amount paid (paise, bigint) of an exact net in paise: `net` is a bigint column or expression, e.g. sql`s.net`.
 * The rule is the database function hr_slip_net_paid (migration 0030), which also keeps payroll_runs.net_paid.
 */
export function netPaidSql(net: SQL): SQL {
  return sql`hr_slip_net_paid((${net})::bigint)`;
}

/**
 * The runs' net pay (paise): `paid` the amounts paid summed (payroll_runs.net_paid, written with the slips by
 * persistRun), `exact` the exact nets summed (payroll_runs.net). One query of the runs, whatever their size.
 */
export async function runNets(db: Db | Tx, runIds: readonly number[]): Promise<Map<number, { paid: number; exact: number }>> {
  if (!runIds.length) return new Map();
  const rows = await queryRows<{ runId: number; paid: string; exact: string }>(
    db,
    sql`select r.id as "runId", r.net_paid::text as paid, r.net::text as exact
        from payroll_runs r where r.id = any(${`{${runIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [r.runId, { paid: Number(r.paid), exact: Number(r.exact) }]));
}

/** The three figures the API shows of a net (rupees): the amount paid, the exact net and the round-off (paid − exact). */
export function netFigures(paidPaise: number | string, exactPaise: number | string) {
  const paid = Number(paidPaise);
  const exact = Number(exactPaise);
  return { net: toRupees(paid), netExact: toRupees(exact), roundOff: toRupees(paid - exact) };
}
