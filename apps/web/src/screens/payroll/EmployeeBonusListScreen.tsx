import type { TBonus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { encryptParam } from '@/lib/crypto';
import { formatAmount, formatCount } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { formatMonth } from './api';
import { FILTER_CLASS, UnitSelect } from './components';

export const BONUS_PATH = `${MENU.employeeBonus}/addorupdate`;
export const bonusPath = (id: number) => `${BONUS_PATH}?id=${encryptParam(String(id))}`;
export const BONUS_STATUS_VARIANT = { draft: 'secondary', approved: 'success', paid: 'outline', cancelled: 'destructive' } as const;
export const BONUS_STATUS_LABEL = { draft: 'Awaiting approval', approved: 'Approved', paid: 'Paid', cancelled: 'Cancelled' } as const;
/** The financial years offered: the current one and the previous (April–March), by their first calendar year. */
export function financialYears(today = new Date()): number[] {
  const start = today.getMonth() + 1 >= 4 ? today.getFullYear() : today.getFullYear() - 1;
  return [start, start - 1];
}
export const fyName = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

/** /outlet/transaction/employee-bonus: statutory and ad hoc bonuses by unit and financial year. */
export default function EmployeeBonusListScreen() {
  const navigate = useNavigate();
  const { menu, actions } = useCurrentMenu(MENU.employeeBonus);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [financialYear, setFinancialYear] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const list = useQuery({
    queryKey: ['payroll', 'bonuses', 'list', { unitId, financialYear, page, pageSize }],
    queryFn: ({ signal }) =>
      api.get<{ rows: TBonus[]; total: number }>(
        '/api/payroll/bonuses',
        { unitId: unitId ?? undefined, financialYear: financialYear ?? undefined, page, pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const columns: DataColumn<TBonus>[] = [
    { id: 'unit', header: 'Unit', cell: (r) => <span className="font-medium">{r.unitName}</span> },
    { id: 'fy', header: 'Financial year', cell: (r) => fyName(r.financialYear) },
    {
      id: 'kind',
      header: 'Kind',
      cell: (r) => (r.kind === 'statutory' ? `Statutory · ${r.ratePercent} %` : 'Ad hoc'),
    },
    {
      id: 'pay',
      header: 'Paid with',
      cell: (r) => (r.payWith === 'salary' && r.payYear && r.payMonth ? `Salary of ${formatMonth(r.payYear, r.payMonth)}` : 'Separately'),
    },
    { id: 'employees', header: 'Employees', headClassName: 'text-right', className: 'text-right tabular-nums', cell: (r) => r.employees },
    {
      id: 'total',
      header: 'Total (₹)',
      headClassName: 'text-right',
      className: 'text-right font-medium tabular-nums',
      cell: (r) => formatAmount(r.total),
    },
    { id: 'status', header: 'Status', cell: (r) => <Badge variant={BONUS_STATUS_VARIANT[r.status]}>{BONUS_STATUS_LABEL[r.status]}</Badge> },
  ];

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Employee Bonus'}
        description={`${formatCount(total)} bonus${total === 1 ? '' : 'es'}. The statutory bonus is computed from the approved salary months of the financial year.`}
        actions={
          actions.add && (
            <Button onClick={() => navigate(BONUS_PATH)} data-testid="new-bonus">
              <Plus /> New bonus
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setUnitId(v);
            setPage(1);
          }}
          allLabel="All units"
        />
        <select
          className={FILTER_CLASS}
          aria-label="Financial year"
          value={financialYear ?? ''}
          onChange={(e) => {
            setFinancialYear(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
        >
          <option value="">Any financial year</option>
          {financialYears().map((y) => (
            <option key={y} value={y}>
              {fyName(y)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={list.isLoading}
        empty={
          <EmptyState
            className="border-0 p-0"
            icon={<Gift />}
            title="No bonus yet"
            description="Compute the statutory bonus of a unit for a financial year, or record ad hoc amounts."
          />
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'bonus-row', onClick: () => navigate(bonusPath(r.id)) })}
      />
      <PaginationBar
        className="mt-4"
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
    </div>
  );
}
