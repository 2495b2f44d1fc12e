import type { Deck } from '@companion/sdk/contract';
import { Button, SampleHand, type ScryfallCardLike } from '@companion/ui';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { imageCard } from './common';
import {
  canDraw,
  canKeep,
  canMulligan,
  draw,
  gameCards,
  keep,
  libraryCount,
  mulligan,
  newGame,
  OPENING_HAND,
  type SampleHandState,
  toBottomCount,
  toggleBottom,
} from './sample-hand';

/** A deck line's picture: the resolved card, or its name alone (an unresolved line still takes a slot). */
const picture = (line: Deck['cards'][number]): ScryfallCardLike =>
  line.card ? imageCard(line.card) : { name: line.name };

/**
 * The deck page's sample hand: the main board shuffled, seven cards drawn, London mulligans, keep and
 * draw. The first hand is dealt when asked (no shuffle while the page renders or hydrates).
 */
export function SampleHandPanel({ deck }: { deck: Pick<Deck, 'cards'> }) {
  const t = useT();
  const library = useMemo(
    () => gameCards(deck.cards.map((line) => ({ ...line, card: picture(line) }))).library,
    [deck.cards],
  );
  const [game, setGame] = useState<SampleHandState<ScryfallCardLike> | null>(null);

  if (!game)
    return (
      <section className="web-card" aria-labelledby="deck-sample-hand-title">
        <h2 id="deck-sample-hand-title">{t('web.cards.sampleHand.title')}</h2>
        <p className="web-muted">{t('web.cards.sampleHand.intro')}</p>
        <div>
          <Button variant="secondary" onClick={() => setGame(newGame(library))}>
            {t('web.cards.sampleHand.open')}
          </Button>
        </div>
      </section>
    );

  const owed = toBottomCount(game);
  const remaining = owed - game.chosen.length;
  const left = libraryCount(game);
  const status = game.kept
    ? left === 0
      ? t('web.cards.sampleHand.status.libraryEmpty', { drawn: game.drawn })
      : t('web.cards.sampleHand.status.kept', { drawn: game.drawn })
    : owed === 0
      ? t('web.cards.sampleHand.status.opening')
      : remaining > 0
        ? t('web.cards.sampleHand.status.choose', { mulligans: game.mulligans, count: remaining })
        : t('web.cards.sampleHand.status.chosen', { mulligans: game.mulligans, count: owed });
  const nextHandSize = Math.max(0, Math.min(OPENING_HAND, game.deck.length) - game.mulligans - 1);
  return (
    <div className="web-card" data-testid="sample-hand">
      <SampleHand
        title={t('web.cards.sampleHand.title')}
        cards={game.hand}
        handLabel={t('web.cards.sampleHand.hand', { count: game.hand.length })}
        status={status}
        library={t('web.cards.sampleHand.library', { count: left })}
        choosing={owed > 0}
        selected={game.chosen}
        onToggleCard={(key) => setGame((g) => g && toggleBottom(g, key))}
        cardLabel={(c) => t('web.cards.sampleHand.toBottom', { name: c.card.printed_name ?? c.card.name })}
        empty={t('web.cards.sampleHand.emptyHand')}
        actions={[
          { key: 'new', label: t('web.cards.sampleHand.newHand'), onClick: () => setGame(newGame(library)) },
          {
            key: 'mulligan',
            label: t('web.cards.sampleHand.mulligan', { count: nextHandSize }),
            onClick: () => setGame((g) => g && mulligan(g)),
            disabled: !canMulligan(game),
          },
          {
            key: 'keep',
            label: t('web.cards.sampleHand.keep'),
            onClick: () => setGame((g) => g && keep(g)),
            disabled: !canKeep(game),
            variant: 'primary',
          },
          {
            key: 'draw',
            label: t('web.cards.sampleHand.draw'),
            onClick: () => setGame((g) => g && draw(g)),
            disabled: !canDraw(game),
          },
        ]}
      />
    </div>
  );
}
