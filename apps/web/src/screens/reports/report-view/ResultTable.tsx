import type { TReportColumn } from '@hr/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Fragment } from 'react';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { TReportResult } from '../api';
import { cellText } from '../format';

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

/** The page of rows, each group's subtotal after its last row, and the grand total. */
export function ResultTable({
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
