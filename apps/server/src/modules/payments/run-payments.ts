// The payment status of a final run's slips (the subject of status.ts): the run's pending slips, or the chosen
// employees', marked paid with a value date in or after the wage month; the bank's response file matched to the
// run's slips. Only approved or locked runs are paid.
import type { TMarkPaid, TRunPayments } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit } from '../access/context';
import { loadRun, type RunRow } from '../payroll/runs';
import { ofSlip, type PaymentRow, paymentRows, paymentView } from './data';
import { assertFinal } from './files';
import { importResponse, markPaid } from './status';

const runRows = (db: Db | Tx, run: RunRow) => paymentRows(db, sql`r.id = ${run.id}`);

/** The chosen employees' slips (400 for one not in the run, 409 for one paid), else every pending slip with an amount. */
function chooseSlips(rows: readonly PaymentRow[], employeeIds: readonly number[] | undefined): PaymentRow[] {
  let chosen: PaymentRow[];
  if (employeeIds) {
    const byId = new Map(rows.map((r) => [r.employeeId, r]));
    const unknown = employeeIds.filter((id) => !byId.has(id));
    if (unknown.length)
      throw new BadRequest('Some employees are not in this run', { employeeIds: [`Not in this run: ${unknown.join(', ')}`] });
    chosen = employeeIds.map((id) => byId.get(id) as PaymentRow);
    const paid = chosen.filter((r) => r.status === 'paid');
    if (paid.length) throw new Conflict(`Already paid: ${paid.map((r) => `${r.employeeCode} ${r.name}`).join(', ')}`);
  } else {
    chosen = rows.filter((r) => r.status === 'pending' && r.amount > 0);
  }
  if (!chosen.length) throw new Conflict('Every employee of this run is already marked paid');
  return chosen;
}

/** Marks the run's pending slips (or the chosen employees') paid; 409 for a run that is not final or a slip already paid. */
export async function markRunPaid(db: Db, auth: AuthContext, run: RunRow, body: TMarkPaid, requestId: string): Promise<number> {
  assertFinal([run], 'payment');
  if (body.valueDate < `${run.year}-${String(run.month).padStart(2, '0')}-01`)
    throw new BadRequest('The value date is before the wage month', { valueDate: ['The value date is before the wage month'] });
  const subject = {
    entity: 'salary_payments',
    entityId: run.id,
    choose: async (tx: Tx) => chooseSlips(await runRows(tx, run), body.employeeIds),
    audit: (chosen: readonly PaymentRow[]) => ({
      employees: chosen.map((r) => r.employeeCode),
      valueDate: body.valueDate,
      reference: body.reference,
      chequeNo: body.chequeNo,
    }),
  };
  return markPaid(db, auth, subject, body, requestId);
}

/** The bank's response file for the run's slips: all lines or none. */
export async function importRunResponse(db: Db, auth: AuthContext, run: RunRow, content: string, requestId: string) {
  assertFinal([run], 'payment');
  const subject = { entity: 'salary_payments', rows: (tx: Tx) => runRows(tx, run), entityId: () => run.id };
  return importResponse(db, auth, subject, content, requestId);
}

/** A run's payments with their totals (all, paid, pending, and by mode). */
export function runPaymentsView(run: RunRow, rows: readonly PaymentRow[]): TRunPayments {
  const sum = (f: (r: PaymentRow) => boolean) => toRupees(rows.filter(f).reduce((s, r) => s + r.amount, 0));
  return {
    runId: run.id,
    status: run.status,
    rows: rows.map(paymentView),
    totals: {
      amount: sum(() => true),
      paid: sum((r) => r.status === 'paid'),
      pending: sum((r) => r.status === 'pending'),
      bank: sum((r) => r.mode === 'bank'),
      cash: sum((r) => r.mode === 'cash'),
      cheque: sum((r) => r.mode === 'cheque'),
    },
  };
}

const MODE_IDS = { cash: 1, bank: 2, cheque: 3 } as const;

/** The run's payments, of one mode, or those paid by cash or cheque (`cashCheque`). */
export async function runPayments(db: Db, run: RunRow, mode?: keyof typeof MODE_IDS | 'cashCheque'): Promise<TRunPayments> {
  const filter =
    mode === 'cashCheque' ? sql`and ${ofSlip('pay_mode_id')} <> 2` : mode ? sql`and ${ofSlip('pay_mode_id')} = ${MODE_IDS[mode]}` : sql``;
  return runPaymentsView(run, await paymentRows(db, sql`r.id = ${run.id} ${filter}`));
}

/** The runs of one month of the given units (404 for a unit out of reach or without a run). */
export async function monthRuns(db: Db, auth: AuthContext, q: { unitIds: readonly number[]; year: number; month: number }) {
  const runs: RunRow[] = [];
  for (const unitId of q.unitIds) {
    if (!canReachUnit(auth, unitId)) throw new NotFound('Salary run not found');
    const [found] = await queryRows<{ id: number }>(
      db,
      sql`select id from payroll_runs where unit_id = ${unitId} and year = ${q.year} and month = ${q.month}`,
    );
    if (!found) throw new NotFound(`No salary run of unit ${unitId} for ${q.year}-${String(q.month).padStart(2, '0')}`);
    runs.push(await loadRun(db, auth, found.id));
  }
  return runs;
}
