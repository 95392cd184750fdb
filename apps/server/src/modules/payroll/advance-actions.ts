// Salary advances' changes: a request (sent for approval, its schedule of instalments made), and the actions on one —
// approve / reject (the approvals module), pay (with its voucher), cancel, pre-close (the balance in one month) and
// skip an instalment (moved to the end). A recovery in an approved or locked month is final.
import { yearMonth } from '@hr/calendar';
import { MENU, type TAdvanceAction, type TUpdateAdvance, type ZSaveAdvance } from '@hr/contract';
import { instalmentPlan, toPaise } from '@hr/payroll';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { advanceInstalments, employees, salaryAdvances } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { type AuthContext, canReachRecord, hasAction } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';
import { submitApproval, withdrawApproval } from '../approvals/service';
import { addMonths, advanceApproval, issueAdvanceVoucher, loadAdvance, monthFinal, updateAdvance } from './advances';

type Advance = Awaited<ReturnType<typeof loadAdvance>>;
type Action<K extends TAdvanceAction['action']> = Extract<TAdvanceAction, { action: K }>;

/** Requests an advance for an employee within reach (sent for approval); answers its id. */
export async function requestAdvance(db: Db, auth: AuthContext, b: z.output<typeof ZSaveAdvance>, requestId: string): Promise<number> {
  const [e] = await db
    .select({ id: employees.id, unitId: employees.unitId, status: employees.status })
    .from(employees)
    .where(eq(employees.id, b.employeeId));
  if (!e || !canReachRecord(auth, { employeeId: e.id, unitId: e.unitId }))
    throw new BadRequest('Unknown employee', { employeeId: ['No such employee in your reach'] });
  if (e.status === 'exited') throw new BadRequest('The employee has exited', { employeeId: ['An exited employee takes no advance'] });
  const amount = Number(toPaise(b.advanceAmount));
  if (amount < b.noOfEMIs) throw new BadRequest('Too many instalments', { noOfEMIs: ['Each instalment must be at least 1 paisa'] });
  const plan = instalmentPlan(amount, b.noOfEMIs);
  const start = yearMonth(b.effectiveYear, b.effectiveMonth);
  return db.transaction(async (tx) => {
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
    await writeAudit(tx, { entity: 'salary_advances', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    return row.id;
  });
}

/** Changes an advance not yet paid, in one transaction (updateAdvance). */
export async function changeAdvance(db: Db, auth: AuthContext, id: number, b: TUpdateAdvance, requestId: string): Promise<void> {
  await db.transaction((tx) => updateAdvance(tx, auth, id, b, requestId));
}

async function pay(tx: Tx, auth: AuthContext, before: Advance, b: Action<'pay'>) {
  if (before.status !== 'approved') throw new Conflict(`Only an approved advance is paid; this one is ${before.status}`);
  await tx
    .update(salaryAdvances)
    .set({ status: 'paid', paidAt: new Date(), payModeId: b.payModeId ?? before.payModeId, updatedAt: new Date(), updatedBy: auth.userId })
    .where(eq(salaryAdvances.id, before.id));
  await issueAdvanceVoucher(tx, before, b, auth.userId);
  return '';
}

async function cancel(tx: Tx, auth: AuthContext, before: Advance, b: Action<'cancel'>) {
  if (!['requested', 'approved'].includes(before.status)) throw new Conflict(`A ${before.status} advance cannot be cancelled`);
  await tx
    .update(salaryAdvances)
    .set({ status: 'cancelled', updatedAt: new Date(), updatedBy: auth.userId })
    .where(eq(salaryAdvances.id, before.id));
  await tx.delete(advanceInstalments).where(eq(advanceInstalments.advanceId, before.id));
  if (before.approvalId) await withdrawApproval(tx, before.approvalId, auth.userId, b.remark ?? null);
  return b.remark ?? '';
}

async function preclose(tx: Tx, before: Advance, b: Action<'preclose'>) {
  const id = before.id;
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
  return `Pre-closed in ${ym}`;
}

async function skip(tx: Tx, before: Advance, b: Action<'skip'>) {
  const id = before.id;
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
  return `Skipped ${inst.dueMonth}: ${b.reason}`;
}

/** An advance as the approvals module decides it: one with its approval (whose own state answers 409 once decided). */
const ADVANCE_DECISION: RecordKind<Advance, void> = {
  load: (db, auth, id) => loadAdvance(db, auth, id),
  waiting: (x) => x.approvalId ?? null,
  refusal: () => 'This advance has no approval pending',
  view: async () => undefined,
};

/**
 * Approve / reject need the approve action (checked by the approvals module); pay, cancel, pre-close and skip the
 * edit action. Each change is audited with its note.
 */
export async function actOnAdvance(db: Db, auth: AuthContext, id: number, b: TAdvanceAction, requestId: string): Promise<void> {
  if (b.action === 'approve' || b.action === 'reject') return decideRecord(db, auth, id, b, requestId, ADVANCE_DECISION);
  await loadAdvance(db, auth, id);
  if (!(await hasAction(db, auth, MENU.salaryAdvance, 'edit'))) throw new Forbidden('Your role may not change advances');
  await db.transaction(async (tx) => {
    const before = await loadAdvance(tx, auth, id, true);
    const note =
      b.action === 'pay'
        ? await pay(tx, auth, before, b)
        : b.action === 'cancel'
          ? await cancel(tx, auth, before, b)
          : b.action === 'preclose'
            ? await preclose(tx, before, b)
            : await skip(tx, before, b);
    const [after] = await tx.select().from(salaryAdvances).where(eq(salaryAdvances.id, id));
    await writeAudit(tx, {
      entity: 'salary_advances',
      entityId: id,
      action: b.action,
      before,
      after: { ...after, note },
      userId: auth.userId,
      requestId,
    });
  });
}
