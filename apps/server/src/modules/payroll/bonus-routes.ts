// Employee bonus (/outlet/transaction/employee-bonus): the statutory bonus of a financial year under the Code on
// Wages, 2019, Part IV (s.26; the Payment of Bonus Act, 1965 it repealed for the years before), computed from the
// approved salary months (the Code's wages earned — s.2(y), the slip's codeWages, basic + DA on slips before the
// rule — capped, pro rata for the months worked; thresholds and their source are dated data in bonus_rules), or ad
// hoc amounts; approved on the approvals module; paid with a salary month (the BONUS head of that run) or separately.
import { financialYearStarting } from '@hr/calendar';
import { MENU, type TBonus, ZBonus, ZBonusAction, ZBonusListQuery, ZBonusPage, ZIdParams, ZSaveBonus } from '@hr/contract';
import { type BonusRules, statutoryBonus } from '@hr/payroll';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { bonuses, bonusLines, employees, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { FINAL_RUN, isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, canReachUnit, hasAction, unitScope } from '../access/context';
import { approvalOf, decide, defineApprovalKind, historyOf, submitApproval, withdrawApproval } from '../approvals/service';

export const bonusApproval = defineApprovalKind({
  kind: 'payroll.bonus',
  menu: MENU.employeeBonus,
  // Nobody approves a bonus with an amount for their own employee record.
  beneficiaries: (a) => sql`select employee_id from bonus_lines where bonus_id = ${a.subjectId} and amount <> 0`,
  async onApproved(tx, approval) {
    await tx
      .update(bonuses)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(and(eq(bonuses.id, approval.subjectId), eq(bonuses.status, 'draft')));
  },
  async onRejected(tx, approval) {
    await tx.update(bonuses).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(bonuses.id, approval.subjectId));
  },
});

/** The thresholds in force at the end of the financial year (Code on Wages s.26), with the unit's minimum wage where it has one. */
export async function bonusRulesFor(db: Db | Tx, unitId: number, lastMonth: string): Promise<BonusRules> {
  const [r] = await queryRows<{
    eligibility: string;
    calculation: string;
    minimumWage: string;
    minDays: number;
    minRate: string;
    maxRate: string;
    minimumBonus: string;
  }>(
    db,
    sql`select d.eligibility_ceiling::text as eligibility, d.calculation_ceiling::text as calculation,
          coalesce((select u.minimum_wage from bonus_rules u where u.unit_id = ${unitId} and u.is_active and u.effective_from <= ${lastMonth}
                    order by u.effective_from desc limit 1), d.minimum_wage)::text as "minimumWage",
          d.min_days_worked as "minDays", d.min_rate_percent::text as "minRate", d.max_rate_percent::text as "maxRate",
          d.minimum_bonus::text as "minimumBonus"
        from bonus_rules d where d.unit_id is null and d.is_active and d.effective_from <= ${lastMonth}
        order by d.effective_from desc limit 1`,
  );
  if (!r) throw new Conflict('No bonus rules are in force for this year (bonus_rules)');
  return {
    eligibilityCeilingPaise: Number(r.eligibility),
    calculationCeilingPaise: Number(r.calculation),
    minimumWagePaise: Number(r.minimumWage),
    minDaysWorked: r.minDays,
    minRatePercent: Number(r.minRate),
    maxRatePercent: Number(r.maxRate),
    minimumBonusPaise: Number(r.minimumBonus),
  };
}

interface ComputedLine {
  employeeId: number;
  basis: number;
  monthsWorked: number;
  daysWorked: string;
  eligible: boolean;
  reason: string | null;
  amount: number;
}

/** Statutory lines of the unit's staff for a financial year, from the approved and locked salary months. */
async function statutoryLines(db: Db | Tx, unitId: number, financialYear: number, ratePercent: number): Promise<ComputedLine[]> {
  const fy = financialYearStarting(financialYear);
  const first = fy.startDate.slice(0, 7);
  const last = fy.endDate.slice(0, 7);
  const rules = await bonusRulesFor(db, unitId, last);
  if (ratePercent < rules.minRatePercent || ratePercent > rules.maxRatePercent) {
    throw new BadRequest('Rate out of range', { ratePercent: [`Between ${rules.minRatePercent} % and ${rules.maxRatePercent} %`] });
  }
  const months = await queryRows<{ employeeId: number; wages: string; days: string }>(
    db,
    // The month's wages: the Code's (s.2(y), kept on slips computed under it), else basic + DA (the Act's salary or wage).
    sql`select s.employee_id as "employeeId",
          coalesce((s.statutory->>'codeWages')::bigint,
           coalesce((s.amounts ->> (select id::text from earning_deductions where upper(code) = 'BASIC' limit 1))::bigint, 0)
           + coalesce((s.amounts ->> (select id::text from earning_deductions where upper(code) = 'DA' limit 1))::bigint, 0))::text as wages,
          coalesce(s.attendance ->> 'payableDays', '0') as days
        from salary_slips s join payroll_runs r on r.id = s.run_id
        where ${FINAL_RUN} and to_char(make_date(r.year, r.month, 1), 'YYYY-MM') between ${first} and ${last}
          and s.employee_id in (select id from employees where unit_id = ${unitId})
        order by s.employee_id, r.year, r.month`,
  );
  const byEmployee = new Map<number, { wagesPaise: number; daysWorked: number }[]>();
  for (const m of months) {
    const list = byEmployee.get(m.employeeId) ?? [];
    list.push({ wagesPaise: Number(m.wages), daysWorked: Number(m.days) });
    byEmployee.set(m.employeeId, list);
  }
  return [...byEmployee].map(([employeeId, list]) => {
    const r = statutoryBonus(list, ratePercent, rules);
    const days = list.reduce((s, m) => s + m.daysWorked, 0);
    return {
      employeeId,
      basis: r.basisPaise,
      monthsWorked: r.monthsWorked,
      daysWorked: days.toFixed(2),
      eligible: r.eligible,
      reason: r.reason,
      amount: r.bonusPaise,
    };
  });
}

async function bonusRows(db: Db | Tx, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return queryRows<Omit<TBonus, 'lines' | 'approval'>>(
    db,
    sql`select b.id, b.unit_id as "unitId", u.name as "unitName", b.financial_year as "financialYear", b.kind,
          b.rate_percent::float8 as "ratePercent", b.pay_with as "payWith", b.pay_year as "payYear", b.pay_month as "payMonth",
          b.status, b.total::float8 / 100 as total, (select count(*)::int from bonus_lines l where l.bonus_id = b.id and l.amount > 0) as employees,
          b.remarks, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
        from bonuses b join units u on u.id = b.unit_id
        where b.is_active ${where ? sql`and b.id in (select id from bonuses where ${where})` : sql``}
        order by b.financial_year desc, b.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
}

async function bonusView(db: Db, id: number): Promise<TBonus> {
  const [row] = await bonusRows(db, eq(bonuses.id, id));
  if (!row) throw new NotFound('Bonus not found');
  const lines = await queryRows<NonNullable<TBonus['lines']>[number]>(
    db,
    sql`select l.employee_id as "employeeId", e.employee_code as "employeeCode", e.name, l.basis::float8 / 100 as basis,
          l.months_worked as "monthsWorked", l.days_worked::float8 as "daysWorked", l.eligible, l.reason,
          l.amount::float8 / 100 as amount, l.paid_run_id is not null as paid
        from bonus_lines l join employees e on e.id = l.employee_id where l.bonus_id = ${id} order by e.employee_code`,
  );
  const a = await approvalOf(db, bonusApproval, id);
  const history = a ? ((await historyOf(db, [a.id])).get(a.id) ?? []) : [];
  return { ...row, lines, approval: a ? { state: a.state, history } : null };
}

async function loadBonus(db: Db | Tx, auth: AuthContext, id: number) {
  const [b] = await db.select().from(bonuses).where(eq(bonuses.id, id));
  if (!b?.isActive || !canReachUnit(auth, b.unitId)) throw new NotFound('Bonus not found');
  return b;
}

/** 409 when the salary month that is to pay the bonus is approved or locked. */
async function assertPayMonthOpen(db: Db | Tx, unitId: number, year: number, month: number) {
  const [r] = await queryRows<{ status: string }>(
    db,
    sql`select status from payroll_runs where unit_id = ${unitId} and year = ${year} and month = ${month}`,
  );
  if (r && isFinalRunStatus(r.status))
    throw new Conflict(`The salary of ${year}-${String(month).padStart(2, '0')} is ${r.status}; choose a later month`, 'payMonth');
}

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
      let lines: ComputedLine[];
      if (b.kind === 'statutory') {
        lines = await statutoryLines(app.db, b.unitId, b.financialYear, b.ratePercent ?? 0);
        if (lines.length === 0)
          throw new Conflict('No approved salary month of this financial year to compute the bonus from', 'financialYear');
      } else {
        const given = b.lines ?? [];
        const ids = [...new Set(given.map((l) => l.employeeId))];
        if (ids.length !== given.length) throw new BadRequest('An employee appears twice', { lines: ['One amount per employee'] });
        const found = await app.db
          .select({ id: employees.id })
          .from(employees)
          .where(
            and(
              eq(employees.unitId, b.unitId),
              sql`${employees.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
            ),
          );
        if (found.length !== ids.length) throw new BadRequest('Unknown employee', { lines: ['Every employee must belong to the unit'] });
        lines = given.map((l) => ({
          employeeId: l.employeeId,
          basis: 0,
          monthsWorked: 0,
          daysWorked: '0',
          eligible: true,
          reason: null,
          amount: Math.round(l.amount * 100),
        }));
      }
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
