export type { DataTableColumn, DataTableProps, SortDirection, SortState } from './data-table';
export { DataTable } from './data-table';
