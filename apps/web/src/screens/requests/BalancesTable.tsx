import { type DataColumn, DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { TLeaveBalance, TLedgerLine } from './api';
import { formatBalance } from './format';

export const LEDGER_LABEL: Record<TLedgerLine['kind'], string> = {
  opening: 'Opening',
  credit: 'Credit',
  debit: 'Leave taken',
  lapse: 'Lapsed',
  encash: 'Encashed',
  adjust: 'Adjustment',
};

const num = (v: number, tone?: string) => <span className={cn('tabular-nums', tone)}>{formatBalance(v)}</span>;
const right = { headClassName: 'text-right', className: 'text-right' };

/**
 * Balances per leave type (me/leave/summary and the leave ledger): opening, accrued, adjusted, taken, lapsed /
 * encashed (those three only when a row has any), pending, balance and, with `available`, balance less pending.
 * A row opens its lines through `onOpen`.
 */
export function BalancesTable({
  rows,
  loading,
  empty,
  available = false,
  onOpen,
  rowTestId,
}: {
  rows: TLeaveBalance[];
  loading: boolean;
  empty: string;
  available?: boolean;
  onOpen: (b: TLeaveBalance) => void;
  rowTestId?: string;
}) {
  const show = (key: 'adjusted' | 'lapsed' | 'encashed') => rows.some((b) => b[key] !== 0);
  const columns: DataColumn<TLeaveBalance>[] = [
    {
      id: 'type',
      header: 'Leave type',
      cell: (b) => (
        <div className="flex items-center gap-2">
          <span className="font-medium">{b.leaveTypeName}</span>
          <span className="font-mono text-xs text-muted-foreground">{b.leaveTypeCode}</span>
          {!b.isPaid && <Badge variant="outline">Unpaid</Badge>}
        </div>
      ),
    },
    { id: 'opening', header: 'Opening', ...right, cell: (b) => num(b.opening) },
    { id: 'accrued', header: 'Accrued', ...right, cell: (b) => num(b.accrued) },
    ...(show('adjusted') ? [{ id: 'adjusted', header: 'Adjusted', ...right, cell: (b: TLeaveBalance) => num(b.adjusted) }] : []),
    { id: 'taken', header: 'Taken', ...right, cell: (b) => num(b.taken) },
    ...(show('lapsed') || show('encashed')
      ? [
          {
            id: 'lapsed',
            header: 'Lapsed / encashed',
            ...right,
            cell: (b: TLeaveBalance) => (
              <span className="tabular-nums">
                {formatBalance(b.lapsed)} / {formatBalance(b.encashed)}
              </span>
            ),
          },
        ]
      : []),
    {
      id: 'pending',
      header: 'Pending',
      ...right,
      // Paid days waiting for approval, and those that would be without pay (all of an unpaid type's, or days beyond
      // the balance): a pending request of leave without pay shows on its row too (issue 28).
      cell: (b) => {
        const lwop = b.pendingLwop ?? 0;
        const all = b.pending + lwop;
        return (
          <span className={cn('tabular-nums', all > 0 && 'text-amber-700 dark:text-amber-300')} data-testid="pending-days">
            {formatBalance(all)}
            {lwop > 0 && b.isPaid && <span className="ml-1 text-xs">({formatBalance(lwop)} without pay)</span>}
          </span>
        );
      },
    },
    {
      id: 'balance',
      header: 'Balance',
      ...right,
      cell: (b) => (
        <span className={cn('font-semibold tabular-nums', b.balance < 0 && 'text-destructive')}>{formatBalance(b.balance)}</span>
      ),
    },
    ...(available
      ? [
          {
            id: 'available',
            header: 'Available',
            ...right,
            cell: (b: TLeaveBalance) => (
              <span className="font-semibold text-primary tabular-nums" data-testid="summary-available">
                {formatBalance(b.available)}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      className="rounded-lg bg-card"
      columns={columns}
      rows={rows}
      rowKey={(b) => b.leaveTypeId}
      sort={null}
      onSort={() => undefined}
      loading={loading}
      empty={empty}
      rowProps={(b) => ({
        className: 'cursor-pointer',
        ...(rowTestId ? { 'data-testid': rowTestId } : {}),
        title: 'Show the lines',
        onClick: () => onOpen(b),
      })}
    />
  );
}

/** Ledger lines (the balance is their sum); `full` adds the type and who posted each. */
export function LedgerLinesTable({ lines, loading, full = false }: { lines: TLedgerLine[]; loading: boolean; full?: boolean }) {
  const columns: DataColumn<TLedgerLine>[] = [
    { id: 'at', header: 'Posted', cell: (l) => <span className="whitespace-nowrap text-xs">{formatDateTime(l.createdAt)}</span> },
    ...(full
      ? [{ id: 'type', header: 'Type', cell: (l: TLedgerLine) => <span className="font-mono text-xs">{l.leaveTypeCode}</span> }]
      : []),
    { id: 'kind', header: 'Line', cell: (l) => LEDGER_LABEL[l.kind] },
    {
      id: 'days',
      header: 'Days',
      ...right,
      cell: (l) => num(l.days, l.days < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-300'),
    },
    { id: 'reason', header: 'Reason', cell: (l) => <span className="line-clamp-2 text-sm">{l.reason}</span> },
    ...(full
      ? [
          {
            id: 'by',
            header: 'By',
            cell: (l: TLedgerLine) => <span className="text-xs text-muted-foreground">{l.createdByName ?? 'System'}</span>,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id}
      sort={null}
      onSort={() => undefined}
      loading={loading}
      empty="No line in this year."
    />
  );
}
