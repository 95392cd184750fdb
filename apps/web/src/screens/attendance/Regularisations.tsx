import type { REGULARISATION_STATUSES } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApprovalTrail } from '@/components/approvals/ApprovalTrail';
import { LoadError } from '@/components/common/LoadError';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { EmptyState } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { serverErrors } from '@/lib/form';
import { dayLabel, formatDate, formatDateTime } from '@/lib/format';
import { useAction } from '@/lib/useAction';

import { attendanceKeys, decideRegularisation, type TRegularisation, useRegularisations } from './api';
import { REJECT_RESOLVER, type TRejectForm } from './reject-form';

type TStatus = (typeof REGULARISATION_STATUSES)[number];

const STATUS_VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive', cancelled: 'outline' } as const;
const STATUS_TEXT: Record<TStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', cancelled: 'Withdrawn' };

export function RegularisationStatus({ status }: { status: TStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="regularisation-status">
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/** The times asked for: '09:30 – 18:45 (+1)'. */
export function askedTimes(r: Pick<TRegularisation, 'inTime' | 'outTime' | 'outNextDay'>): string {
  return `${r.inTime ?? '--:--'} – ${r.outTime ?? '--:--'}${r.outNextDay && r.outTime ? ' (+1)' : ''}`;
}

/** My corrections, newest first, with their state and a way to withdraw a pending one. */
export function MyRegularisations() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useRegularisations({ scope: 'mine', page, pageSize });
  const [open, setOpen] = useState<TRegularisation | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const withdrawAction = useAction((r: TRegularisation) => decideRegularisation(r.id, { action: 'cancel' }), {
    success: (_, r) => ({ title: 'Request withdrawn', description: formatDate(r.day) }),
    onDone: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.regularisations }),
  });
  const busy = withdrawAction.pending?.[0].id ?? null;
  const withdraw = withdrawAction.run;

  const columns: DataColumn<TRegularisation>[] = [
    { id: 'day', header: 'Day', cell: (r) => <span className="whitespace-nowrap font-medium">{dayLabel(r.day)}</span> },
    { id: 'times', header: 'In – out', cell: (r) => <span className="whitespace-nowrap tabular-nums">{askedTimes(r)}</span> },
    { id: 'reason', header: 'Reason', cell: (r) => <span className="line-clamp-2 max-w-80">{r.reason}</span> },
    { id: 'status', header: 'Status', cell: (r) => <RegularisationStatus status={r.status} /> },
    {
      id: 'createdAt',
      header: 'Asked on',
      cell: (r) => <span className="whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(r.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: '',
      isolated: true,
      headClassName: 'w-0',
      cell: (r) =>
        r.status === 'pending' ? (
          <Button size="sm" variant="ghost" disabled={busy === r.id} onClick={() => void withdraw(r)} data-testid="withdraw-regularisation">
            <Undo2 /> Withdraw
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="grid gap-3">
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={<EmptyState className="border-0 p-0" title="No correction asked" description="Ask for one from a day in the calendar." />}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'regularisation-row', onClick: () => setOpen(r) })}
      />
      <LoadError what="Your corrections" show={list.isError && !list.data} />
      {total > pageSize && (
        <PaginationBar
          page={page}
          pages={Math.ceil(total / pageSize)}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      )}
      <RegularisationDetails item={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** A correction's request and its approval steps. */
export function RegularisationDetails({ item, onClose }: { item: TRegularisation | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {item && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                Correction of {formatDate(item.day)} <RegularisationStatus status={item.status} />
              </DialogTitle>
              <DialogDescription>
                {item.name} ({item.employeeCode}): {askedTimes(item)}
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm">“{item.reason}”</p>
            <ApprovalTrail lines={item.history} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Corrections the caller may decide (scope toDecide), pending first: approve, or reject with a remark.
 * `compact` drops the less needed columns (the panel of the day view).
 */
export function PendingCorrections({ compact }: { compact?: boolean }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const list = useRegularisations({ scope: 'toDecide', status: 'pending', page, pageSize });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const [rejecting, setRejecting] = useState<TRegularisation | null>(null);
  const form = useForm<TRejectForm, unknown, TRejectForm>({ resolver: REJECT_RESOLVER, defaultValues: { remark: '' } });
  const remarkError = form.formState.errors.remark?.message ?? form.formState.errors.root?.message;
  const [open, setOpen] = useState<TRegularisation | null>(null);

  const decideAction = useAction(
    (r: TRegularisation, action: 'approve' | 'reject', note: string | undefined) =>
      decideRegularisation(
        r.id,
        { action, remark: note || undefined },
        // A refused rejection says why in the dialog: the remark's error on it, any other (a 409) below it.
        action === 'reject' ? { onError: serverErrors(form, { whole: true }) } : undefined,
      ),
    {
      success: (_, r, action) => ({
        title: action === 'approve' ? 'Correction approved' : 'Correction rejected',
        description: `${r.name}, ${formatDate(r.day)}`,
      }),
      onDone: async () => {
        setRejecting(null);
        // An approved correction changes the day: every attendance view is refreshed.
        await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      },
    },
  );
  const busy = decideAction.pending?.[0].id ?? null;
  const decide = decideAction.run;

  const columns: DataColumn<TRegularisation>[] = [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div className="min-w-0">
          <div className="truncate font-medium">{r.name}</div>
          <div className="font-mono text-xs text-muted-foreground">{r.employeeCode}</div>
        </div>
      ),
    },
    { id: 'day', header: 'Day', cell: (r) => <span className="whitespace-nowrap">{dayLabel(r.day)}</span> },
    { id: 'times', header: 'In – out', cell: (r) => <span className="whitespace-nowrap tabular-nums">{askedTimes(r)}</span> },
    ...(compact
      ? []
      : [{ id: 'reason', header: 'Reason', cell: (r: TRegularisation) => <span className="line-clamp-2 max-w-72">{r.reason}</span> }]),
    {
      id: 'actions',
      header: '',
      isolated: true,
      headClassName: 'w-0',
      cell: (r) =>
        r.canDecide ? (
          <div className="flex justify-end gap-1">
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label="Approve"
              title="Approve"
              disabled={busy === r.id}
              onClick={() => void decide(r, 'approve', undefined)}
              data-testid="approve-regularisation"
            >
              <Check className="text-success" />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label="Reject"
              title="Reject"
              disabled={busy === r.id}
              onClick={() => {
                form.reset({ remark: '' });
                setRejecting(r);
              }}
              data-testid="reject-regularisation"
            >
              <X className="text-destructive" />
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <div className="grid gap-2" data-testid="pending-corrections">
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={<span className="text-sm text-muted-foreground">Nothing waiting for you.</span>}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'pending-row', onClick: () => setOpen(r) })}
      />
      <LoadError what="The corrections" show={list.isError && !list.data} />
      {total > pageSize && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          {(page - 1) * pageSize + 1}–{Math.min(total, page * pageSize)} of {total}
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
      <RegularisationDetails item={open} onClose={() => setOpen(null)} />
      <Dialog open={rejecting !== null} onOpenChange={(o) => !o && setRejecting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reject correction</DialogTitle>
            <DialogDescription>
              {rejecting ? `${rejecting.name}, ${formatDate(rejecting.day)}: ${askedTimes(rejecting)}. ` : ''}Say why; the employee sees it.
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={form.handleSubmit(async ({ remark }) => {
              if (rejecting) await decide(rejecting, 'reject', remark);
            })}
          >
            <FormField label="Remark" htmlFor="reject-remark" required error={remarkError}>
              <Textarea
                id="reject-remark"
                maxLength={300}
                {...form.register('remark', { onChange: () => form.clearErrors() })}
                aria-invalid={!!remarkError || undefined}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRejecting(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={busy !== null} data-testid="reject-confirm">
                <X /> Reject
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
