// Salary advances: requested → approved (approvals module) → paid (bank or cash) → recovering → closed, or
// rejected / cancelled. The schedule's instalments sum to the amount exactly (the last absorbs the rounding);
// each run recovers the month's instalment through deduction head 41; a pre-closure recovers the balance in
// one month; a skipped instalment moves to the end. A recovery in an approved or locked month is final.
import { yearMonth } from '@hr/calendar';
import { MENU, ZAdvance, ZAdvanceAction, ZAdvanceListQuery, ZAdvancePage, ZIdParams, ZSaveAdvance, ZUpdateAdvance } from '@hr/contract';
import { instalmentPlan } from '@hr/payroll';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import { advanceInstalments, employees, salaryAdvances } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { canReachRecord, hasAction, selfScope, unitScope } from '../access/context';
import { decide, submitApproval, withdrawApproval } from '../approvals/service';
import {
  addMonths,
  advanceApproval,
  advanceRows,
  advanceView,
  issueAdvanceVoucher,
  loadAdvance,
  monthFinal,
  updateAdvance,
} from './advances';

export { advanceApproval } from './advances';

export const advanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payroll'];
  const menu = MENU.salaryAdvance;

  app.get(
    '/api/payroll/advances',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'Salary advances (paged), newest first', querystring: ZAdvanceListQuery, response: { 200: ZAdvancePage } },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        unitScope(request.auth, salaryAdvances.unitId),
        selfScope(request.auth, salaryAdvances.employeeId),
        q.unitId ? eq(salaryAdvances.unitId, Number(q.unitId)) : undefined,
        q.employeeId ? eq(salaryAdvances.employeeId, Number(q.employeeId)) : undefined,
        q.status ? eq(salaryAdvances.status, q.status) : undefined,
      );
      // The conditions name the table's columns; the list query aliases the table as `a`, so they filter a subquery.
      const aliased = where ? sql`(${where})` : undefined;
      const rows = await advanceRows(app.db, aliased ? sql`a.id in (select id from salary_advances where ${aliased})` : undefined, {
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const [{ n }] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from salary_advances a where a.is_active ${aliased ? sql`and a.id in (select id from salary_advances where ${aliased})` : sql``}`,
      );
      return { total: n, rows: rows.map(({ approvalId: _, ...r }) => r) };
    },
  );

  app.get(
    '/api/payroll/advances/:id',
    {
      config: { access: { menu, action: 'view' } },
      schema: { tags, summary: 'One advance with its schedule and approval history', params: ZIdParams, response: { 200: ZAdvance } },
    },
    async (request) => {
      await loadAdvance(app.db, request.auth, request.params.id);
      return advanceView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/advances',
    {
      config: { access: { menu, action: 'add' } },
      schema: { tags, summary: 'Requests an advance (sent for approval)', body: ZSaveAdvance, response: { 201: ZAdvance } },
    },
    async (request, reply) => {
      const b = request.body;
      const auth = request.auth;
      const [e] = await app.db
        .select({ id: employees.id, unitId: employees.unitId, status: employees.status })
        .from(employees)
        .where(eq(employees.id, b.employeeId));
      if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId }))
        throw new BadRequest('Unknown employee', { employeeId: ['No such employee in your reach'] });
      if (e.status === 'exited') throw new BadRequest('The employee has exited', { employeeId: ['An exited employee takes no advance'] });
      const amount = Math.round(b.advanceAmount * 100);
      if (amount < b.noOfEMIs) throw new BadRequest('Too many instalments', { noOfEMIs: ['Each instalment must be at least 1 paisa'] });
      const plan = instalmentPlan(amount, b.noOfEMIs);
      const start = yearMonth(b.effectiveYear, b.effectiveMonth);
      const id = await app.db.transaction(async (tx) => {
        if (await monthFinal(tx, e.unitId, start))
          throw new Conflict(`The salary of ${start} is already approved; start the recovery later`, 'effectiveMonth');
        const [row] = await tx
          .insert(salaryAdvances)
          .values({
            employeeId: e.id,
            unitId: e.unitId,
            advanceAmount: amount,
            noOfEMIs: b.noOfEMIs,
            monthlyEMI: plan[0],
            effectiveMonth: b.effectiveMonth,
            effectiveYear: b.effectiveYear,
            remarks: b.remarks ?? null,
            payModeId: b.payModeId,
            createdBy: auth.userId,
            updatedBy: auth.userId,
          })
          .returning();
        await tx
          .insert(advanceInstalments)
          .values(plan.map((amt, i) => ({ advanceId: row.id, seq: i + 1, dueMonth: addMonths(start, i), amount: amt })));
        const approval = await submitApproval(tx, advanceApproval, {
          subjectId: row.id,
          employeeId: e.id,
          unitId: e.unitId,
          requestedBy: auth.userId,
          remark: b.remarks ?? null,
        });
        await tx.update(salaryAdvances).set({ approvalId: approval.id }).where(eq(salaryAdvances.id, row.id));
        await writeAudit(tx, {
          entity: 'salary_advances',
          entityId: row.id,
          action: 'create',
          after: row,
          userId: auth.userId,
          requestId: request.id,
        });
        return row.id;
      });
      return reply.code(201).send(await advanceView(app.db, id));
    },
  );

  app.put(
    '/api/payroll/advances/:id',
    {
      config: { access: { menu, action: 'edit' } },
      schema: {
        tags,
        summary:
          'Changes an advance not yet paid (amount, instalments, start month, remarks, pay mode); after approval it goes back for approval',
        params: ZIdParams,
        body: ZUpdateAdvance,
        response: { 200: ZAdvance },
      },
    },
    async (request) => {
      await app.db.transaction((tx) => updateAdvance(tx, request.auth, request.params.id, request.body, request.id));
      return advanceView(app.db, request.params.id);
    },
  );

  app.post(
    '/api/payroll/advances/:id/action',
    {
      // Approve / reject need the approve action (checked by the approvals module); the rest the edit action.
      config: { access: { menu, action: 'view' } },
      schema: {
        tags,
        summary: 'Approve, reject (approvers); pay, cancel, pre-close an advance or skip an instalment (edit)',
        params: ZIdParams,
        body: ZAdvanceAction,
        response: { 200: ZAdvance },
      },
    },
    async (request) => {
      const auth = request.auth;
      const id = request.params.id;
      const b = request.body;
      const a = await loadAdvance(app.db, auth, id);
      if (b.action === 'approve' || b.action === 'reject') {
        if (!a.approvalId) throw new Conflict('This advance has no approval pending');
        await decide(app.db, auth, a.approvalId, b.action, b.remark ?? null, request.id);
        return advanceView(app.db, id);
      }
      if (!(await hasAction(app.db, auth, menu, 'edit'))) throw new Forbidden('Your role may not change advances');
      await app.db.transaction(async (tx) => {
        const before = await loadAdvance(tx, auth, id, true);
        let note = '';
        if (b.action === 'pay') {
          if (before.status !== 'approved') throw new Conflict(`Only an approved advance is paid; this one is ${before.status}`);
          await tx
            .update(salaryAdvances)
            .set({
              status: 'paid',
              paidAt: new Date(),
              payModeId: b.payModeId ?? before.payModeId,
              updatedAt: new Date(),
              updatedBy: auth.userId,
            })
            .where(eq(salaryAdvances.id, id));
          await issueAdvanceVoucher(tx, before, b, auth.userId);
        } else if (b.action === 'cancel') {
          if (!['requested', 'approved'].includes(before.status)) throw new Conflict(`A ${before.status} advance cannot be cancelled`);
          await tx
            .update(salaryAdvances)
            .set({ status: 'cancelled', updatedAt: new Date(), updatedBy: auth.userId })
            .where(eq(salaryAdvances.id, id));
          await tx.delete(advanceInstalments).where(eq(advanceInstalments.advanceId, id));
          if (before.approvalId) await withdrawApproval(tx, before.approvalId, auth.userId, b.remark ?? null);
          note = b.remark ?? '';
        } else if (b.action === 'preclose') {
          if (!['paid', 'recovering'].includes(before.status))
            throw new Conflict(`Only an advance being recovered can be pre-closed; this one is ${before.status}`);
          const ym = yearMonth(b.year, b.month);
          if (await monthFinal(tx, before.unitId, ym)) throw new Conflict(`The salary of ${ym} is already approved`, 'month');
          const due = await tx
            .select()
            .from(advanceInstalments)
            .where(and(eq(advanceInstalments.advanceId, id), eq(advanceInstalments.status, 'due')))
            .orderBy(asc(advanceInstalments.seq));
          if (due.length === 0) throw new Conflict('Nothing is left to recover');
          const balance = due.reduce((s, i) => s + i.amount, 0);
          // The balance falls due in one month: the first open instalment takes it, the rest go.
          await tx.execute(sql`delete from advance_instalments where advance_id = ${id} and status = 'due' and id <> ${due[0].id}`);
          await tx
            .update(advanceInstalments)
            .set({ amount: balance, dueMonth: ym, status: 'due', note: 'Pre-closure: the balance in one month' })
            .where(eq(advanceInstalments.id, due[0].id));
          note = `Pre-closed in ${ym}`;
        } else if (b.action === 'skip') {
          const [inst] = await tx
            .select()
            .from(advanceInstalments)
            .where(and(eq(advanceInstalments.id, b.instalmentId), eq(advanceInstalments.advanceId, id)));
          if (!inst) throw new NotFound('Instalment not found');
          if (inst.status !== 'due') throw new Conflict(`This instalment is ${inst.status}; only a due one is skipped`);
          if (await monthFinal(tx, before.unitId, inst.dueMonth)) throw new Conflict(`The salary of ${inst.dueMonth} is already approved`);
          const [last] = await queryRows<{ seq: number; month: string }>(
            tx,
            sql`select max(seq)::int as seq, max(due_month) as month from advance_instalments where advance_id = ${id}`,
          );
          await tx.update(advanceInstalments).set({ status: 'skipped', note: b.reason }).where(eq(advanceInstalments.id, inst.id));
          await tx.insert(advanceInstalments).values({
            advanceId: id,
            seq: last.seq + 1,
            dueMonth: addMonths(last.month, 1),
            amount: inst.amount,
            note: `Moved from ${inst.dueMonth}`,
          });
          note = `Skipped ${inst.dueMonth}: ${b.reason}`;
        }
        const [after] = await tx.select().from(salaryAdvances).where(eq(salaryAdvances.id, id));
        await writeAudit(tx, {
          entity: 'salary_advances',
          entityId: id,
          action: b.action,
          before,
          after: { ...after, note },
          userId: auth.userId,
          requestId: request.id,
        });
      });
      return advanceView(app.db, id);
    },
  );
};
