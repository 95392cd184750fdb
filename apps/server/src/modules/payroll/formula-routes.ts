// Salary formulas (/outlet/master/salaryFormula): a formula per calculative head, by default or for one unit,
// effective from a month. Saving parses it and checks the whole set it joins (unknown names, cycles) and
// refuses a month already approved or locked; the preview computes one employee's month with a draft.
import { MENU, ZFormula, ZFormulaPreview, ZFormulaPreviewResult, ZIdParams, ZIdText, ZPayrollHead, ZSaveFormula } from '@hr/contract';
import { FormulaSyntaxError, formulaProblems, PlanError } from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { earningDeductions, employees, salaryFormulas } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { noContent } from '../../lib/responses';
import { canReachRecord, canReachUnit, unitScope } from '../access/context';
import { computeMonth, isSlip } from './compute';
import { ADVANCE_HEAD_ID, ARREARS_CODE, BONUS_CODE, engineHeads, unitHeads } from './plan';

type FormulaRow = z.infer<typeof ZFormula>;

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

export const formulaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const view = { menu: MENU.salaryFormula, action: 'view' } as const;

  app.get(
    '/api/payroll/heads',
    {
      config: { access: { menu: [MENU.salaryFormula, MENU.salaryIncrement, MENU.salaryProcess, MENU.salaryAdvance], action: 'view' } },
      schema: { tags, summary: 'Active earning and deduction heads, in print order', response: { 200: z.array(ZPayrollHead) } },
    },
    async () =>
      (
        await app.db
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
          .orderBy(earningDeductions.printOrder, earningDeductions.id)
      ).map((h) => {
        const code = h.code.toUpperCase();
        const system = code === ARREARS_CODE || code === BONUS_CODE || h.id === ADVANCE_HEAD_ID;
        return { ...h, code, inStructure: !h.isCalculative && !h.isNetPayHead && !system };
      }),
  );

  app.get(
    '/api/payroll/formulas',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Formulas: the defaults, and with unitId that unit’s own versions too',
        querystring: z.object({ unitId: ZIdText.optional() }),
        response: { 200: z.array(ZFormula) },
      },
    },
    async (request) => {
      const unitId = request.query.unitId;
      if (unitId && !canReachUnit(request.auth, unitId)) return [];
      return formulaRows(app.db, unitId ? sql`(f.unit_id is null or f.unit_id = ${unitId})` : sql`f.unit_id is null`);
    },
  );

  const save = async (
    auth: Parameters<typeof canReachUnit>[0],
    input: z.output<typeof ZSaveFormula>,
    id: number | null,
    requestId: string,
  ) => {
    if (input.unitId && !canReachUnit(auth, input.unitId)) throw new BadRequest('Unknown unit', { unitId: ['Not one of your units'] });
    if (!input.unitId && auth.unitIds !== 'all')
      throw new BadRequest('Only administrators change the default formula', { unitId: ['Choose a unit'] });
    try {
      await checkFormula(app.db, input);
    } catch (e) {
      if (e instanceof FormulaSyntaxError) throw new BadRequest('The formula cannot be used', { formula: [e.problem.message] });
      if (e instanceof PlanError) throw new BadRequest('The formula cannot be used', { formula: e.problems.map((p) => p.message) });
      throw e;
    }
    return app.db.transaction(async (tx) => {
      const before = id ? (await tx.select().from(salaryFormulas).where(eq(salaryFormulas.id, id)).for('update'))[0] : undefined;
      if (id && (!before?.isActive || (before.unitId ? !canReachUnit(auth, before.unitId) : auth.unitIds !== 'all'))) {
        throw new NotFound('Formula not found');
      }
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
  };

  app.post(
    '/api/payroll/formulas',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'add' } },
      schema: {
        tags,
        summary: 'Adds a formula version (400 naming a syntax error, unknown name or cycle)',
        body: ZSaveFormula,
        response: { 201: ZFormula },
      },
    },
    async (request, reply) => reply.code(201).send(await save(request.auth, request.body, null, request.id)),
  );

  app.put(
    '/api/payroll/formulas/:id',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes a formula version not yet used by an approved month',
        params: ZIdParams,
        body: ZSaveFormula,
        response: { 200: ZFormula },
      },
    },
    async (request) => save(request.auth, request.body, request.params.id, request.id),
  );

  app.delete(
    '/api/payroll/formulas/:id',
    {
      config: { access: { menu: MENU.salaryFormula, action: 'delete' } },
      schema: {
        tags,
        summary: 'Removes a formula version not yet used by an approved month',
        params: ZIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(salaryFormulas).where(eq(salaryFormulas.id, request.params.id)).for('update');
        if (!before?.isActive || (before.unitId ? !canReachUnit(auth, before.unitId) : auth.unitIds !== 'all'))
          throw new NotFound('Formula not found');
        const last = await lastFinalMonth(tx, before.unitId);
        if (last && before.effectiveFrom <= last) throw new Conflict(`The salary of ${last} was approved with this formula; it stays`);
        await tx.delete(salaryFormulas).where(eq(salaryFormulas.id, before.id));
        await writeAudit(tx, {
          entity: 'salary_formulas',
          entityId: before.id,
          action: 'delete',
          before,
          userId: auth.userId,
          requestId: request.id,
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/payroll/formulas/preview',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "One employee's month computed with the formulas (and a draft), nothing saved",
        body: ZFormulaPreview,
        response: { 200: ZFormulaPreviewResult },
      },
    },
    async (request) => {
      const b = request.body;
      const [emp] = await app.db
        .select({ id: employees.id, unitId: employees.unitId })
        .from(employees)
        .where(and(eq(employees.id, b.employeeId), unitScope(request.auth, employees.unitId)));
      if (!emp || !canReachRecord(request.auth, { employeeId: emp.id, unitId: emp.unitId })) throw new NotFound('Employee not found');
      const empty = { heads: [], attendance: {}, gross: 0, deductions: 0, net: 0 };
      let m: Awaited<ReturnType<typeof computeMonth>>;
      try {
        m = await computeMonth(app.db, emp.unitId, b.year, b.month, { only: [emp.id], draft: b.draft, withoutSystemAmounts: false });
      } catch (e) {
        if (e instanceof FormulaSyntaxError) return { ok: false, error: e.problem.message, ...empty };
        if (e instanceof PlanError) return { ok: false, error: e.problems.map((p) => p.message).join('; '), ...empty };
        throw e;
      }
      const r = m.results[0];
      if (!r) return { ok: false, error: 'The employee is not employed in this month', ...empty };
      const att = m.attendance.get(emp.id) ?? {};
      const names = new Map(
        (await app.db.select({ id: earningDeductions.id, name: earningDeductions.name }).from(earningDeductions)).map((h) => [
          h.id,
          h.name,
        ]),
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
    },
  );
};
