// The salary run of a unit and month: draft → processed → approved → locked. Processing is a job: inputs are
// loaded and computed outside any transaction, then the run's records are replaced, instalments and arrears
// marked, totals and the approval reset, and the job completed, in ONE transaction — a crash leaves the month
// as it was. Approval runs on the approvals module, level by level from the unit's salary approve map.

import { MENU, type TRun, type TRunStatus } from '@hr/contract';
import { PlanError, toRupees } from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { jobs, payrollRuns, type RunError, salarySlips, unitSalaryApprovers, units } from '../../db/schema';
import { defineJob, enqueue, JobFailure } from '../../jobs/runner';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { holdForCrashTest } from '../../lib/fault-injection';
import { isFinalRunStatus } from '../../lib/month-lock';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, hasAction } from '../access/context';
import {
  approvalOf,
  conflictOfInterest,
  decide,
  defineApprovalKind,
  historyOf,
  resubmitApproval,
  submitApproval,
} from '../approvals/service';
import { applyLatePunches } from '../attendance/late-punches';
import { recordPfAdminCharges } from '../statutory/admin-charges';
import { computeMonth, isSlip, type MonthComputation } from './compute';
import { settlePlannedMonths } from './lop';
import { netFigures, runNets } from './net-paid';
import { assertNoOffCycle, leftOutEmployees, offCycleRuns } from './off-cycle';
import { notifyRunDecided, notifyRunWaiting } from './run-notify';

export type RunRow = typeof payrollRuns.$inferSelect;

/**
 * A salary run's approval: as many levels as the unit's approve map has, each by a user mapped at that level; never by
 * whoever processed the figures (any reprocess makes its starter a maker) nor by anyone the run pays.
 */
export const salaryRunApproval = defineApprovalKind({
  kind: 'payroll.run',
  menu: MENU.salaryProcess,
  strict: true,
  beneficiaries: (a) => sql`select employee_id from salary_slips where run_id = ${a.subjectId}`,
  async levels(tx, request) {
    const [r] = await tx
      .select({ n: sql<number>`coalesce(max(${unitSalaryApprovers.level}), 1)::int` })
      .from(unitSalaryApprovers)
      .where(and(eq(unitSalaryApprovers.unitId, request.unitId ?? 0), eq(unitSalaryApprovers.isActive, true)));
    return r?.n ?? 1;
  },
  async mayApprove(tx, actor, approval, level) {
    const [r] = await tx
      .select({ id: unitSalaryApprovers.id })
      .from(unitSalaryApprovers)
      .where(
        and(
          eq(unitSalaryApprovers.unitId, approval.unitId ?? 0),
          eq(unitSalaryApprovers.userId, actor.userId),
          eq(unitSalaryApprovers.level, level),
          eq(unitSalaryApprovers.isActive, true),
        ),
      );
    return !!r;
  },
  async onApproved(tx, approval, actor, remark) {
    const [run] = await tx
      .update(payrollRuns)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(and(eq(payrollRuns.id, approval.subjectId), eq(payrollRuns.status, 'processed')))
      .returning();
    if (run) await notifyRunDecided(tx, run, 'approved', actor.userName, makersOf(run, approval), remark);
  },
  async onRejected(tx, approval, actor, remark) {
    const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, approval.subjectId));
    if (run) await notifyRunDecided(tx, run, 'sent back', actor.userName, makersOf(run, approval), remark);
  },
});

const makersOf = (run: RunRow, approval: { requestedBy: number | null }) =>
  [approval.requestedBy, run.processedBy].filter((x): x is number => x != null);

/** Whether a job of the run is still queued or running (the run shows as 'processing'). */
async function activeJob(db: Db | Tx, run: RunRow) {
  if (!run.jobId) return null;
  const [j] = await db.select().from(jobs).where(eq(jobs.id, run.jobId));
  return j && (j.state === 'queued' || j.state === 'running') ? j : null;
}

export async function loadRun(db: Db | Tx, auth: AuthContext, id: number): Promise<RunRow> {
  const [run] = await db.select().from(payrollRuns).where(eq(payrollRuns.id, id));
  if (!run || !canReachUnit(auth, run.unitId)) throw new NotFound('Salary run not found');
  return run;
}

/** The run as the API shows it, with its approval, progress and what the caller may do. */
export async function runView(db: Db, auth: AuthContext, run: RunRow, mailConfigured = false): Promise<TRun> {
  const [unit] = await db.select({ name: units.name }).from(units).where(eq(units.id, run.unitId));
  const job = await activeJob(db, run);
  const approval = run.approvalId ? await approvalOf(db, salaryRunApproval, run.id) : null;
  const history = approval ? ((await historyOf(db, [approval.id])).get(approval.id) ?? []) : [];
  const status: TRunStatus = job ? 'processing' : (run.status as TRunStatus);
  const nets = (await runNets(db, [run.id])).get(run.id) ?? { paid: 0, exact: 0 };
  const mayEdit = await hasAction(db, auth, MENU.salaryProcess, 'edit');
  let mayApprove = false;
  if (status === 'processed' && approval?.state === 'pending' && !(await conflictOfInterest(db, auth, approval))) {
    const [r] = await db
      .select({ id: unitSalaryApprovers.id })
      .from(unitSalaryApprovers)
      .where(
        and(
          eq(unitSalaryApprovers.unitId, run.unitId),
          eq(unitSalaryApprovers.userId, auth.userId),
          eq(unitSalaryApprovers.level, approval.level),
          eq(unitSalaryApprovers.isActive, true),
        ),
      );
    mayApprove = !!r && (await hasAction(db, auth, MENU.salaryProcess, 'approve'));
  }
  return {
    id: run.id,
    unitId: run.unitId,
    unitName: unit?.name ?? '',
    year: run.year,
    month: run.month,
    status,
    ...(job ? { progress: { jobId: job.id, done: job.progressDone, total: job.progressTotal, message: job.progressMessage } } : {}),
    employeeCount: run.employeeCount,
    gross: toRupees(run.gross),
    deductions: toRupees(run.deductions),
    // The amount paid (each slip's net rounded to ₹10, as its payslip prints it), with the exact net and the round-off.
    ...netFigures(nets.paid, nets.exact),
    errors: run.errors,
    parentRunId: run.parentRunId,
    offCycle: run.parentRunId ? [] : await offCycleRuns(db, run.id),
    processedAt: run.processedAt?.toISOString() ?? null,
    lockedAt: run.lockedAt?.toISOString() ?? null,
    paidOn: run.paidOn,
    approval: approval ? { levels: approval.levels, level: approval.level, state: approval.state, history } : null,
    can: {
      process: mayEdit && (status === 'draft' || status === 'processed'),
      approve: mayApprove,
      lock: mayEdit && status === 'approved',
      unlock: auth.isAdmin && isFinalRunStatus(status),
      paymentDate: mayEdit && isFinalRunStatus(status),
      email: mayEdit && mailConfigured && isFinalRunStatus(status),
      offCycle: mayEdit && (await leftOutEmployees(db, run)).length > 0,
    },
  };
}

export async function createRun(db: Db, auth: AuthContext, input: { unitId: number; year: number; month: number }, requestId?: string) {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, input.unitId));
  if (!unit) throw new BadRequest('Unknown unit', { unitId: ['No such unit'] });
  if (!canReachUnit(auth, input.unitId)) throw new Forbidden('This unit is not one of yours');
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(payrollRuns)
      .values({ unitId: input.unitId, year: input.year, month: input.month, createdBy: auth.userId, updatedBy: auth.userId })
      .onConflictDoNothing()
      .returning();
    if (!run) throw new Conflict('A salary run for this unit and month already exists', 'month');
    await writeAudit(tx, { entity: 'payroll_runs', entityId: run.id, action: 'create', after: run, userId: auth.userId, requestId });
    return run;
  });
}

const ZProcessData = z.object({ runId: z.number().int(), userId: z.number().int(), employeeIds: z.array(z.number().int()).optional() });

/** Starts processing (or reprocessing) a run: 409 when approved, locked or already processing. */
export async function startProcess(db: Db, auth: AuthContext, id: number, employeeIds: number[] | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id)).for('update');
    if (!run || !canReachUnit(auth, run.unitId)) throw new NotFound('Salary run not found');
    if (isFinalRunStatus(run.status)) throw new Conflict(`The month is ${run.status}; unlock it to change anything`);
    if (await activeJob(tx, run)) throw new Conflict('This run is already being processed');
    await assertNoOffCycle(tx as unknown as Db, run);
    if (employeeIds?.length && run.status === 'draft')
      throw new BadRequest('Process the whole unit first', { employeeIds: ['Process the whole run once before reprocessing employees'] });
    const jobId = await enqueue(tx, processRunJob, { runId: run.id, userId: auth.userId, employeeIds }, { createdBy: auth.userId });
    await tx.update(payrollRuns).set({ jobId, updatedAt: new Date(), updatedBy: auth.userId }).where(eq(payrollRuns.id, run.id));
    return jobId as number;
  });
}

export const processRunJob = defineJob({
  name: 'payroll.process',
  schema: ZProcessData,
  maxAttempts: 3,
  async run(ctx, data, progress) {
    const [run] = await ctx.db.select().from(payrollRuns).where(eq(payrollRuns.id, data.runId));
    if (!run) throw new JobFailure('The salary run no longer exists');
    if (isFinalRunStatus(run.status)) throw new JobFailure(`The month was ${run.status} before it was processed`);
    // An off-cycle run pays its own employees only (of them, those asked for).
    const own = run.employeeIds;
    const asked = data.employeeIds?.length ? data.employeeIds : undefined;
    const only = own ? (asked?.filter((id) => own.includes(id)) ?? own) : asked;
    let total = 4;
    const step = (n: number) => async (message: string) => progress.set(n, total, message);
    let m: Awaited<ReturnType<typeof computeMonth>>;
    let s = 0;
    try {
      // Earlier months paid on planned days are settled first: their loss-of-pay adjustments are paid in this run.
      if (!run.parentRunId) await ctx.db.transaction((tx) => settlePlannedMonths(tx, run.unitId, run.year, run.month));
      m = await computeMonth(ctx.db, run.unitId, run.year, run.month, { runId: run.id, only, step: (msg) => step(s++)(msg) });
    } catch (e) {
      if (e instanceof PlanError) throw new JobFailure(`The formulas cannot be used: ${e.problems.map((p) => p.message).join('; ')}`);
      throw e;
    }
    total = s + 1;
    await progress.set(s, total, `Saving ${m.results.length} salaries`);
    const done = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, run.id)).for('update');
      if (!locked || isFinalRunStatus(locked.status)) {
        throw new JobFailure(`The month was ${locked?.status ?? 'deleted'} while it was being processed`);
      }
      if (Number(locked.jobId) !== Number(ctx.jobId)) throw new JobFailure('A newer processing of this run replaced this one');
      const out = await persistRun(tx, locked, m, data.userId, only ?? null);
      // A fault-injection point for the crash tests only: hold the transaction open so the process can be killed in it.
      await holdForCrashTest('payroll');
      await ctx.completeIn(tx, out);
      return out;
    });
    return done;
  },
});

/**
 * Replaces the run's records (all, or those of `affected` employees) with a computation, in the caller's
 * transaction (the run row locked): slips in bulk, instalments recovered, arrears paid, totals, errors and the
 * approval started (or started over). Returns the counts.
 */
export async function persistRun(tx: Tx, locked: RunRow, m: MonthComputation, userId: number, affected: number[] | null) {
  const run = locked;
  const byId = new Map(m.employees.map((e) => [e.id, e]));
  const errors: RunError[] = [];
  const slips: (typeof salarySlips.$inferInsert)[] = [];
  const recoveredInstalments: number[] = [];
  const paidArrears: number[] = [];
  const paidBonusLines: number[] = [];
  for (const r of m.results) {
    const e = byId.get(r.employeeId)!;
    if (!isSlip(r)) {
      errors.push({ employeeId: e.id, employeeCode: e.employeeCode, name: e.name, error: r.error });
      continue;
    }
    const att = m.attendance.get(e.id)!;
    const arrears = m.arrears.get(e.id);
    const advance = m.advances.get(e.id);
    if (advance) recoveredInstalments.push(...advance.ids);
    if (arrears) for (const l of arrears.lines) paidArrears.push(l.id);
    const bonus = m.bonuses.get(e.id);
    if (bonus) paidBonusLines.push(...bonus.ids);
    slips.push({
      runId: run.id,
      employeeId: e.id,
      employeeCode: e.employeeCode,
      name: e.name,
      designationName: e.designationName,
      departmentName: e.departmentName,
      payModeName: PAY_MODE_NAMES[e.payModeId] ?? null,
      uanNo: e.uan,
      // How the slip is paid, as the employee's record stood when the month was computed (issue 26).
      payModeId: e.payModeId,
      bankAccountNo: e.bankAccountNo,
      ifsc: e.ifsc,
      bankName: e.bankName,
      bankBranch: e.bankBranch,
      // Zero amounts are left out (readers take a missing head as 0): a third less to send and store.
      amounts: nonZero(r.amounts),
      gross: r.gross,
      deductions: r.deductions,
      net: r.net,
      attendance: { ...att },
      arrears: arrears ? arrears.lines.map(({ id: _id, ...l }) => l) : [],
      statutory: r.statutory ?? {},
    });
  }
  const inAffected = (col: string) => (affected ? anyOf(col, affected) : sql`true`);
  {
    // Undo what an earlier processing of these employees did: their slips, recoveries and arrears paid. A draft run
    // was never processed (only persistRun writes slips, and it leaves the run processed): nothing to undo.
    if (locked.status !== 'draft') {
      await tx.execute(sql`delete from salary_slips where run_id = ${run.id} and ${inAffected('employee_id')}`);
      await tx.execute(
        sql`update advance_instalments set status = 'due', recovered_run_id = null
              where recovered_run_id = ${run.id} and advance_id in (select id from salary_advances where ${inAffected('employee_id')})`,
      );
      await tx.execute(sql`update salary_arrears set paid_run_id = null where paid_run_id = ${run.id} and ${inAffected('employee_id')}`);
      await tx.execute(sql`update bonus_lines set paid_run_id = null where paid_run_id = ${run.id} and ${inAffected('employee_id')}`);
    }
    await bulkInsert(tx, salarySlips, slips, { copy: true, foreignKeysOnce: true });
    if (recoveredInstalments.length) {
      await tx.execute(
        sql`update advance_instalments set status = 'recovered', recovered_run_id = ${run.id} where ${anyOf('id', recoveredInstalments)}`,
      );
    }
    if (paidArrears.length) {
      await tx.execute(sql`update salary_arrears set paid_run_id = ${run.id} where ${anyOf('id', paidArrears)}`);
    }
    if (paidBonusLines.length) {
      await tx.execute(sql`update bonus_lines set paid_run_id = ${run.id} where ${anyOf('id', paidBonusLines)}`);
    }
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
    const keptErrors = affected ? locked.errors.filter((x) => !affected.includes(x.employeeId)) : [];
    // The whole run's totals are those of the slips just written; after some employees alone, the database adds them up.
    const totals = affected
      ? (
          await queryRows<{ n: number; gross: string; deductions: string; net: string }>(
            tx,
            sql`select count(*)::int as n, coalesce(sum(gross), 0)::text as gross, coalesce(sum(deductions), 0)::text as deductions,
                  coalesce(sum(net), 0)::text as net from salary_slips where run_id = ${run.id}`,
          )
        )[0]
      : slips.reduce((t, x) => ({ n: t.n + 1, gross: t.gross + x.gross, deductions: t.deductions + x.deductions, net: t.net + x.net }), {
          n: 0,
          gross: 0,
          deductions: 0,
          net: 0,
        });
    await recordPfAdminCharges(tx, run);
    let approvalId = locked.approvalId;
    // Whoever processes is the maker: a whole reprocess replaces the earlier maker's figures, a partial one adds to them.
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
        await submitApproval(tx, salaryRunApproval, { subjectId: run.id, employeeId: null, unitId: run.unitId, requestedBy: userId })
      ).id;
    const [waiting] = await queryRows<{ levels: number }>(tx, sql`select levels from approvals where id = ${approvalId}`);
    await notifyRunWaiting(tx, run, 1, waiting?.levels ?? 1, [userId]);
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
      before: summary(locked),
      after: { ...summary(after), employeesProcessed: slips.length, errors: errors.length },
      userId: userId,
    });
  }
  return { slips: slips.length, errors: errors.length };
}

/** `col = any('{…}'::int[])`: the ids as one text parameter holding an array literal, parsed by the database in one go. */
const anyOf = (col: string, ids: readonly number[]) => sql`${sql.raw(col)} = any(${`{${ids.join(',')}}`}::int[])`;

function nonZero(amounts: Map<number, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, v] of amounts) if (v !== 0) out[id] = v;
  return out;
}

const PAY_MODE_NAMES: Record<number, string> = { 1: 'Cash', 2: 'Bank', 3: 'Cheque' };

const summary = (r: RunRow) => ({
  status: r.status,
  employeeCount: r.employeeCount,
  gross: r.gross,
  deductions: r.deductions,
  net: r.net,
  errors: r.errors.length,
  paidOn: r.paidOn,
});

/**
 * Approves the run's current level. A run with failed employees is refused (409 naming them) unless the approver
 * approves without them and says why (`withoutFailed`): the reason goes into the approval's history, and the left-out
 * employees are paid by an off-cycle run once corrected (off-cycle.ts). The next level's approvers are told.
 */
export async function approveRun(
  db: Db,
  auth: AuthContext,
  id: number,
  remark: string | null,
  requestId?: string,
  withoutFailed?: string | null,
) {
  const run = await loadRun(db, auth, id);
  if (await activeJob(db, run)) throw new Conflict('This run is being processed; approve it when it is done');
  if (run.status !== 'processed' || !run.approvalId) {
    throw new Conflict(run.status === 'draft' ? 'Process the run before approving it' : `The month is already ${run.status}`);
  }
  let note = remark;
  if (run.errors.length) {
    const who = run.errors.map((e) => `${e.employeeCode} ${e.name}`).join(', ');
    if (!withoutFailed?.trim()) {
      throw new Conflict(
        `${run.errors.length} employee(s) failed: ${who}. Correct and reprocess them, or approve without them with a reason`,
        'withoutFailed',
      );
    }
    note = `Approved without ${run.errors.length} failed employee(s) (${who}): ${withoutFailed.trim()}${remark ? ` — ${remark}` : ''}`;
  }
  const after = await decide(db, auth, run.approvalId, 'approve', note?.slice(0, 1000) ?? null, requestId);
  if (after.state === 'pending') await notifyRunWaiting(db, run, after.level, after.levels, makersOf(run, after));
  return loadRun(db, auth, id);
}

/**
 * 400 on `paidOn` when the date of payment is before the wage month or later than today: wages are paid for a month
 * once it has begun (advance payment within the month is allowed) and a date to come is not a payment made.
 */
function assertPaidOn(run: RunRow, paidOn: string) {
  const first = `${run.year}-${String(run.month).padStart(2, '0')}-01`;
  if (paidOn < first) throw new BadRequest('The date of payment is before the wage month', { paidOn: [`Not before ${first}`] });
  if (paidOn > orgToday()) throw new BadRequest('The date of payment is in the future', { paidOn: ['Not after today'] });
}

/**
 * One change of a run's state, in a transaction: the run read for update (404 out of reach), `change` checks it
 * (throwing 409 / 400 / 403) and says what to set and what the audit line keeps; the row after is returned.
 */
async function changeRun(
  db: Db,
  auth: AuthContext,
  id: number,
  action: string,
  requestId: string | undefined,
  change: (
    run: RunRow,
    tx: Tx,
  ) => Promise<{
    set: Partial<typeof payrollRuns.$inferInsert>;
    audit?: (after: RunRow) => { before: unknown; after: unknown };
    /** Work that follows the change in its transaction (unlocking applies the month's late punches); kept in the audit. */
    followUp?: (after: RunRow) => Promise<Record<string, unknown>>;
  }>,
) {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id)).for('update');
    if (!run || !canReachUnit(auth, run.unitId)) throw new NotFound('Salary run not found');
    const { set, audit, followUp } = await change(run, tx);
    const [after] = await tx
      .update(payrollRuns)
      .set({ ...set, updatedAt: new Date(), updatedBy: auth.userId })
      .where(eq(payrollRuns.id, id))
      .returning();
    const followed = followUp ? await followUp(after) : null;
    const base = audit ? audit(after) : { before: summary(run), after: summary(after) };
    const lines = followed ? { ...base, after: { ...(base.after as object), ...followed } } : base;
    await writeAudit(tx, { entity: 'payroll_runs', entityId: id, action, ...lines, userId: auth.userId, requestId });
    return after;
  });
}

/** Locks an approved run; the date of payment is the one given, else one set before, else today (the org's zone). */
export async function lockRun(db: Db, auth: AuthContext, id: number, requestId?: string, paidOn?: string) {
  return changeRun(db, auth, id, 'lock', requestId, async (run) => {
    if (run.status === 'locked') throw new Conflict('The month is already locked');
    if (run.status !== 'approved') throw new Conflict('Every approval level must approve the run before it is locked');
    const paid = paidOn ?? run.paidOn ?? orgToday();
    assertPaidOn(run, paid);
    return { set: { status: 'locked', lockedAt: new Date(), lockedBy: auth.userId, paidOn: paid } };
  });
}

/** Sets or corrects the date of payment of an approved or locked run (audited); the figures stay as they are. */
export async function setRunPaymentDate(db: Db, auth: AuthContext, id: number, paidOn: string, requestId?: string) {
  return changeRun(db, auth, id, 'payment-date', requestId, async (run) => {
    if (!isFinalRunStatus(run.status)) {
      throw new Conflict(`The month is ${run.status}: the date of payment is given once it is approved`);
    }
    assertPaidOn(run, paidOn);
    return { set: { paidOn }, audit: () => ({ before: { paidOn: run.paidOn }, after: { paidOn } }) };
  });
}

/**
 * An administrator reopens an approved or locked month, with a reason: back to processed, approvals start over. The
 * punches that arrived for its days meanwhile (late punches) go into the punch log and their days are worked out again,
 * in the same transaction (those still frozen by another run that paid the employee stay apart).
 */
export async function unlockRun(db: Db, auth: AuthContext, id: number, reason: string, requestId?: string) {
  if (!auth.isAdmin) throw new Forbidden('Only an administrator unlocks a salary month');
  return changeRun(db, auth, id, 'unlock', requestId, async (run, tx) => {
    if (!isFinalRunStatus(run.status)) throw new Conflict(`The month is ${run.status}, not approved or locked`);
    if (run.approvalId) await resubmitApproval(tx, run.approvalId, auth.userId, `Unlocked: ${reason}`, 'reopened');
    return {
      set: { status: 'processed', lockedAt: null, lockedBy: null },
      audit: (after) => ({ before: summary(run), after: { ...summary(after), reason } }),
      // The month's late punches of the unit's staff and of the employees the run paid.
      followUp: async (after) => {
        const first = `${after.year}-${String(after.month).padStart(2, '0')}-01`;
        const late = await applyLatePunches(
          tx,
          sql`l.day >= ${first}::date and l.day < (${first}::date + interval '1 month')::date
              and (e.unit_id = ${after.unitId} or exists (select 1 from salary_slips s where s.run_id = ${after.id} and s.employee_id = l.employee_id))`,
        );
        return { latePunchesApplied: late.applied };
      },
    };
  });
}

/** 409 when the unit's month is approved or locked (attendance entry, structure versions used by it, advances). */
export async function assertMonthOpen(db: Db | Tx, unitId: number, year: number, month: number, what: string): Promise<void> {
  const [run] = await db
    .select({ status: payrollRuns.status })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.unitId, unitId), eq(payrollRuns.year, year), eq(payrollRuns.month, month)));
  if (run && isFinalRunStatus(run.status)) {
    throw new Conflict(`${what}: the salary of ${year}-${String(month).padStart(2, '0')} is ${run.status}`);
  }
}
