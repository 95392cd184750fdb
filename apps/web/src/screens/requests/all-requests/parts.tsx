import { MENU } from '@hr/contract/menus';
import { Ban, BookOpen, Check, CheckCheck, FileSpreadsheet, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { type TRequest, useEmployeeBalances } from '../api';
import { daysLabel, formatBalance } from '../format';
import type { TAsk } from './useRequestActions';

export function ExportButton({ busy, onClick, className }: { busy: boolean; onClick: () => void; className?: string }) {
  return (
    <Button variant="outline" disabled={busy} onClick={onClick} className={className} data-testid="export-xlsx">
      <FileSpreadsheet /> {busy ? 'Exporting…' : 'Export Excel'}
    </Button>
  );
}

/** The employee's balance of the type before this request, and what is left if it is approved. */
export function BalanceCell({ r }: { r: TRequest }) {
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
export function EmployeeBalances({ employeeId, leaveTypeId }: { employeeId: number; leaveTypeId: number | null }) {
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

/** Holders of the leave master see the way to the ledger and opening balances screen (under that master). */
export function LedgerLink() {
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

/** The bar over the list while rows are selected: approve or reject them all. */
export function BulkBar(p: { chosen: TRequest[]; busy: boolean; onApprove: () => void; onReject: () => void; onClear: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="bulk-bar">
      <span className="font-medium">{p.chosen.length} selected</span>
      <Button size="sm" disabled={p.busy} onClick={p.onApprove} data-testid="bulk-approve">
        <CheckCheck /> Approve
      </Button>
      <Button size="sm" variant="destructive" disabled={p.busy} onClick={p.onReject} data-testid="bulk-reject">
        <X /> Reject
      </Button>
      <Button size="sm" variant="ghost" onClick={p.onClear}>
        Clear
      </Button>
    </div>
  );
}

/** The buttons of the details panel: cancel, reject, approve, as the request allows. */
export function DetailsActions(p: { open: TRequest; busy: boolean; approve: (r: TRequest) => void; setAsk: (ask: TAsk) => void }) {
  const { open } = p;
  return (
    <>
      {open.canCancel && (
        <Button variant="outline" onClick={() => p.setAsk({ mode: 'cancel', items: [open] })}>
          <Ban /> Cancel
        </Button>
      )}
      {open.canApprove && (
        <>
          <Button variant="destructive" onClick={() => p.setAsk({ mode: 'reject', items: [open] })} data-testid="details-reject">
            <X /> Reject
          </Button>
          <Button disabled={p.busy} onClick={() => p.approve(open)} data-testid="details-approve">
            <Check /> Approve
          </Button>
        </>
      )}
    </>
  );
}
