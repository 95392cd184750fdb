import type { TEarlierSalary } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, History } from 'lucide-react';
import { useState } from 'react';
import { FilterSelect, UnitFilterBar } from '@/components/common/Filters';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatAmount, formatCount } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { financialYears, fyName } from './api';
import { EarlierSalaryEditDialog } from './EarlierSalaryEditDialog';
import { EarlierSalaryImportDialog } from './EarlierSalaryImportDialog';

const money = (id: keyof TEarlierSalary, header: string): DataColumn<TEarlierSalary> => ({
  id,
  header,
  headClassName: 'text-right',
  className: 'text-right tabular-nums',
  cell: (r) => formatAmount(r[id] as number),
});

const monthsOf = (r: TEarlierSalary) =>
  !r.fromMonth ? 'Previous employer only' : r.fromMonth === r.toMonth ? r.fromMonth : `${r.fromMonth} to ${r.toMonth}`;

/**
 * /outlet/transaction/earlier-salary: the salary of the financial year paid before going live (this employer's months,
 * a previous employer's Form 12B), by unit and year; imported from Excel, a row changed or removed until the year closes.
 */
export default function EarlierSalaryScreen() {
  const { menu, actions } = useCurrentMenu(MENU.earlierSalary);
  const queryClient = useQueryClient();
  const years = financialYears();
  const [fy, setFy] = useState(fyName(years[0]));
  const [unitId, setUnitId] = useState<number | null>(null);
  const paging = usePaging(50);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<TEarlierSalary | null>(null);
  const query = { financialYear: fy, unitId: unitId ?? undefined, page: paging.page, pageSize: paging.pageSize };
  const list = useQuery({
    queryKey: ['earlier-salary', query],
    queryFn: ({ signal }) =>
      api.get<{ rows: TEarlierSalary[]; total: number }>(apiPath('/api/tax/earlier-salary'), query, { signal, bypass_log: true }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['earlier-salary'] });

  const columns: DataColumn<TEarlierSalary>[] = [
    {
      id: 'employee',
      header: 'Employee',
      cell: (r) => (
        <div>
          <div className="font-medium">{r.name}</div>
          <div className="text-xs text-muted-foreground">
            {r.employeeCode} · {r.unitName}
          </div>
        </div>
      ),
    },
    {
      id: 'months',
      header: 'Months',
      cell: (r) => (
        <span className="whitespace-nowrap">
          {monthsOf(r)} {r.closed && <Badge variant="secondary">Year closed</Badge>}
        </span>
      ),
    },
    money('gross', 'Gross (₹)'),
    { ...money('hraExempt', 'Exempt (₹)'), cell: (r) => formatAmount(r.hraExempt + r.ltaExempt + r.otherExempt) },
    money('pf', 'PF (₹)'),
    money('pt', 'PT (₹)'),
    money('tds', 'TDS (₹)'),
    money('prevIncome', 'Prev. employer (₹)'),
    money('prevTds', 'Prev. TDS (₹)'),
  ];

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Earlier Salary'}
        description={`${formatCount(total)} row${total === 1 ? '' : 's'} for ${fy}. Salary paid before going live counts in the TDS of the remaining months, the regime comparison and Form 16.`}
        actions={
          actions.add && (
            <Button onClick={() => setImporting(true)} data-testid="earlier-import-open">
              <FileSpreadsheet /> Import from Excel
            </Button>
          )
        }
      />
      <UnitFilterBar unitId={unitId} onUnitChange={paging.refilter(setUnitId)}>
        <FilterSelect label="Financial year" value={fy} options={years.map(fyName)} onChange={paging.refilter(setFy)} />
      </UnitFilterBar>
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.id}
        paging={paging}
        empty={
          list.isError ? (
            <p className="text-sm text-destructive">The rows could not be loaded. Reload the page to try again.</p>
          ) : (
            <EmptyState
              className="border-0 p-0"
              icon={<History />}
              title="No earlier salary for this year"
              description="Going live during the year? Import each employee’s salary of the earlier months and a previous employer’s Form 12B."
            />
          )
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'earlier-row', onClick: () => setEditing(r) })}
      />
      <EarlierSalaryImportDialog open={importing} financialYear={fy} onOpenChange={setImporting} onImported={() => void refresh()} />
      <EarlierSalaryEditDialog
        row={editing}
        mayEdit={!!actions.edit}
        mayDelete={!!actions.delete}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refresh();
        }}
      />
    </div>
  );
}
