import { SETTLEMENT_STATUSES, type TSettlement } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FilterSelect, UnitFilterBar } from '@/components/common/Filters';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { formatAmount, formatCount } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { settlementPath, useSettlements } from './api';
import { dmy, Employee, StatusBadge, statusLabel, typeLabel } from './components';
import { PaymentState } from './SettlementPayment';

export const Net = ({ net }: { net: number }) =>
  net < 0 ? (
    <span className="font-medium text-rose-700 tabular-nums">owes {formatAmount(-net)}</span>
  ) : (
    <span className="font-medium tabular-nums">{formatAmount(net)}</span>
  );

/** /outlet/transaction/full-final-settlement: settlements by unit and status, open ones by due date, overdue in red. */
export default function SettlementsScreen() {
  const navigate = useNavigate();
  const { menu } = useCurrentMenu(MENU.settlement);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const paging = usePaging();
  const list = useSettlements({ unitId: unitId ?? undefined, status: status ?? undefined, page: paging.page, pageSize: paging.pageSize });
  const total = list.data?.total ?? 0;
  const columns: DataColumn<TSettlement>[] = [
    { id: 'employee', header: 'Employee', cell: (r) => <Employee s={r} /> },
    { id: 'type', header: 'Separation', cell: (r) => typeLabel(r.type) },
    { id: 'lwd', header: 'Last day', cell: (r) => <span className="whitespace-nowrap">{dmy(r.lastDay)}</span> },
    {
      id: 'due',
      header: 'Due by',
      cell: (r) => (
        <span
          className={cn('whitespace-nowrap', r.overdue && 'font-semibold text-rose-700')}
          data-testid={r.overdue ? 'overdue' : undefined}
        >
          {dmy(r.dueDate)}
          {r.overdue ? ' · overdue' : ''}
        </span>
      ),
    },
    { id: 'net', header: 'Net (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => <Net net={r.net} /> },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'paid', header: 'Paid', cell: (r) => <PaymentState x={r} /> },
  ];
  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Full & Final Settlement'}
        description={`${formatCount(total)} settlement${total === 1 ? '' : 's'}. Wages of a leaver are due within two working days of the last working day (Code on Wages s.17(2)).`}
      />
      <UnitFilterBar unitId={unitId} onUnitChange={paging.refilter(setUnitId)}>
        <FilterSelect
          label="Status"
          any="Any status"
          value={status}
          options={SETTLEMENT_STATUSES}
          optionLabel={statusLabel}
          onChange={paging.refilter((v: string) => setStatus(v || null))}
        />
      </UnitFilterBar>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.id}
        paging={paging}
        emptyState={{ icon: <ReceiptIndianRupee />, title: 'No settlement', description: 'Compute one from an approved separation.' }}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'settlement-row', onClick: () => navigate(settlementPath(r.id)) })}
      />
    </div>
  );
}
