import type { TStatutoryArrear } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { FileBadge, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { FILTER_CLASS } from '@/components/common/Filters';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { formatAmount, formatCount } from '@/lib/format';
import { formatYearMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { arrearKeys, raiseArrears, STATUS_LABEL, STATUS_VARIANT, type TArrearStatus, useArrearList } from './api';
import { StatutoryArrearDialog } from './StatutoryArrearDialog';

const money = (v: number) => <span className="tabular-nums">{formatAmount(v)}</span>;
const amountColumn = (id: keyof TStatutoryArrear, header: string, strong = false): DataColumn<TStatutoryArrear> => ({
  id,
  header,
  headClassName: 'text-right whitespace-nowrap',
  className: `text-right${strong ? ' font-medium' : ''}`,
  cell: (r) => money(r[id] as number),
});

const COLUMNS: DataColumn<TStatutoryArrear>[] = [
  {
    id: 'unit',
    header: 'Unit and month',
    cell: (r) => (
      <div className="min-w-0">
        <div className="truncate font-medium">{r.unitName}</div>
        <div className="whitespace-nowrap text-xs text-muted-foreground">
          For {formatYearMonth(r.forMonth)} · paid with {formatYearMonth(r.payMonth)}
        </div>
        <div className="whitespace-nowrap text-xs text-muted-foreground">
          {r.members} employee{r.members === 1 ? '' : 's'} · total ₹{formatAmount(r.total)}
        </div>
        {/* On a phone the status column is off to the side: shown here too. */}
        <Badge variant={STATUS_VARIANT[r.status]} className="mt-1 sm:hidden">
          {STATUS_LABEL[r.status]}
        </Badge>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <div className="grid gap-1">
        <Badge variant={STATUS_VARIANT[r.status]} data-testid="arrear-status">
          {STATUS_LABEL[r.status]}
        </Badge>
        {r.status === 'approved' && (
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            {r.memberShareBy === 'employer' ? 'Employee PF borne by the employer' : 'Employee PF recovered'}
          </span>
        )}
      </div>
    ),
  },
  amountColumn('employeeShare', 'Employee PF'),
  amountColumn('epf', 'Employer PF'),
  amountColumn('eps', 'EPS'),
  amountColumn('edli', 'EDLI'),
  amountColumn('adminCharges', 'Admin'),
  amountColumn('total', 'Total', true),
];

/**
 * /outlet/transaction/statutory-arrears: the PF arrears of approved or locked months that a later statutory
 * parameter row reaches (issue 25), one record per unit and month; a record opens with its employees, to approve
 * or reject and, once approved, to download its arrear ECR. Administrators and the payroll office may work them
 * out again (raise) after a change of law.
 */
export default function StatutoryArrearsScreen() {
  const { menu, actions } = useCurrentMenu(MENU.statutoryArrears);
  const queryClient = useQueryClient();
  const [unitId, setUnitId] = useState<number | null>(null);
  const [status, setStatus] = useState<TArrearStatus | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useArrearList({ unitId: unitId ?? undefined, status: status ?? undefined });
  const rows = list.data ?? [];
  const filtered = unitId !== null || status !== null;
  const raise = useAction(raiseArrears, {
    success: (r) =>
      r.raised.length
        ? `${r.raised.length} arrears record${r.raised.length === 1 ? '' : 's'} raised for approval`
        : 'Nothing new: every approved or locked month already carries the law in force',
    onDone: () => queryClient.invalidateQueries({ queryKey: arrearKeys.all }),
  });

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Statutory Arrears'}
        description={`${formatCount(rows.length)} record${rows.length === 1 ? '' : 's'}${filtered ? ' match' : ''}. A PF parameter row that reaches back into an approved or locked month never changes it: the difference is listed here, the employee's share recovered in the next open month's pay, the rest remitted with the arrear ECR. Amounts in ₹.`}
        actions={
          actions.edit && (
            <Button variant="outline" disabled={raise.busy} onClick={() => void raise.run()} data-testid="raise-arrears">
              <RefreshCw /> {raise.busy ? 'Working out…' : 'Raise arrears'}
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <UnitSelect value={unitId} onChange={setUnitId} allLabel="All units" />
        <select
          className={FILTER_CLASS}
          aria-label="Status"
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || null) as TArrearStatus | null)}
        >
          <option value="">Any status</option>
          {(Object.keys(STATUS_LABEL) as TArrearStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        className="rounded-lg bg-card"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={
          list.isError ? (
            <span>The arrears could not be loaded. Reload the page to try again.</span>
          ) : (
            <EmptyState
              className="border-0 p-0"
              icon={<FileBadge />}
              title={filtered ? 'No arrears match' : 'No statutory arrears'}
              description={
                filtered
                  ? 'Change the filters to see other records.'
                  : 'When a PF parameter row is added with a date inside an approved or locked month, its arrears appear here for approval.'
              }
            />
          )
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'arrear-row', onClick: () => setOpenId(r.id) })}
      />
      {openId !== null && <StatutoryArrearDialog id={openId} canApprove={actions.approve} onClose={() => setOpenId(null)} />}
    </div>
  );
}
