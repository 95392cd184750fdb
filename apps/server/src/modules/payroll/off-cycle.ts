// Off-cycle salary runs: a regular run approved without its failed employees (approveRun's `withoutFailed`) leaves
// them unpaid; once they are corrected, an off-cycle run of the same unit and month pays exactly them — the same
// engine and inputs (computeMonth with `only`), its own slips, approval levels and lock.
import type { TRun } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { payrollRuns } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict } from '../../lib/errors';
import { isFinalRunStatus } from '../../lib/month-lock';
import type { AuthContext } from '../access/context';
import type { RunRow } from './run-record';

/** The off-cycle runs of a regular run, oldest first, with their status and employees. */
export async function offCycleRuns(db: Db, parentId: number): Promise<TRun['offCycle']> {
  return queryRows<TRun['offCycle'][number]>(
    db,
    sql`select id, status, coalesce(jsonb_array_length(employee_ids), 0)::int as employees
        from payroll_runs where parent_run_id = ${parentId} order by id`,
  );
}

/** The failed employees of a final regular run that no off-cycle run takes yet. */
export async function leftOutEmployees(db: Db, run: RunRow): Promise<number[]> {
  if (run.parentRunId || !isFinalRunStatus(run.status) || run.errors.length === 0) return [];
  const taken = await queryRows<{ id: number }>(
    db,
    sql`select distinct jsonb_array_elements_text(employee_ids)::int as id from payroll_runs where parent_run_id = ${run.id}`,
  );
  const done = new Set(taken.map((t) => t.id));
  return run.errors.map((e) => e.employeeId).filter((id) => !done.has(id));
}

/**
 * Opens an off-cycle run (draft) for the employees a final regular run left out: 409 when the run is an off-cycle run,
 * is not approved or locked yet (its failed employees are reprocessed in it until then), or leaves nobody out.
 */
export async function createOffCycleRun(db: Db, auth: AuthContext, parent: RunRow, requestId?: string): Promise<RunRow> {
  if (parent.parentRunId) throw new Conflict('An off-cycle run has no off-cycle run of its own');
  if (!isFinalRunStatus(parent.status)) {
    throw new Conflict('The run is not approved yet: correct its failed employees and reprocess them in it');
  }
  const ids = await leftOutEmployees(db, parent);
  if (ids.length === 0) throw new Conflict('No employee of this run is left out (or an off-cycle run already takes them)');
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(payrollRuns)
      .values({
        unitId: parent.unitId,
        year: parent.year,
        month: parent.month,
        parentRunId: parent.id,
        employeeIds: ids,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    await writeAudit(tx, {
      entity: 'payroll_runs',
      entityId: run.id,
      action: 'create off-cycle',
      after: { parentRunId: parent.id, employeeIds: ids, year: run.year, month: run.month },
      userId: auth.userId,
      requestId,
    });
    return run;
  });
}

/** 409 when a regular run would be processed again while off-cycle runs pay some of its employees (no one is paid twice). */
export async function assertNoOffCycle(db: Db, run: RunRow): Promise<void> {
  if (run.parentRunId) return;
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from payroll_runs where parent_run_id = ${run.id}`);
  if (c.n > 0) {
    throw new Conflict('Off-cycle runs pay employees this run left out: reprocessing it would pay them twice; correct it through arrears');
  }
}
