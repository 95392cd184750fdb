// A salary run's approval kind: as many levels as the unit's approve map has, each by a user mapped at that level;
// never by whoever processed the figures (any reprocess makes its starter a maker) nor by anyone the run pays.
import { MENU } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { payrollRuns, unitSalaryApprovers } from '../../db/schema';
import { defineApprovalKind } from '../approvals/service';
import { notifyRunDecided } from './run-notify';
import type { RunRow } from './run-record';

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

/** Who made the run's figures: whoever asked for the approval and whoever processed it last. */
export const makersOf = (run: RunRow, approval: { requestedBy: number | null }) =>
  [approval.requestedBy, run.processedBy].filter((x): x is number => x != null);
