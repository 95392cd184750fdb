// Employee bonus (/outlet/transaction/employee-bonus): the statutory bonus of a financial year under the Code on
// Wages, 2019, Part IV (s.26; the Payment of Bonus Act, 1965 it repealed for the years before), computed from the
// approved salary months (the Code's wages earned — s.2(y), the slip's codeWages, basic + DA on slips before the
// rule — capped, pro rata for the months worked; thresholds and their source are dated data in bonus_rules), or ad
// hoc amounts; approved on the approvals module; paid with a salary month (the BONUS head of that run) or separately.
import { MENU, ZBonus, ZBonusAction, ZBonusListQuery, ZBonusPage, ZIdParams, ZSaveBonus } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { bonuses, bonusLines, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import { canReachUnit, hasAction, unitScope } from '../access/context';
import { decide, submitApproval, withdrawApproval } from '../approvals/service';
import { assertPayMonthOpen, bonusApproval, bonusLinesFor, bonusRows, bonusView, loadBonus, updateBonus } from './bonuses';

export { bonusApproval, bonusRulesFor } from './bonuses';

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const menu = MENU.employeeBonus;

  app.get(
    '/api/payroll/bonuses',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'Bonuses (paged), newest year first', querystring: ZBonusListQuery, response: { 200: ZBonusPage } },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        unitScope(request.auth, bonuses.unitId),
        q.unitId ? eq(bonuses.unitId, Number(q.unitId)) : undefined,
        q.financialYear ? eq(bonuses.financialYear, q.financialYear) : undefined,
      );
      const rows = await bonusRows(app.db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const [{ n }] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from bonuses where is_active ${where ? sql`and ${where}` : sql``}`,
      );
      return { rows, total: n };
    },
  );

  app.get(
    '/api/payroll/bonuses/:id',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'One bonus with its employee lines', params: ZIdParams, response: { 200: ZBonus } },
    },
    async (request) => {
      await loadBonus(app.db, request.auth, request.params.id);
      return bonusView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/bonuses',
    {
      config: { access: { menu, action: 'add' } },
      schema: {
        tags,
        summary: 'Computes a statutory bonus for a unit and year, or records ad hoc amounts (sent for approval)',
        body: ZSaveBonus,
        response: { 201: ZBonus },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const auth = request.auth;
      const [unit] = await app.db.select({ id: units.id }).from(units).where(eq(units.id, b.unitId));
      if (!unit) throw new BadRequest('Unknown unit', { unitId: ['No such unit'] });
      if (!canReachUnit(auth, b.unitId)) throw new Forbidden('This unit is not one of yours');
      const lines = await bonusLinesFor(app.db, b);
      const id = await app.db.transaction(async (tx) => {
        // One statutory bonus per unit and year: a second would pay the Act's bonus twice (cancel the first to redo it).
        if (b.kind === 'statutory') {
          const [dup] = await queryRows<{ id: number }>(
            tx,
            sql`select id from bonuses where unit_id = ${b.unitId} and financial_year = ${b.financialYear} and kind = 'statutory'
                and status <> 'cancelled' and is_active limit 1`,
          );
          if (dup)
            throw new Conflict('This unit already has a statutory bonus for the year; cancel it to compute it again', 'financialYear');
        }
        if (b.payWith === 'salary') await assertPayMonthOpen(tx, b.unitId, b.payYear!, b.payMonth!);
        const total = lines.reduce((s, l) => s + l.amount, 0);
        const [row] = await tx
          .insert(bonuses)
          .values({
            unitId: b.unitId,
            financialYear: b.financialYear,
            kind: b.kind,
            ratePercent: b.kind === 'statutory' ? String(b.ratePercent) : null,
            payWith: b.payWith,
            payYear: b.payWith === 'salary' ? b.payYear : null,
            payMonth: b.payWith === 'salary' ? b.payMonth : null,
            total,
            remarks: b.remarks ?? null,
            createdBy: auth.userId,
            updatedBy: auth.userId,
          })
          .returning();
        await bulkInsert(
          tx,
          bonusLines,
          lines.map((l) => ({ ...l, bonusId: row.id })),
        );
        const a = await submitApproval(tx, bonusApproval, {
          subjectId: row.id,
          employeeId: null,
          unitId: b.unitId,
          requestedBy: auth.userId,
          remark: b.remarks ?? null,
        });
        await tx.update(bonuses).set({ approvalId: a.id }).where(eq(bonuses.id, row.id));
        await writeAudit(tx, {
          entity: 'bonuses',
          entityId: row.id,
          action: 'create',
          after: { ...row, lines: lines.length },
          userId: auth.userId,
          requestId: request.id,
        });
        return row.id;
      });
      return reply.code(201).send(await bonusView(app.db, id));
    },
  );

  app.put(
    '/api/payroll/bonuses/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary: 'Changes a bonus not yet paid (rate or amounts, pay month, remarks); it goes back for approval',
        params: ZIdParams,
        body: ZSaveBonus,
        response: { 200: ZBonus },
      },
    },
    async (request) => {
      const id = request.params.id;
      await loadBonus(app.db, request.auth, id);
      if (!canReachUnit(request.auth, request.body.unitId))
        throw new BadRequest('Unknown unit', { unitId: ['No such unit in your reach'] });
      const lines = await bonusLinesFor(app.db, request.body);
      await app.db.transaction((tx) => updateBonus(tx, request.auth, id, request.body, lines, request.id));
      return bonusView(app.db, id);
    },
  );

  app.post(
    '/api/payroll/bonuses/:id/action',
    {
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve or reject (approvers); mark a separately paid bonus paid, or cancel a draft (edit)',
        params: ZIdParams,
        body: ZBonusAction,
        response: { 200: ZBonus },
      },
    },
    async (request) => {
      const auth = request.auth;
      const id = request.params.id;
      const b = request.body;
      const bonus = await loadBonus(app.db, auth, id);
      if (b.action === 'approve' || b.action === 'reject') {
        if (!bonus.approvalId) throw new Conflict('This bonus has no approval pending');
        await decide(app.db, auth, bonus.approvalId, b.action, b.remark ?? null, request.id);
        return bonusView(app.db, id);
      }
      if (!(await hasAction(app.db, auth, menu, 'edit'))) throw new Forbidden('Your role may not change bonuses');
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
        if (b.action === 'paid') {
          if (before.payWith !== 'separate') throw new Conflict('This bonus is paid with the salary of its month');
          if (before.status !== 'approved') throw new Conflict(`Only an approved bonus is paid; this one is ${before.status}`);
          await tx
            .update(bonuses)
            .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date(), updatedBy: auth.userId })
            .where(eq(bonuses.id, id));
        } else {
          if (before.status !== 'draft' && before.status !== 'approved') throw new Conflict(`A ${before.status} bonus cannot be cancelled`);
          const [paid] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from bonus_lines where bonus_id = ${id} and paid_run_id is not null`,
          );
          if (paid.n > 0) throw new Conflict('A salary run has paid this bonus; reprocess that month first');
          await tx.update(bonuses).set({ status: 'cancelled', updatedAt: new Date(), updatedBy: auth.userId }).where(eq(bonuses.id, id));
          if (before.approvalId) await withdrawApproval(tx, before.approvalId, auth.userId, null);
        }
        const [after] = await tx.select().from(bonuses).where(eq(bonuses.id, id));
        await writeAudit(tx, {
          entity: 'bonuses',
          entityId: id,
          action: b.action,
          before,
          after,
          userId: auth.userId,
          requestId: request.id,
        });
      });
      return bonusView(app.db, id);
    },
  );
};
