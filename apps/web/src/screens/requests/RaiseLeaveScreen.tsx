import { ZRaiseLeave } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { AlertTriangle, Paperclip, Send, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UploadProgress } from '@/components/common/UploadProgress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { bodyResolver } from '@/lib/form';
import { formatDate, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { type TLeaveBalance, type TLeavePreview, uploadAttachment, useLeavePreview, useMyBalances } from './api';
import { RangeFields, Tile } from './components';
import { daysLabel, financialYearStart, formatBalance, rangeErrors, rangeReady, type TRangeForm } from './format';
import { LeaveTypeSelect } from './LeaveTypeSelect';
import { FormProblem, fieldMessages, RaiseFrame, rangeRefs, setFields, useRaise } from './RaiseParts';

type TAttachment = { key: string; name: string } | null;
type TLeaveForm = TRangeForm & { leaveTypeId: number | null; reason: string; attachment: TAttachment };
type TLeaveBody = z.output<typeof ZRaiseLeave>;

/** The range sent: one day has no half day at its end. */
const sentRange = (v: TRangeForm): TRangeForm => ({ ...v, halfDayEnd: v.fromDate === v.toDate ? false : v.halfDayEnd });

/** The body's fields the form keeps under another name (its errors, the contract's and the server's, go there). */
const RENAME = { attachmentKey: 'attachment' };

/** The contract's leave request; the form's own words first, and the attachment where the preview says the type needs one. */
const RESOLVER = bodyResolver<TLeaveForm, TLeaveBody, { attachmentRequired: boolean }>(
  ZRaiseLeave,
  ({ attachment, ...v }) => ({ kind: 'leave', ...v, ...sentRange(v), attachmentKey: attachment?.key ?? null }),
  {
    rename: RENAME,
    checks: (v, context) => {
      const local = rangeErrors(v);
      if (v.leaveTypeId === null) local.leaveTypeId = ['Choose the leave type'];
      if (context?.attachmentRequired && !v.attachment) local.attachment = ['This leave needs an attachment (e.g. a medical certificate)'];
      return local;
    },
  },
);

/** The attachment chosen for the request (the form's `attachment`): uploaded as soon as it is picked, with its progress. */
function useAttachment(form: UseFormReturn<TLeaveForm, { attachmentRequired: boolean }, TLeaveBody>) {
  const [uploading, setUploading] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const attachment = form.watch('attachment');
  const setAttachment = (a: TAttachment) => setFields(form, { attachment: a });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(0);
    try {
      const saved = await uploadAttachment(file, setUploading);
      if (saved) setAttachment({ key: saved.key, name: saved.name || file.name });
    } catch {
      // toast shown
    } finally {
      setUploading(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return { attachment, setAttachment, uploading, pick, fileRef };
}

/** The attachment's file input, its upload progress and the file chosen (removable). */
function AttachmentField({
  required,
  error,
  upload,
}: {
  required: boolean | undefined;
  error: string | undefined;
  upload: ReturnType<typeof useAttachment>;
}) {
  const { attachment, uploading } = upload;
  return (
    <FormField
      label="Attachment"
      htmlFor="req-attachment"
      required={required}
      error={error}
      hint="PDF, JPG or PNG up to 5 MB (e.g. a medical certificate)."
    >
      <div className="flex flex-wrap items-center gap-2">
        <Input
          ref={upload.fileRef}
          id="req-attachment"
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          className="w-72"
          disabled={uploading !== null}
          onChange={(e) => void upload.pick(e.target.files?.[0])}
          data-testid="req-attachment"
        />
        {attachment && (
          <span className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-1 text-sm" data-testid="attachment-name">
            <Paperclip className="size-3.5" /> {attachment.name}
            <button type="button" aria-label="Remove the attachment" onClick={() => upload.setAttachment(null)}>
              <X className="size-3.5" />
            </button>
          </span>
        )}
      </div>
      {uploading !== null && <UploadProgress label="Uploading the attachment…" progress={uploading} />}
    </FormField>
  );
}

/**
 * /outlet/request/leave_req: a leave of a type over a range (half day at the start or end), a reason and, where the
 * type asks, an attachment. Before sending it shows the type's balance and what the server says the request takes.
 */
export default function RaiseLeaveScreen() {
  const { menu } = useCurrentMenu(MENU.requestLeave);
  const today = todayIso();
  const fyDtls = useSession((s) => s.finYearDtls);
  const balances = useMyBalances(financialYearStart(fyDtls, today));
  const empty: TLeaveForm = {
    leaveTypeId: null,
    fromDate: '',
    toDate: '',
    halfDayStart: false,
    halfDayEnd: false,
    reason: '',
    attachment: null,
  };
  // Whether the type needs an attachment is the preview's answer, which comes from the form's values.
  const context = useRef({ attachmentRequired: false }).current;
  const form = useForm<TLeaveForm, { attachmentRequired: boolean }, TLeaveBody>({ resolver: RESOLVER, defaultValues: empty, context });
  const errors = fieldMessages(form.formState.errors);
  const { busy, send } = useRaise(form, RENAME);
  const upload = useAttachment(form);
  const { attachment, uploading } = upload;
  const { leaveTypeId, fromDate, toDate, halfDayStart, halfDayEnd } = form.watch();
  const range = { fromDate, toDate, halfDayStart, halfDayEnd };

  const previewQuery = leaveTypeId !== null && rangeReady(range) ? { leaveTypeId, ...sentRange(range) } : null;
  const preview = useLeavePreview(previewQuery);
  const p = previewQuery ? preview.data : undefined;
  const balance = balances.data?.find((b) => b.leaveTypeId === leaveTypeId) ?? null;
  context.attachmentRequired = !!p?.attachmentRequired;

  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) form.reset(empty);
  });

  return (
    <RaiseFrame
      title={menu?.label ?? 'Leave request'}
      description="Ask for leave; you see what it takes from your balance before you send it."
      kind="leave"
      side={
        <BalancesCard
          balances={balances.data}
          loading={balances.isLoading}
          selected={leaveTypeId}
          onPick={(id) => setFields(form, { leaveTypeId: id })}
        />
      }
    >
      <form className="grid max-w-2xl gap-4" onSubmit={submit} data-testid="leave-form">
        <FormField label="Leave type" htmlFor="req-leave-type" required error={errors.leaveTypeId}>
          <LeaveTypeSelect
            ref={form.register('leaveTypeId').ref}
            id="req-leave-type"
            placeholder="Choose the leave type"
            value={leaveTypeId}
            invalid={!!errors.leaveTypeId}
            onChange={(v) => setFields(form, { leaveTypeId: v })}
            data-testid="req-leave-type"
          />
        </FormField>
        <RangeFields value={range} errors={errors} onChange={(v) => setFields(form, v)} refs={rangeRefs(form)} />
        <PreviewPanel
          waiting={previewQuery === null}
          loading={preview.isFetching && !p}
          failed={preview.isError && !p}
          problem={previewProblem(preview.error)}
          preview={p}
          balance={balance}
        />
        <FormField label="Reason" htmlFor="req-reason" required error={errors.reason}>
          <Textarea
            id="req-reason"
            maxLength={500}
            aria-invalid={!!errors.reason || undefined}
            {...form.register('reason')}
            data-testid="req-reason"
          />
        </FormField>
        {(p?.attachmentRequired || attachment || errors.attachment) && (
          <AttachmentField required={p?.attachmentRequired} error={errors.attachment} upload={upload} />
        )}
        <FormProblem messages={errors.root ? [errors.root] : undefined} />
        <div>
          <Button type="submit" disabled={busy || uploading !== null} data-testid="req-submit">
            <Send /> {busy ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </form>
    </RaiseFrame>
  );
}

/** What the request takes: days, without pay, available now and after; the days themselves; the server's objections. */
function PreviewPanel({
  waiting,
  loading,
  failed,
  problem,
  preview,
  balance,
}: {
  waiting: boolean;
  loading: boolean;
  failed: boolean;
  problem: string | null;
  preview: TLeavePreview | undefined;
  balance: TLeaveBalance | null;
}) {
  if (waiting)
    return (
      <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground" data-testid="leave-preview-waiting">
        Choose the type and the dates to see what the request takes from your balance.
      </p>
    );
  if (loading) return <Skeleton className="h-24" />;
  if (failed || !preview)
    return (
      <p className={cn('text-sm', problem ? 'text-destructive' : 'text-muted-foreground')} data-testid="leave-preview-problem">
        {problem ?? 'The server could not be reached to show what this request takes; it is checked again when you send it.'}
      </p>
    );
  const paid = preview.days - preview.lwopDays;
  const after = preview.available - paid;
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3" data-testid="leave-preview">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="This request takes" value={daysLabel(preview.days)} tone="text-primary" />
        <Tile
          label="Available now"
          value={formatBalance(preview.available)}
          hint={
            balance
              ? `Balance ${formatBalance(balance.balance)} less ${formatBalance(balance.pending)} pending`
              : 'Balance less pending requests'
          }
        />
        <Tile label="Left after" value={formatBalance(after)} tone={after < 0 ? 'text-destructive' : undefined} />
        <Tile
          label="Without pay"
          value={daysLabel(preview.lwopDays)}
          tone={preview.lwopDays > 0 ? 'text-amber-700 dark:text-amber-300' : undefined}
        />
      </div>
      {preview.dates.length > 0 && (
        <div className="flex flex-wrap gap-1 text-xs" data-testid="leave-preview-days">
          {preview.dates.map((d) => (
            <span
              key={d.day}
              className={cn('rounded bg-background px-1.5 py-0.5 tabular-nums ring-1 ring-border', d.portion < 1 && 'italic')}
            >
              {formatDate(d.day)}
              {d.portion < 1 ? ' ½' : ''}
            </span>
          ))}
        </div>
      )}
      {preview.days === 0 && <p className="text-sm text-muted-foreground">Every day of this range is a holiday or a weekly off.</p>}
      {preview.problems.length > 0 && (
        <ul className="grid gap-1 text-sm text-destructive" data-testid="leave-preview-problems">
          {preview.problems.map((m) => (
            <li key={m} className="flex items-start gap-1.5">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" /> {m}
            </li>
          ))}
        </ul>
      )}
      {preview.attachmentRequired && <p className="text-sm text-muted-foreground">This leave needs an attachment.</p>}
    </div>
  );
}

/** The year's balances per type (available now); a click chooses that type. */
function BalancesCard({
  balances,
  loading,
  selected,
  onPick,
}: {
  balances: TLeaveBalance[] | undefined;
  loading: boolean;
  selected: number | null;
  onPick: (id: number) => void;
}) {
  return (
    <Card className="gap-3 py-4" data-testid="leave-balances">
      <CardHeader className="px-4">
        <CardTitle className="text-sm">Your balance</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {loading ? (
          <Skeleton className="h-20" />
        ) : !balances?.length ? (
          <p className="text-sm text-muted-foreground">No leave is credited to you this year.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {balances.map((b) => (
              <li key={b.leaveTypeId}>
                <button
                  type="button"
                  onClick={() => onPick(b.leaveTypeId)}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-accent',
                    selected === b.leaveTypeId && 'bg-accent',
                  )}
                  data-testid="balance-row"
                >
                  <span className="min-w-0 flex-1 truncate">
                    {b.leaveTypeName}
                    {!b.isPaid && <span className="text-xs text-muted-foreground"> (unpaid)</span>}
                  </span>
                  {b.pending > 0 && <span className="text-xs text-amber-700 dark:text-amber-300">{formatBalance(b.pending)} pending</span>}
                  <span className="w-10 text-right font-semibold tabular-nums" data-testid="balance-available">
                    {formatBalance(b.available)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Why the preview is missing: the server's own objection to the type or dates (a 400 / 404 / 409 names it, e.g. the
 * to date before the from date), or null when the server was not reached or failed.
 */
function previewProblem(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  const fields = Object.values(error.fieldErrors).flat();
  return fields.length ? fields.join(' ') : error.message;
}
