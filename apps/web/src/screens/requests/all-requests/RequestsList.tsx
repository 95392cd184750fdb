import { useState } from 'react';
import { LoadError } from '@/components/common/LoadError';
import { DataTable, PaginationBar } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type TRequest, type TRequestKind, useRequests } from '../api';
import { RemarkDialog, RequestDetails } from '../components';
import { KIND_LABEL } from '../format';
import { requestColumns } from './columns';
import { BulkBar, DetailsActions, EmployeeBalances, ExportButton, LedgerLink } from './parts';
import { RequestFilters } from './RequestFilters';
import { useRequestActions } from './useRequestActions';
import { useRequestFilters } from './useRequestFilters';

/** The requests of a kind the manager may act on: filters, the table, bulk decisions and the details panel. */
export function RequestsList({ kind, title }: { kind: TRequestKind; title?: string }) {
  const f = useRequestFilters(kind);
  const { selected, setSelected } = f;
  const [open, setOpen] = useState<TRequest | null>(null);
  const a = useRequestActions({ kind, query: f.query, setSelected, open, setOpen });

  const list = useRequests(f.query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  /** The server counted only so far (a filter it keeps no count for): "10,000+". */
  const capped = list.data?.capped === true;
  const decidable = rows.filter((r) => r.canApprove);
  const chosen = rows.filter((r) => selected.has(r.id));
  const allChosen = decidable.length > 0 && decidable.every((r) => selected.has(r.id));
  const columns = requestColumns({ kind, decidable, allChosen, selected, setSelected, busy: a.busy, approve: a.approve, setAsk: a.setAsk });

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
              <ExportButton busy={a.exporting} onClick={() => void a.doExport()} />
            </>
          }
        />
      )}
      <RequestFilters
        kind={kind}
        f={f}
        extra={!title && <ExportButton busy={a.exporting} onClick={() => void a.doExport()} className="ml-auto" />}
      />
      {chosen.length > 0 && (
        <BulkBar
          chosen={chosen}
          busy={a.busy !== null}
          onApprove={() => void a.bulk('approve', chosen)}
          onReject={() => a.setAsk({ mode: 'bulkReject', items: chosen })}
          onClear={() => setSelected(new Set())}
        />
      )}
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={f.filtered ? 'No request matches.' : `No ${KIND_LABEL[kind].toLowerCase()} request in your units.`}
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
        page={f.page}
        pages={Math.max(1, Math.ceil(total / f.pageSize))}
        more={capped}
        pageSize={f.pageSize}
        onPageChange={(p) => {
          f.setPage(p);
          setSelected(new Set());
        }}
        onPageSizeChange={(s) => {
          f.setPageSize(s);
          f.setPage(1);
          setSelected(new Set());
        }}
      />
      <RequestDetails
        item={open}
        onClose={() => setOpen(null)}
        extra={open?.kind === 'leave' ? <EmployeeBalances employeeId={open.employeeId} leaveTypeId={open.leaveTypeId} /> : undefined}
        actions={
          open && (open.canApprove || open.canCancel) ? (
            <DetailsActions open={open} busy={a.busy !== null} approve={(r) => void a.approve(r)} setAsk={a.setAsk} />
          ) : undefined
        }
      />
      <RemarkDialog
        open={a.ask !== null}
        title={a.askText?.title ?? ''}
        description={a.askText?.description}
        label={a.askText?.label ?? 'Remark'}
        body={a.ask?.mode === 'cancel' ? 'approverCancel' : 'reject'}
        confirm={a.askText?.confirm ?? 'OK'}
        destructive
        onClose={() => a.setAsk(null)}
        onConfirm={a.confirmAsk}
      />
    </div>
  );
}
