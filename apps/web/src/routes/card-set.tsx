import {
  cardSearchQueryOptions,
  collectionSearchQueryOptions,
  useCardSets,
  useCompanionClient,
} from '@companion/hooks';
import type { Card } from '@companion/sdk/contract';
import { CardGrid, CardTile, CardTileSkeleton, EmptyState, SetSymbol, Skeleton } from '@companion/ui';
import { type QueryKey, type UseQueryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import '../components/cards/cards.css';
import { CardDetailDialog } from '../components/cards/card-detail';
import { type Currency, imageCard, useCurrency, useMoney } from '../components/cards/common';
import { usePagedItems, useSameItems } from '../components/cards/entries-view';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Catalogue cards per request (the grid asks for the pages its rows sit on). */
const CARD_PAGE = 100;
/** Collection entries per request when counting what I own of the set. */
const OWNED_PAGE = 200;

/** The set's printings in English, in collector-number order. */
const setQuery = (code: string) => `s:${code} lang:en`;

/**
 * Copies I own of each collector number of the set (any language, finish or list): every page of the
 * collection search for `s:<code>`.
 */
function useOwned(code: string) {
  const client = useCompanionClient();
  const options = (page: number) =>
    collectionSearchQueryOptions(client, { query: { scryfall: `s:${code}`, page, limit: OWNED_PAGE } });
  const first = useQuery(options(1));
  const pages = Math.ceil((first.data?.total ?? 0) / OWNED_PAGE);
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, pages - 1) }, (_, i) => options(i + 2)),
  });
  const loaded = useSameItems([first.data, ...rest.map((r) => r.data)]);
  const ready = first.isSuccess && rest.every((r) => r.isSuccess);
  const byNumber = useMemo(() => {
    const map = new Map<string, number>();
    for (const data of loaded)
      for (const e of data?.entries ?? [])
        if (e.card && e.card.set === code)
          map.set(e.card.collector_number, (map.get(e.card.collector_number) ?? 0) + e.quantity);
    return map;
  }, [code, loaded]);
  return { byNumber, ready, error: first.error };
}

const SetTile = memo(function SetTile({
  card,
  owned,
  currency,
  onOpen,
}: {
  card: Card;
  owned: number;
  currency: Currency;
  onOpen: (card: Card) => void;
}) {
  const t = useT();
  const money = useMoney();
  const price = card.prices[currency];
  return (
    <CardTile
      card={imageCard(card)}
      className={owned > 0 ? 'web-settile' : 'web-settile web-settile--missing'}
      quantity={owned}
      quantityLabel={t('web.cards.entries.copies', { count: owned })}
      // Owned or not first: on a phone the end of the line is cut.
      meta={`${owned > 0 ? t('web.cards.search.ownedShort', { count: owned }) : t('web.cards.set.missing')} · #${
        card.collector_number
      } · ${money(price ? Number(price) : null, currency)}`}
      onOpen={() => onOpen(card)}
    />
  );
});

interface CardPage {
  cards: Card[];
  total: number;
}
const cardsOf = (page: CardPage) => page.cards;
const totalOf = (page: CardPage) => page.total;

/** The set's cards in the virtualised grid, a page of the catalogue per 100 cards. */
function SetGrid({
  code,
  owned,
  onOpen,
}: {
  code: string;
  owned: Map<string, number>;
  onOpen: (card: Card) => void;
}) {
  const t = useT();
  const client = useCompanionClient();
  const currency = useCurrency();
  const options = useCallback(
    (page: number) =>
      cardSearchQueryOptions(client, {
        query: { q: setQuery(code), page, limit: CARD_PAGE, unique: 'prints', order: 'set', dir: 'asc' },
      }),
    [client, code],
  );
  const { first, total, itemAt, onRangeChange } = usePagedItems(
    options as unknown as (page: number) => UseQueryOptions<CardPage, Error, CardPage, QueryKey>,
    CARD_PAGE,
    cardsOf,
    totalOf,
  );
  const renderItem = useCallback(
    (i: number) => {
      const card = itemAt(i);
      if (!card) return <CardTileSkeleton />;
      return (
        <SetTile
          card={card}
          owned={owned.get(card.collector_number) ?? 0}
          currency={currency}
          onOpen={onOpen}
        />
      );
    },
    [itemAt, owned, currency, onOpen],
  );
  if (first.isPending) return <Skeleton shape="rect" width="100%" height={360} />;
  if (first.error)
    return (
      <p className="web-form__error" role="alert">
        {errorMessage(first.error, t)}
      </p>
    );
  if (total === 0) return <EmptyState title={t('web.cards.set.empty')} headingLevel={2} />;
  return (
    <CardGrid
      count={total}
      label={t('web.cards.set.cards')}
      onRangeChange={onRangeChange}
      renderItem={renderItem}
    />
  );
}

/** A card set: its symbol, name, release date and size, its cards and what I own of them. */
export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const client = useCompanionClient();
  const code = (useParams().code ?? '').toLowerCase();
  const sets = useCardSets();
  const set = sets.data?.sets.find((s) => s.code === code);
  const owned = useOwned(code);
  // The same first page the grid shows: its total is how many cards of the set the catalogue holds.
  const catalogue = useQuery(
    cardSearchQueryOptions(client, {
      query: { q: setQuery(code), page: 1, limit: CARD_PAGE, unique: 'prints', order: 'set', dir: 'asc' },
    }),
  );
  const [open, setOpen] = useState<Card | null>(null);

  if (sets.isPending)
    return (
      <>
        <PageHeading title={t('web.page.cardSet.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (sets.error || !set)
    return (
      <>
        <PageHeading title={t('web.page.cardSet.title')} description={t('web.page.cardSet.description')} />
        {sets.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(sets.error, t)}
          </p>
        ) : (
          <EmptyState
            title={t('web.cards.set.unknown', { code: code.toUpperCase() })}
            headingLevel={2}
            action={
              <Link className="web-link-button" to={lp('/collection/search?scope=all')}>
                {t('web.cards.set.search')}
              </Link>
            }
          />
        )}
      </>
    );

  // The summary waits for this count too: the set's own `card_count` can be short of it (a set first
  // named by a catalogue file, not a sets file), and "5 of 1" showed until the search answered.
  const inCatalogue = catalogue.data?.total ?? 0;
  const size = Math.max(set.card_count, inCatalogue);
  const ownedCount = owned.byNumber.size;
  const ownedCopies = [...owned.byNumber.values()].reduce((a, b) => a + b, 0);
  return (
    <>
      <PageHeading
        eyebrow={t('web.page.cardSet.title')}
        title={
          <span className="web-sethead">
            <SetSymbol code={set.code} name={set.name} rarity="mythic" size="lg" />
            <span>{set.name}</span>
          </span>
        }
        description={[
          set.code.toUpperCase(),
          set.released_at
            ? t('web.cards.set.released', {
                date: intl.formatDate(`${set.released_at}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
              })
            : null,
          t('web.cards.set.size', { count: size }),
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Link
            className="web-link-button"
            to={lp(`/collection/search?q=${encodeURIComponent(`s:${set.code}`)}`)}
          >
            {t('web.cards.set.mine')}
          </Link>
        }
      />
      <div className="web-stack">
        <section className="web-card web-setsummary" aria-label={t('web.cards.set.summary')}>
          {owned.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(owned.error, t)}
            </p>
          ) : owned.ready && !catalogue.isPending ? (
            <>
              <p className="web-kpi">
                <span className="web-kpi__label">{t('web.cards.set.ownedLabel')}</span>
                <span className="web-kpi__value" data-testid="set-owned">
                  {t('web.cards.set.owned', { owned: ownedCount, total: size })}
                </span>
              </p>
              <progress
                className="web-setsummary__bar"
                max={size || 1}
                value={ownedCount}
                aria-label={t('web.cards.set.ownedLabel')}
              />
              <p className="web-muted">{t('web.cards.set.copies', { count: ownedCopies })}</p>
            </>
          ) : (
            <Skeleton shape="text" width="40%" />
          )}
        </section>
        {inCatalogue > 0 && inCatalogue < set.card_count ? (
          <p className="web-muted">
            {t('web.cards.set.partial', { count: inCatalogue, total: set.card_count })}
          </p>
        ) : null}
        <SetGrid code={set.code} owned={owned.byNumber} onOpen={setOpen} />
      </div>
      <CardDetailDialog card={open} onOpenChange={(o) => !o && setOpen(null)} />
    </>
  );
}
