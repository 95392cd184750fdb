// One screen for any report of the registry: the filter bar drawn from the report's declared filters, a table
// paged, sorted and grouped on the server with group subtotals and the grand total, a column chooser, and
// Export to Excel / PDF (a large export runs as a job followed by <JobProgress>, then downloads).
import type { TFinancialYear, TJob, TReportColumn } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Columns3, FileSpreadsheet, FileText } from 'lucide-react';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { DateInput, DepartmentSelect } from '@/components/common/Filters';
import { MonthPicker, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { JobProgress } from '@/components/jobs/JobProgress';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/files';
import { todayIso } from '@/lib/format';
import { errorToast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { exportReport, type TExportFormat, type TReportMeta, type TReportResult, type TReportValues, useReportRun } from './api';
import { cellText } from './format';

const PAGE_SIZES = [25, 50, 100, 250];

/** The filters' starting values: last month, the current financial year, this month so far. */
function initialValues(meta: TReportMeta): TReportValues {
  const today = todayIso();
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const kinds = new Set(meta.filters.map((f) => f.kind));
  const v: TReportValues = {};
  if (kinds.has('month')) {
    v.year = m === 1 ? y - 1 : y;
    v.month = m === 1 ? 12 : m - 1;
  } else if (kinds.has('dateRange')) {
    v.from = `${today.slice(0, 8)}01`;
    v.to = today;
  }
  if (kinds.has('financialYear')) v.financialYear = m >= 4 ? y : y - 1;
  // The quarter before the current one (the one whose return is due).
  if (kinds.has('quarter')) {
    const current = m >= 4 ? Math.ceil((m - 3) / 3) : 4;
    v.quarter = current === 1 ? 4 : current - 1;
    if (current === 1 && v.financialYear) v.financialYear = (v.financialYear as number) - 1;
  }
  return v;
}

/** Whether every required filter has a value (the report runs only then). */
function missingRequired(meta: TReportMeta, v: TReportValues): string[] {
  const missing: string[] = [];
  for (const f of meta.filters) {
    if (!f.required) continue;
    if (f.kind === 'unit' && !v.unitId) missing.push('a unit');
    if (f.kind === 'employee' && !v.employeeId) missing.push('an employee');
    if (f.kind === 'financialYear' && !v.financialYear) missing.push('a financial year');
    if (f.kind === 'month' && (!v.year || !v.month)) missing.push('a month');
    if (f.kind === 'dateRange' && (!v.from || !v.to)) missing.push('a date range');
    if (f.kind === 'status' && !v.status) missing.push('a status');
    if (f.kind === 'state' && !v.stateId) missing.push('a state');
    if (f.kind === 'quarter' && !v.quarter) missing.push('a quarter');
  }
  return missing;
}

const QUARTER_OPTIONS = [
  { value: 1, label: 'Q1 (April – June)' },
  { value: 2, label: 'Q2 (July – September)' },
  { value: 3, label: 'Q3 (October – December)' },
  { value: 4, label: 'Q4 (January – March)' },
];

function useFinancialYears() {
  return useQuery({
    queryKey: ['financial-years'],
    queryFn: ({ signal }) => api.get<TFinancialYear[]>('/api/financial-years', undefined, { signal, bypass_log: true }),
  });
}

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

function FilterBar({ meta, values, set }: { meta: TReportMeta; values: TReportValues; set: (patch: TReportValues) => void }) {
  const years = useFinancialYears().data ?? [];
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const unitId = (values.unitId as number | undefined) ?? null;
  const kinds = new Set(meta.filters.map((f) => f.kind));
  const rangeInvalid = Boolean(values.from && values.to && String(values.to) < String(values.from));
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="report-filters">
      {kinds.has('unit') && (
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setEmployee(null);
            set({ unitId: v, departmentId: null, employeeId: null });
          }}
          allLabel="All units"
          data-testid="filter-unit"
        />
      )}
      {kinds.has('department') && (
        <DepartmentSelect
          value={(values.departmentId as number | null) ?? null}
          onChange={(v) => set({ departmentId: v })}
          unitId={unitId}
        />
      )}
      {kinds.has('designation') && (
        <ReferenceSelect
          resource="designation"
          aria-label="Designation"
          placeholder="All designations"
          value={(values.designationId as number | null) ?? null}
          onChange={(v) => set({ designationId: v })}
          className="h-9 w-48"
        />
      )}
      {kinds.has('category') && (
        <ReferenceSelect
          resource="category"
          aria-label="Category"
          placeholder="All categories"
          value={(values.categoryId as number | null) ?? null}
          onChange={(v) => set({ categoryId: v })}
          className="h-9 w-44"
        />
      )}
      {kinds.has('state') && (
        <ReferenceSelect
          resource="state"
          aria-label="State"
          placeholder="All states"
          value={(values.stateId as number | null) ?? null}
          onChange={(v) => set({ stateId: v })}
          className="h-9 w-44"
        />
      )}
      {kinds.has('employee') && (
        <EmployeePicker
          value={employee}
          onChange={(v) => {
            setEmployee(v);
            set({ employeeId: v?.id ?? null });
          }}
          unitId={unitId}
          placeholder="All employees"
          className="w-64"
          data-testid="filter-employee"
        />
      )}
      {kinds.has('financialYear') && (
        <select
          aria-label="Financial year"
          className={selectClass}
          value={values.financialYear ? String(values.financialYear) : ''}
          onChange={(e) => set({ financialYear: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Financial year…</option>
          {years.map((fy) => (
            <option key={fy.id} value={fy.startDate.slice(0, 4)}>
              {fy.name}
            </option>
          ))}
        </select>
      )}
      {kinds.has('quarter') && (
        <select
          aria-label="Quarter"
          className={selectClass}
          value={values.quarter ? String(values.quarter) : ''}
          onChange={(e) => set({ quarter: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Quarter…</option>
          {QUARTER_OPTIONS.map((q) => (
            <option key={q.value} value={q.value}>
              {q.label}
            </option>
          ))}
        </select>
      )}
      {kinds.has('month') && (
        <>
          <MonthPicker value={(values.month as number | null) ?? null} onChange={(m) => set({ month: m, from: null, to: null })} />
          <YearPicker value={(values.year as number | null) ?? null} onChange={(y) => set({ year: y, from: null, to: null })} />
        </>
      )}
      {kinds.has('dateRange') && (
        <div className="flex items-center gap-1 text-sm text-muted-foreground">
          <DateInput
            label="From"
            value={String(values.from ?? '')}
            onChange={(v) => set({ from: v, ...(kinds.has('month') ? { year: null, month: null } : {}) })}
            invalid={rangeInvalid}
          />
          to
          <DateInput
            label="To"
            value={String(values.to ?? '')}
            min={String(values.from ?? '')}
            onChange={(v) => set({ to: v, ...(kinds.has('month') ? { year: null, month: null } : {}) })}
            invalid={rangeInvalid}
          />
        </div>
      )}
      {meta.filters
        .filter((f) => f.kind === 'status')
        .map((f) => (
          <select
            key="status"
            aria-label="Status"
            className={selectClass}
            value={String(values.status ?? '')}
            onChange={(e) => set({ status: e.target.value || null })}
          >
            <option value="">{f.required ? 'Status…' : 'Any status'}</option>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ))}
      {meta.groupBy.length > 0 && (
        <select
          aria-label="Group by"
          className={selectClass}
          value={String(values.groupBy ?? '')}
          onChange={(e) => set({ groupBy: e.target.value || null })}
        >
          <option value="">No grouping</option>
          {meta.groupBy.map((g) => (
            <option key={g.key} value={g.key}>
              Group by {g.label.toLowerCase()}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function ColumnChooser({ columns, hidden, toggle }: { columns: TReportColumn[]; hidden: Set<string>; toggle: (key: string) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 className="size-4" /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
        <DropdownMenuLabel>Columns shown</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((c) => (
          <DropdownMenuCheckboxItem
            key={c.key}
            checked={!hidden.has(c.key)}
            onCheckedChange={() => toggle(c.key)}
            onSelect={(e) => e.preventDefault()}
          >
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const numeric = (c: TReportColumn) => c.type === 'money' || c.type === 'number';

function TotalsRow({
  columns,
  label,
  totals,
  testId,
}: {
  columns: TReportColumn[];
  label: string;
  totals: Record<string, number>;
  testId: string;
}) {
  return (
    <TableRow className="bg-muted/60 font-semibold" data-testid={testId}>
      {columns.map((c, i) => (
        <TableCell key={c.key} className={cn('whitespace-nowrap', numeric(c) && 'text-right tabular-nums')}>
          {c.total ? cellText(c, totals[c.key] ?? 0) : i === 0 ? label : ''}
        </TableCell>
      ))}
    </TableRow>
  );
}

function ResultTable({
  result,
  columns,
  groupLabel,
  sort,
  onSort,
}: {
  result: TReportResult;
  columns: TReportColumn[];
  groupLabel: string;
  sort: { key: string; dir: 'asc' | 'desc' } | null;
  onSort: (key: string) => void;
}) {
  const group = result.groupBy;
  const groups = new Map(result.groups.map((g) => [g.value, g]));
  const lastPage = result.page * result.pageSize >= result.total;
  const hasTotals = columns.some((c) => c.total);
  return (
    <div className="rounded-md border">
      <Table data-testid="report-table">
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHead
                key={c.key}
                className={cn('whitespace-nowrap', numeric(c) && 'text-right')}
                aria-sort={sort?.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortable ? (
                  <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => onSort(c.key)}>
                    {c.label}
                    {sort?.key === c.key && (sort.dir === 'asc' ? <ArrowUp className="size-3" /> : <ArrowDown className="size-3" />)}
                  </button>
                ) : (
                  c.label
                )}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.rows.map((row, i) => {
            const value = group ? String(row[group] ?? '') : '';
            const next = result.rows[i + 1];
            // A group's subtotal follows its last row (on the page where the group ends).
            const ends = group && (next ? String(next[group] ?? '') !== value : lastPage);
            const g = ends ? groups.get(value) : undefined;
            return (
              <Fragment key={i}>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.key} className={cn('whitespace-nowrap', numeric(c) && 'text-right tabular-nums')}>
                      {cellText(c, row[c.key])}
                    </TableCell>
                  ))}
                </TableRow>
                {g && (
                  <TotalsRow
                    columns={columns}
                    label={`${groupLabel}: ${value || '—'} (${g.count})`}
                    totals={g.totals}
                    testId="group-subtotal"
                  />
                )}
              </Fragment>
            );
          })}
        </TableBody>
        {hasTotals && (
          <TableFooter>
            <TotalsRow columns={columns} label={`Grand Total (${result.total})`} totals={result.grandTotal} testId="grand-total" />
          </TableFooter>
        )}
      </Table>
      {result.summary?.length ? (
        <dl className="mt-3 grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="report-summary-lines">
          {result.summary.map((l) => (
            <Fragment key={l.label}>
              <dt className="text-muted-foreground">{l.label}</dt>
              <dd className="text-right font-medium tabular-nums">{cellText(l, l.value)}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The report screen of one report (its description already loaded). */
export function ReportView({ meta, actions }: { meta: TReportMeta; actions?: React.ReactNode }) {
  const [values, setValues] = useState<TReportValues>(() => initialValues(meta));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sort, setSort] = useState<{ key: string; dir: 'asc' | 'desc' } | null>(null);
  const [hiddenChoice, setHiddenChoice] = useState<Record<string, boolean>>({});
  const [jobId, setJobId] = useState<number | null>(null);
  // The API helper shows a failure's toast.
  const exportAction = useAction(
    (format: TExportFormat, query: TReportValues) =>
      exportReport(meta.id, query, format, `${meta.title.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}.${format}`),

    {
      onDone: (started) => {
        if (started !== null) setJobId(started);
      },
    },
  );
  const exporting = exportAction.pending?.[0] ?? null;

  const set = useCallback((patch: TReportValues) => {
    setValues((v) => ({ ...v, ...patch }));
    setPage(1);
  }, []);
  const missing = missingRequired(meta, values);
  const query: TReportValues = { ...values, page, pageSize, ...(sort ? { sort: sort.key, dir: sort.dir } : {}) };
  const run = useReportRun(meta.id, query, missing.length === 0);
  const result = run.data;

  const columns = result?.columns ?? meta.columns;
  const hidden = useMemo(() => new Set(columns.filter((c) => hiddenChoice[c.key] ?? c.hidden).map((c) => c.key)), [columns, hiddenChoice]);
  const shown = columns.filter((c) => !hidden.has(c.key));
  const groupLabel = meta.groupBy.find((g) => g.key === values.groupBy)?.label ?? '';

  const onSort = (key: string) => {
    setSort((s) => (s?.key === key ? (s.dir === 'asc' ? { key, dir: 'desc' } : null) : { key, dir: 'asc' }));
    setPage(1);
  };

  const doExport = async (format: TExportFormat) => {
    const chosen = hidden.size ? { columns: shown.map((c) => c.key).join(',') } : {};
    await exportAction.run(format, { ...values, ...chosen, ...(sort ? { sort: sort.key, dir: sort.dir } : {}) });
  };
  const jobDone = useCallback(async (job: TJob) => {
    setJobId(null);
    const r = job.result as { file?: { name: string; url: string } } | null;
    if (job.state === 'succeeded' && r?.file) await downloadFile(r.file.url, r.file.name);
    else if (job.state === 'failed') errorToast(job.error ?? 'The export could not be written');
  }, []);

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  const errorMessage = (run.error as { message?: string } | null)?.message;

  return (
    <div>
      <PageHeader
        title={meta.title}
        description={meta.description}
        actions={
          <>
            {actions}
            <ColumnChooser columns={columns} hidden={hidden} toggle={(k) => setHiddenChoice((h) => ({ ...h, [k]: !hidden.has(k) }))} />
            <Button
              variant="outline"
              size="sm"
              disabled={missing.length > 0 || exporting !== null || jobId !== null}
              onClick={() => void doExport('xlsx')}
            >
              <FileSpreadsheet className="size-4" /> Export to Excel
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={missing.length > 0 || exporting !== null || jobId !== null}
              onClick={() => void doExport('pdf')}
            >
              <FileText className="size-4" /> Export to PDF
            </Button>
          </>
        }
      />
      <FilterBar meta={meta} values={values} set={set} />
      {jobId !== null && (
        <div className="mb-4">
          <JobProgress jobId={jobId} label={`Exporting ${meta.title}`} onDone={(job) => void jobDone(job)} />
        </div>
      )}
      {missing.length > 0 ? (
        <EmptyState title="Choose the filters" description={`Choose ${missing.join(', ')} to see the report.`} />
      ) : errorMessage && !result ? (
        <EmptyState title="The report could not be shown" description={errorMessage} />
      ) : !result ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground" data-testid="report-summary">
            {result.filterSummary} · {result.total} {result.pageUnit === 'employee' ? 'employees' : 'rows'}
          </p>
          {errorMessage && (
            <p className="mb-2 text-sm text-destructive" role="alert">
              {errorMessage}
            </p>
          )}
          {result.total === 0 ? (
            <EmptyState title="Nothing to show" description="No rows match these filters." />
          ) : (
            <ResultTable result={result} columns={shown} groupLabel={groupLabel} sort={sort} onSort={onSort} />
          )}
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
            <div className="flex items-center gap-2">
              Rows per page
              <select
                aria-label="Rows per page"
                className={selectClass}
                value={pageSize}
                onChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(1);
                }}
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {result.page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
