import './data-table.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { Skeleton } from '../spinner/spinner';

// single-source: the table's own sort state (a ui kit without the SDK), not an API value
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  /** Cell content; defaults to String(sortValue(row)). */
  cell?: (row: T) => ReactNode;
  /** Value used for sorting; a column is sortable when it has one (unless sortable is false). */
  sortValue?: (row: T) => string | number | null | undefined;
  sortable?: boolean;
  /** CSS width, e.g. "40%", "8rem". */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** Hide this column on narrow screens. */
  hideOnMobile?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T, index: number) => string;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  caption: string;
  /** Controlled sort. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** The app sorts the rows itself (e.g. server-side); headers only report the change. */
  manualSort?: boolean;
  /** Called with Enter/Space on a focused row, or a click. */
  onRowActivate?: (row: T) => void;
  loading?: boolean;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Row height in px (rows are fixed-height so thousands can be virtualised). */
  rowHeight?: number;
  /** Max height of the scrolling body in CSS px. */
  maxHeight?: number;
  /** Rows beyond this count are virtualised. */
  virtualizeAbove?: number;
  className?: string;
}

const sortIcon = (direction: SortDirection | null) => (
  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" className="cui-table__sort-icon">
    <path fill="currentColor" opacity={direction === 'asc' ? 1 : 0.35} d="M8 2 12 7H4l4-5Z" />
    <path fill="currentColor" opacity={direction === 'desc' ? 1 : 0.35} d="M8 14 4 9h8l-4 5Z" />
  </svg>
);

/**
 * A sortable, keyboard-navigable table that virtualises large row sets (@tanstack/react-virtual).
 * Arrow keys, Home/End and Page Up/Down move between rows; Enter activates.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  caption,
  sort,
  defaultSort = null,
  onSortChange,
  manualSort = false,
  onRowActivate,
  loading = false,
  empty,
  rowHeight = 48,
  maxHeight = 560,
  virtualizeAbove = 60,
  className,
}: DataTableProps<T>) {
  const { t, intl } = useUiIntl();
  const [innerSort, setInnerSort] = useState<SortState | null>(defaultSort);
  const activeSort = sort !== undefined ? sort : innerSort;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  const collator = useMemo(
    () => new Intl.Collator(intl.locale, { numeric: true, sensitivity: 'base' }),
    [intl.locale],
  );

  const sortedRows = useMemo(() => {
    if (manualSort || !activeSort) return rows;
    const column = columns.find((c) => c.id === activeSort.columnId);
    const value = column?.sortValue;
    if (!value) return rows;
    const factor = activeSort.direction === 'asc' ? 1 : -1;
    return rows
      .map((row, index) => ({ row, index, key: value(row) }))
      .sort((a, b) => {
        // Empty values always last, whatever the direction.
        if (a.key == null || a.key === '') return b.key == null || b.key === '' ? a.index - b.index : 1;
        if (b.key == null || b.key === '') return -1;
        const diff =
          typeof a.key === 'number' && typeof b.key === 'number'
            ? a.key - b.key
            : collator.compare(String(a.key), String(b.key));
        return diff !== 0 ? diff * factor : a.index - b.index;
      })
      .map((entry) => entry.row);
  }, [rows, columns, activeSort, manualSort, collator]);

  const virtual = sortedRows.length > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: virtual ? sortedRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });

  const items = virtual
    ? virtualizer.getVirtualItems().map((item) => ({ index: item.index, start: item.start }))
    : sortedRows.map((_, index) => ({ index, start: index * rowHeight }));
  const total = virtual ? virtualizer.getTotalSize() : sortedRows.length * rowHeight;
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = virtual && first ? first.start : 0;
  const padBottom = virtual && last ? total - (last.start + rowHeight) : 0;

  const safeActive = Math.min(activeIndex, Math.max(sortedRows.length - 1, 0));

  useEffect(() => {
    if (pendingFocus.current === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${pendingFocus.current}"]`);
    if (row) {
      row.focus({ preventScroll: !virtual });
      pendingFocus.current = null;
    }
  });

  const toggleSort = (column: DataTableColumn<T>) => {
    let next: SortState | null;
    if (activeSort?.columnId !== column.id) next = { columnId: column.id, direction: 'asc' };
    else if (activeSort.direction === 'asc') next = { columnId: column.id, direction: 'desc' };
    else next = null;
    if (sort === undefined) setInnerSort(next);
    onSortChange?.(next);
  };

  const moveTo = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), sortedRows.length - 1);
    setActiveIndex(clamped);
    pendingFocus.current = clamped;
    if (virtual) virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const page = Math.max(1, Math.floor(maxHeight / rowHeight) - 1);
    const targets: Record<string, number> = {
      ArrowDown: safeActive + 1,
      ArrowUp: safeActive - 1,
      Home: 0,
      End: sortedRows.length - 1,
      PageDown: safeActive + page,
      PageUp: safeActive - page,
    };
    const target = targets[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && onRowActivate) {
      const row = sortedRows[safeActive];
      if (row !== undefined) {
        event.preventDefault();
        onRowActivate(row);
      }
    }
  };

  const sortable = (column: DataTableColumn<T>) => column.sortable ?? Boolean(column.sortValue);

  return (
    <div className={clsx('cui-table', className)} data-loading={loading || undefined}>
      <div
        ref={scrollRef}
        className="cui-table__scroll"
        style={{ maxHeight }}
        data-virtual={virtual || undefined}
        tabIndex={virtual ? -1 : undefined}
      >
        {/* ARIA data grid on a native table (APG "data grid" pattern): rows take roving focus. */}
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: APG data grid pattern
          role="grid"
          className="cui-table__table"
          aria-rowcount={sortedRows.length + 1}
          aria-busy={loading || undefined}
        >
          <caption className="cui-visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => {
                const direction = activeSort?.columnId === column.id ? activeSort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-align={column.align ?? 'start'}
                    data-hide-mobile={column.hideOnMobile || undefined}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                    }
                  >
                    {sortable(column) ? (
                      <button type="button" className="cui-table__sort" onClick={() => toggleSort(column)}>
                        <span>{column.header}</span>
                        {sortIcon(direction)}
                        <span className="cui-visually-hidden">
                          {direction === 'asc'
                            ? t('ui.table.sortedAscending')
                            : direction === 'desc'
                              ? t('ui.table.sortedDescending')
                              : t('ui.table.sortable')}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {loading ? (
              Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                <tr key={i} className="cui-table__row" style={{ height: rowHeight }}>
                  {columns.map((column) => (
                    <td key={column.id} data-hide-mobile={column.hideOnMobile || undefined}>
                      <Skeleton width="70%" />
                    </td>
                  ))}
                </tr>
              ))
            ) : sortedRows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="cui-table__empty">
                  {empty ?? t('ui.table.empty')}
                </td>
              </tr>
            ) : (
              <>
                {padTop > 0 ? (
                  // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: virtualisation spacer, not a row
                  <tr role="presentation" className="cui-table__spacer" style={{ height: padTop }}>
                    <td colSpan={columns.length} />
                  </tr>
                ) : null}
                {items.map(({ index }) => {
                  const row = sortedRows[index] as T;
                  const isActive = index === safeActive;
                  return (
                    <tr
                      key={getRowId(row, index)}
                      className="cui-table__row"
                      data-index={index}
                      data-active={isActive || undefined}
                      aria-rowindex={index + 2}
                      tabIndex={isActive ? 0 : -1}
                      style={{ height: rowHeight }}
                      onFocus={() => setActiveIndex(index)}
                      onClick={onRowActivate ? () => onRowActivate(row) : undefined}
                      data-clickable={onRowActivate ? '' : undefined}
                    >
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          data-align={column.align ?? 'start'}
                          data-hide-mobile={column.hideOnMobile || undefined}
                        >
                          {column.cell ? column.cell(row) : String(column.sortValue?.(row) ?? '')}
                        </td>
                      ))}
                    </tr>
                  );
                })}
                {padBottom > 0 ? (
                  // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: virtualisation spacer, not a row
                  <tr role="presentation" className="cui-table__spacer" style={{ height: padBottom }}>
                    <td colSpan={columns.length} />
                  </tr>
                ) : null}
              </>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
