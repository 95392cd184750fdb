import { REQUEST_KINDS, REQUEST_STATUSES } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, CalendarDays, Home, Plus, Undo2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FILTER_CLASS } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cancelRequest, requestKeys, type TRequest, type TRequestKind, type TRequestStatus, useMyRequests } from './api';
import { KindBadge, RemarkDialog, RequestDetails, RequestStatusBadge, WhenCell } from './components';
import { KIND_LABEL, periodLabel, STATUS_LABEL, subjectLabel } from './format';
import { useWithdraw } from './RaiseParts';

const isKind = (v: string | null): v is TRequestKind => !!v && (REQUEST_KINDS as readonly string[]).includes(v);

type TMyFilters = { kind: TRequestKind | null; status: TRequestStatus | null; from: string; to: string };

/** The requests' columns, with Withdraw (a pending one) and Cancel (an approved one, where allowed). */
function requestColumns(busy: number | null, withdraw: (r: TRequest) => unknown, onCancel: (r: TRequest) => void): DataColumn<TRequest>[] {
  return [
    { id: 'kind', header: 'Kind', cell: (r) => <KindBadge kind={r.kind} /> },
    { id: 'subject', header: 'Request', cell: (r) => <span className="line-clamp-1 font-medium">{subjectLabel(r)}</span> },
    { id: 'when', header: 'When', cell: (r) => <WhenCell r={r} /> },
    {
      id: 'reason',
      header: 'Reason',
      cell: (r) => <span className="line-clamp-2 max-w-64 text-sm">{r.kind === 'visitor' ? r.purpose : r.reason}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <div className="grid gap-0.5">
          <RequestStatusBadge status={r.status} />
          <span className="whitespace-nowrap text-[11px] text-muted-foreground" title="Asked on">
            {formatDateTime(r.createdAt)}
          </span>
        </div>
      ),
    },
    {
      id: 'actions',
      header: '',
      isolated: true,
      headClassName: 'w-0',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {r.canWithdraw && (
            <Button size="sm" variant="ghost" disabled={busy === r.id} onClick={() => void withdraw(r)} data-testid="withdraw-request">
              <Undo2 /> Withdraw
            </Button>
          )}
          {r.canCancel && (
            <Button size="sm" variant="ghost" onClick={() => onCancel(r)} data-testid="cancel-request">
              <Ban /> Cancel
            </Button>
          )}
        </div>
      ),
    },
  ];
}

/** The ways to raise a request of each kind. */
function RaiseLinks() {
  return (
    <>
      <Button variant="outline" size="sm" asChild>
        <Link to={MENU.requestLeave}>
          <CalendarDays /> Leave
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <Link to={MENU.requestWfh}>
          <Home /> Work from home
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <Link to={MENU.requestVisitor}>
          <UserRound /> Visitor
        </Link>
      </Button>
    </>
  );
}

/** Kind, status and dates (each change goes back to page 1), and Clear filters. */
function MyRequestFilters({ filters, onChange }: { filters: TMyFilters; onChange: (change: Partial<TMyFilters>) => void }) {
  const { kind, status, from, to } = filters;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="my-request-filters">
      <select
        className={FILTER_CLASS}
        aria-label="Kind"
        value={kind ?? ''}
        onChange={(e) => onChange({ kind: isKind(e.target.value) ? e.target.value : null })}
        data-testid="filter-kind"
      >
        <option value="">All kinds</option>
        {REQUEST_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </select>
      <select
        className={FILTER_CLASS}
        aria-label="Status"
        value={status ?? ''}
        onChange={(e) => onChange({ status: (e.target.value || null) as TRequestStatus | null })}
        data-testid="filter-status"
      >
        <option value="">Any status</option>
        {REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </select>
      <span className="text-sm text-muted-foreground">From</span>
      <DateInput className="w-40" aria-label="From" value={from} onChange={(e) => onChange({ from: e.target.value })} />
      <span className="text-sm text-muted-foreground">to</span>
      <DateInput className="w-40" aria-label="To" value={to} min={from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      {!!(kind || status || from || to) && (
        <Button variant="ghost" size="sm" onClick={() => onChange({ kind: null, status: null, from: '', to: '' })}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/** Asks the reason for cancelling an approved request, then cancels it (leave days return to the balance). */
function CancelRequestDialog({ cancelling, onClose }: { cancelling: TRequest | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <RemarkDialog
      open={cancelling !== null}
      title="Cancel the request"
      description={
        cancelling ? `${KIND_LABEL[cancelling.kind]}: ${periodLabel(cancelling)}. Leave days return to your balance.` : undefined
      }
      label="Reason"
      body="cancel"
      confirm="Cancel the request"
      destructive
      onClose={onClose}
      onConfirm={async (reason) => {
        if (!cancelling) return;
        await cancelRequest(cancelling.id, reason);
        toast({ variant: 'success', title: 'Request cancelled' });
        await queryClient.invalidateQueries({ queryKey: requestKeys.all });
        await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
      }}
    />
  );
}

/** /outlet/me/attendance/requests: one's own requests of every kind with their state, filters, withdraw and cancel. */
export default function MyRequestsScreen() {
  const { menu } = useCurrentMenu(MENU.myRequests);
  const [params] = useSearchParams();
  const initialKind = params.get('kind');
  const [filters, setFilters] = useState<TMyFilters>(() => ({
    kind: isKind(initialKind) ? initialKind : null,
    status: null,
    from: '',
    to: '',
  }));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const list = useMyRequests({ ...filters, page, pageSize });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const { withdraw, busy } = useWithdraw();
  const [open, setOpen] = useState<TRequest | null>(null);
  const [cancelling, setCancelling] = useState<TRequest | null>(null);
  const filtered = !!(filters.kind || filters.status || filters.from || filters.to);
  const filter = (change: Partial<TMyFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'My requests'}
        description="Your leave, work-from-home and visitor requests. A pending one can be withdrawn."
        className="mb-0"
        actions={<RaiseLinks />}
      />
      <MyRequestFilters filters={filters} onChange={filter} />
      <DataTable
        className="rounded-lg bg-card"
        columns={requestColumns(busy, withdraw, setCancelling)}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={
          filtered ? (
            'No request matches.'
          ) : (
            <EmptyState
              className="border-0 p-0"
              title="No request yet"
              description="Ask for leave, work from home, or tell the reception about a visitor."
              action={
                <Button size="sm" asChild>
                  <Link to={MENU.requestLeave}>
                    <Plus /> Ask for leave
                  </Link>
                </Button>
              }
            />
          )
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'my-request-row', onClick: () => setOpen(r) })}
      />
      <LoadError what="Your requests" show={list.isError && !list.data} />
      {total > 0 && (
        <PaginationBar
          page={page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      )}
      <RequestDetails
        item={open}
        onClose={() => setOpen(null)}
        actions={
          open?.canWithdraw ? (
            <Button
              variant="outline"
              disabled={busy === open.id}
              onClick={async () => {
                if (await withdraw(open)) setOpen(null);
              }}
            >
              <Undo2 /> Withdraw
            </Button>
          ) : undefined
        }
      />
      <CancelRequestDialog cancelling={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
