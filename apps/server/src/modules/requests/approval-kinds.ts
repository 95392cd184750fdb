// The approval kinds of requests (one per request kind): the reporting manager decides, or, when the employee has
// none, whoever holds the approve action on the allRequest menu for the unit. Approving a leave debits the balance;
// cancelling an approved one returns it; the employee's days are worked out again; the employee is notified.
import { leaveDates, splitLeave, totalDays } from '@hr/attendance';
import { formatIsoDMY as dmy } from '@hr/calendar';
import type { TRequestKind } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { leaveLedger, requests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { Conflict, NotFound } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { type ApprovalKind, type ApprovalRow, defineApprovalKind } from '../approvals/service';
import { computeAttendance } from '../attendance/compute';
import { frozenDaysChanged } from '../attendance/frozen-changes';
import { fyOf, policyOf, staffFacts } from './leave-terms';
import { balanceOf, upcomingCredits } from './ledger';
import { reworkYearEnds } from './ledger-year-end';
import { approversOf, notify, usersOfEmployee } from './notify';
import { offDays } from './off-days';
import {
  assertOpen,
  dateInput,
  describe,
  KIND_LABEL,
  KIND_MENU,
  leaveName,
  OWN_LINK,
  type RequestRow,
  requestOf,
  today,
} from './request-rules';

/** The employee's reporting manager decides; without one, anyone with the approve action in the unit. */
async function mayApprove(tx: Tx, actor: AuthContext, approval: ApprovalRow): Promise<boolean> {
  if (approval.employeeId === null) return false;
  const [e] = await queryRows<{ managerId: number | null }>(
    tx,
    sql`select reporting_manager_id as "managerId" from employees where id = ${approval.employeeId}`,
  );
  if (!e) return false;
  return e.managerId === null || (actor.employeeId !== null && e.managerId === actor.employeeId);
}

/** Leave decided for days of a month already paid: the days stay as stored, payroll settles the difference next month. */
async function leaveReachesPay(tx: Tx, r: RequestRow, what: 'approved' | 'cancelled') {
  await frozenDaysChanged(tx, { employeeId: r.employeeId, from: r.fromDate, to: r.toDate, reason: `Leave request #${r.id} ${what}` });
}

/** Works the employee's days out again (up to today) after a decided request. */
async function recompute(tx: Tx, r: RequestRow) {
  if (r.kind === 'visitor') return;
  const last = r.toDate < today() ? r.toDate : today();
  if (last < r.fromDate) return;
  await computeAttendance(tx, { employeeIds: [r.employeeId] }, r.fromDate, last, { persist: true });
}

async function debitLeave(tx: Tx, r: RequestRow, actor: AuthContext) {
  const e = await staffFacts(tx, r.employeeId);
  const policy = e ? await policyOf(tx, e, r.leaveTypeId!, r.fromDate) : null;
  if (!policy || !e) throw new NotFound('Leave type not found');
  const fy = r.financialYear ?? fyOf(r.fromDate);
  const b = await balanceOf(tx, r.employeeId, policy.id, fy, r.id);
  // Credits due by the leave's start count even where the scheduled poster has not posted them yet.
  const upcoming = await upcomingCredits(tx, e, policy, fy, r.fromDate);
  const off = await offDays(tx, r.employeeId, r.fromDate, r.toDate);
  const dates = leaveDates({ ...dateInput(r), isOff: (d) => off.has(d), sandwich: policy.sandwich });
  const split = splitLeave(dates, b.available + upcoming, policy);
  if (!split.ok) throw new Conflict(`The request cannot be approved: ${split.message} (others are pending or taken)`);
  await tx
    .update(requests)
    .set({ days: String(totalDays(dates)), lwopDays: String(split.lwop) })
    .where(eq(requests.id, r.id));
  if (split.paid > 0) {
    await tx.insert(leaveLedger).values({
      employeeId: r.employeeId,
      leaveTypeId: policy.id,
      financialYear: fy,
      kind: 'debit',
      days: String(-split.paid),
      reason: `Leave request #${r.id} (${dmy(r.fromDate)} – ${dmy(r.toDate)})`,
      requestId: r.id,
      createdBy: actor.userId,
    });
    await reworkYearEnds(tx, [{ employeeId: r.employeeId, leaveTypeId: policy.id, financialYear: fy }]);
  }
}

function kindFor(kind: TRequestKind): ApprovalKind {
  return defineApprovalKind({
    kind: `request.${kind}`,
    menu: KIND_MENU[kind],
    mayApprove,
    async onApproved(tx, approval, actor, remark) {
      const r = await requestOf(tx, approval.subjectId);
      // Leave reaches a month already paid through a loss-of-pay adjustment next month (payroll/lop.ts); the rest waits.
      if (r.kind !== 'leave') await assertOpen(tx, r.employeeId, r.fromDate, r.toDate, 'The request cannot be approved');
      if (r.kind === 'leave') await debitLeave(tx, r, actor);
      const [after] = await tx
        .update(requests)
        .set({ status: 'approved', decidedAt: new Date(), updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(requests.id, r.id))
        .returning();
      await recompute(tx, after);
      if (r.kind === 'leave') await leaveReachesPay(tx, after, 'approved');
      await notify(tx, await usersOfEmployee(tx, r.employeeId), {
        title: `${KIND_LABEL[r.kind as TRequestKind]} approved`,
        body: `${describe(after, await leaveName(tx, r))} was approved by ${actor.userName}.${remark ? ` ${remark}` : ''}`,
        link: OWN_LINK,
      });
    },
    async onRejected(tx, approval, actor, remark) {
      const [r] = await tx
        .update(requests)
        .set({ status: 'rejected', decidedAt: new Date(), updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(requests.id, approval.subjectId))
        .returning();
      await notify(tx, await usersOfEmployee(tx, r.employeeId), {
        title: `${KIND_LABEL[r.kind as TRequestKind]} rejected`,
        body: `${describe(r, await leaveName(tx, r))} was rejected by ${actor.userName}: ${remark}`,
        link: OWN_LINK,
      });
    },
    async requesterMayCancel(tx, approval) {
      const r = await requestOf(tx, approval.subjectId);
      if (r.fromDate <= today()) throw new Conflict('The request has started: ask an approver to cancel it');
    },
    async onCancelled(tx, approval, actor, remark, from) {
      const own = actor.userId === approval.requestedBy || actor.employeeId === approval.employeeId;
      const [before] = await tx.select().from(requests).where(eq(requests.id, approval.subjectId)).for('update');
      if (from === 'approved' && before.kind !== 'visitor' && before.kind !== 'leave') {
        await assertOpen(tx, before.employeeId, before.fromDate, before.toDate, 'The request cannot be cancelled');
      }
      const [r] = await tx
        .update(requests)
        .set({
          status: own && from === 'pending' ? 'withdrawn' : 'cancelled',
          cancelReason: remark,
          decidedAt: from === 'pending' ? new Date() : before.decidedAt,
          updatedAt: new Date(),
          updatedBy: actor.userId,
        })
        .where(eq(requests.id, approval.subjectId))
        .returning();
      if (from === 'approved') {
        if (r.kind === 'leave') await returnLeave(tx, r, actor);
        await recompute(tx, r);
        if (r.kind === 'leave') await leaveReachesPay(tx, r, 'cancelled');
        await writeAudit(tx, { entity: 'requests', entityId: r.id, action: 'cancel', before, after: r, userId: actor.userId });
      }
      const label = KIND_LABEL[r.kind as TRequestKind];
      const text = `${describe(r, await leaveName(tx, r))} was cancelled by ${actor.userName}${remark ? `: ${remark}` : ''}.`;
      if (!own) {
        await notify(tx, await usersOfEmployee(tx, r.employeeId), { title: `${label} cancelled`, body: text, link: OWN_LINK });
      } else if (from === 'approved') {
        await notify(tx, await approversOf(tx, KIND_MENU[r.kind as TRequestKind], r.employeeId, r.unitId), {
          title: `${label} cancelled`,
          body: text,
          link: KIND_MENU[r.kind as TRequestKind],
        });
      }
    },
  });
}

/** An approved leave cancelled: what it took from the balance comes back as one line. */
async function returnLeave(tx: Tx, r: RequestRow, actor: AuthContext) {
  const [taken] = await queryRows<{ days: number }>(
    tx,
    sql`select coalesce(sum(days), 0)::float8 as days from leave_ledger where request_id = ${r.id} and kind = 'debit'`,
  );
  if (taken.days >= 0) return;
  await tx.insert(leaveLedger).values({
    employeeId: r.employeeId,
    leaveTypeId: r.leaveTypeId!,
    financialYear: r.financialYear ?? fyOf(r.fromDate),
    kind: 'debit',
    days: String(-taken.days),
    reason: `Leave request #${r.id} cancelled`,
    requestId: r.id,
    createdBy: actor.userId,
  });
  await reworkYearEnds(tx, [{ employeeId: r.employeeId, leaveTypeId: r.leaveTypeId!, financialYear: r.financialYear ?? fyOf(r.fromDate) }]);
}

export const APPROVAL_KINDS: Record<TRequestKind, ApprovalKind> = {
  wfh: kindFor('wfh'),
  leave: kindFor('leave'),
  visitor: kindFor('visitor'),
};
