import { REQUEST_SORTS, REQUEST_STATUSES, type TRequestStatus } from '@hr/contract';
import { MENU, type TMenuPath } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, BookOpen, Check, CheckCheck, ConciergeBell, FileSpreadsheet, ListChecks, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DepartmentSelect, FILTER_CLASS, SearchBox } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable, PaginationBar, useDebounced } from '@/components/data-table';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount, formatDateTime, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';

import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import {
  approveRequest,
  bulkDecide,
  cancelRequest,
  exportRequests,
  rejectRequest,
  requestKeys,
  type TListQuery,
  type TRequest,
  type TRequestKind,
  useEmployeeBalances,
  useRequests,
} from './api';
import { EmployeeCell, RemarkDialog, RequestDetails, RequestStatusBadge, WhenCell } from './components';
import { bulkSummary, daysLabel, formatBalance, KIND_LABEL, periodLabel, STATUS_LABEL, subjectLabel } from './format';
import { Reception } from './Reception';

type TSort = (typeof REQUEST_SORTS)[number];
const SORT_LABEL: Record<TSort, string> = {
  pendingFirst: 'Pending first',
  '-createdAt': 'Newest asked',
  createdAt: 'Oldest asked',
  fromDate: 'Earliest date',
  '-fromDate': 'Latest date',
  employeeCode: 'Employee code',
};

const MENU_OF: Record<TRequestKind, TMenuPath> = {
  wfh: MENU.allRequestWfh,
  leave: MENU.allRequestLeave,
  visitor: MENU.allRequestVisitor,
};

const TITLE: Record<TRequestKind, string> = { wfh: 'Work-from-home requests', leave: 'Leave requests', visitor: 'Visitor notifications' };

type TAsk = { mode: 'reject' | 'cancel' | 'bulkReject'; items: TRequest[] } | null;

/** /outlet/allRequest/{wfh, leave, visitor_notify}: what the manager may act on, pending first; visitors also the reception. */
export function AllRequestsScreen({ kind }: { kind: TRequestKind }) {
  const { menu } = useCurrentMenu(MENU_OF[kind]);
  const title = menu?.label ?? TITLE[kind];
  if (kind !== 'visitor') return <RequestsList kind={kind} title={title} />;
  return (
    <div className="grid gap-4">
      <PageHeader
        title={title}
        description="Visitors your staff expect, and the reception's marking of arrivals and departures."
        className="mb-0"
      />
      <Tabs defaultValue="reception">
        <TabsList>
          <TabsTrigger value="reception" data-testid="tab-reception">
            <ConciergeBell /> Today and tomorrow
          </TabsTrigger>
          <TabsTrigger value="requests" data-testid="tab-requests">
            <ListChecks /> All notifications
          </TabsTrigger>
        </TabsList>
        <TabsContent value="reception" className="mt-2">
          <Reception />
        </TabsContent>
        <TabsContent value="requests" className="mt-2">
          <RequestsList kind={kind} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function RequestsList({ kind, title }: { kind: TRequestKind; title?: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [leaveTypeId, setLeaveTypeId] = useState<number | null>(null);
  const [status, setStatus] = useState<TRequestStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [toDecide, setToDecide] = useState(false);
  const [sort, setSort] = useState<TSort>('pendingFirst');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<TRequest | null>(null);
  const [ask, setAsk] = useState<TAsk>(null);

  const query: TListQuery = {
    kind,
    status: status ?? undefined,
    unitId,
    departmentId,
    employeeId: employee?.id ?? null,
    leaveTypeId: kind === 'leave' ? leaveTypeId : null,
    from: from || undefined,
    to: to || undefined,
    search: debounced || undefined,
    toDecide: toDecide || undefined,
    sort,
    page,
    pageSize,
  };
  const list = useRequests(query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  /** The server counted only so far (a filter it keeps no count for): "10,000+". */
  const capped = list.data?.capped === true;
  const decidable = rows.filter((r) => r.canApprove);
  const chosen = rows.filter((r) => selected.has(r.id));
  const allChosen = decidable.length > 0 && decidable.every((r) => selected.has(r.id));
  const filtered = !!(debounced || unitId || departmentId || employee || leaveTypeId || status || from || to || toDecide);

  /** Every change of filter or page starts from page 1 with nothing selected. */
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected(new Set());
    };

  const refresh = async () => {
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: requestKeys.all });
    await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
  };

  const approveAction = useAction((r: TRequest) => approveRequest(r.id), {
    success: (_, r) => ({ title: 'Approved', description: `${r.employeeName}: ${subjectLabel(r)}, ${periodLabel(r)}` }),
    onDone: async (_, r) => {
      if (open?.id === r.id) setOpen(null);
      await refresh();
    },
    // toast shown (e.g. 409: someone decided it a moment ago)
    onError: () => queryClient.invalidateQueries({ queryKey: requestKeys.list }),
  });
  const approve = approveAction.run;

  const bulkAction = useAction(
    (action: 'approve' | 'reject', items: TRequest[], remark: string | undefined) =>
      bulkDecide({ ids: items.map((r) => r.id), action, remark: remark || undefined }),
    {
      // Some may fail (decided meanwhile, out of reach): the toast says so, in red.
      onDone: async (result, action) => {
        toast({
          variant: result.failed.length ? 'destructive' : 'success',
          title: result.failed.length ? 'Some were not decided' : action === 'approve' ? 'Approved' : 'Rejected',
          description: bulkSummary(action, result),
        });
        await refresh();
      },
    },
  );
  const bulk = (action: 'approve' | 'reject', items: TRequest[], remark?: string) => bulkAction.run(action, items, remark);
  const busy = approveAction.pending?.[0].id ?? (bulkAction.busy ? 'bulk' : null);

  const columns: DataColumn<TRequest>[] = [
    {
      id: 'select',
      header: (
        <Checkbox
          aria-label="Select every request I may decide on this page"
          checked={allChosen}
          disabled={decidable.length === 0}
          onCheckedChange={(c) => setSelected(c === true ? new Set(decidable.map((r) => r.id)) : new Set())}
          data-testid="select-all"
        />
      ),
      headClassName: 'w-0',
      isolated: true,
      cell: (r) => (
        <Checkbox
          aria-label={`Select ${r.employeeName}`}
          checked={selected.has(r.id)}
          disabled={!r.canApprove}
          onCheckedChange={(c) =>
            setSelected((s) => {
              const next = new Set(s);
              if (c === true) next.add(r.id);
              else next.delete(r.id);
              return next;
            })
          }
          data-testid="select-row"
        />
      ),
    },
    { id: 'employee', header: 'Employee', cell: (r) => <EmployeeCell r={r} /> },
    ...(kind === 'wfh'
      ? []
      : [
          {
            id: 'subject',
            header: kind === 'leave' ? 'Type' : 'Visitor',
            cell: (r: TRequest) => (
              <div className="min-w-0">
                <div className="line-clamp-1">{subjectLabel(r)}</div>
                {r.kind === 'visitor' && r.hostName && r.hostName !== r.employeeName && (
                  <div className="truncate text-xs text-muted-foreground">Host: {r.hostName}</div>
                )}
              </div>
            ),
          },
        ]),
    { id: 'when', header: kind === 'visitor' ? 'Expected' : 'When', cell: (r) => <WhenCell r={r} /> },
    ...(kind === 'leave'
      ? [
          {
            id: 'balance',
            header: 'Balance',
            headClassName: 'text-right',
            className: 'text-right',
            cell: (r: TRequest) => <BalanceCell r={r} />,
          },
        ]
      : []),
    {
      id: 'reason',
      header: kind === 'visitor' ? 'Purpose' : 'Reason',
      cell: (r) => <span className="line-clamp-2 max-w-56 text-sm">{kind === 'visitor' ? r.purpose : r.reason}</span>,
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
      // Kept in view at the right edge however wide the table: Approve and Reject are never scrolled away.
      headClassName: 'sticky right-0 w-0 bg-[color-mix(in_oklab,var(--muted)_50%,var(--card))]',
      className: 'sticky right-0 bg-card shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]',
      cell: (r) => (
        <div className="flex justify-end gap-0.5">
          {r.canApprove && (
            <>
              <Button
                size="icon-sm"
                variant="ghost"
                title="Approve"
                aria-label="Approve"
                disabled={busy !== null}
                onClick={() => void approve(r)}
                data-testid="approve-request"
              >
                <Check className="text-success" />
              </Button>
              <Button
                size="icon-sm"
                variant="ghost"
                title="Reject"
                aria-label="Reject"
                disabled={busy !== null}
                onClick={() => setAsk({ mode: 'reject', items: [r] })}
                data-testid="reject-request"
              >
                <X className="text-destructive" />
              </Button>
            </>
          )}
          {r.canCancel && (
            <Button
              size="icon-sm"
              variant="ghost"
              title="Cancel"
              aria-label="Cancel"
              disabled={busy !== null}
              onClick={() => setAsk({ mode: 'cancel', items: [r] })}
              data-testid="cancel-request"
            >
              <Ban />
            </Button>
          )}
        </div>
      ),
    },
  ];

  const exportAction = useAction(
    async () => {
      const fileName = `requests_${kind}_${todayIso()}.xlsx`;
      await exportRequests(query, fileName);
      return fileName;
    },
    { success: (fileName) => ({ title: 'Downloaded', description: fileName }) },
  );
  const exporting = exportAction.busy;
  const doExport = exportAction.run;

  const askText = (() => {
    if (!ask) return null;
    const one = ask.items[0];
    const who =
      ask.items.length === 1 ? `${one.employeeName}: ${subjectLabel(one)}, ${periodLabel(one)}.` : `${ask.items.length} requests.`;
    if (ask.mode === 'cancel')
      return {
        title: 'Cancel the request',
        description: `${who} Leave days return to the balance; the employee is told why.`,
        label: 'Reason',
        confirm: 'Cancel the request',
      };
    return {
      title: ask.items.length > 1 ? 'Reject the selected requests' : 'Reject the request',
      description: `${who} The employee sees your remark.`,
      label: 'Remark',
      confirm: 'Reject',
    };
  })();

  return (
    <div className="grid gap-4">
      {title && (
        <PageHeader
          title={title}
          description="What you may act on in your units, pending first."
          className="mb-0"
          actions={
            <>
              {kind === 'leave' && <LedgerLink />}
              <ExportButton busy={exporting} onClick={() => void doExport()} />
            </>
          }
        />
      )}
      <div className="flex flex-wrap items-center gap-2" data-testid="request-filters">
        <SearchBox value={search} onChange={refilter(setSearch)} />
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            refilter(setUnitId)(v);
            setDepartmentId(null);
          }}
          allLabel="All units"
          className="w-48"
          data-testid="filter-unit"
        />
        <DepartmentSelect value={departmentId} onChange={refilter(setDepartmentId)} unitId={unitId} />
        <EmployeePicker
          value={employee}
          onChange={refilter(setEmployee)}
          unitId={unitId}
          className="w-60"
          placeholder="Any employee"
          data-testid="filter-employee"
        />
        {kind === 'leave' && (
          <ReferenceSelect
            resource="leaveType"
            aria-label="Leave type"
            placeholder="All leave types"
            value={leaveTypeId}
            onChange={refilter(setLeaveTypeId)}
            className="h-9 w-44"
            data-testid="filter-leave-type"
          />
        )}
        <select
          className={FILTER_CLASS}
          aria-label="Status"
          value={status ?? ''}
          onChange={(e) => refilter(setStatus)((e.target.value || null) as TRequestStatus | null)}
          data-testid="filter-status"
        >
          <option value="">Any status</option>
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        <DateInput
          className="w-40"
          aria-label="From"
          title="Requests touching this day or later"
          value={from}
          onChange={(e) => refilter(setFrom)(e.target.value)}
        />
        <span className="text-sm text-muted-foreground">to</span>
        <DateInput className="w-40" aria-label="To" value={to} min={from || undefined} onChange={(e) => refilter(setTo)(e.target.value)} />
        <select className={FILTER_CLASS} aria-label="Order" value={sort} onChange={(e) => refilter(setSort)(e.target.value as TSort)}>
          {REQUEST_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABEL[s]}
            </option>
          ))}
        </select>
        <div className="flex items-center gap-2 pl-1">
          <Switch id="to-decide" checked={toDecide} onCheckedChange={refilter(setToDecide)} data-testid="filter-to-decide" />
          <Label htmlFor="to-decide" className="font-normal">
            Waiting for me
          </Label>
        </div>
        {!title && <ExportButton busy={exporting} onClick={() => void doExport()} className="ml-auto" />}
      </div>
      {chosen.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="bulk-bar">
          <span className="font-medium">{chosen.length} selected</span>
          <Button size="sm" disabled={busy !== null} onClick={() => void bulk('approve', chosen)} data-testid="bulk-approve">
            <CheckCheck /> Approve
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={busy !== null}
            onClick={() => setAsk({ mode: 'bulkReject', items: chosen })}
            data-testid="bulk-reject"
          >
            <X /> Reject
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      )}
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={filtered ? 'No request matches.' : `No ${KIND_LABEL[kind].toLowerCase()} request in your units.`}
        rowProps={(r) => ({
          className: cn('cursor-pointer', r.status === 'pending' && r.canApprove && 'bg-amber-50/60 dark:bg-amber-500/5'),
          'data-testid': 'request-row',
          'data-status': r.status,
          onClick: () => setOpen(r),
        })}
      />
      <LoadError what="The requests" show={list.isError && !list.data} />
      {list.data && (
        <p className="text-sm text-muted-foreground" data-testid="request-total">
          {formatCount(total)}
          {capped ? '+' : ''} {total === 1 && !capped ? 'request' : 'requests'}
        </p>
      )}
      <PaginationBar
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        more={capped}
        pageSize={pageSize}
        onPageChange={(p) => {
          setPage(p);
          setSelected(new Set());
        }}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
          setSelected(new Set());
        }}
      />
      <RequestDetails
        item={open}
        onClose={() => setOpen(null)}
        extra={open?.kind === 'leave' ? <EmployeeBalances employeeId={open.employeeId} leaveTypeId={open.leaveTypeId} /> : undefined}
        actions={
          open && (open.canApprove || open.canCancel) ? (
            <>
              {open.canCancel && (
                <Button variant="outline" onClick={() => setAsk({ mode: 'cancel', items: [open] })}>
                  <Ban /> Cancel
                </Button>
              )}
              {open.canApprove && (
                <>
                  <Button variant="destructive" onClick={() => setAsk({ mode: 'reject', items: [open] })} data-testid="details-reject">
                    <X /> Reject
                  </Button>
                  <Button disabled={busy !== null} onClick={() => void approve(open)} data-testid="details-approve">
                    <Check /> Approve
                  </Button>
                </>
              )}
            </>
          ) : undefined
        }
      />
      <RemarkDialog
        open={ask !== null}
        title={askText?.title ?? ''}
        description={askText?.description}
        label={askText?.label ?? 'Remark'}
        required
        confirm={askText?.confirm ?? 'OK'}
        destructive
        onClose={() => setAsk(null)}
        onConfirm={async (text) => {
          if (!ask) return;
          if (ask.mode === 'bulkReject') await bulk('reject', ask.items, text);
          else {
            const r = ask.items[0];
            if (ask.mode === 'reject') await rejectRequest(r.id, text);
            else await cancelRequest(r.id, text);
            toast({
              variant: 'success',
              title: ask.mode === 'reject' ? 'Rejected' : 'Cancelled',
              description: `${r.employeeName}: ${subjectLabel(r)}`,
            });
            if (open?.id === r.id) setOpen(null);
            await refresh();
          }
        }}
      />
    </div>
  );
}

function ExportButton({ busy, onClick, className }: { busy: boolean; onClick: () => void; className?: string }) {
  return (
    <Button variant="outline" disabled={busy} onClick={onClick} className={className} data-testid="export-xlsx">
      <FileSpreadsheet /> {busy ? 'Exporting…' : 'Export Excel'}
    </Button>
  );
}

/** The employee's balance of the type before this request, and what is left if it is approved. */
function BalanceCell({ r }: { r: TRequest }) {
  if (r.balance === null) return <span className="text-muted-foreground">—</span>;
  const after = r.status === 'pending' ? r.balance - (r.days - r.lwopDays) : null;
  return (
    <div className="whitespace-nowrap tabular-nums" title="Balance of the type before this request">
      <div className="font-medium">{formatBalance(r.balance)}</div>
      {after !== null && (
        <div className={cn('text-xs text-muted-foreground', after < 0 && 'text-destructive')}>→ {formatBalance(after)}</div>
      )}
    </div>
  );
}

/** An employee's balances of the year (the details of a leave request). */
function EmployeeBalances({ employeeId, leaveTypeId }: { employeeId: number; leaveTypeId: number | null }) {
  const balances = useEmployeeBalances(employeeId);
  if (!balances.data?.length) return null;
  return (
    <div className="grid gap-1" data-testid="employee-balances">
      <div className="text-xs font-medium text-muted-foreground">Balances this year (available)</div>
      <div className="flex flex-wrap gap-1.5 text-xs">
        {balances.data.map((b) => (
          <span
            key={b.leaveTypeId}
            className={cn('rounded-md border px-2 py-1', b.leaveTypeId === leaveTypeId && 'border-primary bg-primary/5 font-medium')}
            title={`Balance ${formatBalance(b.balance)}, pending ${formatBalance(b.pending)}`}
          >
            {b.leaveTypeCode} {formatBalance(b.available)}
          </span>
        ))}
      </div>
      {balances.data.find((b) => b.leaveTypeId === leaveTypeId)?.pending ? (
        <p className="text-xs text-muted-foreground">
          Pending requests ({daysLabel(balances.data.find((b) => b.leaveTypeId === leaveTypeId)?.pending)}) are already set aside.
        </p>
      ) : null}
    </div>
  );
}

export const AllWfhScreen = () => <AllRequestsScreen kind="wfh" />;
export const AllLeaveScreen = () => <AllRequestsScreen kind="leave" />;
export const AllVisitorScreen = () => <AllRequestsScreen kind="visitor" />;

/** Holders of the leave master see the way to the ledger and opening balances screen (under that master). */
function LedgerLink() {
  const rawMenus = useSession((s) => s.rawMenus);
  if (!rawMenus.some((m) => m.actionUrl === MENU.leaveType)) return null;
  return (
    <Button asChild variant="outline">
      <Link to={`${MENU.leaveType}/ledger`}>
        <BookOpen /> Ledger and openings
      </Link>
    </Button>
  );
}
