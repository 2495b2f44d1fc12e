export type { PageItem, PaginationProps } from './pagination';
export { Pagination, paginationRange } from './pagination';
