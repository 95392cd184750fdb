// Employee bonus rules and reads (the routes are in bonus-routes.ts): the statutory bonus of a financial year under the Code on
// Wages, 2019, Part IV (s.26; the Payment of Bonus Act, 1965 it repealed for the years before), computed from the
// approved salary months (the Code's wages earned — s.2(y), the slip's codeWages, basic + DA on slips before the
// rule — capped, pro rata for the months worked; thresholds and their source are dated data in bonus_rules), or ad
// hoc amounts; approved on the approvals module; paid with a salary month (the BONUS head of that run) or separately.
import { financialYearStarting } from '@hr/calendar';
import { MENU, type TBonus, type TSaveBonus, type ZBonusListQuery } from '@hr/contract';
import { type BonusRules, statutoryBonus, toPaise } from '@hr/payroll';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { bonuses, bonusLines, employees } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { FINAL_RUN, isFinalRunStatus } from '../../lib/month-lock';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { approvalOf, defineApprovalKind, historyOf, resubmitApproval } from '../approvals/service';

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

export interface ComputedLine {
  employeeId: number;
  basis: number;
  monthsWorked: number;
  daysWorked: string;
  eligible: boolean;
  reason: string | null;
  amount: number;
}

/** Statutory lines of the unit's staff for a financial year, from the approved and locked salary months. */
export async function statutoryLines(db: Db | Tx, unitId: number, financialYear: number, ratePercent: number): Promise<ComputedLine[]> {
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
          -- A leaver whose full and final settlement worked out the year's bonus is not paid it again.
          and not exists (select 1 from exit_settlements x where x.employee_id = s.employee_id and x.status = 'approved'
                          and x.facts->'bonus'->>'ratePercent' is not null and (x.facts->'bonus'->>'financialYear')::int = ${financialYear})
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

export async function bonusRows(db: Db | Tx, where: SQL | undefined, page?: { limit: number; offset: number }) {
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

/** One page of the bonuses of the caller's units, newest year first. */
export async function listBonuses(db: Db, auth: AuthContext, q: z.output<typeof ZBonusListQuery>) {
  const where = and(
    unitScope(auth, bonuses.unitId),
    q.unitId ? eq(bonuses.unitId, Number(q.unitId)) : undefined,
    q.financialYear ? eq(bonuses.financialYear, q.financialYear) : undefined,
  );
  const rows = await bonusRows(db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bonuses where is_active ${where ? sql`and ${where}` : sql``}`,
  );
  return { rows, total: n };
}

export async function bonusView(db: Db, id: number): Promise<TBonus> {
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

export async function loadBonus(db: Db | Tx, auth: AuthContext, id: number) {
  const [b] = await db.select().from(bonuses).where(eq(bonuses.id, id));
  if (!b?.isActive || !canReachUnit(auth, b.unitId)) throw new NotFound('Bonus not found');
  return b;
}

/** 409 when the salary month that is to pay the bonus is approved or locked. */
export async function assertPayMonthOpen(db: Db | Tx, unitId: number, year: number, month: number) {
  const [r] = await queryRows<{ status: string }>(
    db,
    sql`select status from payroll_runs where unit_id = ${unitId} and year = ${year} and month = ${month}`,
  );
  if (r && isFinalRunStatus(r.status))
    throw new Conflict(`The salary of ${year}-${String(month).padStart(2, '0')} is ${r.status}; choose a later month`, 'payMonth');
}

/** The lines a bonus pays: the Code's statutory bonus from the approved months, or the ad hoc amounts given (each employee of the unit, once). */
export async function bonusLinesFor(db: Db | Tx, b: TSaveBonus): Promise<ComputedLine[]> {
  if (b.kind === 'statutory') {
    const lines = await statutoryLines(db, b.unitId, b.financialYear, b.ratePercent ?? 0);
    if (lines.length === 0)
      throw new Conflict('No approved salary month of this financial year to compute the bonus from', 'financialYear');
    return lines;
  }
  const given = b.lines ?? [];
  const ids = [...new Set(given.map((l) => l.employeeId))];
  if (ids.length !== given.length) throw new BadRequest('An employee appears twice', { lines: ['One amount per employee'] });
  const found = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(eq(employees.unitId, b.unitId), sql`${employees.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
    );
  if (found.length !== ids.length) throw new BadRequest('Unknown employee', { lines: ['Every employee must belong to the unit'] });
  return given.map((l) => ({
    employeeId: l.employeeId,
    basis: 0,
    monthsWorked: 0,
    daysWorked: '0',
    eligible: true,
    reason: null,
    amount: Number(toPaise(l.amount)),
  }));
}

/**
 * Changes a bonus not yet paid (the specification's "add or update" bonus): its rate or amounts, pay month and
 * remarks; the lines are worked out again and the approval starts over (a 'resubmitted' line: the changer becomes its
 * maker), so nothing is paid on figures nobody approved. The unit, year and kind stay; cancel and add to change them.
 */
export async function updateBonus(tx: Tx, auth: AuthContext, id: number, b: TSaveBonus, lines: ComputedLine[], requestId: string) {
  const [before] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
  if (before.status !== 'draft' && before.status !== 'approved')
    throw new Conflict(`A ${before.status} bonus cannot be changed; only one not yet paid`);
  if (b.unitId !== before.unitId)
    throw new BadRequest('The unit of a bonus stays', { unitId: ['Cancel the bonus and add one for the other unit'] });
  if (b.financialYear !== before.financialYear || b.kind !== before.kind)
    throw new BadRequest('The year and kind of a bonus stay', {
      financialYear: ['Cancel the bonus and add another to change the year or kind'],
    });
  const [paid] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bonus_lines where bonus_id = ${id} and paid_run_id is not null`,
  );
  if (paid.n > 0) throw new Conflict('A salary run has paid this bonus; reprocess that month first');
  if (b.payWith === 'salary') await assertPayMonthOpen(tx, b.unitId, b.payYear!, b.payMonth!);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  await tx
    .update(bonuses)
    .set({
      ratePercent: b.kind === 'statutory' ? String(b.ratePercent) : null,
      payWith: b.payWith,
      payYear: b.payWith === 'salary' ? b.payYear : null,
      payMonth: b.payWith === 'salary' ? b.payMonth : null,
      total,
      remarks: b.remarks ?? null,
      status: 'draft',
      updatedAt: new Date(),
      updatedBy: auth.userId,
    })
    .where(eq(bonuses.id, id));
  await tx.delete(bonusLines).where(eq(bonusLines.bonusId, id));
  await bulkInsert(
    tx,
    bonusLines,
    lines.map((l) => ({ ...l, bonusId: id })),
  );
  if (before.approvalId) await resubmitApproval(tx, before.approvalId, auth.userId, b.remarks ?? null, 'remade');
  const [after] = await tx.select().from(bonuses).where(eq(bonuses.id, id));
  await writeAudit(tx, {
    entity: 'bonuses',
    entityId: id,
    action: 'update',
    before,
    after: {
      ...after,
      lines: lines.length,
      note: before.status === 'approved' ? 'Changed after approval: sent back for approval' : 'Changed before approval',
    },
    userId: auth.userId,
    requestId,
  });
}
