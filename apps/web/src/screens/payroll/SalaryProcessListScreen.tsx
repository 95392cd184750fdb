import { RUN_STATUSES, type TRunListQuery, type TRunPage, type TRunStatus } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Calculator, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FILTER_CLASS } from '@/components/common/Filters';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { formatAmount, formatCount, formatDateTime } from '@/lib/format';
import { formatMonth, MONTHS } from '@/lib/months';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { fyName, RUN_STATUS_LABEL, useRunList } from './api';
import { RunStatusBadge, useSessionFinancialYear } from './components';
import { NewRunForm, runPath } from './NewRunForm';

type Row = TRunPage['rows'][number];
/** `financialYear`: the start year of a financial year (April to March); null for all years. */
type Filters = { unitId: number | null; financialYear: number | null; month: number | null; status: TRunStatus | null };

/** Financial years the list filters by (by their start year): this one and four before it. */
const FILTER_YEARS = (() => {
  const now = new Date();
  const current = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
  return [0, 1, 2, 3, 4].map((d) => current - d);
})();

const money = (v: number) => <span className="tabular-nums">{formatAmount(v)}</span>;

/** The runs' columns. */
const COLUMNS: DataColumn<Row>[] = [
  { id: 'unit', header: 'Unit', cell: (r) => <span className="font-medium">{r.unitName}</span> },
  { id: 'month', header: 'Month', cell: (r) => <span className="whitespace-nowrap">{formatMonth(r.year, r.month)}</span> },
  { id: 'status', header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
  {
    id: 'employees',
    header: 'Employees',
    headClassName: 'text-right',
    className: 'text-right tabular-nums',
    cell: (r) => formatCount(r.employeeCount),
  },
  { id: 'gross', header: 'Gross (₹)', headClassName: 'text-right', className: 'text-right', cell: (r) => money(r.gross) },
  {
    id: 'deductions',
    header: 'Deductions (₹)',
    headClassName: 'text-right',
    className: 'text-right',
    cell: (r) => money(r.deductions),
  },
  {
    id: 'net',
    header: 'Net pay (₹)',
    headClassName: 'text-right',
    className: 'text-right font-medium',
    cell: (r) => money(r.net),
  },
  {
    id: 'processedAt',
    header: 'Processed',
    cell: (r) => <span className="whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(r.processedAt) || '—'}</span>,
  },
];

/** Unit, financial year, month and status. */
function RunFilters({ filters, set }: { filters: Filters; set: <K extends keyof Filters>(k: K, v: Filters[K]) => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <UnitSelect value={filters.unitId} onChange={(v) => set('unitId', v)} allLabel="All units" data-testid="filter-unit" />
      <select
        className={FILTER_CLASS}
        aria-label="Financial year"
        data-testid="filter-financial-year"
        value={filters.financialYear ?? ''}
        onChange={(e) => set('financialYear', e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">All years</option>
        {FILTER_YEARS.map((y) => (
          <option key={y} value={y}>
            {fyName(y)}
          </option>
        ))}
      </select>
      <select
        className={FILTER_CLASS}
        aria-label="Month"
        value={filters.month ?? ''}
        onChange={(e) => set('month', e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">All months</option>
        {MONTHS.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <select
        className={FILTER_CLASS}
        aria-label="Status"
        value={filters.status ?? ''}
        onChange={(e) => set('status', (e.target.value || null) as TRunStatus | null)}
      >
        <option value="">Any status</option>
        {RUN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {RUN_STATUS_LABEL[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /outlet/transaction/salary_process: the salary runs, newest month first, and the way to open a new one. */
export default function SalaryProcessListScreen() {
  const navigate = useNavigate();
  const { menu, actions } = useCurrentMenu(MENU.salaryProcess);
  // The financial year follows the header's (as on the other payroll screens); the filter can widen it to all years.
  const headerYear = useSessionFinancialYear(FILTER_YEARS);
  const [filters, setFilters] = useState<Filters>({ unitId: null, financialYear: headerYear, month: null, status: null });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [creating, setCreating] = useState(false);
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(1);
  };
  useEffect(() => {
    setFilters((f) => ({ ...f, financialYear: headerYear }));
    setPage(1);
  }, [headerYear]);
  const query: TRunListQuery = {
    page,
    pageSize,
    unitId: filters.unitId ? String(filters.unitId) : undefined,
    financialYear: filters.financialYear ?? undefined,
    month: filters.month ?? undefined,
    status: filters.status ?? undefined,
  };
  const list = useRunList(query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const filtered = filters.unitId !== null || filters.month !== null || filters.status !== null;

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Salary Process'}
        description={`${formatCount(total)} run${total === 1 ? '' : 's'}${filtered ? ' match' : ''}. A run moves draft → processed → approved → locked.`}
        actions={
          actions.add && (
            <Button onClick={() => setCreating(true)} data-testid="new-run">
              <Plus /> New run
            </Button>
          )
        }
      />

      <RunFilters filters={filters} set={set} />

      <DataTable
        className="rounded-lg bg-card"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ id: 'month', desc: true }}
        onSort={() => undefined}
        loading={list.isLoading}
        error={list.isError && !list.data ? 'The runs could not be loaded.' : undefined}
        empty={
          <EmptyState
            className="border-0 p-0"
            icon={<Calculator />}
            title={filtered ? 'No run matches' : 'No salary run yet'}
            description={filtered ? 'Change the filters to see other runs.' : 'Open a run for a unit and month to process its salary.'}
          />
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'run-row', onClick: () => navigate(runPath(r.id)) })}
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

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New salary run</DialogTitle>
            <DialogDescription>One run per unit and month.</DialogDescription>
          </DialogHeader>
          <NewRunForm onCancel={() => setCreating(false)} initialUnitId={filters.unitId} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
