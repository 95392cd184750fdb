// Pure helpers of the requests screens: labels, periods, day counts, the form's own checks.
import { addDays, financialYearOf } from '@hr/calendar';
import type { TRequest, TRequestKind, TRequestStatus } from '@hr/contract';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver } from '@/lib/form';
import { formatDate } from '@/lib/format';

export const KIND_LABEL: Record<TRequestKind, string> = { wfh: 'Work from home', leave: 'Leave', visitor: 'Visitor' };

export const STATUS_LABEL: Record<TRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
};

export const STATUS_VARIANT = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  cancelled: 'outline',
  withdrawn: 'outline',
} as const satisfies Record<TRequestStatus, string>;

/** 2 → '2 days', 1 → '1 day', 0.5 → '½ day', 2.5 → '2½ days', 0 → '0 days'. */
export function daysLabel(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return '';
  const whole = Math.trunc(days);
  const half = Math.abs(days - whole) >= 0.25;
  const sign = days < 0 ? '−' : '';
  const text = `${sign}${whole === 0 && half ? '' : Math.abs(whole)}${half ? '½' : ''}`;
  return `${text} ${days !== 0 && Math.abs(days) <= 1 ? 'day' : 'days'}`;
}

/** A balance figure: 12.5 → '12.5', −1 → '−1', 0 → '0'. */
export function formatBalance(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return '';
  const rounded = Math.round(days * 100) / 100;
  return rounded < 0 ? `−${Math.abs(rounded)}` : String(rounded);
}

/**
 * The period of a request in DD/MM/YYYY: '03/11/2026', '03/11/2026 – 05/11/2026', with its half days noted:
 * '03/11/2026 (half day)', '03/11/2026 (2nd half) – 05/11/2026 (1st half)'.
 */
export function periodLabel(r: Pick<TRequest, 'fromDate' | 'toDate' | 'halfDayStart' | 'halfDayEnd'>): string {
  if (r.fromDate === r.toDate) return `${formatDate(r.fromDate)}${r.halfDayStart || r.halfDayEnd ? ' (half day)' : ''}`;
  const start = `${formatDate(r.fromDate)}${r.halfDayStart ? ' (2nd half)' : ''}`;
  const end = `${formatDate(r.toDate)}${r.halfDayEnd ? ' (1st half)' : ''}`;
  return `${start} – ${end}`;
}

/** What a request asks for, in one line: the leave type, 'Work from home', or the visitor and their company. */
export function subjectLabel(
  r: Pick<TRequest, 'kind' | 'leaveTypeName' | 'leaveTypeCode' | 'visitorName' | 'company' | 'visitorCount'>,
): string {
  if (r.kind === 'leave') return r.leaveTypeName ?? r.leaveTypeCode ?? 'Leave';
  if (r.kind === 'wfh') return KIND_LABEL.wfh;
  const who = r.visitorName ?? 'Visitor';
  const more = r.visitorCount && r.visitorCount > 1 ? ` +${r.visitorCount - 1}` : '';
  return `${who}${more}${r.company ? ` (${r.company})` : ''}`;
}

export type TRangeForm = { fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean };

/** The checks the form makes before asking the server: both dates, in order, half days that make sense. */
export function rangeErrors(f: TRangeForm): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!f.fromDate) out.fromDate = ['Choose the first day'];
  if (!f.toDate) out.toDate = ['Choose the last day'];
  if (f.fromDate && f.toDate && f.toDate < f.fromDate) out.toDate = ['The last day cannot be before the first day'];
  if (f.fromDate && f.fromDate === f.toDate && f.halfDayStart && f.halfDayEnd)
    out.halfDayEnd = ['A single day is either a half day or a full day: tick one half only'];
  return out;
}

/** A range form that is complete enough to ask the server what it would take. */
export const rangeReady = (f: TRangeForm): boolean => Object.keys(rangeErrors(f)).length === 0;

/** The financial year (named by the calendar year it starts in) of the header's choice, else of today. */
export function financialYearStart(selected: { startDate: string } | null | undefined, today: string): number {
  return financialYearOf(selected?.startDate ?? today).startYear;
}

/** Today and tomorrow (the reception's two days). */
export const receptionDays = (today: string): [string, string] => [today, addDays(today, 1)];

/** 'HH:MM' of an ISO instant in the organisation's zone, or '' (arrival / departure marks). */
export function clockOfInstant(at: string | null | undefined, timeZone = 'Asia/Kolkata'): string {
  if (!at) return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/** The toast line after a bulk decision: '3 approved' / '2 approved, 1 not: …'. */
export function bulkSummary(action: 'approve' | 'reject', result: { done: number[]; failed: { id: number; message: string }[] }): string {
  const verb = action === 'approve' ? 'approved' : 'rejected';
  const head = `${result.done.length} ${verb}`;
  if (result.failed.length === 0) return head;
  const first = result.failed[0].message;
  return `${head}, ${result.failed.length} not${first ? `: ${first}${result.failed.length > 1 ? ' …' : ''}` : ''}`;
}

/**
 * A raise form's resolver: the contract's schema of its kind (what the server validates with) on the body the form
 * would send, and the form's own checks, whose words ("Choose the first day") win on their fields. The submit handler
 * gets the contract's body. `context` is the form's (`useForm({ context })`), e.g. whether the leave needs an attachment.
 */
export function raiseResolver<TForm extends FieldValues, TBody extends FieldValues, TContext = unknown>(
  schema: z.ZodType<TBody, unknown>,
  toBody: (v: TForm) => unknown,
  checks: (v: TForm, context: TContext | undefined) => Record<string, string[]>,
): Resolver<TForm, TContext, TBody> {
  const contract = contractResolver<FieldValues, TBody>(schema);
  return async (values, context, options) => {
    const result = await contract(toBody(values) as FieldValues, context, options as never);
    const local = Object.entries(checks(values, context));
    if (!local.length) return result as ResolverResult<TForm, TBody>;
    const errors: FieldErrors = { ...result.errors };
    for (const [name, messages] of local) errors[name] = { type: 'form', message: messages.join(' ') };
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}
