export { type DataColumn, DataTable, type DataTableProps, PAGE_SIZES, PaginationBar, RowActions } from './DataTable';
export { nextSort, type SortState } from './sort';
export { useDebounced } from './useDebounced';
