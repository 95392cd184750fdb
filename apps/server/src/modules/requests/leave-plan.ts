// What a leave request would take and why it would be refused: the form's preview and the raise both use planLeave.
import { leaveDates, longestRun, splitLeave, totalDays } from '@hr/attendance';
import { addDays } from '@hr/calendar';
import type { ZLeavePreviewQuery } from '@hr/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { BadRequest } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { leaveTypeProblems } from './leave-eligibility';
import { fyOf, notApplicableMessage, policyOf, type StaffFacts } from './leave-terms';
import { balanceOf, upcomingCredits } from './ledger';
import { offDays } from './off-days';
import { crossesYearEnd, dateInput, ownStaff, today } from './request-rules';

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
export async function planLeave(
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

export async function leavePreview(db: Db, auth: AuthContext, q: z.infer<typeof ZLeavePreviewQuery>) {
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

export function refuse(problems: { field: string; message: string }[]): never {
  const fields: Record<string, string[]> = {};
  for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), p.message];
  throw new BadRequest(problems[0].message, fields);
}
