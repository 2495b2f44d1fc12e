import { LIMITS } from '@companion/sdk';
import type { CardSummary, ListEntry } from '@companion/sdk/contract';
import {
  Button,
  CardGrid,
  CardTile,
  CardTileSkeleton,
  EmptyState,
  ManaCost,
  Pagination,
  SetSymbol,
  Skeleton,
} from '@companion/ui';
import { type QueryKey, type UseQueryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import {
  CONDITION_KEY,
  CONDITIONS,
  type Currency,
  FINISH_KEY,
  imageCard,
  printingLabel,
  useMoney,
} from './common';

export interface EntryPage {
  entries: ListEntry[];
  total: number;
}
/** Query options for one page of entries (the caller binds its filters, order and currency). */
export type PageOptions = (
  page: number,
  limit: number,
) => UseQueryOptions<EntryPage, Error, EntryPage, QueryKey>;

export const TABLE_PAGE = 50;
/**
 * Entries a page of the grid: a page that arrives while scrolling is parsed, validated and turned
 * into tiles in one task, so smaller pages keep that task short (and the table's first page is the
 * same query).
 */
export const GRID_PAGE = 50;

export type Selection = Map<string, ListEntry>;

export interface EntryEdits {
  onQuantity: (entry: ListEntry, quantity: number) => void;
  onFinish: (entry: ListEntry, finish: string) => void;
  onCondition: (entry: ListEntry, condition: string | null) => void;
  onRemove: (entry: ListEntry) => void;
  /** Opens the fix dialog for an unresolved entry or one whose printing was guessed. */
  onFix?: (entry: ListEntry) => void;
}

const entryCard = (e: ListEntry): CardSummary | null => e.card;

function placeholderCard(e: ListEntry) {
  return { name: e.unresolved?.name ?? '?' };
}

/** One tile; memoised so scrolling only renders the tiles that come into view. */
const EntryTile = memo(function EntryTile({
  entry,
  currency,
  selected,
  onToggle,
  onOpen,
}: {
  entry: ListEntry;
  currency: Currency;
  selected: boolean;
  onToggle: (entry: ListEntry, on: boolean) => void;
  onOpen: (card: CardSummary) => void;
}) {
  const t = useT();
  const money = useMoney();
  const card = entryCard(entry);
  const name = card?.name ?? entry.unresolved?.name ?? '?';
  return (
    <CardTile
      card={card ? imageCard(card) : placeholderCard(entry)}
      quantity={entry.quantity}
      quantityLabel={t('web.cards.entries.copies', { count: entry.quantity })}
      meta={`${card ? `${card.set.toUpperCase()} · ` : ''}${t(FINISH_KEY[entry.finish]!)} · ${money(entry.price, currency)}${
        entry.printingGuessed ? ` · ${t('web.cards.entries.guessedShort')}` : ''
      }`}
      {...(card ? { onOpen: () => onOpen(card) } : {})}
      selected={selected}
      selectLabel={t('web.cards.entries.select', { name })}
      onSelectedChange={(on) => onToggle(entry, on)}
    />
  );
});

/** The previous array while its items are the same objects (a stable input for `useMemo`). */
export function useSameItems<T>(items: readonly T[]): readonly T[] {
  const kept = useRef(items);
  const prev = kept.current;
  if (prev.length !== items.length || prev.some((x, i) => x !== items[i])) kept.current = items;
  return kept.current;
}

/** Pages fetched beyond the last one in view, in the scrolling direction (before their rows show). */
const PAGES_AHEAD = 3;

/**
 * Items of a paged query for a virtualised grid: the first page, and the pages the rendered rows sit
 * on plus one behind and `PAGES_AHEAD` ahead, so a page has arrived before its rows scroll into view.
 */
export function usePagedItems<D, T>(
  options: (page: number) => UseQueryOptions<D, Error, D, QueryKey>,
  pageSize: number,
  itemsOf: (data: D) => readonly T[],
  totalOf: (data: D) => number,
) {
  // The pages the rendered rows sit on: the grid re-renders when that span changes, not every row.
  const [span, setSpan] = useState<[number, number]>([1, 1]);
  const first = useQuery(options(1));
  const total = first.data === undefined ? 0 : totalOf(first.data);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pages = useMemo(() => {
    const list: number[] = [];
    for (let p = Math.max(2, span[0] - 1); p <= Math.min(lastPage, span[1] + PAGES_AHEAD); p++) list.push(p);
    return list;
  }, [span, lastPage]);
  const rest = useQueries({ queries: pages.map((p) => options(p)) });
  // The same map while no page changed (query results keep their data objects), so the rows on
  // screen do not render again on every result notification.
  const loaded = useSameItems([first.data, ...rest.map((r) => r.data)]);
  const byPage = useMemo(() => {
    const map = new Map<number, readonly T[]>();
    const [firstPage, ...others] = loaded;
    if (firstPage !== undefined) map.set(1, itemsOf(firstPage));
    pages.forEach((p, i) => {
      const data = others[i];
      if (data !== undefined) map.set(p, itemsOf(data));
    });
    return map;
  }, [pages, loaded, itemsOf]);
  // A page that arrives turns up to a screenful of skeletons into tiles: that render runs at
  // transition priority (deferred), so scrolling and input keep their frames; pages of `GRID_PAGE`
  // entries fetched ahead of the view keep it short.
  const shown = useDeferredValue(byPage);
  const onRangeChange = useCallback(
    (a: number, b: number) => {
      const from = Math.floor(a / pageSize) + 1;
      const to = Math.floor(b / pageSize) + 1;
      setSpan((prev) => (prev[0] === from && prev[1] === to ? prev : [from, to]));
    },
    [pageSize],
  );
  const itemAt = useCallback(
    (i: number): T | undefined => shown.get(Math.floor(i / pageSize) + 1)?.[i % pageSize],
    [shown, pageSize],
  );
  return { first, total, itemAt, onRangeChange };
}

const entriesOf = (page: EntryPage) => page.entries;
const totalOf = (page: EntryPage) => page.total;

/** Grid of every entry (virtualised): pages load before they scroll into view. */
export function EntriesGrid({
  options,
  currency,
  selection,
  onToggle,
  onOpen,
  label,
  empty,
}: {
  options: PageOptions;
  currency: Currency;
  selection: Selection;
  onToggle: (entry: ListEntry, on: boolean) => void;
  onOpen: (card: CardSummary) => void;
  label: string;
  /** What to say when there is nothing to show (default: "No card matches."). */
  empty?: ReactNode;
}) {
  const t = useT();
  const pageOptions = useCallback((page: number) => options(page, GRID_PAGE), [options]);
  const { first, total, itemAt, onRangeChange } = usePagedItems(pageOptions, GRID_PAGE, entriesOf, totalOf);
  const renderItem = useCallback(
    (i: number) => {
      const entry = itemAt(i);
      if (!entry) return <CardTileSkeleton />;
      return (
        <EntryTile
          entry={entry}
          currency={currency}
          selected={selection.has(entry.id)}
          onToggle={onToggle}
          onOpen={onOpen}
        />
      );
    },
    [itemAt, currency, selection, onToggle, onOpen],
  );
  if (first.isPending) return <Skeleton shape="rect" width="100%" height={360} />;
  if (total === 0) return empty ?? <EmptyState title={t('web.cards.entries.empty')} headingLevel={2} />;
  return (
    <CardGrid
      count={total}
      label={label}
      onRangeChange={onRangeChange}
      minItemWidth={150}
      renderItem={renderItem}
    />
  );
}

/** One page of entries as a table, with pagination; editable when `edits` is given. */
export function EntriesTable({
  options,
  currency,
  selection,
  onToggle,
  onToggleAll,
  onOpen,
  edits,
  page,
  onPageChange,
  caption,
  empty,
}: {
  options: PageOptions;
  currency: Currency;
  selection: Selection;
  onToggle: (entry: ListEntry, on: boolean) => void;
  onToggleAll: (entries: ListEntry[], on: boolean) => void;
  onOpen: (card: CardSummary) => void;
  edits?: EntryEdits;
  page: number;
  onPageChange: (page: number) => void;
  caption: string;
  /** What to say when there is nothing to show (default: "No card matches."). */
  empty?: ReactNode;
}) {
  const t = useT();
  const money = useMoney();
  const query = useQuery({ ...options(page, TABLE_PAGE), placeholderData: (prev) => prev });
  if (query.isPending) return <Skeleton shape="rect" width="100%" height={360} />;
  const entries = query.data?.entries ?? [];
  const total = query.data?.total ?? 0;
  if (total === 0) return empty ?? <EmptyState title={t('web.cards.entries.empty')} headingLevel={2} />;
  const allOn = entries.length > 0 && entries.every((e) => selection.has(e.id));
  return (
    <div className="web-stack">
      <div className="web-table-wrap">
        <table className="web-table" aria-busy={query.isFetching}>
          <caption className="cui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="web-table__check">
                <input
                  type="checkbox"
                  checked={allOn}
                  aria-label={t('web.cards.entries.selectPage')}
                  onChange={(e) => onToggleAll(entries, e.target.checked)}
                />
              </th>
              <th scope="col">{t('web.cards.col.name')}</th>
              <th scope="col" className="web-hide-phone">
                {t('web.cards.col.set')}
              </th>
              <th scope="col" className="web-hide-phone">
                {t('web.cards.col.finish')}
              </th>
              <th scope="col" className="web-hide-phone">
                {t('web.cards.col.condition')}
              </th>
              <th scope="col" className="web-num">
                {t('web.cards.col.quantity')}
              </th>
              <th scope="col" className="web-num">
                {t('web.cards.col.price')}
              </th>
              {edits ? (
                <th scope="col">
                  <span className="cui-visually-hidden">{t('web.cards.col.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const card = entry.card;
              const name = card?.name ?? entry.unresolved?.name ?? '?';
              return (
                <tr key={entry.id} data-unresolved={entry.unresolved ? '' : undefined}>
                  <td className="web-table__check">
                    <input
                      type="checkbox"
                      checked={selection.has(entry.id)}
                      aria-label={t('web.cards.entries.select', { name })}
                      onChange={(e) => onToggle(entry, e.target.checked)}
                    />
                  </td>
                  <td>
                    {card ? (
                      <button type="button" className="web-cardname" onClick={() => onOpen(card)}>
                        {name}
                      </button>
                    ) : (
                      <span className="web-cardname">{name}</span>
                    )}{' '}
                    {card?.mana_cost ? <ManaCost cost={card.mana_cost} size="sm" /> : null}
                    {entry.unresolved ? (
                      <span className="web-muted web-block">{t('web.cards.entries.unresolved')}</span>
                    ) : null}
                    {entry.printingGuessed ? (
                      <span className="web-muted web-block" data-testid="printing-guessed">
                        {entry.imported && printingLabel(entry.imported)
                          ? t('web.cards.entries.guessedFrom', { printing: printingLabel(entry.imported) })
                          : t('web.cards.entries.guessed')}
                      </span>
                    ) : null}
                    {edits?.onFix && (entry.unresolved || entry.printingGuessed) ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="web-fix__open"
                        aria-label={`${t(entry.unresolved ? 'web.cards.fix.open' : 'web.cards.fix.check')} · ${name}`}
                        onClick={() => edits.onFix?.(entry)}
                      >
                        {t(entry.unresolved ? 'web.cards.fix.open' : 'web.cards.fix.check')}
                      </Button>
                    ) : null}
                  </td>
                  <td className="web-hide-phone">
                    {card ? (
                      <span className="web-set">
                        <SetSymbol code={card.set} rarity={card.rarity} size="sm" name={card.set_name} />
                        <span>
                          {card.set.toUpperCase()} <span className="web-muted">#{card.collector_number}</span>
                        </span>
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="web-hide-phone">
                    {edits && card ? (
                      <select
                        className="web-select"
                        value={entry.finish}
                        aria-label={t('web.cards.entries.finishOf', { name })}
                        onChange={(e) => edits.onFinish(entry, e.target.value)}
                      >
                        {card.finishes.map((f) => (
                          <option key={f} value={f}>
                            {t(FINISH_KEY[f]!)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      t(FINISH_KEY[entry.finish]!)
                    )}
                  </td>
                  <td className="web-hide-phone">
                    {edits ? (
                      <select
                        className="web-select"
                        value={entry.condition ?? ''}
                        aria-label={t('web.cards.entries.conditionOf', { name })}
                        onChange={(e) => edits.onCondition(entry, e.target.value || null)}
                      >
                        <option value="">—</option>
                        {CONDITIONS.map((c) => (
                          <option key={c} value={c}>
                            {t(CONDITION_KEY[c]!)}
                          </option>
                        ))}
                      </select>
                    ) : entry.condition ? (
                      t(CONDITION_KEY[entry.condition]!)
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="web-num">
                    {edits ? (
                      <input
                        className="web-qty"
                        type="number"
                        min={0}
                        max={LIMITS.listQuantity.max}
                        defaultValue={entry.quantity}
                        key={`${entry.id}-${entry.quantity}`}
                        aria-label={t('web.cards.entries.quantityOf', { name })}
                        onBlur={(e) => {
                          const q = Number(e.target.value);
                          if (Number.isInteger(q) && q >= 0 && q !== entry.quantity)
                            edits.onQuantity(entry, q);
                        }}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                        }}
                      />
                    ) : (
                      entry.quantity
                    )}
                  </td>
                  <td className="web-num">{money(entry.price, currency)}</td>
                  {edits ? (
                    <td>
                      <button
                        type="button"
                        className="web-icon-button"
                        aria-label={t('web.cards.entries.remove', { name })}
                        onClick={() => edits.onRemove(entry)}
                      >
                        ×
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(total / TABLE_PAGE))}
        onPageChange={onPageChange}
      />
    </div>
  );
}

/** Selection of entries across pages. */
export function useSelection() {
  const [selection, setSelection] = useState<Selection>(new Map());
  const toggle = useCallback((entry: ListEntry, on: boolean) => {
    setSelection((prev) => {
      const next = new Map(prev);
      if (on) next.set(entry.id, entry);
      else next.delete(entry.id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((entries: ListEntry[], on: boolean) => {
    setSelection((prev) => {
      const next = new Map(prev);
      for (const e of entries) {
        if (on) next.set(e.id, e);
        else next.delete(e.id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelection(new Map()), []);
  return { selection, toggle, toggleAll, clear };
}
