export { type DataColumn, DataTable, type DataTableProps, PAGE_SIZES, PaginationBar, RowActions } from './DataTable';
export { PagedTable, type PagedTableProps } from './PagedTable';
export { nextSort, type SortState } from './sort';
export { useDebounced } from './useDebounced';
export { type TPaging, usePaging } from './usePaging';
