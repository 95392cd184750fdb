// The table of a server-paged list (master resources, employees): sortable headers, rows, the empty
// state, row action buttons and the pagination bar. The screen owns the data and the query; this only
// renders it and reports clicks.
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, History, Pencil, Trash2 } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { SortState } from './sort';

export interface DataColumn<T> {
  /** Also the sort key sent to the server. */
  id: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  sortable?: boolean;
  className?: string;
  headClassName?: string;
  /** A click in this cell does not count as a click on the row (action buttons). */
  isolated?: boolean;
}

export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  sort: SortState;
  /** A click on a sortable column's header. */
  onSort: (columnId: string) => void;
  /** While true the empty state is not shown (the rows are on their way). */
  loading?: boolean;
  /** What a list without rows shows; default 'Nothing to show'. */
  empty?: React.ReactNode;
  /** Set when the rows could not be loaded: shown in place of the empty state (a failed list is not an empty one). */
  error?: React.ReactNode;
  /** Extra attributes of a row (test id, click to open). */
  rowProps?: (row: T) => React.ComponentProps<'tr'> & { 'data-testid'?: string };
  className?: string;
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <ArrowUp className="size-3.5" />;
  if (sorted === 'desc') return <ArrowDown className="size-3.5" />;
  return <ArrowUpDown className="size-3.5 opacity-40" />;
}

const stop = (e: React.MouseEvent) => e.stopPropagation();

export function DataTable<T>({ columns, rows, rowKey, sort, onSort, loading, empty, error, rowProps, className }: DataTableProps<T>) {
  return (
    <div className={cn('overflow-x-auto rounded-md border', className)}>
      <Table>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHead key={c.id} className={c.headClassName} aria-sort={sortAria(sort, c)}>
                {c.sortable ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 hover:text-foreground"
                    onClick={() => onSort(c.id)}
                    data-testid={`sort-${c.id}`}
                  >
                    {c.header}
                    <SortIcon sorted={sort?.id === c.id ? (sort.desc ? 'desc' : 'asc') : false} />
                  </button>
                ) : c.header === '' ? (
                  // A column without a visible heading (the row's buttons) is still named for a screen reader.
                  <span className="sr-only">{c.id === 'actions' ? 'Actions' : c.id}</span>
                ) : (
                  c.header
                )}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid="list-row" {...rowProps?.(row)}>
              {columns.map((c) => (
                <TableCell key={c.id} className={c.className} onClick={c.isolated ? stop : undefined}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!loading && rows.length === 0 && (
            <TableRow className="hover:bg-transparent">
              {error ? (
                <TableCell colSpan={columns.length} className="py-10 text-center text-destructive" data-testid="list-error" role="alert">
                  {error}
                </TableCell>
              ) : (
                <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground" data-testid="list-empty">
                  {empty ?? 'Nothing to show'}
                </TableCell>
              )}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function sortAria<T>(sort: SortState, c: DataColumn<T>): React.AriaAttributes['aria-sort'] {
  if (!c.sortable) return undefined;
  if (sort?.id !== c.id) return 'none';
  return sort.desc ? 'descending' : 'ascending';
}

/** The edit / delete (and, for administrators, change history) buttons of a row. */
export function RowActions({
  onEdit,
  onDelete,
  onHistory,
  editLabel = 'Edit',
  deleteLabel = 'Delete',
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  onHistory?: () => void;
  editLabel?: string;
  deleteLabel?: string;
}) {
  return (
    <div className="flex justify-end gap-1">
      {onHistory && (
        <Button variant="ghost" size="icon-sm" aria-label="Change history" data-testid="row-history" onClick={onHistory}>
          <History />
        </Button>
      )}
      {onEdit && (
        <Button variant="ghost" size="icon-sm" aria-label={editLabel} data-testid="row-edit" onClick={onEdit}>
          <Pencil />
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" size="icon-sm" aria-label={deleteLabel} data-testid="row-delete" onClick={onDelete}>
          <Trash2 className="text-destructive" />
        </Button>
      )}
    </div>
  );
}

export const PAGE_SIZES = [10, 25, 50, 100];

/** Rows per page, 'Page n of m' and previous / next. */
export function PaginationBar({
  page,
  pages,
  pageSize,
  onPageChange,
  onPageSizeChange,
  className,
  more = false,
}: {
  page: number;
  pages: number;
  /** `pages` is a floor (the total was counted only so far): shown as "400+" and next stays open. */
  more?: boolean;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-2 text-sm', className)}>
      <div className="flex items-center gap-2 text-muted-foreground">
        Rows per page
        <select
          aria-label="Rows per page"
          className="h-8 rounded-md border border-input bg-transparent px-2 dark:bg-input/30"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          data-testid="page-size"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <span data-testid="list-page">
          Page {formatCount(page)} of {formatCount(pages)}
          {more ? '+' : ''}
        </span>
        <Button variant="outline" size="icon-sm" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Next page"
          disabled={page >= pages && !more}
          onClick={() => onPageChange(page + 1)}
          data-testid="next-page"
        >
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}
