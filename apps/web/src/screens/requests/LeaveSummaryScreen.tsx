import { financialYearStarting } from '@hr/calendar';
import { MENU } from '@hr/contract/menus';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/common/LoadError';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { type TLeaveBalance, useLedger, useMyBalances } from './api';
import { BalancesTable, LedgerLinesTable } from './BalancesTable';
import { Tile } from './components';
import { financialYearStart, formatBalance } from './format';

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
  const totalTaken = rows.reduce((s, b) => s + b.taken, 0);
  // Pending leave counts its days without pay too (an unpaid type, or days beyond the balance): issue 28.
  const pendingLwop = rows.reduce((s, b) => s + (b.pendingLwop ?? 0), 0);
  const totalPending = rows.reduce((s, b) => s + b.pending, 0) + pendingLwop;

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
              value={
                <span data-testid="summary-pending">
                  {formatBalance(totalPending)}
                  {pendingLwop > 0 && <span className="ml-1 text-xs font-normal">({formatBalance(pendingLwop)} without pay)</span>}
                </span>
              }
              tone={totalPending ? 'text-amber-700 dark:text-amber-300' : undefined}
            />
          </div>
        )
      )}
      <BalancesTable
        rows={rows}
        loading={balances.isLoading}
        empty="No leave is credited to you in this financial year."
        available
        onOpen={setOpen}
        rowTestId="summary-row"
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
  return (
    <Dialog open={balance !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="ledger-dialog">
        <DialogHeader>
          <DialogTitle>{balance?.leaveTypeName}: lines of the year</DialogTitle>
          <DialogDescription>Balance {formatBalance(balance?.balance)}, the sum of these lines.</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto">
          <LedgerLinesTable lines={lines} loading={ledger.isLoading} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
