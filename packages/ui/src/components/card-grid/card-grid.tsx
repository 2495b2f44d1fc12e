import './card-grid.css';
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import {
  type CSSProperties,
  memo,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
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

type GridOptions = VirtualizerOptions<HTMLElement, Element>;

/**
 * The rows' virtualiser (TanStack Virtual's core), rendering the grid only when the span of visible
 * rows changes. Its React hook also renders when scrolling starts and stops.
 */
function useRowVirtualizer(
  options: Omit<GridOptions, 'onChange' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn'>,
) {
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  const span = useRef('');
  const resolved: GridOptions = {
    ...options,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: (instance) => {
      const range = instance.range;
      const next = range ? `${range.startIndex}:${range.endIndex}` : '';
      if (next === span.current) return;
      span.current = next;
      rerender();
    },
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return virtualizer;
}

/**
 * Rows that scroll into the overscan mount their tiles one row a frame, in a task after the frame:
 * a fast flick never mounts several rows' tiles (pictures, captions, buttons) in one frame. Rows in
 * view, and every row of the first render, mount at once.
 */
function useRowMounting(visibleFirst: number, visibleLast: number, rendered: readonly number[]) {
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  const ready = useRef<Set<number> | null>(null);
  let first = false;
  if (ready.current === null) {
    ready.current = new Set(rendered);
    first = true;
  }
  const set = ready.current;
  const pending: number[] = [];
  for (const index of rendered) {
    if (set.has(index)) continue;
    if (first || (index >= visibleFirst && index <= visibleLast)) set.add(index);
    else pending.push(index);
  }
  // Rows that left the range unmount: forget them, so they mount row by row when they come back.
  if (set.size > rendered.length + pending.length) {
    const keep = new Set(rendered);
    for (const index of set) if (!keep.has(index)) set.delete(index);
  }
  // The pending row nearest to the rows in view goes first.
  const distance = (i: number) => (i < visibleFirst ? visibleFirst - i : i - visibleLast);
  const next = pending.length ? pending.reduce((best, i) => (distance(i) < distance(best) ? i : best)) : null;
  useEffect(() => {
    if (next === null) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        ready.current?.add(next);
        rerender();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [next]);
  return set;
}

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
  const virtualizer = useRowVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: 600 },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row size changes
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, columns]);
  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const ready = useRowMounting(
    range?.startIndex ?? 0,
    range?.endIndex ?? -1,
    items.map((row) => row.index),
  );
  const first = items[0] ? items[0].index * columns : 0;
  const last = items.length ? Math.min(count - 1, (items[items.length - 1]!.index + 1) * columns - 1) : -1;
  useEffect(() => {
    if (last >= first) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  return (
    <section
      ref={scroller}
      className={clsx('cui-card-grid', className)}
      // The tiles' fallback pictures size their text from the column width (no container query).
      style={{ height, padding: gap, '--cui-card-unit': `${columnWidth / 100}px` } as CSSProperties}
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
        {items.map((row) => (
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
            mounted={ready.has(row.index)}
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
  /** False while the row waits for its turn to mount its tiles (an empty row of the right size). */
  mounted: boolean;
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
  mounted,
}: GridRowProps) {
  const cells: ReactNode[] = [];
  for (let i = start; mounted && i < Math.min(start + columns, count); i++) {
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
