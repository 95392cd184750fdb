// A salary run as the API shows it: its figures, approval and history, the progress of a job under way, and what
// the caller may do with it.
import { MENU, type TRun, type TRunStatus } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unitSalaryApprovers, units } from '../../db/schema';
import { isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, hasAction } from '../access/context';
import { approvalOf, conflictOfInterest, historyOf } from '../approvals/service';
import { netFigures, runNets } from './net-paid';
import { leftOutEmployees, offCycleRuns } from './off-cycle';
import { salaryRunApproval } from './run-approval-kind';
import { activeJob, type RunRow } from './run-record';

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
