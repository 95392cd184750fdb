// Raising a work-from-home, leave or visitor request for oneself: one at a time per employee (overlaps refused),
// frozen salary months refused (leave reaches a paid month through payroll instead), submitted to its approval kind,
// its approvers notified.
import { leaveDates, totalDays } from '@hr/attendance';
import { formatIsoDMY as dmy } from '@hr/calendar';
import type { TRequest, ZRaiseRequest } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { requests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { submitApproval } from '../approvals/service';
import { APPROVAL_KINDS } from './approval-kinds';
import { planLeave, refuse } from './leave-plan';
import { fyOf } from './leave-terms';
import { requestView } from './lists';
import { approversOf, notify } from './notify';
import { offDays } from './off-days';
import {
  assertOpen,
  crossesYearEnd,
  dateInput,
  describe,
  halves,
  KIND_LABEL,
  KIND_MENU,
  leaveName,
  ownStaff,
  today,
} from './request-rules';
import { hostWhere } from './visitors';

type RaiseInput = z.infer<typeof ZRaiseRequest>;

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
