// Pieces the requests screens share: status badges, the date range with half days, the remark dialog, the details
// of one request with its history.
import { CalendarDays, Home, Paperclip, UserRound } from 'lucide-react';
import { type ReactNode, type Ref, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { Figure } from '@/components/common/Figure';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { serverErrors } from '@/lib/form';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { downloadAttachment, type TRequest, type TRequestKind, type TRequestStatus } from './api';
import {
  clockOfInstant,
  daysLabel,
  formatBalance,
  KIND_LABEL,
  periodLabel,
  REMARK_BODIES,
  STATUS_LABEL,
  STATUS_VARIANT,
  subjectLabel,
  type TRangeForm,
  type TRemarkBody,
  type TRemarkBodyKind,
  type TRemarkForm,
} from './format';

export function RequestStatusBadge({ status }: { status: TRequestStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="request-status" data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

const KIND_ICON: Record<TRequestKind, ReactNode> = {
  wfh: <Home />,
  leave: <CalendarDays />,
  visitor: <UserRound />,
};

export function KindBadge({ kind }: { kind: TRequestKind }) {
  return (
    <Badge variant="secondary" className="font-normal">
      {KIND_ICON[kind]}
      {KIND_LABEL[kind]}
    </Badge>
  );
}

/** The employee of a row: name over code. */
export function EmployeeCell({ r }: { r: Pick<TRequest, 'employeeName' | 'employeeCode' | 'departmentName'> }) {
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">{r.employeeName}</div>
      <div className="truncate text-xs text-muted-foreground">
        <span className="font-mono">{r.employeeCode}</span>
        {r.departmentName ? ` · ${r.departmentName}` : ''}
      </div>
    </div>
  );
}

/** When: the period (or the visitor's date and time) and the days it takes. */
export function WhenCell({ r }: { r: TRequest }) {
  if (r.kind === 'visitor')
    return (
      <span className="whitespace-nowrap tabular-nums">
        {formatDate(r.fromDate)} {r.expectedTime ?? ''}
      </span>
    );
  return (
    <div className="min-w-0">
      <div className="whitespace-nowrap tabular-nums">{periodLabel(r)}</div>
      <div className="text-xs text-muted-foreground">
        {daysLabel(r.days)}
        {r.lwopDays > 0 && <span className="text-amber-700 dark:text-amber-300"> · {daysLabel(r.lwopDays)} without pay</span>}
      </div>
    </div>
  );
}

/**
 * From / to dates with a half day at either end (WFH and leave). `refs`: the form's refs of the two dates
 * (`form.register('fromDate').ref`), so that a form sent with a date in error focuses it.
 */
export function RangeFields({
  value,
  onChange,
  errors,
  min,
  refs,
}: {
  value: TRangeForm;
  onChange: (v: TRangeForm) => void;
  errors: Partial<Record<string, string>>;
  min?: string;
  refs?: { fromDate?: Ref<HTMLInputElement>; toDate?: Ref<HTMLInputElement> };
}) {
  const oneDay = value.fromDate !== '' && value.fromDate === value.toDate;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="From" htmlFor="req-from" required error={errors.fromDate}>
        <DateInput
          ref={refs?.fromDate}
          id="req-from"
          value={value.fromDate}
          min={min}
          aria-invalid={!!errors.fromDate || undefined}
          onChange={(e) => {
            const fromDate = e.target.value;
            // Moving the start past the end moves the end with it (the usual one-day request needs one pick).
            onChange({ ...value, fromDate, toDate: !value.toDate || value.toDate < fromDate ? fromDate : value.toDate });
          }}
          data-testid="req-from"
        />
      </FormField>
      <FormField label="To" htmlFor="req-to" required error={errors.toDate}>
        <DateInput
          ref={refs?.toDate}
          id="req-to"
          value={value.toDate}
          min={value.fromDate || min}
          aria-invalid={!!errors.toDate || undefined}
          onChange={(e) => onChange({ ...value, toDate: e.target.value })}
          data-testid="req-to"
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:col-span-2">
        <HalfDayBox
          id="req-half-start"
          checked={value.halfDayStart}
          onChange={(c) => onChange({ ...value, halfDayStart: c })}
          label={oneDay ? 'Half day' : 'Half day on the first day (2nd half)'}
        />
        {!oneDay && (
          <HalfDayBox
            id="req-half-end"
            checked={value.halfDayEnd}
            onChange={(c) => onChange({ ...value, halfDayEnd: c })}
            label="Half day on the last day (1st half)"
          />
        )}
        {(errors.halfDayStart || errors.halfDayEnd) && (
          <p className="basis-full text-sm text-destructive" role="alert">
            {[errors.halfDayStart, errors.halfDayEnd].filter(Boolean).join(' ')}
          </p>
        )}
      </div>
    </div>
  );
}

function HalfDayBox({ id, checked, onChange, label }: { id: string; checked: boolean; onChange: (c: boolean) => void; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} data-testid={id} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/**
 * Asks for a remark (required to reject) or a reason (to cancel: optional for the requester, required of an approver)
 * and runs the action with it, trimmed. `body`: the request it goes in, whose contract schema checks it; the
 * server's field errors come back under it.
 */
export function RemarkDialog({
  open,
  title,
  description,
  label,
  body,
  confirm,
  destructive,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  label: string;
  body: TRemarkBodyKind;
  confirm: string;
  destructive?: boolean;
  onClose: () => void;
  /** Resolves when done (the dialog closes); rejects (an ApiError's field errors are shown) to keep it open. */
  onConfirm: (text: string) => Promise<void>;
}) {
  const form = useForm<TRemarkForm, unknown, TRemarkBody>({ resolver: REMARK_BODIES[body], defaultValues: { text: '' } });
  const confirmAction = useAction((remark: string) => onConfirm(remark), {
    onDone: () => onClose(),
    onError: (err) => {
      if (err instanceof ApiError) serverErrors(form, { rename: { remark: 'text', reason: 'text' }, fields: ['text'] })(err);
    },
  });
  const busy = confirmAction.busy;
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ text: '' });
  }, [open, reset]);
  const errors = form.formState.errors;
  const error = errors.text?.message ?? errors.root?.message;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={form.handleSubmit(async (sent) => {
            await confirmAction.run(sent.remark ?? sent.reason ?? '');
          })}
        >
          <FormField label={label} htmlFor="remark-text" required={body !== 'cancel'} error={error}>
            <Textarea
              id="remark-text"
              maxLength={500}
              autoFocus
              {...form.register('text', { onChange: () => form.clearErrors('root') })}
              aria-invalid={!!error || undefined}
              data-testid="remark-text"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy} data-testid="remark-confirm">
              {busy ? 'Working…' : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One request in full: what, when, why, the attachment, visitor details, the decision and its history. */
export function RequestDetails({
  item,
  onClose,
  actions,
  extra,
}: {
  item: TRequest | null;
  onClose: () => void;
  actions?: ReactNode;
  /** Shown under the figures (the employee's balances, for an approver). */
  extra?: ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="request-details">
        {item && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                {KIND_LABEL[item.kind]}: {subjectLabel(item)} <RequestStatusBadge status={item.status} />
              </DialogTitle>
              <DialogDescription>
                {item.employeeName} ({item.employeeCode}) · {item.unitName}
                {item.departmentName ? ` · ${item.departmentName}` : ''}
              </DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              {item.kind === 'visitor' ? (
                <>
                  <Figure label="Expected" value={`${formatDate(item.fromDate)} ${item.expectedTime ?? ''}`} />
                  <Figure label="Visitors" value={item.visitorCount ?? 1} />
                  <Figure label="Mobile" value={`${item.mobileCode ?? ''} ${item.mobile ?? ''}`.trim() || '—'} />
                  <Figure label="Company" value={item.company || '—'} />
                  <Figure label="Host" value={item.hostName ?? item.employeeName} />
                  <Figure
                    label="Arrived / left"
                    value={`${clockOfInstant(item.arrivedAt) || '—'} / ${clockOfInstant(item.departedAt) || '—'}`}
                  />
                </>
              ) : (
                <>
                  <Figure label="Period" value={periodLabel(item)} className="col-span-2" />
                  <Figure label="Days" value={daysLabel(item.days)} />
                  {item.kind === 'leave' && (
                    <>
                      <Figure label="Type" value={`${item.leaveTypeName ?? ''}${item.isPaid === false ? ' (unpaid)' : ''}`} />
                      <Figure label="Without pay" value={daysLabel(item.lwopDays)} />
                      {item.balance !== null && <Figure label="Balance before" value={formatBalance(item.balance)} />}
                    </>
                  )}
                </>
              )}
              <Figure label="Asked on" value={formatDateTime(item.createdAt)} />
              {item.requestedByName !== item.employeeName && <Figure label="Raised by" value={item.requestedByName} />}
              {item.decidedAt && <Figure label="Decided on" value={formatDateTime(item.decidedAt)} />}
            </div>
            <div className="rounded-md bg-muted/50 px-3 py-2 text-sm">
              <div className="text-xs text-muted-foreground">{item.kind === 'visitor' ? 'Purpose' : 'Reason'}</div>
              {item.kind === 'visitor' ? item.purpose : item.reason}
            </div>
            {extra}
            {item.cancelReason && (
              <p className="text-sm">
                <span className="text-muted-foreground">Cancelled because: </span>“{item.cancelReason}”
              </p>
            )}
            {item.attachmentName && (
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void downloadAttachment(item).catch(() => undefined)}>
                <Paperclip /> {item.attachmentName}
              </Button>
            )}
            <div className="grid gap-1.5">
              <div className="text-xs font-medium text-muted-foreground">History</div>
              <ApprovalTrail lines={item.history} />
            </div>
            {actions && <DialogFooter>{actions}</DialogFooter>}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A labelled figure tile (the balance strip of the leave form and the summary). */
export function Tile({
  label,
  value,
  tone,
  hint,
  className,
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-md border bg-card px-3 py-2', className)} title={hint}>
      <div className="truncate text-xs text-muted-foreground">{label}</div>
      <div className={cn('text-lg font-semibold tabular-nums', tone)}>{value}</div>
    </div>
  );
}
