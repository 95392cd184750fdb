// Salary formulas: a formula per calculative head, by default or for one unit, effective from a month. Saving parses
// it and checks the whole set it joins (unknown names, cycles) and refuses a month already approved or locked.
import type { ZFormula, ZSaveFormula } from '@hr/contract';
import { FormulaSyntaxError, formulaProblems, PlanError } from '@hr/payroll';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { earningDeductions, salaryFormulas } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { type AuthContext, canReachUnit } from '../access/context';
import { ADVANCE_HEAD_ID, ARREARS_CODE, BONUS_CODE, engineHeads, unitHeads } from './plan';

type FormulaRow = z.infer<typeof ZFormula>;
type FormulaInput = z.output<typeof ZSaveFormula>;

/** Active earning and deduction heads in print order, with whether a salary structure names them. */
export async function payrollHeads(db: Db) {
  const heads = await db
    .select({
      id: earningDeductions.id,
      code: earningDeductions.code,
      name: earningDeductions.name,
      printName: earningDeductions.printName,
      isEarning: earningDeductions.isEarning,
      isCalculative: earningDeductions.isCalculative,
      isNetPayHead: earningDeductions.isNetPayHead,
      isOverTimeHead: earningDeductions.isOverTimeHead,
      isTotalLWOPHead: earningDeductions.isTotalLWOPHead,
    })
    .from(earningDeductions)
    .where(eq(earningDeductions.isActive, true))
    .orderBy(earningDeductions.printOrder, earningDeductions.id);
  return heads.map((h) => {
    const code = h.code.toUpperCase();
    const system = code === ARREARS_CODE || code === BONUS_CODE || h.id === ADVANCE_HEAD_ID;
    return { ...h, code, inStructure: !h.isCalculative && !h.isNetPayHead && !system };
  });
}

async function formulaRows(db: Db | Tx, where: ReturnType<typeof sql>): Promise<FormulaRow[]> {
  return queryRows<FormulaRow>(
    db,
    sql`select f.id, f.earning_deduction_id as "earningDeductionId", upper(h.code) as "headCode", h.name as "headName",
          f.unit_id as "unitId", u.name as "unitName", f.effective_from as "effectiveFrom", f.formula
        from salary_formulas f join earning_deductions h on h.id = f.earning_deduction_id
        left join units u on u.id = f.unit_id
        where f.is_active and ${where}
        order by h.print_order, h.id, f.unit_id nulls first, f.effective_from desc`,
  );
}

/** The default formulas, and with `unitId` (one of the caller's units) that unit's own versions too. */
export async function formulasOf(db: Db, auth: AuthContext, unitId: number | undefined): Promise<FormulaRow[]> {
  if (unitId && !canReachUnit(auth, unitId)) return [];
  return formulaRows(db, unitId ? sql`(f.unit_id is null or f.unit_id = ${unitId})` : sql`f.unit_id is null`);
}

/** The latest approved or locked month ('YYYY-MM') of the unit, or of any unit for a default formula. */
async function lastFinalMonth(db: Db | Tx, unitId: number | null): Promise<string | null> {
  const [r] = await queryRows<{ ym: string | null }>(
    db,
    sql`select max(to_char(make_date(year, month, 1), 'YYYY-MM')) as ym from payroll_runs
        where ${finalStatus(sql`status`)} ${unitId ? sql`and unit_id = ${unitId}` : sql``}`,
  );
  return r?.ym ?? null;
}

/** Checks a formula in the set it joins: 400 with the problem under `formula` (syntax, unknown name, cycle). */
async function checkFormula(
  db: Db | Tx,
  input: { earningDeductionId: number; unitId: number | null; effectiveFrom: string; formula: string },
) {
  const [head] = await db.select().from(earningDeductions).where(eq(earningDeductions.id, input.earningDeductionId));
  if (!head?.isActive) throw new BadRequest('Unknown head', { earningDeductionId: ['No such active head'] });
  if (head.statutory)
    throw new BadRequest('This head is computed by the statutory rules', {
      earningDeductionId: ['PF, ESI, professional tax, labour welfare fund and TDS follow the dated statutory parameters, not a formula'],
    });
  if (!head.isCalculative)
    throw new BadRequest('This head takes its amount from the salary structure', {
      earningDeductionId: ['Mark the head "Calculated by formula" first'],
    });
  // The heads as a run would see them: the unit's (or, for a default, every active head), with this formula.
  const heads = await unitHeads(db, input.unitId ?? 0, input.effectiveFrom);
  const code = head.code.toUpperCase();
  const withDraft = heads.some((h) => h.id === head.id)
    ? heads.map((h) => (h.id === head.id ? { ...h, formula: input.formula } : h))
    : [
        ...heads,
        {
          id: head.id,
          code,
          printName: head.printName,
          isEarning: head.isEarning,
          isPrinted: head.isPrinted,
          isCalculative: true,
          isNetPayHead: head.isNetPayHead,
          isOverTimeHead: head.isOverTimeHead,
          isTotalLWOPHead: head.isTotalLWOPHead,
          formula: input.formula,
        },
      ];
  // Heads still without a formula are not this formula's problem; leave them out of the check.
  const checked = engineHeads(withDraft).filter((h) => !h.isCalculative || h.formula || h.isNetPayHead);
  const problems = formulaProblems(checked).filter((p) => p.head === code || (p.kind === 'cycle' && p.message.includes(code)));
  if (problems.length) throw new BadRequest('The formula cannot be used', { formula: problems.map((p) => p.message) });
}

/** Whether the caller may change a formula of this unit (null: the default, administrators reaching every unit). */
const mayChange = (auth: AuthContext, unitId: number | null) => (unitId ? canReachUnit(auth, unitId) : auth.unitIds === 'all');

/** Adds a formula version (`id` null) or changes one not yet used by an approved month; audited. */
export async function saveFormula(db: Db, auth: AuthContext, input: FormulaInput, id: number | null, requestId: string) {
  if (input.unitId && !canReachUnit(auth, input.unitId)) throw new BadRequest('Unknown unit', { unitId: ['Not one of your units'] });
  if (!input.unitId && auth.unitIds !== 'all')
    throw new BadRequest('Only administrators change the default formula', { unitId: ['Choose a unit'] });
  try {
    await checkFormula(db, input);
  } catch (e) {
    if (e instanceof FormulaSyntaxError) throw new BadRequest('The formula cannot be used', { formula: [e.problem.message] });
    if (e instanceof PlanError) throw new BadRequest('The formula cannot be used', { formula: e.problems.map((p) => p.message) });
    throw e;
  }
  return db.transaction(async (tx) => {
    const before = id ? (await tx.select().from(salaryFormulas).where(eq(salaryFormulas.id, id)).for('update'))[0] : undefined;
    if (id && (!before?.isActive || !mayChange(auth, before.unitId))) throw new NotFound('Formula not found');
    const last = await lastFinalMonth(tx, input.unitId);
    for (const month of [input.effectiveFrom, before?.effectiveFrom].filter(Boolean) as string[]) {
      if (last && month <= last) {
        throw new Conflict(
          `The salary of ${last} is approved or locked: a formula may take effect from a later month only`,
          'effectiveFrom',
        );
      }
    }
    const values = {
      earningDeductionId: input.earningDeductionId,
      unitId: input.unitId,
      effectiveFrom: input.effectiveFrom,
      formula: input.formula,
      updatedBy: auth.userId,
      updatedAt: new Date(),
    };
    const [row] = id
      ? await tx.update(salaryFormulas).set(values).where(eq(salaryFormulas.id, id)).returning()
      : await tx
          .insert(salaryFormulas)
          .values({ ...values, createdBy: auth.userId })
          .returning();
    await writeAudit(tx, {
      entity: 'salary_formulas',
      entityId: row.id,
      action: id ? 'update' : 'create',
      before,
      after: row,
      userId: auth.userId,
      requestId,
    });
    const [out] = await formulaRows(tx, sql`f.id = ${row.id}`);
    return out;
  });
}

/** Removes a formula version not yet used by an approved month; audited. */
export async function deleteFormula(db: Db, auth: AuthContext, id: number, requestId: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(salaryFormulas).where(eq(salaryFormulas.id, id)).for('update');
    if (!before?.isActive || !mayChange(auth, before.unitId)) throw new NotFound('Formula not found');
    const last = await lastFinalMonth(tx, before.unitId);
    if (last && before.effectiveFrom <= last) throw new Conflict(`The salary of ${last} was approved with this formula; it stays`);
    await tx.delete(salaryFormulas).where(eq(salaryFormulas.id, before.id));
    await writeAudit(tx, {
      entity: 'salary_formulas',
      entityId: before.id,
      action: 'delete',
      before,
      userId: auth.userId,
      requestId,
    });
  });
}
