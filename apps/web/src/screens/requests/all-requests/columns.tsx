import { Ban, Check, X } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import type { DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDateTime } from '@/lib/format';
import type { TRequest, TRequestKind } from '../api';
import { EmployeeCell, RequestStatusBadge, WhenCell } from '../components';
import { subjectLabel } from '../format';
import { BalanceCell } from './parts';
import type { TAsk } from './useRequestActions';

type TColumnProps = {
  kind: TRequestKind;
  decidable: TRequest[];
  allChosen: boolean;
  selected: Set<number>;
  setSelected: Dispatch<SetStateAction<Set<number>>>;
  busy: number | string | null;
  approve: (r: TRequest) => Promise<unknown>;
  setAsk: (ask: TAsk) => void;
};

/** The check box column: one per row the manager may decide, and one for the page. */
function selectColumn({ decidable, allChosen, selected, setSelected }: TColumnProps): DataColumn<TRequest> {
  return {
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
  };
}

/** Approve, reject and cancel, kept in view at the right edge. */
function actionsColumn({ busy, approve, setAsk }: TColumnProps): DataColumn<TRequest> {
  return {
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
  };
}

/** The columns of a kind's list: WFH has no subject, leave shows the balance, visitors the host and purpose. */
export function requestColumns(p: TColumnProps): DataColumn<TRequest>[] {
  const { kind } = p;
  return [
    selectColumn(p),
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
    actionsColumn(p),
  ];
}
