// Full and final settlements: computed (and computed again while not approved) from an approved separation, sent
// for approval by the unit's approvers of the settlement menu (never its maker, never the leaver), approved = locked.
// Approval marks the advance instalments it recovers as recovered and posts the encashed leave to the ledger.
import { MENU, type TSettlement } from '@hr/contract';
import { toRupees } from '@hr/payroll';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { exitSettlementLines, exitSettlements } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { approvalOf, conflictOfInterest, defineApprovalKind, historyOf, resubmitApproval, submitApproval } from '../approvals/service';
import { computeSettlementLines, type SeparationFacts } from './settlement-compute';

export const settlementApproval = defineApprovalKind({
  kind: 'exits.settlement',
  menu: MENU.settlement,
  beneficiaries: (a) => sql`select employee_id from exit_settlements where id = ${a.subjectId}`,
  async onApproved(tx, approval, actor) {
    const [s] = await tx
      .update(exitSettlements)
      .set({ status: 'approved', approvedAt: new Date(), updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(exitSettlements.id, approval.subjectId), eq(exitSettlements.status, 'computed')))
      .returning();
    if (!s) return;
    const facts = s.facts as { instalmentIds?: number[] };
    const ids = facts.instalmentIds ?? [];
    if (ids.length)
      await tx.execute(sql`update advance_instalments set status = 'recovered',
          note = ${`Recovered in the full and final settlement #${s.id}`}
        where status = 'due' and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
    await markDuesPaid(tx, s.id, s.facts as { arrearIds?: number[]; bonusLineIds?: number[] });
    await tx.execute(sql`update salary_advances a set status = 'closed', updated_at = now()
      where a.employee_id = ${s.employeeId} and a.status in ('paid', 'recovering')
        and not exists (select 1 from advance_instalments i where i.advance_id = a.id and i.status = 'due')`);
    // The encashed days leave the balance (the ledger's 'encash' line), so the leave register shows them paid.
    const fy = Number(s.lastDay.slice(5, 7)) >= 4 ? Number(s.lastDay.slice(0, 4)) : Number(s.lastDay.slice(0, 4)) - 1;
    await tx.execute(sql`insert into leave_ledger (employee_id, leave_type_id, financial_year, kind, days, reason, created_by)
      select ${s.employeeId}, t.id, ${fy}, 'encash', -least(b.days, case when t.encash_max_days > 0 then t.encash_max_days else b.days end),
        ${`Encashed in the full and final settlement #${s.id}`}, ${actor.userId}
      from leave_types t
      join lateral (select sum(l.days) as days from leave_ledger l where l.employee_id = ${s.employeeId} and l.leave_type_id = t.id
                    and l.financial_year = ${fy}) b on true
      where t.is_active and t.is_encashable and b.days > 0`);
  },
});

/** The arrears and bonus lines the settlement pays are paid by it; a bonus with no line left unpaid is paid. */
async function markDuesPaid(tx: Tx, settlementId: number, f: { arrearIds?: number[]; bonusLineIds?: number[] }) {
  const ids = (list: number[] | undefined) => sql`(select jsonb_array_elements_text(${JSON.stringify(list ?? [])}::jsonb)::int)`;
  await tx.execute(sql`update salary_arrears set paid_settlement_id = ${settlementId}
    where paid_run_id is null and paid_settlement_id is null and id in ${ids(f.arrearIds)}`);
  await tx.execute(sql`update bonus_lines set paid_settlement_id = ${settlementId}
    where paid_run_id is null and paid_settlement_id is null and id in ${ids(f.bonusLineIds)}`);
  await tx.execute(sql`update bonuses b set status = 'paid', updated_at = now()
    where b.status = 'approved' and b.id in (select bonus_id from bonus_lines where paid_settlement_id = ${settlementId})
      and not exists (select 1 from bonus_lines l where l.bonus_id = b.id and l.amount > 0 and l.paid_run_id is null and l.paid_settlement_id is null)`);
}

/** Computes (or computes again) the settlement of an approved separation; answers its id. */
export async function computeSettlement(
  db: Db,
  auth: AuthContext,
  separationId: number,
  opts: { noticeWaived: boolean; waiverReason: string | null },
  requestId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [sep] = await queryRows<SeparationFacts & { status: string }>(
      tx,
      sql`select s.id, s.employee_id as "employeeId", s.unit_id as "unitId", s.type, s.disablement, s.notice_given_on::text as "noticeGivenOn",
            s.last_day::text as "lastDay", s.notice_days as "noticeDays", e.date_of_joining::text as joined, e.weekly_offs as "weeklyOffs", s.status
          from separations s join employees e on e.id = s.employee_id where s.id = ${separationId} for update of s`,
    );
    if (!sep || !canReachRecord(auth, sep)) throw new NotFound('Separation not found');
    if (sep.status !== 'approved') throw new Conflict(`A settlement is computed for an approved separation; this one is ${sep.status}`);
    const [before] = await tx
      .select()
      .from(exitSettlements)
      .where(and(eq(exitSettlements.separationId, separationId), sql`${exitSettlements.status} <> 'cancelled'`));
    if (before?.status === 'approved') throw new Conflict('The settlement is approved and locked');
    // The salary month is released while computing, so the one-employee run includes the leaver.
    if (before) await tx.update(exitSettlements).set({ salaryMonth: null }).where(eq(exitSettlements.id, before.id));
    const c = await computeSettlementLines(tx, sep, opts);
    const earnings = c.lines.filter((l) => l.side === 'earning').reduce((t, l) => t + l.amount, 0);
    const deductions = c.lines.filter((l) => l.side === 'deduction').reduce((t, l) => t + l.amount, 0);
    const values = {
      status: 'computed',
      lastDay: sep.lastDay,
      dueDate: c.dueDate,
      salaryMonth: c.salaryMonth,
      noticeWaived: opts.noticeWaived,
      waiverReason: opts.noticeWaived ? opts.waiverReason : null,
      earnings,
      deductions,
      net: earnings - deductions,
      facts: { ...c.facts, instalmentIds: c.instalmentIds, arrearIds: c.arrearIds, bonusLineIds: c.bonusLineIds },
      computedAt: new Date(),
      updatedAt: new Date(),
      updatedBy: auth.userId,
    };
    let id: number;
    if (before) {
      id = before.id;
      await tx.update(exitSettlements).set(values).where(eq(exitSettlements.id, id));
      await tx.delete(exitSettlementLines).where(eq(exitSettlementLines.settlementId, id));
    } else {
      const [row] = await tx
        .insert(exitSettlements)
        .values({ ...values, separationId, employeeId: sep.employeeId, unitId: sep.unitId, createdBy: auth.userId })
        .returning();
      id = row.id;
    }
    if (c.lines.length)
      await tx.insert(exitSettlementLines).values(
        c.lines.map((l, i) => ({
          settlementId: id,
          seq: i + 1,
          kind: l.kind,
          side: l.side,
          headId: l.headId ?? null,
          label: l.label.slice(0, 150),
          amount: l.amount,
          basis: l.basis,
          exempt: l.exempt ?? 0,
        })),
      );
    const approvalId = before?.approvalId;
    if (approvalId) await resubmitApproval(tx, approvalId, auth.userId, null, 'remade');
    else {
      const a = await submitApproval(tx, settlementApproval, {
        subjectId: id,
        employeeId: sep.employeeId,
        unitId: sep.unitId,
        requestedBy: auth.userId,
      });
      await tx.update(exitSettlements).set({ approvalId: a.id }).where(eq(exitSettlements.id, id));
    }
    await writeAudit(tx, {
      entity: 'exit_settlements',
      entityId: id,
      action: before ? 'recompute' : 'compute',
      before: before ?? null,
      after: { ...values, lines: c.lines.length },
      userId: auth.userId,
      requestId,
    });
    return id;
  });
}

const SETTLEMENT_COLUMNS = sql`x.id, x.separation_id as "separationId", x.employee_id as "employeeId", e.employee_code as "employeeCode",
  e.name as "employeeName", coalesce(d.name, '') as "designationName", coalesce(dp.name, '') as "departmentName", x.unit_id as "unitId",
  u.name as "unitName", e.date_of_joining::text as "dateOfJoining", s.type, x.status, x.last_day::text as "lastDay",
  x.due_date::text as "dueDate",
  x.salary_month as "salaryMonth", x.notice_waived as "noticeWaived", x.waiver_reason as "waiverReason",
  x.earnings::float8 / 100 as earnings, x.deductions::float8 / 100 as deductions, x.net::float8 / 100 as net,
  to_char(x.computed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "computedAt",
  to_char(x.approved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "approvedAt",
  case when x.status = 'approved' and x.net > 0 then coalesce(pay.status, 'pending') end as "paymentStatus",
  case when pay.status = 'paid' then pay.mode when e.pay_mode_id = 1 then 'cash' when e.pay_mode_id = 3 then 'cheque' else 'bank' end as "payMode",
  case when pay.status = 'paid' then pay.value_date::text end as "paidOn",
  case when pay.status = 'paid' then coalesce(pay.reference, pay.cheque_no) end as "paymentReference",
  pay.failure_reason as "paymentFailure"`;

const SETTLEMENT_FROM = sql`exit_settlements x join separations s on s.id = x.separation_id join employees e on e.id = x.employee_id
  join units u on u.id = x.unit_id left join designations d on d.id = e.designation_id left join departments dp on dp.id = e.department_id
  left join salary_payments pay on pay.settlement_id = x.id`;

export async function settlementRows(db: Db | Tx, where: SQL, page?: { limit: number; offset: number }): Promise<TSettlement[]> {
  const today = orgToday();
  const rows = await queryRows<Omit<TSettlement, 'overdue'>>(
    db,
    sql`select ${SETTLEMENT_COLUMNS} from ${SETTLEMENT_FROM} where x.is_active and ${where}
        order by (x.status = 'computed') desc, x.due_date, x.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  // Overdue: not paid by the due date (the wages of a leaver are due within two working days); nothing is due from
  // the employer on a settlement the employee owes, or a cancelled one.
  return rows.map((r) => ({ ...r, overdue: isOverdue(r, today) }));
}

export function isOverdue(r: { status: string; net: number; paymentStatus: string | null; dueDate: string }, today: string): boolean {
  return r.status !== 'cancelled' && r.net > 0 && r.paymentStatus !== 'paid' && r.dueDate < today;
}

export async function loadSettlement(db: Db | Tx, auth: AuthContext, id: number) {
  const [x] = await db.select().from(exitSettlements).where(eq(exitSettlements.id, id));
  if (!x?.isActive || !canReachRecord(auth, { employeeId: x.employeeId, unitId: x.unitId })) throw new NotFound('Settlement not found');
  return x;
}

export async function settlementView(db: Db, auth: AuthContext, id: number): Promise<TSettlement> {
  const x = await loadSettlement(db, auth, id);
  const [row] = await settlementRows(db, sql`x.id = ${id}`);
  const lines = await db
    .select()
    .from(exitSettlementLines)
    .where(eq(exitSettlementLines.settlementId, id))
    .orderBy(exitSettlementLines.seq);
  const adjustments = await queryRows<{ id: number; side: 'earning' | 'deduction'; label: string; amount: number; reason: string }>(
    db,
    sql`select id, side, label, amount::float8 / 100 as amount, reason from exit_adjustments where separation_id = ${x.separationId} and is_active order by id`,
  );
  const a = await approvalOf(db, settlementApproval, id);
  const history = a ? ((await historyOf(db, [a.id])).get(a.id) ?? []) : [];
  const mayDecide =
    a?.state === 'pending' && !(await conflictOfInterest(db, auth, a)) && (await hasAction(db, auth, MENU.settlement, 'approve'));
  const { instalmentIds: _i, arrearIds: _a, bonusLineIds: _b, ...facts } = x.facts as Record<string, unknown>;
  return {
    ...row,
    lines: lines.map((l) => ({
      kind: l.kind,
      side: l.side as 'earning',
      label: l.label,
      amount: toRupees(l.amount),
      basis: l.basis,
      exempt: toRupees(l.exempt),
    })),
    facts,
    adjustments,
    approval: a ? { id: a.id, state: a.state, level: a.level, levels: a.levels, history: history as never } : null,
    mayDecide,
  };
}

/** The settlement of a separation, if any (not cancelled). */
export async function settlementOfSeparation(db: Db | Tx, separationId: number) {
  const [x] = await db
    .select({ id: exitSettlements.id, status: exitSettlements.status })
    .from(exitSettlements)
    .where(and(eq(exitSettlements.separationId, separationId), sql`${exitSettlements.status} <> 'cancelled'`));
  return x ?? null;
}
