// The amount paid of a salary slip: its net pay rounded to the nearest ₹10, as the payslip prints it ('Net INR
// Payble(Round off)' with its Round Off line, spec section 5; @hr/payroll roundNetPay). The slips keep the exact net
// (salary_slips.net, paise) and the runs its sum (payroll_runs.net, report_run_totals' 'net', kept by triggers); every
// figure called net pay that the API shows or pays — the run screen and run list, the salary register and Form B, the
// dashboards, the payslip records (and a bank file) — is the amount paid, worked out here at read time from the one
// rule (NET_PAY_ROUNDING), in SQL so that sums of it stay in the database. test/payroll/net-paid.test.ts checks that
// this expression and roundNetPay agree (x5 rupees, paise, negative, already round) and that the figures agree.
import { NET_PAY_ROUNDING, toRupees } from '@hr/payroll';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';

const { paisePerRupee, stepRupees, upFromRupees } = NET_PAY_ROUNDING;

/** The amount paid (paise, bigint) of an exact net in paise: `net` is a bigint column or expression, e.g. sql`s.net`. */
export function netPaidSql(net: SQL): SQL {
  return sql`(case when (${net}) < 0 then -1 else 1 end * ((abs((${net})::bigint) / ${sql.raw(String(paisePerRupee))} + ${sql.raw(
    String(stepRupees - upFromRupees),
  )}) / ${sql.raw(String(stepRupees))}) * ${sql.raw(String(stepRupees * paisePerRupee))})::bigint`;
}

/**
 * The runs' net pay from their slips (paise): `paid` the amounts paid summed, `exact` the exact nets summed (what
 * payroll_runs.net holds). A run without slips is absent (read it as 0). One query, whatever the count.
 */
export async function runNets(db: Db | Tx, runIds: readonly number[]): Promise<Map<number, { paid: number; exact: number }>> {
  if (!runIds.length) return new Map();
  const rows = await queryRows<{ runId: number; paid: string; exact: string }>(
    db,
    sql`select s.run_id as "runId", sum(${netPaidSql(sql`s.net`)})::text as paid, sum(s.net)::text as exact
        from salary_slips s where s.run_id = any(${`{${runIds.join(',')}}`}::int[]) group by s.run_id`,
  );
  return new Map(rows.map((r) => [r.runId, { paid: Number(r.paid), exact: Number(r.exact) }]));
}

/** The three figures the API shows of a net (rupees): the amount paid, the exact net and the round-off (paid − exact). */
export function netFigures(paidPaise: number | string, exactPaise: number | string) {
  const paid = Number(paidPaise);
  const exact = Number(exactPaise);
  return { net: toRupees(paid), netExact: toRupees(exact), roundOff: toRupees(paid - exact) };
}
