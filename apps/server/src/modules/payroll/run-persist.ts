// Saving a computed month: the run's records (all, or those of some employees) replaced in the caller's transaction.
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { payrollRuns, type RunError } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { resubmitApproval, submitApproval } from '../approvals/service';
import { recordPfAdminCharges } from '../statutory/admin-charges';
import { isSlip, type MonthComputation } from './compute';
import { salaryRunApproval } from './run-approval-kind';
import { notifyRunWaiting } from './run-notify';
import { type RunRow, runSummary } from './run-record';
import { copySlips, type SlipSource } from './slip-copy';

/** What a computation writes: the slips, the failed employees, and the instalments, arrears and bonus lines it pays. */
interface RunRecords {
  slips: SlipSource[];
  errors: RunError[];
  recoveredInstalments: number[];
  paidArrears: number[];
  paidBonusLines: number[];
}

/**
 * Replaces the run's records (all, or those of `affected` employees) with a computation, in the caller's
 * transaction (the run row locked): slips in bulk, instalments recovered, arrears paid, totals, errors and the
 * approval started (or started over). Returns the counts.
 */
export async function persistRun(tx: Tx, locked: RunRow, m: MonthComputation, userId: number, affected: number[] | null) {
  const run = locked;
  const records = runRecords(m);
  const { slips, errors } = records;
  const inAffected = (col: string) => (affected ? anyOf(col, affected) : sql`true`);
  // Undo what an earlier processing of these employees did: their slips, recoveries and arrears paid. A draft run
  // was never processed (only persistRun writes slips, and it leaves the run processed): nothing to undo.
  if (locked.status !== 'draft') await undoEarlier(tx, run.id, inAffected);
  await copySlips(tx, run.id, slips);
  await markPaid(tx, run, records);
  const keptErrors = affected ? locked.errors.filter((x) => !affected.includes(x.employeeId)) : [];
  // The whole run's totals are those of the slips just written; after some employees alone, the database adds them up.
  const totals = affected ? await storedTotals(tx, run.id) : slipTotals(slips);
  await recordPfAdminCharges(tx, run);
  const approvalId = await startApproval(tx, locked, userId, affected);
  const [after] = await tx
    .update(payrollRuns)
    .set({
      status: 'processed',
      heads: m.heads,
      employeeCount: totals.n,
      gross: Number(totals.gross),
      deductions: Number(totals.deductions),
      net: Number(totals.net),
      errors: [...keptErrors, ...errors],
      approvalId,
      processedAt: new Date(),
      processedBy: userId,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(eq(payrollRuns.id, run.id))
    .returning();
  await writeAudit(tx, {
    entity: 'payroll_runs',
    entityId: run.id,
    action: affected ? 'reprocess' : 'process',
    before: runSummary(locked),
    after: { ...runSummary(after), employeesProcessed: slips.length, errors: errors.length },
    userId: userId,
  });
  return { slips: slips.length, errors: errors.length };
}

/** The slips of a computation's employees (their particulars and bank details as they stand), and what they pay. */
function runRecords(m: MonthComputation): RunRecords {
  const byId = new Map(m.employees.map((e) => [e.id, e]));
  const out: RunRecords = { slips: [], errors: [], recoveredInstalments: [], paidArrears: [], paidBonusLines: [] };
  for (const r of m.results) {
    const e = byId.get(r.employeeId)!;
    if (!isSlip(r)) {
      out.errors.push({ employeeId: e.id, employeeCode: e.employeeCode, name: e.name, error: r.error });
      continue;
    }
    const arrears = m.arrears.get(e.id);
    const advance = m.advances.get(e.id);
    if (advance) out.recoveredInstalments.push(...advance.ids);
    if (arrears) for (const l of arrears.lines) out.paidArrears.push(l.id);
    const bonus = m.bonuses.get(e.id);
    if (bonus) out.paidBonusLines.push(...bonus.ids);
    // How the slip is paid, as the employee's record stood when the month was computed (issue 26): slip-copy.ts.
    out.slips.push({ r, e, attendance: m.attendance.get(e.id)!, arrears: arrears?.lines });
  }
  return out;
}

/** An earlier processing of the run's (affected) employees undone: their slips deleted, instalments, arrears and bonus lines due again. */
async function undoEarlier(tx: Tx, runId: number, inAffected: (col: string) => SQL) {
  await tx.execute(sql`delete from salary_slips where run_id = ${runId} and ${inAffected('employee_id')}`);
  await tx.execute(
    sql`update advance_instalments set status = 'due', recovered_run_id = null
          where recovered_run_id = ${runId} and advance_id in (select id from salary_advances where ${inAffected('employee_id')})`,
  );
  await tx.execute(sql`update salary_arrears set paid_run_id = null where paid_run_id = ${runId} and ${inAffected('employee_id')}`);
  await tx.execute(sql`update bonus_lines set paid_run_id = null where paid_run_id = ${runId} and ${inAffected('employee_id')}`);
}

/** The instalments recovered, arrears and bonus lines paid by the run marked so; bonuses and advances given their status. */
async function markPaid(tx: Tx, run: RunRow, r: RunRecords) {
  if (r.recoveredInstalments.length) {
    await tx.execute(
      sql`update advance_instalments set status = 'recovered', recovered_run_id = ${run.id} where ${anyOf('id', r.recoveredInstalments)}`,
    );
  }
  if (r.paidArrears.length) await tx.execute(sql`update salary_arrears set paid_run_id = ${run.id} where ${anyOf('id', r.paidArrears)}`);
  if (r.paidBonusLines.length) await tx.execute(sql`update bonus_lines set paid_run_id = ${run.id} where ${anyOf('id', r.paidBonusLines)}`);
  // A bonus paid with this month's salary is paid once every line with an amount is in a run.
  await tx.execute(
    sql`update bonuses b set status = case
          when not exists (select 1 from bonus_lines l where l.bonus_id = b.id and l.amount > 0 and l.paid_run_id is null
            and l.paid_settlement_id is null) then 'paid'
          else 'approved' end
        where b.status in ('approved', 'paid') and b.pay_with = 'salary' and b.pay_year = ${run.year} and b.pay_month = ${run.month}`,
  );
  // An advance with something recovered is recovering; with nothing left due, closed. Only advances whose status
  // changes are written (most keep theirs from one month to the next).
  await tx.execute(
    sql`update salary_advances a set status = x.status
        from (select s.id, case
                when not exists (select 1 from advance_instalments i where i.advance_id = s.id and i.status = 'due') then 'closed'
                when exists (select 1 from advance_instalments i where i.advance_id = s.id and i.status = 'recovered') then 'recovering'
                else 'paid' end as status
              from salary_advances s where s.status in ('paid', 'recovering', 'closed') and s.unit_id = ${run.unitId}) x
        where a.id = x.id and a.status <> x.status`,
  );
}

type Totals = { n: number; gross: number | string; deductions: number | string; net: number | string };

/** The run's totals as the database adds up its stored slips. */
async function storedTotals(tx: Tx, runId: number): Promise<Totals> {
  const [t] = await queryRows<{ n: number; gross: string; deductions: string; net: string }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(gross), 0)::text as gross, coalesce(sum(deductions), 0)::text as deductions,
          coalesce(sum(net), 0)::text as net from salary_slips where run_id = ${runId}`,
  );
  return t;
}

function slipTotals(slips: readonly SlipSource[]): Totals {
  const t = { n: 0, gross: 0, deductions: 0, net: 0 };
  for (const { r } of slips) {
    t.n++;
    t.gross += r.gross;
    t.deductions += r.deductions;
    t.net += r.net;
  }
  return t;
}

/**
 * The run's approval started, or started over: whoever processes is the maker (a whole reprocess replaces the earlier
 * maker's figures, a partial one adds to them); the first level's approvers are told. Returns the approval's id.
 */
async function startApproval(tx: Tx, locked: RunRow, userId: number, affected: number[] | null): Promise<number> {
  let approvalId = locked.approvalId;
  if (approvalId) {
    await resubmitApproval(
      tx,
      approvalId,
      userId,
      affected ? `Reprocessed ${affected.length} employee(s)` : 'Reprocessed',
      affected ? 'amended' : 'remade',
    );
  } else
    approvalId = (
      await submitApproval(tx, salaryRunApproval, { subjectId: locked.id, employeeId: null, unitId: locked.unitId, requestedBy: userId })
    ).id;
  const [waiting] = await queryRows<{ levels: number }>(tx, sql`select levels from approvals where id = ${approvalId}`);
  await notifyRunWaiting(tx, locked, 1, waiting?.levels ?? 1, [userId]);
  return approvalId;
}

/** `col = any('{…}'::int[])`: the ids as one text parameter holding an array literal, parsed by the database in one go. */
const anyOf = (col: string, ids: readonly number[]) => sql`${sql.raw(col)} = any(${`{${ids.join(',')}}`}::int[])`;
