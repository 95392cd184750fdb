// Creating a salary run and processing it. Processing is a job: inputs are loaded and computed outside any
// transaction, then the run's records are replaced, instalments and arrears marked, totals and the approval reset,
// and the job completed, in ONE transaction (persistRun) — a crash leaves the month as it was.
import { PlanError } from '@hr/payroll';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { payrollRuns, units } from '../../db/schema';
import { defineJob, enqueue, JobFailure } from '../../jobs/runner';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { holdForCrashTest } from '../../lib/fault-injection';
import { isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, canReachUnit } from '../access/context';
import { computeMonth } from './compute';
import { settlePlannedMonths } from './lop';
import { assertNoOffCycle } from './off-cycle';
import { persistRun } from './run-persist';
import { activeJob } from './run-record';

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
