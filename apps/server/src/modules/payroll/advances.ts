// Salary advances: the approval kind, the reads the screens use, and the changes that are more than a status:
// the voucher numbered when an advance is paid, and a change to an advance not yet paid (before approval it is
// changed in place; after approval the change sends it back for approval). The routes are in advance-routes.ts.
import { financialYearOf, yearMonth } from '@hr/calendar';
import { MENU, type TAdvance, type TUpdateAdvance, type ZAdvanceListQuery } from '@hr/contract';
import { instalmentPlan, toPaise, toRupees } from '@hr/payroll';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { advanceInstalments, advanceVouchers, salaryAdvances, units } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { finalStatus } from '../../lib/month-lock';
import { documentNumber, nextNumber } from '../../lib/number-series';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachRecord, selfScope, unitScope } from '../access/context';
import { approvalOf, defineApprovalKind, historyOf, resubmitApproval } from '../approvals/service';

export const advanceApproval = defineApprovalKind({
  kind: 'payroll.advance',
  menu: MENU.salaryAdvance,
  beneficiaries: (a) => sql`select employee_id from salary_advances where id = ${a.subjectId}`,
  async onApproved(tx, approval) {
    await tx
      .update(salaryAdvances)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(and(eq(salaryAdvances.id, approval.subjectId), eq(salaryAdvances.status, 'requested')));
  },
  async onRejected(tx, approval) {
    await tx.update(salaryAdvances).set({ status: 'rejected', updatedAt: new Date() }).where(eq(salaryAdvances.id, approval.subjectId));
    await tx.delete(advanceInstalments).where(eq(advanceInstalments.advanceId, approval.subjectId));
  },
  async onCancelled(tx, approval) {
    await tx.update(salaryAdvances).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(salaryAdvances.id, approval.subjectId));
    await tx.delete(advanceInstalments).where(eq(advanceInstalments.advanceId, approval.subjectId));
  },
});

export const addMonths = (ym: string, n: number) => {
  const [y, m] = ym.split('-').map(Number);
  const t = y * 12 + (m - 1) + n;
  return yearMonth(Math.floor(t / 12), (t % 12) + 1);
};

export async function advanceRows(db: Db | Tx, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return queryRows<Omit<TAdvance, 'instalments' | 'approval'> & { approvalId: number | null }>(
    db,
    sql`select a.id, a.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName", a.unit_id as "unitId",
          u.name as "unitName", a.advance_amount::float8 / 100 as "advanceAmount", a.no_of_emis as "noOfEMIs",
          a.monthly_emi::float8 / 100 as "monthlyEMI", a.effective_month as "effectiveMonth", a.effective_year as "effectiveYear",
          a.remarks, a.pay_mode_id as "payModeId", a.status, a.approval_id as "approvalId",
          coalesce((select sum(i.amount) from advance_instalments i where i.advance_id = a.id and i.status = 'recovered'), 0)::float8 / 100 as recovered,
          case when a.status in ('rejected', 'cancelled') then 0
            else (a.advance_amount - coalesce((select sum(i.amount) from advance_instalments i where i.advance_id = a.id and i.status = 'recovered'), 0))::float8 / 100 end as outstanding,
          to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
        from salary_advances a join employees e on e.id = a.employee_id join units u on u.id = a.unit_id
        where a.is_active ${where ? sql`and ${where}` : sql``}
        order by a.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
}

/** One page of the advances within the caller's reach (units, self-service to their own), newest first. */
export async function listAdvances(db: Db, auth: AuthContext, q: z.output<typeof ZAdvanceListQuery>) {
  const where = and(
    unitScope(auth, salaryAdvances.unitId),
    selfScope(auth, salaryAdvances.employeeId),
    q.unitId ? eq(salaryAdvances.unitId, Number(q.unitId)) : undefined,
    q.employeeId ? eq(salaryAdvances.employeeId, Number(q.employeeId)) : undefined,
    q.status ? eq(salaryAdvances.status, q.status) : undefined,
  );
  // The conditions name the table's columns; the list query aliases the table as `a`, so they filter a subquery.
  const aliased = where ? sql`(${where})` : undefined;
  const rows = await advanceRows(db, aliased ? sql`a.id in (select id from salary_advances where ${aliased})` : undefined, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from salary_advances a where a.is_active ${aliased ? sql`and a.id in (select id from salary_advances where ${aliased})` : sql``}`,
  );
  return { total: n, rows: rows.map(({ approvalId: _, ...r }) => r) };
}

export async function advanceView(db: Db, id: number): Promise<TAdvance> {
  const [row] = await advanceRows(db, sql`a.id = ${id}`);
  if (!row) throw new NotFound('Advance not found');
  const inst = await db.select().from(advanceInstalments).where(eq(advanceInstalments.advanceId, id)).orderBy(asc(advanceInstalments.seq));
  let outstanding = Number(toPaise(row.advanceAmount));
  const instalments = inst.map((i) => {
    outstanding -= i.status === 'skipped' ? 0 : i.amount;
    return {
      id: i.id,
      seq: i.seq,
      dueMonth: i.dueMonth,
      amount: toRupees(i.amount),
      status: i.status as 'due',
      note: i.note,
      outstandingAfter: toRupees(outstanding),
    };
  });
  const a = await approvalOf(db, advanceApproval, id);
  const history = a ? ((await historyOf(db, [a.id])).get(a.id) ?? []) : [];
  const [v] = await db
    .select({
      voucherNo: advanceVouchers.voucherNo,
      voucherDate: advanceVouchers.voucherDate,
      chequeNo: advanceVouchers.chequeNo,
      chequeDate: advanceVouchers.chequeDate,
    })
    .from(advanceVouchers)
    .where(eq(advanceVouchers.advanceId, id));
  const { approvalId: _, ...rest } = row;
  return { ...rest, instalments, voucher: v ?? null, approval: a ? { id: a.id, state: a.state, history } : null };
}

export async function loadAdvance(tx: Tx | Db, auth: AuthContext, id: number, lock = false) {
  const q = tx.select().from(salaryAdvances).where(eq(salaryAdvances.id, id));
  const [a] = lock ? await q.for('update') : await q;
  if (!a?.isActive || !canReachRecord(auth, { employeeId: a.employeeId, unitId: a.unitId })) throw new NotFound('Advance not found');
  return a;
}

/** Whether a month of the unit is approved or locked (its recoveries are final). */
export async function monthFinal(tx: Tx, unitId: number, ym: string): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from payroll_runs where unit_id = ${unitId} and ${finalStatus(sql`status`)}
          and to_char(make_date(year, month, 1), 'YYYY-MM') = ${ym}`,
  );
  return (r?.n ?? 0) > 0;
}

/** The advance's voucher, numbered in its unit's series for the financial year of the day it is paid. Inside the pay transaction. */
export async function issueAdvanceVoucher(
  tx: Tx,
  advance: { id: number; unitId: number },
  cheque: { chequeNo?: string | null; chequeDate?: string | null },
  userId: number,
): Promise<void> {
  const today = orgToday();
  const fy = financialYearOf(today).name;
  const [unit] = await tx.select({ code: units.code }).from(units).where(eq(units.id, advance.unitId));
  const seq = await nextNumber(tx, 'advance_voucher', advance.unitId, fy);
  await tx.insert(advanceVouchers).values({
    advanceId: advance.id,
    unitId: advance.unitId,
    financialYear: fy,
    seq,
    voucherNo: documentNumber('ADV', unit?.code ?? '', fy, seq),
    voucherDate: today,
    chequeNo: cheque.chequeNo?.trim() || null,
    chequeDate: cheque.chequeNo?.trim() ? (cheque.chequeDate ?? today) : null,
    createdBy: userId,
  });
}

/**
 * Changes an advance not yet paid: amount, instalments, start month, remarks, pay mode. Its approval starts over
 * (pending or already approved), so money is never paid on figures nobody approved; the schedule is made again
 * from the new figures, and the audit trail keeps before and after.
 */
export async function updateAdvance(tx: Tx, auth: AuthContext, id: number, b: TUpdateAdvance, requestId: string): Promise<void> {
  const before = await loadAdvance(tx, auth, id, true);
  if (!['requested', 'approved'].includes(before.status))
    throw new Conflict(`A ${before.status} advance cannot be changed; only one not yet paid`);
  const amount = Number(toPaise(b.advanceAmount));
  const emis = b.noOfEMIs;
  if (amount < emis) throw new BadRequest('Too many instalments', { noOfEMIs: ['Each instalment must be at least 1 paisa'] });
  const start = yearMonth(b.effectiveYear, b.effectiveMonth);
  if (await monthFinal(tx, before.unitId, start))
    throw new Conflict(`The salary of ${start} is already approved; start the recovery later`, 'effectiveMonth');
  const plan = instalmentPlan(amount, emis);
  const reopened = before.status === 'approved';
  await tx
    .update(salaryAdvances)
    .set({
      advanceAmount: amount,
      noOfEMIs: emis,
      monthlyEMI: plan[0],
      effectiveMonth: b.effectiveMonth,
      effectiveYear: b.effectiveYear,
      remarks: b.remarks ?? null,
      payModeId: b.payModeId ?? before.payModeId,
      status: 'requested',
      updatedAt: new Date(),
      updatedBy: auth.userId,
    })
    .where(eq(salaryAdvances.id, id));
  await tx.delete(advanceInstalments).where(eq(advanceInstalments.advanceId, id));
  await tx
    .insert(advanceInstalments)
    .values(plan.map((amt, i) => ({ advanceId: id, seq: i + 1, dueMonth: addMonths(start, i), amount: amt })));
  // The approval starts over at level 1 with a 'resubmitted' line: the changer becomes its requester (who may not
  // approve it), and an approver who passed the old figures sees the new ones again.
  if (before.approvalId) await resubmitApproval(tx, before.approvalId, auth.userId, b.remarks ?? null, 'remade');
  const [after] = await tx.select().from(salaryAdvances).where(eq(salaryAdvances.id, id));
  await writeAudit(tx, {
    entity: 'salary_advances',
    entityId: id,
    action: 'update',
    before,
    after: { ...after, note: reopened ? 'Changed after approval: sent back for approval' : 'Changed before approval' },
    userId: auth.userId,
    requestId,
  });
}
