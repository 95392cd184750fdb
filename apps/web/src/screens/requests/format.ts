// Pure helpers of the requests screens: labels, periods, day counts, the range form's own checks (bodyResolver's
// `checks` in lib/form.ts), the remark dialog's resolvers.
import { addDays, financialYearOf } from '@hr/calendar';
import { type TRequest, type TRequestKind, type TRequestStatus, ZCancelRequest, ZRejectRequest } from '@hr/contract';
import { bodyResolver } from '@/lib/form';
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

export type TRemarkForm = { text: string };
export type TRemarkBody = { remark?: string | null; reason?: string | null };

/** The remark dialog's resolvers: the body its text is sent in, checked with the contract's schema the route validates. */
export const REMARK_BODIES = {
  /** POST /api/requests/{id}/reject, and a bulk reject (/api/requests/bulk wants the remark too). */
  reject: bodyResolver<TRemarkForm, TRemarkBody>(ZRejectRequest, (v) => ({ remark: v.text }), { rename: { remark: 'text' } }),
  /** POST /api/requests/{id}/cancel by the requester: the reason is optional. */
  cancel: bodyResolver<TRemarkForm, TRemarkBody>(ZCancelRequest, (v) => ({ reason: v.text }), { rename: { reason: 'text' } }),
  /** The same by an approver: the route wants a reason (its schema leaves it to the route), in the route's words. */
  approverCancel: bodyResolver<TRemarkForm, TRemarkBody>(ZCancelRequest, (v) => ({ reason: v.text }), {
    rename: { reason: 'text' },
    checks: (v): Record<string, string[]> => (v.text.trim() ? {} : { text: ['A reason is required'] }),
  }),
};
export type TRemarkBodyKind = keyof typeof REMARK_BODIES;
