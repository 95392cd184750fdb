// One screen for any report of the registry: the filter bar drawn from the report's declared filters, a table
// paged, sorted and grouped on the server with group subtotals and the grand total, a column chooser, and
// Export to Excel / PDF (a large export runs as a job followed by <JobProgress>, then downloads).
import { useCallback, useMemo, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { type TReportMeta, type TReportValues, useReportRun } from './api';
import { FilterBar } from './report-view/FilterBar';
import { ColumnChooser, ExportButtons, Pager } from './report-view/parts';
import { ResultTable } from './report-view/ResultTable';
import { useReportExport } from './report-view/useReportExport';
import { initialValues, missingRequired } from './report-view/values';

/** The report screen of one report (its description already loaded). */
export function ReportView({ meta, actions }: { meta: TReportMeta; actions?: React.ReactNode }) {
  const [values, setValues] = useState<TReportValues>(() => initialValues(meta));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sort, setSort] = useState<{ key: string; dir: 'asc' | 'desc' } | null>(null);
  const [hiddenChoice, setHiddenChoice] = useState<Record<string, boolean>>({});

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
  const { jobId, exporting, doExport, jobDone } = useReportExport(meta, values, sort, hidden, shown);

  const onSort = (key: string) => {
    setSort((s) => (s?.key === key ? (s.dir === 'asc' ? { key, dir: 'desc' } : null) : { key, dir: 'asc' }));
    setPage(1);
  };

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
            <ExportButtons
              disabled={missing.length > 0 || exporting !== null || jobId !== null}
              onExport={(format) => void doExport(format)}
            />
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
          <Pager
            page={page}
            shownPage={result.page}
            pages={pages}
            pageSize={pageSize}
            onPageSize={(n) => {
              setPageSize(n);
              setPage(1);
            }}
            onPage={(step) => setPage((p) => p + step)}
          />
        </>
      )}
    </div>
  );
}
