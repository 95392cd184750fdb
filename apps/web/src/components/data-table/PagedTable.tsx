// A server-paged list in the look of the transaction screens (separations, settlements, bonuses, advances, earlier
// salary, the attendance days): the table on a card without sorting, its empty state, and the pagination bar below.
import type * as React from 'react';
import { EmptyState } from '@/components/ui/page-header';
import { DataTable, type DataTableProps, PaginationBar } from './DataTable';
import type { TPaging } from './usePaging';

export type PagedTableProps<T> = Omit<DataTableProps<T>, 'sort' | 'onSort' | 'rows'> & {
  paging: TPaging;
  /** The page's query: its rows, total and loading state, unless `rows` and `total` are given. */
  list?: { data?: { rows: T[]; total: number }; isLoading: boolean };
  rows?: T[];
  /** All rows the list has (the pages are counted from it). */
  total?: number;
  /** The empty state drawn in the table (in place of `empty`). */
  emptyState?: { icon: React.ReactNode; title: React.ReactNode; description?: React.ReactNode };
  /** Shown between the table and the pagination bar (a load error). */
  notice?: React.ReactNode;
  pagerClassName?: string;
};

export function PagedTable<T>({
  paging,
  list,
  rows = list?.data?.rows ?? [],
  total = list?.data?.total ?? 0,
  loading = list?.isLoading,
  emptyState,
  empty,
  notice,
  pagerClassName = 'mt-4',
  className = 'rounded-lg bg-card',
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={rows}
        loading={loading}
        className={className}
        sort={null}
        onSort={() => undefined}
        empty={emptyState ? <EmptyState className="border-0 p-0" {...emptyState} /> : empty}
      />
      {notice}
      <PaginationBar
        className={pagerClassName}
        page={paging.page}
        pages={Math.max(1, Math.ceil(total / paging.pageSize))}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
      />
    </>
  );
}
