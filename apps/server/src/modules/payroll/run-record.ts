// A salary run's row: read within the caller's reach, whether a job of it is still under way, its summary for the
// audit trail, and the 409 of a month already approved or locked.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs, payrollRuns } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, canReachUnit } from '../access/context';

export type RunRow = typeof payrollRuns.$inferSelect;

/** Whether a job of the run is still queued or running (the run shows as 'processing'). */
export async function activeJob(db: Db | Tx, run: RunRow) {
  if (!run.jobId) return null;
  const [j] = await db.select().from(jobs).where(eq(jobs.id, run.jobId));
  return j && (j.state === 'queued' || j.state === 'running') ? j : null;
}

export async function loadRun(db: Db | Tx, auth: AuthContext, id: number): Promise<RunRow> {
  const [run] = await db.select().from(payrollRuns).where(eq(payrollRuns.id, id));
  if (!run || !canReachUnit(auth, run.unitId)) throw new NotFound('Salary run not found');
  return run;
}

/** What the audit trail keeps of a run before and after a change. */
export const runSummary = (r: RunRow) => ({
  status: r.status,
  employeeCount: r.employeeCount,
  gross: r.gross,
  deductions: r.deductions,
  net: r.net,
  errors: r.errors.length,
  paidOn: r.paidOn,
});

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
