import { useCard, useCardHoldings, useCardPrice, useCardPrints } from '@companion/hooks';
import type { Card, CardSummary } from '@companion/sdk/contract';
import { Badge, Button, CardImage, Dialog, ManaCost, SetSymbol, Skeleton } from '@companion/ui';
import { Fragment, lazy, type ReactNode, Suspense, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';
import { AddToDeckOrList } from './add-to';
import { type Currency, FINISH_KEY, FINISHES, imageCard, slug, useCurrency, useMoney } from './common';

const PriceChart = lazy(() => import('./value-chart'));

/** The price history series of a finish in a currency (Scryfall has no euro price for etched). */
type Series = 'usd' | 'usd_foil' | 'usd_etched' | 'eur' | 'eur_foil';
const SERIES: Record<Currency, Record<string, Series | undefined>> = {
  usd: { nonfoil: 'usd', foil: 'usd_foil', etched: 'usd_etched' },
  eur: { nonfoil: 'eur', foil: 'eur_foil', etched: undefined },
};

/**
 * The printing's price at each catalogue snapshot, in the player's currency, for the first of its
 * finishes that has prices: a chart from two snapshots on (with a spoken summary), the one price
 * before that.
 */
function PriceHistory({ card }: { card: Card }) {
  const t = useT();
  const currency = useCurrency();
  const money = useMoney();
  const intl = useIntl();
  const summaryId = useId();
  const price = useCardPrice({ query: { id: card.id } });
  if (price.isPending) return <Skeleton shape="rect" width="100%" height={60} />;
  const history = price.data?.history ?? [];
  const pick = card.finishes
    .map((finish) => {
      const key = SERIES[currency][finish];
      const rows = key
        ? history.flatMap((p) =>
            typeof p[key] === 'number' ? [{ date: p.date, value: p[key] as number }] : [],
          )
        : [];
      return { finish, rows };
    })
    .find((s) => s.rows.length > 0);
  if (!pick) return <p className="web-muted">{t('web.cards.detail.noPriceHistory')}</p>;
  const finish = t(FINISH_KEY[pick.finish] ?? pick.finish);
  const first = pick.rows[0]!;
  const last = pick.rows.at(-1)!;
  return (
    <div data-testid="price-history">
      {pick.rows.length === 1 ? (
        <p className="web-muted">
          {t('web.cards.detail.priceOnce', {
            finish,
            price: money(last.value, currency),
            date: intl.formatDate(last.date, { dateStyle: 'medium', timeZone: 'UTC' }),
          })}
        </p>
      ) : null}
      {pick.rows.length > 1 ? (
        <Suspense fallback={<Skeleton shape="rect" width="100%" height={220} />}>
          <PriceChart
            rows={pick.rows}
            format={(v) => money(v, currency)}
            label={t('web.cards.detail.priceChartLabel', { card: card.name, finish })}
            describedBy={summaryId}
          />
          <p id={summaryId} className="web-muted">
            {t('web.cards.detail.priceSummary', {
              finish,
              from: money(first.value, currency),
              to: money(last.value, currency),
              count: pick.rows.length,
            })}
          </p>
        </Suspense>
      ) : null}
    </div>
  );
}

const LEGALITY_FORMATS = ['commander', 'standard', 'pioneer', 'modern', 'legacy', 'vintage', 'pauper'];
const LEGALITY_KEY: Record<string, string> = {
  legal: 'web.cards.legality.legal',
  not_legal: 'web.cards.legality.not_legal',
  banned: 'web.cards.legality.banned',
  restricted: 'web.cards.legality.restricted',
};
const LEGALITY_TONE = {
  legal: 'success',
  banned: 'danger',
  restricted: 'warning',
  not_legal: 'neutral',
} as const;

/** Oracle text with its {symbols} drawn as mana symbols, one paragraph per line. */
export function OracleText({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div className="web-oracle">
      {text.split('\n').map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
        <p key={i}>
          {line.split(/(\{[^}]+\})/).map((part, j) =>
            /^\{[^}]+\}$/.test(part) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
              <ManaCost key={j} cost={part} size="sm" />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed line
              <Fragment key={j}>{part}</Fragment>
            ),
          )}
        </p>
      ))}
    </div>
  );
}

function priceOf(card: Card, finish: string, currency: Currency): number | null {
  const key =
    currency === 'usd'
      ? finish === 'nonfoil'
        ? 'usd'
        : `usd_${finish}`
      : finish === 'nonfoil'
        ? 'eur'
        : `eur_${finish}`;
  const raw = (card.prices as Record<string, string | null | undefined>)[key];
  return raw ? Number(raw) : null;
}

function Prints({ card }: { card: Card }) {
  const t = useT();
  const currency = useCurrency();
  const money = useMoney();
  const prints = useCardPrints({ params: { id: card.id } });
  if (prints.isPending) return <Skeleton shape="rect" width="100%" height={80} />;
  const rows = prints.data?.cards ?? [card];
  return (
    <table className="web-table web-table--compact">
      <caption className="cui-visually-hidden">{t('web.cards.detail.prints')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('web.cards.col.set')}</th>
          {FINISHES.map((f) => (
            <th scope="col" key={f} className="web-num">
              {t(FINISH_KEY[f]!)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id} aria-current={p.id === card.id ? 'true' : undefined}>
            <td>
              <span className="web-set">
                <SetSymbol code={p.set} rarity={p.rarity} size="sm" />
                <span>
                  {p.set_name} <span className="web-muted">#{p.collector_number}</span>
                </span>
              </span>
            </td>
            {FINISHES.map((f) => (
              <td key={f} className="web-num">
                {p.finishes.includes(f as 'foil') ? money(priceOf(p, f, currency), currency) : '—'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * My lists and decks holding the card, from one call: copies of this printing (per finish) and of its
 * other printings in each list; copies of the card (any printing) in each deck, per board.
 */
function Holdings({ card }: { card: Card }) {
  const t = useT();
  const lp = useLocalePath();
  const holdings = useCardHoldings({ params: { id: card.id } });
  const title = (key: string) => <h3 className="web-detail__heading">{t(key)}</h3>;
  if (holdings.isPending)
    return (
      <>
        {title('web.cards.detail.mine')}
        <Skeleton shape="text" width="60%" />
        {title('web.cards.detail.decks')}
        <Skeleton shape="text" width="60%" />
      </>
    );
  const lists = holdings.data?.lists ?? [];
  const decks = holdings.data?.decks ?? [];
  return (
    <>
      {title('web.cards.detail.mine')}
      {lists.length === 0 ? (
        <p className="web-muted">{t('web.cards.detail.notOwned')}</p>
      ) : (
        <ul className="web-chips" data-testid="card-lists">
          {lists.map((list) => {
            const here = sumOf(list.printing);
            const elsewhere = sumOf(list.otherPrintings);
            const finishes = FINISHES.filter((f) => list.printing[f] > 0);
            return (
              <li key={list.id}>
                <Link to={lp(`/collection/list/${list.id}/${slug(list.name)}`)}>{list.name}</Link>{' '}
                {list.hidden ? <Badge tone="neutral">{t('web.cards.detail.hiddenList')}</Badge> : null}{' '}
                {here > 0 ? <Badge tone="accent">×{here}</Badge> : null}{' '}
                {finishes.length > 1 || (finishes.length === 1 && finishes[0] !== 'nonfoil') ? (
                  <span className="web-muted">
                    {finishes
                      .map((f) =>
                        t('web.cards.detail.finishCount', {
                          finish: t(FINISH_KEY[f]!),
                          count: list.printing[f],
                        }),
                      )
                      .join(' · ')}
                  </span>
                ) : null}{' '}
                {elsewhere > 0 ? (
                  <Badge tone="neutral">{t('web.cards.detail.otherPrintings', { count: elsewhere })}</Badge>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {title('web.cards.detail.decks')}
      {decks.length === 0 ? (
        <p className="web-muted">{t('web.cards.detail.noDeck')}</p>
      ) : (
        <ul className="web-chips" data-testid="card-decks">
          {decks.map((deck) => (
            <li key={deck.id}>
              <Link to={lp(`/deck/${deck.id}/${slug(deck.name)}`)}>{deck.name}</Link>{' '}
              {deck.archived ? <Badge tone="neutral">{t('web.cards.detail.archived')}</Badge> : null}{' '}
              {deck.boards.map((b) => {
                const count = b.printing + b.otherPrintings;
                return deck.boards.length === 1 && b.board === 'main' ? (
                  <Badge key={b.board} tone="accent">
                    ×{count}
                  </Badge>
                ) : (
                  <Badge key={b.board} tone="accent">
                    {t('web.cards.detail.boardCount', { board: t(`web.cards.board.${b.board}`), count })}
                  </Badge>
                );
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A card from a page of entries is its summary alone; the catalogue's search and decks give it whole. */
const isWhole = (card: Card | CardSummary): card is Card => 'legalities' in card;

/**
 * The whole printing of a card that may be a summary: fetched by its set, number and language when
 * it is (GET /card, cached with the catalogue), as is otherwise.
 */
function useWholeCard(card: Card | CardSummary | null) {
  const whole = card && isWhole(card) ? card : null;
  const query = useCard(
    {
      query: {
        set_code: card?.set ?? '',
        collector_number: card?.collector_number ?? '',
        lang: card?.lang ?? 'en',
      },
    },
    { enabled: card !== null && whole === null },
  );
  if (whole) return { card: whole, error: null, retry: undefined };
  return { card: query.data?.card ?? null, error: query.error, retry: () => void query.refetch() };
}

/** The details' place while the whole printing loads. */
function DetailsSkeleton() {
  const t = useT();
  return (
    <div data-testid="card-details-loading" aria-busy="true">
      <span className="cui-visually-hidden">{t('web.common.loading')}</span>
      <Skeleton shape="text" width="70%" />
      <Skeleton shape="text" width="40%" />
      <Skeleton shape="rect" width="100%" height={96} />
      <Skeleton shape="rect" width="100%" height={80} />
    </div>
  );
}

/** Oracle text per face, prints, price history, legalities, my lists and decks: of a whole printing. */
function Details({ card, extra }: { card: Card; extra?: ReactNode }) {
  const t = useT();
  const faces = card.card_faces?.length ? card.card_faces : [card];
  return (
    <>
      {faces.map((face) => (
        <section key={face.name} className="web-detail__face">
          <h3 className="web-detail__name">
            <span>{face.name}</span> <ManaCost cost={face.mana_cost} size="sm" />
          </h3>
          {face.type_line ? <p className="web-muted">{face.type_line}</p> : null}
          <OracleText text={face.oracle_text} />
          {face.power ? (
            <p className="web-detail__pt">
              {face.power}/{face.toughness}
            </p>
          ) : null}
        </section>
      ))}
      {card.game_changer ? <Badge tone="warning">{t('web.cards.detail.gameChanger')}</Badge> : null}
      <h3 className="web-detail__heading">{t('web.cards.detail.prints')}</h3>
      <Prints card={card} />
      <h3 className="web-detail__heading">{t('web.cards.detail.priceHistory')}</h3>
      <PriceHistory card={card} />
      <h3 className="web-detail__heading">{t('web.cards.detail.legalities')}</h3>
      <ul className="web-legalities">
        {LEGALITY_FORMATS.map((f) => {
          const status = card.legalities[f] ?? 'not_legal';
          return (
            <li key={f}>
              <span className="web-legalities__format">{f}</span>
              <Badge tone={LEGALITY_TONE[status]}>{t(LEGALITY_KEY[status]!)}</Badge>
            </li>
          );
        })}
      </ul>
      <Holdings card={card} />
      <AddToDeckOrList card={card} />
      {extra}
    </>
  );
}

/**
 * Card detail: picture (both faces), oracle text, prints with prices per finish, legalities, my lists.
 * A card given as its summary (a page of entries) shows its picture at once and its details once the
 * whole printing has loaded.
 */
export function CardDetailDialog({
  card,
  onOpenChange,
  extra,
}: {
  card: Card | CardSummary | null;
  onOpenChange: (open: boolean) => void;
  extra?: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  const whole = useWholeCard(card);
  if (!card) return null;
  return (
    <Dialog open onOpenChange={onOpenChange} title={card.printed_name ?? card.name} size="lg">
      <div className="web-detail">
        <div className="web-detail__image">
          <CardImage card={imageCard(card)} size="normal" priority />
          <Link className="web-link-button" to={lp(`/cards/set/${card.set}`)}>
            {t('web.cards.detail.browseSet', { set: card.set_name })}
          </Link>
        </div>
        <div className="web-detail__text">
          {whole.card ? (
            <Details card={whole.card} extra={extra} />
          ) : whole.error ? (
            <div className="web-stack" data-testid="card-details-error">
              <p className="web-form__error" role="alert">
                {errorMessage(whole.error, t)}
              </p>
              {whole.retry ? (
                <Button size="sm" variant="secondary" onClick={whole.retry}>
                  {t('web.loadError.retry')}
                </Button>
              ) : null}
            </div>
          ) : (
            <DetailsSkeleton />
          )}
        </div>
      </div>
    </Dialog>
  );
}
