// The salary runs list (paged, newest month first): filtered by unit, year, financial year, month and status
// ('processing' = a run whose job is queued or running), with the amount paid, exact net and round-off of each.
import type { ZRunListQuery } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { payrollRuns, units } from '../../db/schema';
import { type AuthContext, unitScope } from '../access/context';
import { netFigures, runNets } from './net-paid';

/** Whether the run's processing job is queued or running. */
const running = sql`exists (select 1 from jobs j where j.id = ${payrollRuns.jobId} and j.state in ('queued', 'running'))`;

function runListWhere(auth: AuthContext, q: z.output<typeof ZRunListQuery>) {
  return and(
    unitScope(auth, payrollRuns.unitId),
    q.unitId ? eq(payrollRuns.unitId, Number(q.unitId)) : undefined,
    q.year ? eq(payrollRuns.year, q.year) : undefined,
    // April of the financial year to March of the next
    q.financialYear
      ? sql`${payrollRuns.year} * 12 + ${payrollRuns.month} between ${q.financialYear * 12 + 4} and ${q.financialYear * 12 + 15}`
      : undefined,
    q.month ? eq(payrollRuns.month, q.month) : undefined,
    q.status && q.status !== 'processing' ? eq(payrollRuns.status, q.status) : undefined,
    q.status === 'processing' ? running : undefined,
  ) as SQL | undefined;
}

/** One page of the caller's units' runs, with the total. */
export async function listRuns(db: Db, auth: AuthContext, q: z.output<typeof ZRunListQuery>) {
  const where = runListWhere(auth, q);
  const rows = await db
    .select({
      id: payrollRuns.id,
      unitId: payrollRuns.unitId,
      unitName: units.name,
      year: payrollRuns.year,
      month: payrollRuns.month,
      status: payrollRuns.status,
      running: sql<boolean>`${running}`,
      employeeCount: payrollRuns.employeeCount,
      gross: payrollRuns.gross,
      deductions: payrollRuns.deductions,
      processedAt: payrollRuns.processedAt,
      lockedAt: payrollRuns.lockedAt,
      paidOn: payrollRuns.paidOn,
      parentRunId: payrollRuns.parentRunId,
    })
    .from(payrollRuns)
    .innerJoin(units, eq(units.id, payrollRuns.unitId))
    .where(where)
    .orderBy(desc(payrollRuns.year), desc(payrollRuns.month), units.name)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(payrollRuns).where(where);
  const nets = await runNets(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    rows: rows.map(({ running, ...r }) => ({
      ...r,
      status: running ? ('processing' as const) : (r.status as 'draft'),
      gross: toRupees(r.gross),
      deductions: toRupees(r.deductions),
      // The amount paid (the slips' nets rounded to ₹10 as their payslips print them), the exact net and the round-off.
      ...netFigures(nets.get(r.id)?.paid ?? 0, nets.get(r.id)?.exact ?? 0),
      processedAt: r.processedAt?.toISOString() ?? null,
      lockedAt: r.lockedAt?.toISOString() ?? null,
    })),
  };
}
