import {
  collectionSearchQueryOptions,
  useCardSearch,
  useCardSets,
  useCollectionSearch,
  useCompanionClient,
} from '@companion/hooks';
import {
  CARD_ORDERS,
  type CardOrderValue,
  isOneOf,
  LIST_ORDERS,
  type ListOrderValue,
  type SortDirectionValue,
} from '@companion/sdk';
import type { Card, CardSummary } from '@companion/sdk/contract';
import { Button, CardTile, EmptyState, FormField, Input, Pagination, Select, Skeleton } from '@companion/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import '../components/cards/cards.css';
import { CardDetailDialog } from '../components/cards/card-detail';
import { imageCard, useCurrency, useDebounced, useMoney } from '../components/cards/common';
import {
  EntriesGrid,
  EntriesTable,
  GRID_PAGE,
  type PageOptions,
  TABLE_PAGE,
  useSelection,
} from '../components/cards/entries-view';
import { MoveDialog, SelectionActions } from '../components/cards/move-dialog';
import { setOfQuery } from '../components/cards/set-query';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Pause in typing after which the search runs. */
const SETTLE_MS = 120;
/** Orders of my collection (a list's), and of the whole catalogue. */
type Order = ListOrderValue | CardOrderValue;
const ORDER_KEY: Record<Order, string> = {
  name: 'web.cards.order.name',
  price: 'web.cards.order.price',
  added: 'web.cards.order.added',
  set: 'web.cards.order.set',
  mv: 'web.cards.order.mv',
  quantity: 'web.cards.order.quantity',
  released: 'web.cards.order.released',
  usd: 'web.cards.order.usd',
  eur: 'web.cards.order.eur',
  rarity: 'web.cards.order.rarity',
  tix: 'web.cards.order.tix',
  color: 'web.cards.order.color',
  power: 'web.cards.order.power',
  toughness: 'web.cards.order.toughness',
  edhrec: 'web.cards.order.edhrec',
  artist: 'web.cards.order.artist',
};
const EXAMPLES = [
  ['t:creature c:g', 'web.cards.help.type'],
  ['o:"draw a card" mv<=3', 'web.cards.help.oracle'],
  ['s:mid r:rare', 'web.cards.help.set'],
  ['id<=wu f:commander', 'web.cards.help.identity'],
  ['usd>=5 -t:land', 'web.cards.help.price'],
  ['is:gamechanger or (t:legendary t:creature)', 'web.cards.help.logic'],
  ['pow>tou m:{G}{G}', 'web.cards.help.stats'],
  ['o:/deals \\d+ damage/ is:spell', 'web.cards.help.regex'],
  ['is:fetchland unique:prints order:usd', 'web.cards.help.options'],
] as const;

/** A term of the search that sorts its results: `order:`, `direction:` or `dir:` (no backtracking). */
const SORTING_TERM = /(?:^|[\s(])(?:order|direction|dir)[:=]/i;

/** A link to the set page when the query is about one set. */
function SetLink({ q }: { q: string }) {
  const t = useT();
  const lp = useLocalePath();
  const code = setOfQuery(q);
  const sets = useCardSets();
  if (!code) return null;
  const set = sets.data?.sets.find((s) => s.code === code);
  if (sets.isSuccess && !set) return null;
  return (
    <Link className="web-link-button" data-testid="set-link" to={lp(`/cards/set/${code}`)}>
      {t('web.cards.search.setLink', { set: set?.name ?? code.toUpperCase() })}
    </Link>
  );
}

/** Catalogue results (scope "all"): a page of cards with what I own of each. */
function CatalogueResults({
  q,
  order,
  dir,
  page,
  onPage,
  onOpen,
}: {
  q: string;
  order: CardOrderValue;
  dir: SortDirectionValue;
  page: number;
  onPage: (p: number) => void;
  onOpen: (card: Card) => void;
}) {
  const t = useT();
  const currency = useCurrency();
  const money = useMoney();
  const search = useCardSearch({
    query: { q, page, limit: 50, order, dir, unique: q.includes('s:') ? 'prints' : 'cards' },
  });
  const owned = useCollectionSearch({ query: { scryfall: q, limit: 200 } });
  const mine = new Map<string, number>();
  for (const e of owned.data?.entries ?? [])
    if (e.card) mine.set(e.card.id, (mine.get(e.card.id) ?? 0) + e.quantity);
  if (search.isPending) return <Skeleton shape="rect" width="100%" height={360} />;
  if (search.error)
    return (
      <p className="web-form__error" role="alert">
        {errorMessage(search.error, t)}
      </p>
    );
  const { cards, total } = search.data;
  return (
    <div className="web-stack">
      <div className="web-selectionbar">
        <p className="web-muted" data-testid="results-count" data-query={q} aria-live="polite">
          {t('web.cards.search.catalogueCount', { count: total, owned: owned.data?.total ?? 0 })}
        </p>
        <SetLink q={q} />
      </div>
      {cards.length === 0 ? (
        <EmptyState title={t('web.cards.search.none')} headingLevel={2} />
      ) : (
        <ul className="web-tiles">
          {cards.map((card) => {
            const count = mine.get(card.id) ?? 0;
            const price = card.prices[currency];
            return (
              <li key={card.id} data-owned={count > 0 ? '' : undefined}>
                <CardTile
                  card={imageCard(card)}
                  quantity={count}
                  quantityLabel={t('web.cards.entries.copies', { count })}
                  meta={`${card.set.toUpperCase()} #${card.collector_number} · ${money(price ? Number(price) : null, currency)}${count ? ` · ${t('web.cards.search.ownedShort', { count })}` : ''}`}
                  onOpen={() => onOpen(card)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / 50))} onPageChange={onPage} />
    </div>
  );
}

export function Component() {
  const t = useT();
  const client = useCompanionClient();
  const currency = useCurrency();
  const [params, setParams] = useSearchParams();
  const scope = params.get('scope') === 'all' ? 'all' : 'mine';
  const view = params.get('view') === 'table' ? 'table' : 'grid';
  const orders: readonly Order[] = scope === 'all' ? CARD_ORDERS : LIST_ORDERS;
  const asked = params.get('order');
  const order: Order = isOneOf(orders, asked) ? asked : 'name';
  const dir: SortDirectionValue = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(text.trim());
  // `order:` or `direction:` in the search sorts the results (the server reads them first).
  const sortedByQuery = SORTING_TERM.test(q);
  const qc = useQueryClient();
  // A printing of the catalogue's search (whole) or of the collection's entries (its summary).
  const [open, setOpen] = useState<Card | CardSummary | null>(null);
  const [moving, setMoving] = useState(false);
  const { selection, toggle, toggleAll, clear } = useSelection();
  const input = useRef<HTMLInputElement>(null);

  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const optionsFor = useCallback(
    (query: string): PageOptions =>
      (p: number, limit: number) =>
        collectionSearchQueryOptions(client, {
          query: {
            ...(query ? { scryfall: query } : {}),
            page: p,
            limit,
            order_by: isOneOf(LIST_ORDERS, order) ? order : 'name',
            order_direction: dir,
            currency,
          },
        }) as unknown as ReturnType<PageOptions>,
    [client, order, dir, currency],
  );
  const options = useMemo(() => optionsFor(q), [optionsFor, q]);
  const firstPage = view === 'grid' ? GRID_PAGE : TABLE_PAGE;

  // Typing settles after SETTLE_MS: the first page is requested from the timer itself (before React
  // renders), then the screen follows as a transition (a key typed meanwhile interrupts the results'
  // render, the field never waits for it); the URL (shareable, back button) follows a little later.
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const id = setTimeout(() => {
      if (scope === 'mine') void qc.prefetchQuery(optionsFor(next)(1, firstPage));
      startTransition(() => setQ(next));
    }, SETTLE_MS);
    return () => clearTimeout(id);
  }, [text, q, scope, qc, optionsFor, firstPage]);
  const urlQ = useDebounced(q, 500);
  useEffect(() => {
    if ((params.get('q') ?? '') !== urlQ) set({ q: urlQ, page: null });
  }, [urlQ, params, set]);
  const probe = useQuery({ ...options(1, firstPage), enabled: scope === 'mine' });

  return (
    <>
      <PageHeading
        title={t('web.page.collectionSearch.title')}
        description={t('web.page.collectionSearch.description')}
      />
      <div className="web-stack">
        <section className="web-card web-search" aria-label={t('web.cards.search.box')}>
          <FormField label={t('web.cards.search.label')} hint={t('web.cards.search.hint')}>
            <Input
              ref={input}
              type="search"
              name="q"
              value={text}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('web.cards.search.placeholder')}
              onChange={(e) => setText(e.target.value)}
            />
          </FormField>
          <details className="web-help">
            <summary>{t('web.cards.help.title')}</summary>
            <ul>
              {EXAMPLES.map(([example, key]) => (
                <li key={example}>
                  <button
                    type="button"
                    className="web-chip"
                    onClick={() => {
                      setText(example);
                      input.current?.focus();
                    }}
                  >
                    <code>{example}</code>
                  </button>{' '}
                  {t(key)}
                </li>
              ))}
            </ul>
          </details>
          <div className="web-toolbar">
            <fieldset className="web-segmented">
              <legend className="cui-visually-hidden">{t('web.cards.search.scope')}</legend>
              <Button
                size="sm"
                variant={scope === 'mine' ? 'primary' : 'ghost'}
                aria-pressed={scope === 'mine'}
                onClick={() => set({ scope: null, page: null, order: null })}
              >
                {t('web.cards.search.mine')}
              </Button>
              <Button
                size="sm"
                variant={scope === 'all' ? 'primary' : 'ghost'}
                aria-pressed={scope === 'all'}
                onClick={() => set({ scope: 'all', page: null, order: null })}
              >
                {t('web.cards.search.all')}
              </Button>
            </fieldset>
            <div className="web-inline-field">
              <label htmlFor="search-sort">{t('web.cards.search.sort')}</label>
              <Select
                id="search-sort"
                value={order}
                disabled={sortedByQuery}
                onValueChange={(v) => set({ order: v, page: null })}
                options={orders.map((o) => ({ value: o, label: t(ORDER_KEY[o]) }))}
              />
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={sortedByQuery}
              onClick={() => set({ dir: dir === 'asc' ? 'desc' : null, page: null })}
              aria-label={dir === 'asc' ? t('web.cards.search.ascending') : t('web.cards.search.descending')}
            >
              {dir === 'asc' ? '↑' : '↓'}
            </Button>
            {sortedByQuery ? (
              <p className="web-muted" data-testid="sorted-by-query">
                {t('web.cards.search.sortedByQuery')}
              </p>
            ) : null}
            {scope === 'mine' ? (
              <fieldset className="web-segmented">
                <legend className="cui-visually-hidden">{t('web.cards.search.view')}</legend>
                <Button
                  size="sm"
                  variant={view === 'grid' ? 'primary' : 'ghost'}
                  aria-pressed={view === 'grid'}
                  onClick={() => set({ view: null })}
                >
                  {t('web.cards.view.grid')}
                </Button>
                <Button
                  size="sm"
                  variant={view === 'table' ? 'primary' : 'ghost'}
                  aria-pressed={view === 'table'}
                  onClick={() => set({ view: 'table' })}
                >
                  {t('web.cards.view.table')}
                </Button>
              </fieldset>
            ) : null}
          </div>
        </section>

        {scope === 'all' ? (
          q ? (
            <CatalogueResults
              q={q}
              order={isOneOf(CARD_ORDERS, order) ? order : 'name'}
              dir={dir}
              page={page}
              onPage={(p) => set({ page: String(p) })}
              onOpen={setOpen}
            />
          ) : (
            <EmptyState title={t('web.cards.search.typeSomething')} headingLevel={2} />
          )
        ) : (
          <>
            {probe.error ? (
              <p className="web-form__error" role="alert" data-testid="search-error">
                {errorMessage(probe.error, t)}
              </p>
            ) : (
              <div className="web-selectionbar">
                <p
                  className="web-muted"
                  data-testid="results-count"
                  data-query={probe.data ? q : undefined}
                  aria-live="polite"
                >
                  {probe.data
                    ? t('web.cards.search.count', { count: probe.data.total })
                    : t('web.cards.search.searching')}
                </p>
                <SetLink q={q} />
                <SelectionActions count={selection.size} onMove={() => setMoving(true)} onClear={clear} />
              </div>
            )}
            {probe.error ? null : view === 'grid' ? (
              <EntriesGrid
                key={`${q}|${order}|${dir}`}
                options={options}
                currency={currency}
                selection={selection}
                onToggle={toggle}
                onOpen={setOpen}
                label={t('web.cards.search.results')}
              />
            ) : (
              <EntriesTable
                options={options}
                currency={currency}
                selection={selection}
                onToggle={toggle}
                onToggleAll={toggleAll}
                onOpen={setOpen}
                page={page}
                onPageChange={(p) => set({ page: String(p) })}
                caption={t('web.cards.search.results')}
              />
            )}
          </>
        )}
      </div>
      <CardDetailDialog card={open} onOpenChange={(o) => !o && setOpen(null)} />
      {moving ? (
        <MoveDialog selection={selection} open={moving} onOpenChange={setMoving} onMoved={clear} />
      ) : null}
    </>
  );
}
