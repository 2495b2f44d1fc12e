import {
  deckQueryOptions,
  useCardPrints,
  useCollectionSearch,
  useCompanionClient,
  useLists,
  useMyDecks,
} from '@companion/hooks';
import type { Card } from '@companion/sdk/contract';
import { Badge, CardImage, Dialog, ManaCost, SetSymbol, Skeleton } from '@companion/ui';
import { useQueries } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { useLocalePath } from '../../lib/use-locale';
import { type Currency, FINISH_KEY, FINISHES, imageCard, slug, useCurrency, useMoney } from './common';

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

function Holdings({ card }: { card: Card }) {
  const t = useT();
  const lp = useLocalePath();
  const found = useCollectionSearch({ query: { scryfall: `!"${card.name.replace(/"/g, '')}"`, limit: 200 } });
  const lists = useLists();
  if (found.isPending) return <Skeleton shape="text" width="60%" />;
  const byList = new Map<string, number>();
  for (const e of found.data?.entries ?? []) byList.set(e.listId, (byList.get(e.listId) ?? 0) + e.quantity);
  if (byList.size === 0) return <p className="web-muted">{t('web.cards.detail.notOwned')}</p>;
  return (
    <ul className="web-chips">
      {[...byList].map(([id, quantity]) => {
        const list = lists.data?.lists.find((l) => l.id === id);
        const name = list?.name ?? t('web.cards.detail.hiddenList');
        return (
          <li key={id}>
            <Link to={lp(`/collection/list/${id}/${slug(name)}`)}>{name}</Link>{' '}
            <Badge tone="accent">×{quantity}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * My active decks that play the card (any printing: same Oracle id, or same name when the deck line
 * has none). Derived from the decks list and each deck's cards, which the deck screens cache too.
 */
function DeckHoldings({ card }: { card: Card }) {
  const t = useT();
  const lp = useLocalePath();
  const client = useCompanionClient();
  const decks = useMyDecks();
  const views = useQueries({
    queries: (decks.data?.decks ?? []).map((d) =>
      deckQueryOptions(client, { params: { id: d.id }, query: {} }),
    ),
  });
  if (decks.isPending || views.some((v) => v.isPending)) return <Skeleton shape="text" width="60%" />;
  const holding: Array<{ id: string; name: string; quantity: number }> = [];
  for (const view of views) {
    const deck = view.data?.deck;
    if (!deck) continue;
    let quantity = 0;
    for (const line of deck.cards) {
      const same =
        card.oracle_id && line.card?.oracle_id
          ? line.card.oracle_id === card.oracle_id
          : line.name === card.name;
      if (same) quantity += line.quantity;
    }
    if (quantity > 0) holding.push({ id: deck.id, name: deck.name, quantity });
  }
  if (holding.length === 0) return <p className="web-muted">{t('web.cards.detail.noDeck')}</p>;
  return (
    <ul className="web-chips" data-testid="card-decks">
      {holding.map((d) => (
        <li key={d.id}>
          <Link to={lp(`/deck/${d.id}/${slug(d.name)}`)}>{d.name}</Link>{' '}
          <Badge tone="accent">×{d.quantity}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Card detail: picture (both faces), oracle text, prints with prices per finish, legalities, my lists. */
export function CardDetailDialog({
  card,
  onOpenChange,
  extra,
}: {
  card: Card | null;
  onOpenChange: (open: boolean) => void;
  extra?: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  if (!card) return null;
  const faces = card.card_faces?.length ? card.card_faces : [card];
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
          <h3 className="web-detail__heading">{t('web.cards.detail.mine')}</h3>
          <Holdings card={card} />
          <h3 className="web-detail__heading">{t('web.cards.detail.decks')}</h3>
          <DeckHoldings card={card} />
          {extra}
        </div>
      </div>
    </Dialog>
  );
}
