// A salary run's approval kind: as many levels as the unit's approve map has, each by a user mapped at that level;
// never by whoever processed the figures (any reprocess makes its starter a maker) nor by anyone the run pays.
import { monthLabel, yearMonth } from '@hr/calendar';
import { MENU } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { payrollRuns, unitSalaryApprovers } from '../../db/schema';
import { defineApprovalKind } from '../approvals/service';
import { notifyRunDecided } from './run-notify';
import type { RunRow } from './run-record';

export const salaryRunApproval = defineApprovalKind({
  kind: 'payroll.run',
  menu: MENU.salaryProcess,
  strict: true,
  beneficiaries: (a) => sql`select employee_id from salary_slips where run_id = ${a.subjectId}`,
  /** In the approver's inbox: "Salary run · Head Office, October 2026", with its employees. */
  async describe(db, approvals) {
    const runs = await queryRows<{ id: number; unit: string; year: number; month: number; employees: number }>(
      db,
      sql`select r.id, u.name as unit, r.year, r.month, r.employee_count as employees from payroll_runs r join units u on u.id = r.unit_id
          where r.id = any(${sql.param(approvals.map((a) => a.subjectId))}::int[])`,
    );
    const byRun = new Map(runs.map((r) => [r.id, r]));
    return new Map(
      approvals.flatMap((a) => {
        const r = byRun.get(a.subjectId);
        if (!r) return [];
        const detail = `${r.employees} employee${r.employees === 1 ? '' : 's'}`;
        return [[a.id, { title: `Salary run · ${r.unit}, ${monthLabel(yearMonth(r.year, r.month))}`, detail }] as const];
      }),
    );
  },
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
