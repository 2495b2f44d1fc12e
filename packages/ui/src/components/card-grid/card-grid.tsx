import './card-grid.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { memo, type ReactNode, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CardImage, type ScryfallCardLike } from '../card-image/card-image';

export interface CardGridProps {
  /** How many items the grid holds (items not loaded yet can render a skeleton). */
  count: number;
  /**
   * Renders the item at `index` (a `CardTile`, or `CardTileSkeleton` while it loads). Keep it stable
   * (`useCallback`) between data changes: rows already on screen then skip rendering while scrolling.
   */
  renderItem: (index: number) => ReactNode;
  getKey?: (index: number) => string | number;
  /** Accessible name of the scrolling list. */
  label: string;
  /** Narrowest a column may be, in px (columns fill the width). */
  minItemWidth?: number;
  /** Gap between tiles, in px. */
  gap?: number;
  /** Height of a tile for a column width (default: card picture plus two caption lines). */
  itemHeight?: (width: number) => number;
  /** Height of the scrolling area (CSS length). */
  height?: number | string;
  /** Rows rendered beyond the visible ones. */
  overscan?: number;
  /** Called with the first and last item index rendered, e.g. to fetch the pages they sit on. */
  onRangeChange?: (first: number, last: number) => void;
  className?: string;
}

const CAPTION = 64;
const defaultHeight = (width: number) => Math.round((width * 680) / 488) + CAPTION;

/**
 * A virtualised, responsive grid of cards: only the rows in view (plus `overscan`) are in the DOM, so
 * tens of thousands of items scroll smoothly. Columns follow the width (at least `minItemWidth` each).
 */
export function CardGrid({
  count,
  renderItem,
  getKey,
  label,
  minItemWidth = 150,
  gap = 12,
  itemHeight = defaultHeight,
  height = '70vh',
  overscan = 3,
  onRangeChange,
  className,
}: CardGridProps) {
  const scroller = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const inner = Math.max(0, width - 2 * gap);
  const columns = Math.max(1, Math.floor((inner + gap) / (minItemWidth + gap)));
  const columnWidth = columns > 0 ? (inner - gap * (columns - 1)) / columns : minItemWidth;
  const rowHeight = itemHeight(Math.max(columnWidth, 1)) + gap;
  const rows = Math.ceil(count / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: 600 },
    // Render in React's normal batching rather than synchronously inside every scroll event.
    useFlushSync: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row size changes
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, columns]);
  const items = virtualizer.getVirtualItems();
  // Rows that come into view mount at transition priority: the scroll event's own render only moves
  // what is already there (memoised rows), and the new row's tiles render in slices between frames.
  // The overscan rows keep that short delay out of sight.
  const rendered = useDeferredValue(items);
  const first = items[0] ? items[0].index * columns : 0;
  const last = items.length ? Math.min(count - 1, (items[items.length - 1]!.index + 1) * columns - 1) : -1;
  useEffect(() => {
    if (last >= first) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  return (
    <section
      ref={scroller}
      className={clsx('cui-card-grid', className)}
      style={{ height, padding: gap }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: rows (divs) sit between the list and its items */}
      <div
        role="list"
        aria-label={label}
        className="cui-card-grid__canvas"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rendered.map((row) => (
          <GridRow
            key={row.key}
            start={row.index * columns}
            top={row.start}
            columns={columns}
            count={count}
            columnWidth={columnWidth}
            height={rowHeight - gap}
            gap={gap}
            renderItem={renderItem}
            getKey={getKey}
          />
        ))}
      </div>
    </section>
  );
}

interface GridRowProps {
  start: number;
  top: number;
  columns: number;
  count: number;
  columnWidth: number;
  height: number;
  gap: number;
  renderItem: (index: number) => ReactNode;
  getKey: ((index: number) => string | number) | undefined;
}

/**
 * One row of cells. Memoised: while scrolling only the rows coming into view render (the others keep
 * their props), and a new `renderItem` (data arrived) is the only thing that renders them all again.
 */
const GridRow = memo(function GridRow({
  start,
  top,
  columns,
  count,
  columnWidth,
  height,
  gap,
  renderItem,
  getKey,
}: GridRowProps) {
  const cells: ReactNode[] = [];
  for (let i = start; i < Math.min(start + columns, count); i++) {
    cells.push(
      // biome-ignore lint/a11y/useSemanticElements: an ARIA list item inside a positioned row
      <div
        key={getKey ? getKey(i) : i}
        role="listitem"
        aria-posinset={i + 1}
        aria-setsize={count}
        className="cui-card-grid__cell"
        style={{ width: columnWidth, height }}
      >
        {renderItem(i)}
      </div>,
    );
  }
  return (
    <div className="cui-card-grid__row" style={{ transform: `translateY(${top}px)`, gap, height }}>
      {cells}
    </div>
  );
});

export interface CardTileProps {
  card: ScryfallCardLike;
  /** Line under the name: set, finish, price… */
  meta?: ReactNode;
  /** Copies owned, shown over the picture when above 1. */
  quantity?: number;
  /** Label of the quantity badge for assistive technology, e.g. "3 copies". */
  quantityLabel?: string;
  /** Opens the card (detail dialog or page). */
  onOpen?: () => void;
  /** With `onSelectedChange`, the tile gets a checkbox. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  /** Accessible label of the checkbox, e.g. "Select Lightning Bolt". */
  selectLabel?: string;
  className?: string;
}

/** A card in a grid: its picture, name (a button when it opens), a meta line and a selection box. */
export function CardTile({
  card,
  meta,
  quantity,
  quantityLabel,
  onOpen,
  selected,
  onSelectedChange,
  selectLabel,
  className,
}: CardTileProps) {
  const name = card.printed_name ?? card.name;
  return (
    <div className={clsx('cui-card-tile', className)} data-selected={selected ? '' : undefined}>
      <div className="cui-card-tile__picture">
        <CardImage card={card} size="normal" />
        {quantity !== undefined && quantity > 1 ? (
          <span className="cui-card-tile__quantity">
            <span aria-hidden="true">×{quantity}</span>
            {quantityLabel ? <span className="cui-visually-hidden">{quantityLabel}</span> : null}
          </span>
        ) : null}
      </div>
      <div className="cui-card-tile__caption">
        <div className="cui-card-tile__title">
          {onSelectedChange ? (
            <input
              type="checkbox"
              className="cui-card-tile__select"
              checked={selected ?? false}
              aria-label={selectLabel ?? name}
              onChange={(e) => onSelectedChange(e.target.checked)}
            />
          ) : null}
          {onOpen ? (
            <button type="button" className="cui-card-tile__name" onClick={onOpen} title={name}>
              {name}
            </button>
          ) : (
            <span className="cui-card-tile__name" title={name}>
              {name}
            </span>
          )}
        </div>
        {meta ? <span className="cui-card-tile__meta">{meta}</span> : null}
      </div>
    </div>
  );
}

/** Placeholder tile while its page loads. */
export function CardTileSkeleton() {
  return (
    <div className="cui-card-tile" aria-hidden="true" data-loading="">
      <div className="cui-card-tile__picture cui-card-tile__skeleton" />
      <div className="cui-card-tile__caption">
        <span className="cui-card-tile__bar" />
        <span className="cui-card-tile__bar cui-card-tile__bar--short" />
      </div>
    </div>
  );
}
