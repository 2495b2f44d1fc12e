import { myDecksQueryOptions, useCompanionClient } from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import type { DeckSummary, LiveMessage } from '@companion/sdk/contract';
import { Button, Select } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import type { Send } from './send';

/** A deck as the overlay shows it: name, commanders (as many as it takes), colours, bracket. */
export const deckMessage = (deck: DeckSummary): LiveMessage => ({
  type: 'deck',
  deck: {
    name: deck.name,
    commanders: deck.commanders
      .slice(0, LIMITS.liveCommanders.max)
      .map((c) => ({ id: c.id, name: c.name, imageUri: c.image })),
    colorIdentity: deck.colorIdentity,
    bracket: deck.bracket,
  },
});

/** Shows one of the user's decks on the overlay. */
export function DeckPanel({ send }: { send: Send }) {
  const t = useT();
  // Fetched again on opening: decks may have been made on another device since the list was cached.
  const decks = useQuery({ ...myDecksQueryOptions(useCompanionClient()), refetchOnMount: 'always' });
  const list = decks.data?.decks ?? [];
  const [deckId, setDeckId] = useState('');
  const deck = list.find((d) => d.id === deckId);
  return (
    <section className="web-card web-live__panel" aria-labelledby="live-deck">
      <h2 id="live-deck">{t('web.live.deck.title')}</h2>
      {decks.isSuccess && list.length === 0 ? <p className="web-muted">{t('web.live.deck.none')}</p> : null}
      <div className="web-live__row">
        <Select
          aria-label={t('web.live.deck.pick')}
          placeholder={t('web.live.deck.pick')}
          value={deckId}
          disabled={list.length === 0}
          onValueChange={setDeckId}
          options={list.map((d) => ({ value: d.id, label: d.name }))}
        />
        <Button
          type="button"
          variant="primary"
          disabled={!deck}
          onClick={() => deck && send(deckMessage(deck))}
        >
          {t('web.live.deck.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'deck' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}
