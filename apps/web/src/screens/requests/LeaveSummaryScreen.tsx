import { financialYearStarting } from '@hr/calendar';
import { MENU } from '@hr/contract/menus';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { LoadError } from '../attendance/components';
import { type TLeaveBalance, type TLedgerLine, useLedger, useMyBalances } from './api';
import { Tile } from './components';
import { financialYearStart, formatBalance } from './format';

const LEDGER_LABEL: Record<TLedgerLine['kind'], string> = {
  opening: 'Opening',
  credit: 'Credit',
  debit: 'Leave taken',
  lapse: 'Lapsed',
  encash: 'Encashed',
  adjust: 'Adjustment',
};

const num = (v: number, tone?: string) => <span className={cn('tabular-nums', tone)}>{formatBalance(v)}</span>;

/**
 * /outlet/me/leave/summary: per leave type, for the financial year chosen in the header: opening, accrued, taken,
 * pending and balance (with adjustments, lapses and encashment where there are any); a type opens its ledger lines.
 */
export default function LeaveSummaryScreen() {
  const { menu } = useCurrentMenu(MENU.myLeaveSummary);
  const fyDtls = useSession((s) => s.finYearDtls);
  const fy = financialYearStart(fyDtls, todayIso());
  const span = financialYearStarting(fy);
  const balances = useMyBalances(fy);
  const rows = balances.data ?? [];
  const [open, setOpen] = useState<TLeaveBalance | null>(null);
  const show = (key: 'adjusted' | 'lapsed' | 'encashed') => rows.some((b) => b[key] !== 0);
  const totalTaken = rows.reduce((s, b) => s + b.taken, 0);
  const totalPending = rows.reduce((s, b) => s + b.pending, 0);

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
    { id: 'opening', header: 'Opening', headClassName: 'text-right', className: 'text-right', cell: (b) => num(b.opening) },
    { id: 'accrued', header: 'Accrued', headClassName: 'text-right', className: 'text-right', cell: (b) => num(b.accrued) },
    ...(show('adjusted')
      ? [
          {
            id: 'adjusted',
            header: 'Adjusted',
            headClassName: 'text-right',
            className: 'text-right',
            cell: (b: TLeaveBalance) => num(b.adjusted),
          },
        ]
      : []),
    { id: 'taken', header: 'Taken', headClassName: 'text-right', className: 'text-right', cell: (b) => num(b.taken) },
    ...(show('lapsed') || show('encashed')
      ? [
          {
            id: 'lapsed',
            header: 'Lapsed / encashed',
            headClassName: 'text-right',
            className: 'text-right',
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
      headClassName: 'text-right',
      className: 'text-right',
      cell: (b) => num(b.pending, b.pending > 0 ? 'text-amber-700 dark:text-amber-300' : undefined),
    },
    {
      id: 'balance',
      header: 'Balance',
      headClassName: 'text-right',
      className: 'text-right',
      cell: (b) => (
        <span className={cn('font-semibold tabular-nums', b.balance < 0 && 'text-destructive')}>{formatBalance(b.balance)}</span>
      ),
    },
    {
      id: 'available',
      header: 'Available',
      headClassName: 'text-right',
      className: 'text-right',
      cell: (b) => (
        <span className="font-semibold text-primary tabular-nums" data-testid="summary-available">
          {formatBalance(b.available)}
        </span>
      ),
    },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'Leave summary'}
        description={`Financial year ${span.name}: ${formatDate(span.startDate)} – ${formatDate(span.endDate)}. Change the year in the header.`}
        className="mb-0"
        actions={
          <Button asChild>
            <Link to={MENU.requestLeave}>
              <Plus /> Ask for leave
            </Link>
          </Button>
        }
      />
      {balances.isLoading ? (
        <Skeleton className="h-16" />
      ) : (
        rows.length > 0 && (
          <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
            <Tile label="Taken this year" value={formatBalance(totalTaken)} />
            <Tile
              label="Pending approval"
              value={formatBalance(totalPending)}
              tone={totalPending ? 'text-amber-700 dark:text-amber-300' : undefined}
            />
          </div>
        )
      )}
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(b) => b.leaveTypeId}
        sort={null}
        onSort={() => undefined}
        loading={balances.isLoading}
        empty="No leave is credited to you in this financial year."
        rowProps={(b) => ({
          className: 'cursor-pointer',
          'data-testid': 'summary-row',
          title: 'Show the lines',
          onClick: () => setOpen(b),
        })}
      />
      <p className="text-xs text-muted-foreground">
        Balance = opening + accrued ± adjustments − taken − lapsed − encashed. Available = balance − pending requests.
      </p>
      <LoadError what="Your leave balances" show={balances.isError && !balances.data} />
      <LedgerDialog balance={open} financialYear={fy} onClose={() => setOpen(null)} />
    </div>
  );
}

/** The ledger lines of one type and year: the balance is their sum. */
function LedgerDialog({ balance, financialYear, onClose }: { balance: TLeaveBalance | null; financialYear: number; onClose: () => void }) {
  const ledger = useLedger({ financialYear, leaveTypeId: balance?.leaveTypeId }, balance !== null);
  const lines = ledger.data ?? [];
  const columns: DataColumn<TLedgerLine>[] = [
    { id: 'at', header: 'Date', cell: (l) => <span className="whitespace-nowrap text-xs">{formatDateTime(l.createdAt)}</span> },
    { id: 'kind', header: 'Line', cell: (l) => LEDGER_LABEL[l.kind] },
    {
      id: 'days',
      header: 'Days',
      headClassName: 'text-right',
      className: 'text-right',
      cell: (l) => num(l.days, l.days < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-300'),
    },
    { id: 'reason', header: 'Reason', cell: (l) => <span className="line-clamp-2 text-sm">{l.reason}</span> },
  ];
  return (
    <Dialog open={balance !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="ledger-dialog">
        <DialogHeader>
          <DialogTitle>{balance?.leaveTypeName}: lines of the year</DialogTitle>
          <DialogDescription>Balance {formatBalance(balance?.balance)}, the sum of these lines.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto">
          <DataTable
            columns={columns}
            rows={lines}
            rowKey={(l) => l.id}
            sort={null}
            onSort={() => undefined}
            loading={ledger.isLoading}
            empty="No line in this year."
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
