// Salary records as payslips: a run's records, the caller's own slip of an approved or locked month and the months
// that have one, an employee's slip on screen, the payslip batch of several units' month, e-mailing a run's payslips
// (a job) and the organisation's payslip layout.
import { MENU, type TPayslipLayout, type ZPayslipBatchQuery, type ZPayslipQuery } from '@hr/contract';
import { desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { payrollRuns } from '../../db/schema';
import { enqueue } from '../../jobs/runner';
import { writeAudit } from '../../lib/audit';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { FINAL_RUN, finalStatus, isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { emailPayslipsJob } from './email';
import { loadRun } from './runs';
import { slipRecords } from './slips';
import { setPayslipLayout } from './wage-slip-data';

/** The run's employee salary records (spec section 3); 404 for a run outside the caller's units. */
export async function runSlips(db: Db, auth: AuthContext, runId: number) {
  const run = await loadRun(db, auth, runId);
  return slipRecords(db, sql`r.id = ${run.id}`);
}

/** The caller's own salary record of a month (404 unless approved or locked, or with no employee linked). */
export async function ownPayslip(db: Db, auth: AuthContext, q: z.output<typeof ZPayslipQuery>) {
  const employeeId = auth.employeeId;
  if (!employeeId) throw new NotFound('No employee record is linked to this sign-in');
  const [slip] = await slipRecords(db, sql`s.employee_id = ${employeeId} and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`);
  if (!slip) throw new NotFound('No approved payslip for this month');
  return slip;
}

/** Months with the caller's approved payslip, newest first. */
export async function ownPayslipMonths(db: Db, auth: AuthContext) {
  const employeeId = auth.employeeId;
  if (!employeeId) return [];
  return db
    .select({ year: payrollRuns.year, month: payrollRuns.month })
    .from(payrollRuns)
    .where(
      sql`${finalStatus(sql`${payrollRuns.status}`)} and exists (select 1 from salary_slips s where s.run_id = ${payrollRuns.id} and s.employee_id = ${employeeId})`,
    )
    .orderBy(desc(payrollRuns.year), desc(payrollRuns.month));
}

/** Salary records of the chosen units' approved or locked runs of a month (units outside the caller's reach left out). */
export async function payslipBatch(db: Db, auth: AuthContext, q: z.output<typeof ZPayslipBatchQuery>) {
  const reach = auth.unitIds;
  const ids = reach === 'all' ? q.unitIds : q.unitIds.filter((u) => reach.includes(u));
  if (ids.length === 0) return [];
  return slipRecords(
    db,
    sql`r.unit_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int) and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`,
  );
}

/** Starts e-mailing each employee of an approved or locked run their payslip (409 without mail or before approval). */
export async function startPayslipEmails(db: Db, auth: AuthContext, runId: number, protect: boolean, mailConfigured: boolean) {
  const run = await loadRun(db, auth, runId);
  if (!mailConfigured) throw new Conflict('E-mail is not set up on this server (SMTP_URL)');
  if (!isFinalRunStatus(run.status)) throw new Conflict('Payslips are e-mailed once the month is approved');
  const jobId = await enqueue(db, emailPayslipsJob, { runId: run.id, protect, userId: auth.userId }, { createdBy: auth.userId });
  return jobId as number;
}

/**
 * An employee's salary record of an approved or locked month for the payslip on screen: the caller's own, or (the
 * salary process's view, not self-service) an employee of the caller's units; 404 otherwise, like a missing slip.
 */
export async function employeePayslip(db: Db, auth: AuthContext, employeeId: number, q: z.output<typeof ZPayslipQuery>) {
  if (auth.employeeId !== employeeId) {
    const [employee] = await queryRows<{ unitId: number }>(db, sql`select unit_id as "unitId" from employees where id = ${employeeId}`);
    const reached = employee && canReachRecord(auth, { employeeId, unitId: employee.unitId });
    if (!reached || auth.isSelfService || !(await hasAction(db, auth, MENU.salaryProcess, 'view'))) {
      throw new NotFound('No approved payslip for this month');
    }
  }
  const [slip] = await slipRecords(
    db,
    sql`s.employee_id = ${employeeId} and r.year = ${q.year} and r.month = ${q.month} and ${FINAL_RUN}`,
    // The screen shows the paid and loss-of-pay days whatever the layout (the PDF follows the layout).
    { details: true },
  );
  if (!slip) throw new NotFound('No approved payslip for this month');
  return slip;
}

/** Sets the organisation's payslip layout (a user who reaches every unit); audited when it changes. */
export async function changePayslipLayout(db: Db, auth: AuthContext, layout: TPayslipLayout, requestId: string) {
  if (auth.unitIds !== 'all')
    throw new Forbidden("The payslip layout is the whole organisation's: only a user of every unit may change it");
  await db.transaction(async (tx) => {
    const before = await setPayslipLayout(tx, layout, auth.userId);
    if (before !== layout) {
      await writeAudit(tx, {
        entity: 'organisation',
        entityId: 1,
        action: 'update',
        before: { payslipLayout: before },
        after: { payslipLayout: layout },
        userId: auth.userId,
        requestId,
      });
    }
  });
  return { layout };
}
