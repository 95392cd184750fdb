// Work-from-home, leave and visitor requests: raising (overlaps and frozen salary months refused), the lists, the
// decisions through the approvals module (one kind per request kind; the reporting manager decides, or, when the
// employee has none, whoever holds the approve action on the allRequest menu for the unit), cancelling an approved
// request (the balance returns), and the approved days as the attendance rules read them.
import { type DayRequests, leaveDates, longestRun, splitLeave, totalDays } from '@hr/attendance';
import { addDays, formatIsoDMY as dmy, eachDay, financialYearOf, type IsoDate } from '@hr/calendar';
import {
  MENU,
  type TMenuPath,
  type TRequest,
  type TRequestKind,
  type TRequestStatus,
  type ZLeavePreviewQuery,
  type ZMyRequestsQuery,
  type ZRaiseRequest,
  type ZRequestsQuery,
} from '@hr/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { leaveLedger, requests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors';
import { orgToday } from '../../lib/org-zone';
import { type AuthContext, canReachUnit, hasAction, unitScope } from '../access/context';
import {
  type ApprovalKind,
  type ApprovalRow,
  cancelApproval,
  cancelDecided,
  decide,
  defineApprovalKind,
  historyOf,
  submitApproval,
} from '../approvals/service';
import { computeAttendance, type DayRequestsReader } from '../attendance/compute';
import { frozenDaysChanged } from '../attendance/frozen-changes';
import { assertEmployeeDayOpen } from '../attendance/service';
import { leaveTypeProblems } from './leave-eligibility';
import {
  balanceOf,
  fyOf,
  leavePolicy,
  notApplicableMessage,
  offDays,
  policyOf,
  reworkYearEnds,
  type StaffFacts,
  staffFacts,
  upcomingCredits,
} from './ledger';
import { approversOf, notify, usersOfEmployee } from './notify';

export const KIND_MENU: Record<TRequestKind, TMenuPath> = {
  wfh: MENU.allRequestWfh,
  leave: MENU.allRequestLeave,
  visitor: MENU.allRequestVisitor,
};
const KIND_LABEL: Record<TRequestKind, string> = { wfh: 'Work from home', leave: 'Leave', visitor: 'Visitor notification' };
const OWN_LINK = MENU.myRequests;

const today = () => orgToday();

type RequestRow = typeof requests.$inferSelect;

// ---- approvals ----

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

async function requestOf(tx: Db | Tx, id: number): Promise<RequestRow> {
  const [r] = await tx.select().from(requests).where(eq(requests.id, id));
  if (!r) throw new NotFound('Request not found');
  return r;
}

const describe = (r: RequestRow, leaveName?: string | null) =>
  r.kind === 'visitor'
    ? `Visitor ${r.visitorName} on ${dmy(r.fromDate)} at ${r.expectedTime}`
    : `${r.kind === 'leave' ? (leaveName ?? 'Leave') : 'Work from home'} ${r.fromDate === r.toDate ? `on ${dmy(r.fromDate)}` : `from ${dmy(r.fromDate)} to ${dmy(r.toDate)}`} (${Number(r.days)} ${Number(r.days) === 1 ? 'day' : 'days'})`;

async function leaveName(tx: Db | Tx, r: RequestRow): Promise<string | null> {
  if (r.leaveTypeId === null) return null;
  return (await leavePolicy(tx, r.leaveTypeId))?.name ?? null;
}

/**
 * The months a request touches must be open for the employee (the salary that paid them, or their unit's on the
 * day, not approved or locked): 409 otherwise. The same rule as attendance's frozen days, so a transfer after a
 * locked month does not open it again.
 */
async function assertOpen(tx: Db | Tx, employeeId: number, from: IsoDate, to: IsoDate, what: string) {
  let month = `${from.slice(0, 7)}-01`;
  while (month <= to) {
    await assertEmployeeDayOpen(tx, employeeId, month < from ? from : month, what);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
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

// ---- raising ----

type RaiseInput = z.infer<typeof ZRaiseRequest>;

const dateInput = (r: { fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean }) => ({
  from: r.fromDate,
  to: r.toDate,
  halfDayStart: r.halfDayStart,
  halfDayEnd: r.halfDayEnd,
});

async function ownStaff(db: Db | Tx, auth: AuthContext): Promise<StaffFacts> {
  if (auth.employeeId == null) throw new Forbidden('Your sign-in is not linked to an employee record');
  const e = await staffFacts(db, auth.employeeId);
  if (!e) throw new Forbidden('Your sign-in is not linked to an employee record');
  return e;
}

export interface LeavePlan {
  days: number;
  dates: { day: string; portion: number }[];
  available: number;
  lwopDays: number;
  attachmentRequired: boolean;
  problems: { field: string; message: string }[];
  fy: number;
}

/** What a leave request would take and why it would be refused (the form's preview and the raise both use it). */
/** A leave or work-from-home request stays within one financial year (balances, and the lists' date bound). */
const crossesYearEnd = (fromDate: string) =>
  new BadRequest('Invalid dates', {
    toDate: [`A request cannot cross the financial year end (${dmy(financialYearOf(fromDate).endDate)}): make two requests`],
  });

async function planLeave(
  tx: Db | Tx,
  e: StaffFacts,
  input: {
    leaveTypeId: number;
    fromDate: string;
    toDate: string;
    halfDayStart: boolean;
    halfDayEnd: boolean;
    attachmentKey?: string | null;
  },
  post: boolean,
): Promise<LeavePlan> {
  const policy = await policyOf(tx, e, input.leaveTypeId, input.fromDate);
  if (!policy?.isActive) throw new BadRequest('Choose a leave type', { leaveTypeId: ['This leave type is not available'] });
  const problems: { field: string; message: string }[] = [];
  if (input.toDate < input.fromDate) throw new BadRequest('Invalid dates', { toDate: ['The end date must not be before the start date'] });
  const fy = fyOf(input.fromDate);
  if (fyOf(input.toDate) !== fy) throw crossesYearEnd(input.fromDate);
  const notApplicable = notApplicableMessage(policy);
  if (notApplicable) problems.push({ field: 'leaveTypeId', message: notApplicable });
  else problems.push(...(await leaveTypeProblems(tx, e.id, policy.id)));
  if ((input.halfDayStart || input.halfDayEnd) && !policy.halfDayAllowed) {
    problems.push({ field: 'halfDayStart', message: `${policy.name} cannot be taken in half days` });
  }
  const now = today();
  if (policy.minNoticeDays > 0 && input.fromDate < addDays(now, policy.minNoticeDays)) {
    problems.push({ field: 'fromDate', message: `${policy.name} needs ${policy.minNoticeDays} days' notice` });
  }
  if (input.fromDate < e.joined) problems.push({ field: 'fromDate', message: 'The dates are before your date of joining' });
  const off = await offDays(tx, e.id, input.fromDate, input.toDate);
  const dates = leaveDates({ ...dateInput(input), isOff: (d) => off.has(d), sandwich: policy.sandwich });
  const days = totalDays(dates);
  if (days === 0) problems.push({ field: 'toDate', message: 'The dates hold no working day' });
  if (policy.maxConsecutiveDays > 0 && longestRun(dates) > policy.maxConsecutiveDays) {
    problems.push({ field: 'toDate', message: `${policy.name} allows at most ${policy.maxConsecutiveDays} days in a row` });
  }
  const attachmentRequired = policy.attachmentAfterDays > 0 && days > policy.attachmentAfterDays;
  if (attachmentRequired && post && !input.attachmentKey) {
    problems.push({
      field: 'attachmentKey',
      message: `Attach a document for ${policy.name} of more than ${policy.attachmentAfterDays} days`,
    });
  }
  const b = await balanceOf(tx, e.id, policy.id, fy);
  // A leave may count on the credits due by its start (later months' accrual, or what the poster has not reached yet).
  const available = b.available + (await upcomingCredits(tx, e, policy, fy, input.fromDate));
  const split = splitLeave(dates, available, policy);
  if (!split.ok) problems.push({ field: 'leaveTypeId', message: split.message });
  return {
    days,
    dates,
    available,
    lwopDays: split.ok ? split.lwop : 0,
    attachmentRequired,
    problems,
    fy,
  };
}

export async function previewLeave(db: Db, auth: AuthContext, q: z.infer<typeof ZLeavePreviewQuery>) {
  const e = await ownStaff(db, auth);
  const plan = await db.transaction((tx) =>
    planLeave(
      tx,
      e,
      {
        leaveTypeId: Number(q.leaveTypeId),
        fromDate: q.fromDate,
        toDate: q.toDate,
        halfDayStart: q.halfDayStart ?? false,
        halfDayEnd: q.halfDayEnd ?? false,
      },
      true,
    ),
  );
  return {
    days: plan.days,
    dates: plan.dates,
    available: plan.available,
    lwopDays: plan.lwopDays,
    attachmentRequired: plan.attachmentRequired,
    problems: plan.problems.map((p) => p.message),
  };
}

function refuse(problems: { field: string; message: string }[]): never {
  const fields: Record<string, string[]> = {};
  for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), p.message];
  throw new BadRequest(problems[0].message, fields);
}

export async function raiseRequest(db: Db, auth: AuthContext, input: RaiseInput, requestId?: string): Promise<TRequest> {
  const e = await ownStaff(db, auth);
  if (e.exited && e.exited < today()) throw new Forbidden('Your employment has ended');
  const id = await db.transaction(async (tx) => {
    // One request at a time per employee, so two overlapping ones raised together cannot both pass.
    await tx.execute(sql`select pg_advisory_xact_lock(1212, ${e.id})`);
    let values: typeof requests.$inferInsert;
    const base = { employeeId: e.id, unitId: e.unitId, requestedBy: auth.userId, updatedBy: auth.userId };
    if (input.kind === 'visitor') {
      if (input.expectedDate < today()) throw new BadRequest('Invalid date', { expectedDate: ['Choose today or a later day'] });
      let hostId = e.id;
      if (input.hostEmployeeId && input.hostEmployeeId !== e.id) {
        const [host] = await queryRows<{ id: number }>(
          tx,
          sql`select e.id from employees e where e.id = ${input.hostEmployeeId} and ${hostWhere(e.unitId)}`,
        );
        if (!host) throw new BadRequest('Choose the host', { hostEmployeeId: ['Choose an active employee of your unit'] });
        hostId = host.id;
      }
      values = {
        ...base,
        kind: 'visitor',
        fromDate: input.expectedDate,
        toDate: input.expectedDate,
        days: '0',
        reason: input.purpose,
        visitorName: input.visitorName,
        mobileCode: input.mobileCode,
        mobile: input.mobile,
        company: input.company,
        purpose: input.purpose,
        expectedTime: input.expectedTime,
        visitorCount: input.visitorCount,
        hostEmployeeId: hostId,
      };
    } else {
      if (input.toDate < input.fromDate)
        throw new BadRequest('Invalid dates', { toDate: ['The end date must not be before the start date'] });
      if (fyOf(input.toDate) !== fyOf(input.fromDate)) throw crossesYearEnd(input.fromDate);
      if (input.kind !== 'leave') await assertOpen(tx, e.id, input.fromDate, input.toDate, 'The request cannot be made');
      const [clash] = await queryRows<{ id: number; kind: string; status: string; fromDate: string; toDate: string }>(
        tx,
        sql`select id, kind, status, from_date::text as "fromDate", to_date::text as "toDate" from requests
            where employee_id = ${e.id} and kind in ('leave', 'wfh') and status in ('pending', 'approved')
              and from_date <= ${input.toDate}::date and to_date >= ${input.fromDate}::date
            order by from_date limit 1`,
      );
      if (clash) {
        throw new Conflict(
          `These dates overlap your ${clash.status} ${clash.kind === 'leave' ? 'leave' : 'work-from-home'} request #${clash.id} (${dmy(clash.fromDate)} – ${dmy(clash.toDate)})`,
          'fromDate',
        );
      }
      if (input.kind === 'wfh') {
        const off = await offDays(tx, e.id, input.fromDate, input.toDate);
        const days = totalDays(leaveDates({ ...dateInput(input), isOff: (d) => off.has(d) }));
        if (days === 0) throw new BadRequest('The dates hold no working day', { toDate: ['The dates hold no working day'] });
        values = {
          ...base,
          kind: 'wfh',
          fromDate: input.fromDate,
          toDate: input.toDate,
          ...halves(input),
          days: String(days),
          reason: input.reason,
        };
      } else {
        const plan = await planLeave(tx, e, input, true);
        if (plan.problems.length) refuse(plan.problems);
        let attachmentName: string | null = null;
        if (input.attachmentKey) {
          const m = /^requests\/(\d+)\/[0-9a-f-]{36}\.(pdf|jpg|png)$/.exec(input.attachmentKey);
          if (!m || Number(m[1]) !== e.id) throw new BadRequest('Upload the attachment again', { attachmentKey: ['Unknown file'] });
          attachmentName = `Attachment #${e.code}.${m[2]}`.replace('#', '');
        }
        values = {
          ...base,
          kind: 'leave',
          fromDate: input.fromDate,
          toDate: input.toDate,
          ...halves(input),
          days: String(plan.days),
          lwopDays: String(plan.lwopDays),
          leaveTypeId: input.leaveTypeId,
          financialYear: plan.fy,
          reason: input.reason,
          attachmentKey: input.attachmentKey ?? null,
          attachmentName,
        };
      }
    }
    const [row] = await tx.insert(requests).values(values).returning();
    const approval = await submitApproval(tx, APPROVAL_KINDS[input.kind], {
      subjectId: row.id,
      employeeId: e.id,
      unitId: e.unitId,
      requestedBy: auth.userId,
      remark: row.reason,
    });
    await tx.update(requests).set({ approvalId: approval.id }).where(eq(requests.id, row.id));
    await writeAudit(tx, { entity: 'requests', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    await notify(tx, await approversOf(tx, KIND_MENU[input.kind], e.id, e.unitId), {
      title: `${KIND_LABEL[input.kind]} request from ${e.name}`,
      body: `${e.name} (${e.code}) asks for ${describe(row, await leaveName(tx, row)).replace(/^./, (c) => c.toLowerCase())}: ${row.reason}`,
      link: KIND_MENU[input.kind],
    });
    return row.id;
  });
  return requestView(db, auth, id);
}

const halves = (input: { fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean }) =>
  input.fromDate === input.toDate
    ? { halfDayStart: input.halfDayStart || input.halfDayEnd, halfDayEnd: false }
    : { halfDayStart: input.halfDayStart, halfDayEnd: input.halfDayEnd };

// ---- visitor hosts ----

/** Who may host a visitor of an employee of `unitId`: active employees of the same unit. */
const hostWhere = (unitId: number) =>
  sql`e.unit_id = ${unitId} and e.status = 'active' and (e.exit_date is null or e.exit_date >= ${today()}::date)`;

/** The hosts the caller may name (their own unit's active staff), searched by name or code, paged; name, code, department only. */
export async function hostsOf(db: Db, auth: AuthContext, q: { search?: string; page: number; pageSize: number }) {
  const e = await ownStaff(db, auth);
  const conds: SQL[] = [hostWhere(e.unitId)];
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(e.employee_code ilike ${like} or e.name ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from employees e where ${where}`);
  const rows = await queryRows<{ id: number; name: string; employeeCode: string; departmentName: string | null }>(
    db,
    sql`select e.id, e.name, e.employee_code as "employeeCode", d.name as "departmentName"
        from employees e left join departments d on d.id = e.department_id
        where ${where} order by e.name, e.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { total, rows };
}

// ---- lists ----

type ListRow = {
  id: number;
  kind: TRequestKind;
  status: TRequestStatus;
  employeeId: number;
  employeeCode: string;
  employeeName: string;
  unitId: number;
  unitName: string;
  departmentName: string | null;
  fromDate: string;
  toDate: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  days: number;
  lwopDays: number;
  leaveTypeId: number | null;
  leaveTypeCode: string | null;
  leaveTypeName: string | null;
  isPaid: boolean | null;
  financialYear: number | null;
  reason: string;
  attachmentName: string | null;
  visitorName: string | null;
  mobileCode: string | null;
  mobile: string | null;
  company: string | null;
  purpose: string | null;
  expectedTime: string | null;
  visitorCount: number | null;
  hostEmployeeId: number | null;
  hostName: string | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
  approvalId: number | null;
  requestedBy: number;
  requestedByName: string;
  managerId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
  cancelReason: string | null;
};

const FROM = sql`from requests r join employees e on e.id = r.employee_id join units u on u.id = r.unit_id
  left join departments d on d.id = e.department_id left join leave_types lt on lt.id = r.leave_type_id
  left join employees h on h.id = r.host_employee_id join users ru on ru.id = r.requested_by`;

const COLUMNS = sql`r.id, r.kind, r.status, r.employee_id as "employeeId", e.employee_code as "employeeCode", e.name as "employeeName",
  r.unit_id as "unitId", u.name as "unitName", d.name as "departmentName", r.from_date::text as "fromDate", r.to_date::text as "toDate",
  r.half_day_start as "halfDayStart", r.half_day_end as "halfDayEnd", r.days::float8 as days, r.lwop_days::float8 as "lwopDays",
  r.leave_type_id as "leaveTypeId", lt.code as "leaveTypeCode", lt.name as "leaveTypeName", lt.is_paid as "isPaid",
  r.financial_year as "financialYear", r.reason, r.attachment_name as "attachmentName", r.visitor_name as "visitorName",
  r.mobile_code as "mobileCode", r.mobile, r.company, r.purpose, r.expected_time as "expectedTime", r.visitor_count as "visitorCount",
  r.host_employee_id as "hostEmployeeId", h.name as "hostName", r.arrived_at as "arrivedAt", r.departed_at as "departedAt",
  r.approval_id as "approvalId", r.requested_by as "requestedBy", ru.full_name as "requestedByName",
  e.reporting_manager_id as "managerId", r.created_at as "createdAt", r.decided_at as "decidedAt", r.cancel_reason as "cancelReason"`;

const ORDER: Record<string, SQL> = {
  pendingFirst: sql`(r.status = 'pending') desc, r.from_date desc, r.id desc`,
  fromDate: sql`r.from_date asc, r.id asc`,
  '-fromDate': sql`r.from_date desc, r.id desc`,
  createdAt: sql`r.id asc`,
  '-createdAt': sql`r.id desc`,
  employeeCode: sql`e.employee_code asc, r.from_date desc, r.id desc`,
};

/** The kinds whose allRequest menu the caller may view / approve. */
async function kindsWith(db: Db, auth: AuthContext, action: 'view' | 'approve'): Promise<Set<TRequestKind>> {
  const out = new Set<TRequestKind>();
  for (const k of ['wfh', 'leave', 'visitor'] as const) if (await hasAction(db, auth, KIND_MENU[k], action)) out.add(k);
  return out;
}

async function toViews(db: Db, auth: AuthContext, rows: ListRow[], withBalance: boolean): Promise<TRequest[]> {
  const approveKinds = auth.isSelfService ? new Set<TRequestKind>() : await kindsWith(db, auth, 'approve');
  const history = await historyOf(
    db,
    rows.map((r) => r.approvalId).filter((x): x is number => x !== null),
  );
  const balances = new Map<string, number>();
  if (withBalance) {
    const keys = [
      ...new Set(rows.filter((r) => r.kind === 'leave' && r.leaveTypeId).map((r) => `${r.employeeId}:${r.leaveTypeId}:${r.financialYear}`)),
    ];
    if (keys.length) {
      const sums = await queryRows<{ k: string; days: number }>(
        db,
        // By the (employee, year, type) index: the page's keys unnested, not a text key over every line.
        sql`select l.employee_id || ':' || l.leave_type_id || ':' || l.financial_year as k, sum(l.days)::float8 as days
            from unnest(${`{${keys.map((k) => k.split(':')[0]).join(',')}}`}::int[], ${`{${keys.map((k) => k.split(':')[1]).join(',')}}`}::int[],
                        ${`{${keys.map((k) => k.split(':')[2]).join(',')}}`}::int[]) as p(e, t, y)
              join leave_ledger l on l.employee_id = p.e and l.financial_year = p.y and l.leave_type_id = p.t
            group by 1`,
      );
      for (const s of sums) balances.set(s.k, s.days);
    }
  }
  const now = today();
  return rows.map((r) => {
    const own = r.employeeId === auth.employeeId || r.requestedBy === auth.userId;
    const approver =
      !own &&
      approveKinds.has(r.kind) &&
      canReachUnit(auth, r.unitId) &&
      (auth.isAdmin || r.managerId === null || r.managerId === auth.employeeId);
    return {
      ...r,
      arrivedAt: r.arrivedAt ? new Date(r.arrivedAt).toISOString() : null,
      departedAt: r.departedAt ? new Date(r.departedAt).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      canApprove: approver && r.status === 'pending',
      canWithdraw: r.status === 'pending' && r.requestedBy === auth.userId,
      canCancel: (r.status === 'approved' && ((own && r.fromDate > now) || approver)) || (r.status === 'pending' && approver),
      balance:
        withBalance && r.kind === 'leave' && r.leaveTypeId
          ? (balances.get(`${r.employeeId}:${r.leaveTypeId}:${r.financialYear}`) ?? 0)
          : null,
      history: r.approvalId !== null ? ((history.get(r.approvalId) ?? []) as TRequest['history']) : [],
    };
  });
}

export async function requestView(db: Db, auth: AuthContext, id: number): Promise<TRequest> {
  const rows = await queryRows<ListRow>(db, sql`select ${COLUMNS} ${FROM} where r.id = ${id}`);
  if (!rows[0]) throw new NotFound('Request not found');
  return (await toViews(db, auth, rows, true))[0];
}

export async function myRequests(db: Db, auth: AuthContext, q: z.infer<typeof ZMyRequestsQuery>) {
  const conds: SQL[] = [auth.employeeId == null ? sql`r.requested_by = ${auth.userId}` : sql`r.employee_id = ${auth.employeeId}`];
  if (q.kind) conds.push(sql`r.kind = ${q.kind}`);
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  if (q.from) conds.push(sql`r.to_date >= ${q.from}::date`);
  if (q.to) conds.push(sql`r.from_date <= ${q.to}::date`);
  const where = sql.join(conds, sql` and `);
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from requests r where ${where}`);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where} order by r.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { total, rows: await toViews(db, auth, rows, false) };
}

/** The kinds and units an allRequest query covers (the caller's kinds and reach narrowed by its filters). */
async function listScope(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>) {
  const kinds = auth.isSelfService ? new Set<TRequestKind>() : await kindsWith(db, auth, 'view');
  if (q.kind && !kinds.has(q.kind)) throw new Forbidden('Your role may not see these requests');
  return { kinds: q.kind ? [q.kind] : [...kinds] };
}

/** The filters of the allRequest lists (and their export), limited to the kinds the caller may view and their units. */
export async function listWhere(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>): Promise<SQL> {
  return whereOf(auth, q, (await listScope(db, auth, q)).kinds);
}

function whereOf(auth: AuthContext, q: z.infer<typeof ZRequestsQuery>, kinds: TRequestKind[]): SQL {
  const conds: SQL[] = [];
  conds.push(
    kinds.length === 1 ? sql`r.kind = ${kinds[0]}` : kinds.length ? sql`r.kind = any(${`{${kinds.join(',')}}`}::text[])` : sql`false`,
  );
  const inUnits = unitScope(auth, sql`r.unit_id`);
  if (inUnits) conds.push(inUnits);
  if (q.status) conds.push(sql`r.status = ${q.status}`);
  if (q.unitId) conds.push(sql`r.unit_id = ${Number(q.unitId)}`);
  if (q.departmentId) conds.push(sql`e.department_id = ${Number(q.departmentId)}`);
  if (q.employeeId) conds.push(sql`r.employee_id = ${Number(q.employeeId)}`);
  if (q.leaveTypeId) conds.push(sql`r.leave_type_id = ${Number(q.leaveTypeId)}`);
  // A request never crosses a financial year end (raiseRequest refuses it), so one ending on or after `from` starts
  // on or after the start of `from`'s financial year: the bound changes no answer and lets the lists' indexes read
  // only the dates asked (to_date is in the index too, so a count reads no row).
  if (q.from) conds.push(sql`r.to_date >= ${q.from}::date and r.from_date >= ${financialYearOf(q.from).startDate}::date`);
  if (q.to) conds.push(sql`r.from_date <= ${q.to}::date`);
  // Dates without a unit: the pending-first index (kind, pending, from_date, …) is read as one from_date range per
  // value of its second column instead of the kind's whole range filtered entry by entry (PostgreSQL 15 has no skip
  // scan). With a status that value is known, and `is true / is false` (not `= false`, which the planner turns into
  // status <> 'pending') bounds the ordered page's scan too; without one, `= any` bounds the count's two ranges.
  if ((q.from || q.to) && !q.unitId) {
    conds.push(
      q.status
        ? sql`(r.status = 'pending') is ${sql.raw(q.status === 'pending' ? 'true' : 'false')}`
        : sql`(r.status = 'pending') = any('{true,false}'::bool[])`,
    );
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(e.employee_code ilike ${like} or e.name ilike ${like})`);
  }
  if (q.toDecide) {
    conds.push(sql`r.status = 'pending' and r.employee_id <> ${auth.employeeId ?? 0} and r.requested_by <> ${auth.userId}`);
    if (!auth.isAdmin) conds.push(sql`(e.reporting_manager_id is null or e.reporting_manager_id = ${auth.employeeId ?? 0})`);
  }
  return sql.join(conds, sql` and `);
}

/** Beyond this many rows a filtered list's total is not counted: the answer says "at least" (`capped`). */
export const LIST_COUNT_CAP = 10_000;

/**
 * The list's total: exact from `request_counts` (kept by triggers) when the filters are only kind, unit and status;
 * otherwise counted up to LIST_COUNT_CAP + 1 rows and reported as capped beyond it.
 */
async function listTotal(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof ZRequestsQuery>,
  kinds: TRequestKind[],
  where: SQL,
  needsEmployee: boolean,
): Promise<{ total: number; capped: boolean }> {
  const byCounters = !(q.departmentId || q.employeeId || q.leaveTypeId || q.from || q.to || q.search || q.toDecide);
  if (byCounters) {
    const conds: SQL[] = [sql`kind = any(${`{${kinds.join(',')}}`}::text[])`];
    const inUnits = unitScope(auth, sql`unit_id`);
    if (inUnits) conds.push(inUnits);
    if (q.unitId) conds.push(sql`unit_id = ${Number(q.unitId)}`);
    if (q.status) conds.push(sql`status = ${q.status}`);
    const [{ total }] = await queryRows<{ total: number }>(
      db,
      sql`select coalesce(sum(n), 0)::int as total from request_counts where ${sql.join(conds, sql` and `)}`,
    );
    return { total, capped: false };
  }
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from requests r ${needsEmployee ? sql`join employees e on e.id = r.employee_id` : sql``}
          where ${where} limit ${LIST_COUNT_CAP + 1}) s`,
  );
  return total > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total, capped: false };
}

export async function listRequests(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>) {
  const { kinds } = await listScope(db, auth, q);
  const where = whereOf(auth, q, kinds);
  // The count joins the employees only when a filter reads them (so it can run on the requests' indexes alone).
  const needsEmployee = Boolean(q.departmentId || q.search || q.toDecide);
  const { total, capped } = await listTotal(db, auth, q, kinds, where, needsEmployee);
  // The page's ids first, on the requests (and employees when a filter or the order reads them) alone; the other
  // joins only for those rows, so a deep page does not join the rows it skips.
  const order = ORDER[q.sort] ?? ORDER.pendingFirst;
  const joinEmployee = needsEmployee || q.sort === 'employeeCode';
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM}
        where r.id in (select r.id from requests r ${joinEmployee ? sql`join employees e on e.id = r.employee_id` : sql``}
                       where ${where} order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
        order by ${order}`,
  );
  return { total, capped, rows: await toViews(db, auth, rows, true) };
}

export async function exportRows(db: Db, auth: AuthContext, q: z.infer<typeof ZRequestsQuery>, limit: number): Promise<TRequest[]> {
  const where = await listWhere(db, auth, q);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where} order by ${ORDER[q.sort] ?? ORDER.pendingFirst} limit ${limit}`,
  );
  return toViews(db, auth, rows, true);
}

// ---- decisions ----

/** The request within the caller's reach (own, or in the caller's units for staff roles): 404 otherwise. */
async function reachRequest(db: Db | Tx, auth: AuthContext, id: number): Promise<RequestRow> {
  const [r] = await db.select().from(requests).where(eq(requests.id, id));
  if (!r) throw new NotFound('Request not found');
  const own = r.employeeId === auth.employeeId || r.requestedBy === auth.userId;
  if (!own && (auth.isSelfService || !canReachUnit(auth, r.unitId))) throw new NotFound('Request not found');
  return r;
}

export async function decideRequest(
  db: Db,
  auth: AuthContext,
  id: number,
  action: 'approve' | 'reject',
  remark: string | null | undefined,
  requestId?: string,
): Promise<TRequest> {
  const r = await reachRequest(db, auth, id);
  if (r.approvalId === null) throw new NotFound('Request not found');
  if (r.status !== 'pending') throw new Conflict(`This request was already ${r.status}`);
  await decide(db, auth, r.approvalId, action, remark ?? null, requestId);
  return requestView(db, auth, id);
}

export async function withdrawRequest(db: Db, auth: AuthContext, id: number, requestId?: string): Promise<TRequest> {
  const r = await reachRequest(db, auth, id);
  if (r.requestedBy !== auth.userId) throw new Forbidden('Only the requester may withdraw a request');
  if (r.status !== 'pending' || r.approvalId === null) throw new Conflict(`This request was already ${r.status}`);
  await cancelApproval(db, auth, r.approvalId, null, requestId);
  return requestView(db, auth, id);
}

/**
 * Cancels a request: a pending one (the requester: a withdrawal; an approver: with a reason), or an approved one
 * (the requester before it starts; an approver with a reason). An approved leave's days return to the balance and
 * the days are worked out again.
 */
export async function cancelRequest(db: Db, auth: AuthContext, id: number, reason: string | null | undefined, requestId?: string) {
  const r = await reachRequest(db, auth, id);
  const note = reason?.trim() || null;
  if (r.status === 'pending') {
    if (r.requestedBy === auth.userId) return withdrawRequest(db, auth, id, requestId);
    if (r.approvalId === null) throw new NotFound('Request not found');
    if (r.employeeId === auth.employeeId) throw new Forbidden('Only the requester may withdraw this');
    if (!note) throw new BadRequest('Say why the request is cancelled', { reason: ['A reason is required'] });
    await cancelApproval(db, auth, r.approvalId, note, requestId);
    return requestView(db, auth, id);
  }
  if (r.status !== 'approved' || r.approvalId === null) throw new Conflict(`This request was already ${r.status}`);
  await cancelDecided(db, auth, r.approvalId, note, requestId);
  return requestView(db, auth, id);
}

// ---- visitors at the reception ----

export async function visitorsOf(db: Db, auth: AuthContext, q: { date?: string; status?: TRequestStatus }) {
  const from = q.date ?? today();
  const to = q.date ?? addDays(from, 1);
  const conds: SQL[] = [sql`r.kind = 'visitor'`, sql`r.from_date between ${from}::date and ${to}::date`];
  const inUnits = unitScope(auth, sql`r.unit_id`);
  if (inUnits) conds.push(inUnits);
  conds.push(q.status ? sql`r.status = ${q.status}` : sql`r.status in ('pending', 'approved')`);
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${sql.join(conds, sql` and `)} order by r.from_date, r.expected_time, r.id limit 500`,
  );
  return toViews(db, auth, rows, false);
}

export async function markVisitor(db: Db, auth: AuthContext, id: number, what: 'arrival' | 'departure', requestId?: string) {
  const r = await reachRequest(db, auth, id);
  if (r.kind !== 'visitor') throw new NotFound('Visitor not found');
  if (auth.isSelfService || !canReachUnit(auth, r.unitId)) throw new NotFound('Visitor not found');
  if (r.status !== 'approved') throw new Conflict(`The visit is ${r.status}, not approved`);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
    if (what === 'arrival' && locked.arrivedAt) throw new Conflict('The arrival is already marked');
    if (what === 'departure' && !locked.arrivedAt) throw new Conflict('Mark the arrival first');
    if (what === 'departure' && locked.departedAt) throw new Conflict('The departure is already marked');
    const [after] = await tx
      .update(requests)
      .set(what === 'arrival' ? { arrivedAt: new Date() } : { departedAt: new Date(), updatedBy: auth.userId, updatedAt: new Date() })
      .where(eq(requests.id, id))
      .returning();
    await writeAudit(tx, { entity: 'requests', entityId: id, action: what, before: locked, after, userId: auth.userId, requestId });
    if (what === 'arrival') {
      await notify(tx, await usersOfEmployee(tx, locked.hostEmployeeId ?? locked.employeeId), {
        title: `Your visitor ${locked.visitorName} has arrived`,
        body: `${locked.visitorName}${locked.company ? ` (${locked.company})` : ''} is at the reception: ${locked.purpose ?? ''}`,
        link: OWN_LINK,
      });
    }
  });
  return requestView(db, auth, id);
}

// ---- attendance ----

/**
 * Approved leave and work from home per employee and day, as the attendance rules read them. A half day at either
 * end is half; of a leave partly without pay, the last days are unpaid (as the request was split when approved).
 */
export const readDayRequests: DayRequestsReader = async (db, employeeIds, from, to) => {
  const out = new Map<number, Map<IsoDate, DayRequests>>();
  if (employeeIds.length === 0) return out;
  const rows = await queryRows<{
    employeeId: number;
    kind: string;
    fromDate: string;
    toDate: string;
    halfDayStart: boolean;
    halfDayEnd: boolean;
    days: number;
    lwopDays: number;
    isPaid: boolean | null;
    sandwich: boolean | null;
    code: string | null;
  }>(
    db,
    sql`select r.employee_id as "employeeId", r.kind, r.from_date::text as "fromDate", r.to_date::text as "toDate",
          r.half_day_start as "halfDayStart", r.half_day_end as "halfDayEnd", r.days::float8 as days, r.lwop_days::float8 as "lwopDays",
          lt.is_paid as "isPaid", lt.sandwich, lt.code
        from requests r left join leave_types lt on lt.id = r.leave_type_id
        where r.status = 'approved' and r.kind in ('leave', 'wfh') and r.employee_id = any(${`{${employeeIds.join(',')}}`}::int[])
          and r.from_date <= ${to}::date and r.to_date >= ${from}::date
        order by r.id`,
  );
  for (const r of rows) {
    const byDay = out.get(r.employeeId) ?? new Map<IsoDate, DayRequests>();
    out.set(r.employeeId, byDay);
    const last = r.toDate < to ? r.toDate : to;
    if (r.kind === 'wfh') {
      for (const day of eachDay(r.fromDate > from ? r.fromDate : from, last)) {
        const half = (day === r.fromDate && r.halfDayStart) || (day === r.toDate && r.halfDayEnd);
        byDay.set(day, { ...byDay.get(day), wfh: half ? 0.5 : 1 });
      }
      continue;
    }
    // Which days are unpaid: all (an unpaid type), none, or the last `lwopDays` of the days the request takes.
    let unpaid: Set<IsoDate> | 'all' | null = r.isPaid === false || r.lwopDays >= r.days ? 'all' : r.lwopDays > 0 ? new Set() : null;
    if (unpaid instanceof Set) {
      const off = await offDays(db, r.employeeId, r.fromDate, r.toDate);
      const dates = leaveDates({ ...dateInput(r), isOff: (d) => off.has(d), sandwich: r.sandwich ?? false });
      let left = r.lwopDays;
      for (let i = dates.length - 1; i >= 0 && left > 0; i--) {
        unpaid.add(dates[i].day);
        left -= dates[i].portion;
      }
      if (unpaid.size === 0) unpaid = null;
    }
    for (const day of eachDay(r.fromDate > from ? r.fromDate : from, last)) {
      const half = (day === r.fromDate && r.halfDayStart) || (day === r.toDate && r.halfDayEnd);
      const paid = unpaid === null ? true : unpaid === 'all' ? false : !unpaid.has(day);
      byDay.set(day, { ...byDay.get(day), leave: { portion: half ? 0.5 : 1, paid, code: r.code ?? undefined } });
    }
  }
  return out;
};

// ---- the ledger (administrators) ----

export async function postLedgerLine(
  db: Db,
  auth: AuthContext,
  input: {
    employeeId: number;
    leaveTypeId: number;
    financialYear: number;
    kind: 'opening' | 'credit' | 'adjust' | 'lapse' | 'encash';
    days: number;
    reason: string;
  },
  requestId?: string,
) {
  const e = await staffFacts(db, input.employeeId);
  if (!e || !canReachUnit(auth, e.unitId)) throw new NotFound('Employee not found');
  const policy = await leavePolicy(db, input.leaveTypeId);
  if (!policy) throw new BadRequest('Choose a leave type', { leaveTypeId: ['Not a leave type'] });
  if (input.days === 0) throw new BadRequest('Enter the days', { days: ['Not zero'] });
  if ((input.kind === 'opening' || input.kind === 'credit' || input.kind === 'lapse' || input.kind === 'encash') && input.days < 0) {
    throw new BadRequest('Enter the days as a positive number', { days: ['A positive number'] });
  }
  const days = input.kind === 'lapse' || input.kind === 'encash' ? -input.days : input.days;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leaveLedger)
      .values({
        employeeId: e.id,
        leaveTypeId: policy.id,
        financialYear: input.financialYear,
        kind: input.kind,
        days: String(days),
        reason: input.reason,
        createdBy: auth.userId,
      })
      .returning();
    await writeAudit(tx, { entity: 'leave_ledger', entityId: row.id, action: 'create', after: row, userId: auth.userId, requestId });
    // A line in a closed year moves its year end (carry-forward, lapse, encashment).
    await reworkYearEnds(tx, [{ employeeId: e.id, leaveTypeId: policy.id, financialYear: input.financialYear }]);
    return row.id;
  });
}

export async function ledgerLines(db: Db, employeeId: number, fy: number, leaveTypeId?: number) {
  const rows = await queryRows<{
    id: number;
    employeeId: number;
    leaveTypeId: number;
    leaveTypeCode: string;
    financialYear: number;
    kind: 'opening' | 'credit' | 'debit' | 'lapse' | 'encash' | 'adjust';
    days: number;
    reason: string;
    requestId: number | null;
    createdByName: string | null;
    createdAt: Date;
  }>(
    db,
    sql`select l.id::float8 as id, l.employee_id as "employeeId", l.leave_type_id as "leaveTypeId", lt.code as "leaveTypeCode",
          l.financial_year as "financialYear", l.kind, l.days::float8 as days, l.reason, l.request_id as "requestId",
          u.full_name as "createdByName", l.created_at as "createdAt"
        from leave_ledger l join leave_types lt on lt.id = l.leave_type_id left join users u on u.id = l.created_by
        where l.employee_id = ${employeeId} and l.financial_year = ${fy} ${leaveTypeId ? sql`and l.leave_type_id = ${leaveTypeId}` : sql``}
        order by l.leave_type_id, l.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
}

export { staffFacts };
