import type { TBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FilterSelect, UnitFilterBar } from '@/components/common/Filters';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatAmount, formatCount } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { bonusKind, bonusPaidWith, financialYears, fyName, useBonusList } from './api';
import { BonusStatusBadge, bonusPath } from './components';

/** /outlet/transaction/employee-bonus: statutory and ad hoc bonuses by unit and financial year. */
export default function EmployeeBonusListScreen() {
  const navigate = useNavigate();
  const { menu, actions } = useCurrentMenu(MENU.employeeBonus);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [financialYear, setFinancialYear] = useState<number | null>(null);
  const paging = usePaging();
  const list = useBonusList({
    unitId: unitId ?? undefined,
    financialYear: financialYear ?? undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const total = list.data?.total ?? 0;
  const filtered = unitId !== null || financialYear !== null;

  const columns: DataColumn<TBonus>[] = [
    { id: 'unit', header: 'Unit', cell: (r) => <span className="font-medium">{r.unitName}</span> },
    { id: 'fy', header: 'Financial year', cell: (r) => fyName(r.financialYear) },
    { id: 'kind', header: 'Kind', cell: bonusKind },
    { id: 'pay', header: 'Paid with', cell: bonusPaidWith },
    { id: 'employees', header: 'Employees', headClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => r.employees },
    {
      id: 'total',
      header: 'Total (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium tabular-nums',
      cell: (r) => formatAmount(r.total),
    },
    { id: 'status', header: 'Status', cell: (r) => <BonusStatusBadge status={r.status} /> },
  ];

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Employee Bonus'}
        description={`${formatCount(total)} bonus${total === 1 ? '' : 'es'}${filtered ? ' match' : ''}. The statutory bonus is computed from the approved salary months of the financial year.`}
        actions={
          actions.add && (
            <Button onClick={() => navigate(bonusPath())} data-testid="new-bonus">
              <Plus /> New bonus
            </Button>
          )
        }
      />
      <UnitFilterBar unitId={unitId} onUnitChange={paging.refilter(setUnitId)}>
        <FilterSelect
          label="Financial year"
          any="Any financial year"
          value={financialYear}
          options={financialYears()}
          optionLabel={fyName}
          onChange={paging.refilter((v: string) => setFinancialYear(v ? Number(v) : null))}
        />
      </UnitFilterBar>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.id}
        paging={paging}
        emptyState={{
          icon: <Gift />,
          title: filtered ? 'No bonus matches' : 'No bonus yet',
          description: filtered
            ? 'Change the filters to see other bonuses.'
            : 'Compute the statutory bonus of a unit for a financial year, or record ad hoc amounts.',
        }}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'bonus-row', onClick: () => navigate(bonusPath(r.id)) })}
      />
    </div>
  );
}
