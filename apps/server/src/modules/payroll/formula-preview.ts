// A formula's preview: one employee's month computed with the formulas (and a draft), nothing saved. A formula that
// cannot be used answers ok: false with its problem, not an error.
import type { ZFormulaPreview, ZFormulaPreviewResult } from '@hr/contract';
import { FormulaSyntaxError, PlanError } from '@hr/payroll';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { earningDeductions, employees } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { type AuthContext, canReachRecord, unitScope } from '../access/context';
import { computeMonth, isSlip } from './compute';

type Preview = z.input<typeof ZFormulaPreviewResult>;

export async function previewFormula(db: Db, auth: AuthContext, b: z.output<typeof ZFormulaPreview>): Promise<Preview> {
  const [emp] = await db
    .select({ id: employees.id, unitId: employees.unitId })
    .from(employees)
    .where(and(eq(employees.id, b.employeeId), unitScope(auth, employees.unitId)));
  if (!emp || !canReachRecord(auth, { employeeId: emp.id, unitId: emp.unitId })) throw new NotFound('Employee not found');
  const empty = { heads: [], attendance: {}, gross: 0, deductions: 0, net: 0 };
  let m: Awaited<ReturnType<typeof computeMonth>>;
  try {
    m = await computeMonth(db, emp.unitId, b.year, b.month, { only: [emp.id], draft: b.draft, withoutSystemAmounts: false });
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return { ok: false, error: e.problem.message, ...empty };
    if (e instanceof PlanError) return { ok: false, error: e.problems.map((p) => p.message).join('; '), ...empty };
    throw e;
  }
  const r = m.results[0];
  if (!r) return { ok: false, error: 'The employee is not employed in this month', ...empty };
  const att = m.attendance.get(emp.id) ?? {};
  const names = new Map(
    (await db.select({ id: earningDeductions.id, name: earningDeductions.name }).from(earningDeductions)).map((h) => [h.id, h.name]),
  );
  if (!isSlip(r)) return { ok: false, error: r.error, ...empty, attendance: { ...att } };
  return {
    ok: true,
    error: null,
    heads: m.heads.map((h) => ({
      id: h.id,
      code: h.code,
      name: names.get(h.id) ?? h.printName,
      isEarning: h.isEarning,
      formula: h.formula,
      amount: (r.amounts.get(h.id) ?? 0) / 100,
    })),
    attendance: { ...att },
    gross: r.gross / 100,
    deductions: r.deductions / 100,
    net: r.net / 100,
  };
}
