import { ADVANCE_STATUSES, type TAdvance, type TAdvanceStatus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { HandCoins, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FilterSelect, UnitFilterBar } from '@/components/common/Filters';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatAmount, formatCount } from '@/lib/format';
import { formatMonth } from '@/lib/months';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { AdvanceFormDialog } from './AdvanceFormDialog';
import { ADVANCE_STATUS_LABEL, useAdvanceList } from './api';
import { AdvanceStatusBadge, advancePath } from './components';

const money = (v: number) => <span className="tabular-nums">{formatAmount(v)}</span>;

/** /outlet/transaction/salary-advance: advances with their recovery, and the way to request one. */
export default function SalaryAdvanceListScreen() {
  const navigate = useNavigate();
  const { menu, actions } = useCurrentMenu(MENU.salaryAdvance);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [status, setStatus] = useState<TAdvanceStatus | null>(null);
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const list = useAdvanceList({ unitId: unitId ?? undefined, status: status ?? undefined, page: paging.page, pageSize: paging.pageSize });
  const total = list.data?.total ?? 0;
  const filtered = unitId !== null || status !== null;

  const columns: DataColumn<TAdvance>[] = [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div className="min-w-0">
          <div className="truncate font-medium">{r.employeeName}</div>
          <div className="truncate text-xs text-muted-foreground">
            <span className="font-mono">{r.employeeCode}</span> · {r.unitName}
          </div>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium',
      cell: (r) => money(r.advanceAmount),
    },
    { id: 'emis', header: 'EMIs', headClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => r.noOfEMIs },
    { id: 'emi', header: 'EMI (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => money(r.monthlyEMI) },
    {
      id: 'starts',
      header: 'Starts',
      cell: (r) => <span className="whitespace-nowrap">{formatMonth(r.effectiveYear, r.effectiveMonth)}</span>,
    },
    { id: 'status', header: 'Status', cell: (r) => <AdvanceStatusBadge status={r.status} /> },
    { id: 'recovered', header: 'Recovered (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => money(r.recovered) },
    {
      id: 'outstanding',
      header: 'Outstanding (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium',
      cell: (r) => money(r.outstanding),
    },
  ];

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Salary Advance'}
        description={`${formatCount(total)} advance${total === 1 ? '' : 's'}${filtered ? ' match' : ''}. Approved advances are paid out, then recovered in monthly instalments by the salary run.`}
        actions={
          actions.add && (
            <Button onClick={() => setCreating(true)} data-testid="new-advance">
              <Plus /> New advance
            </Button>
          )
        }
      />
      <UnitFilterBar unitId={unitId} onUnitChange={paging.refilter(setUnitId)}>
        <FilterSelect
          label="Status"
          any="Any status"
          value={status}
          options={ADVANCE_STATUSES}
          optionLabel={(s) => ADVANCE_STATUS_LABEL[s]}
          onChange={paging.refilter((v: string) => setStatus((v || null) as TAdvanceStatus | null))}
        />
      </UnitFilterBar>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.id}
        paging={paging}
        emptyState={{
          icon: <HandCoins />,
          title: filtered ? 'No advance matches' : 'No salary advance yet',
          description: filtered ? 'Change the filters to see other advances.' : 'Requested advances appear here for approval and payment.',
        }}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'advance-row', onClick: () => navigate(advancePath(r.id)) })}
      />
      <AdvanceFormDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
