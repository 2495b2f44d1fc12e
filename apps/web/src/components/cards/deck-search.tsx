import { cardPrintsQueryOptions, cardSearchQueryOptions, useCompanionClient } from '@companion/hooks';
import { BOARDS, type BoardValue, LIMITS } from '@companion/sdk';
import type { Card } from '@companion/sdk/contract';
import { Input, ManaCost, Select } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from './common';
import { BOARD_KEY, SHOWN_BOARDS } from './deck-parts';

/** How many cards the search shows: enough to pick from, few enough to read. */
const RESULTS = 10;

/**
 * The owner's search on the deck page, keyboard first: the catalogue's full search syntax
 * (`t:creature id<=golgari mv<=3`), ↑ and ↓ to pick a result, Enter to add it: the chosen number of
 * copies of the chosen printing to the chosen board. The text clears and keeps the focus, ready for
 * the next card. A click on a result adds it too.
 */
export function DeckSearch({ onAdd }: { onAdd: (card: Card, quantity: number, board: BoardValue) => void }) {
  const t = useT();
  const id = useId();
  const client = useCompanionClient();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [quantity, setQuantity] = useState('1');
  const [board, setBoard] = useState<BoardValue>('main');
  const [printing, setPrinting] = useState<Record<string, string>>({});
  const q = useDebounced(text.trim(), 200);
  const search = useQuery({
    ...cardSearchQueryOptions(client, {
      query: { q: q || 'x', limit: RESULTS, page: 1, unique: 'cards', order: 'name', dir: 'asc' },
    }),
    enabled: q.length > 0,
  });
  const results = q && search.data ? search.data.cards : [];
  const current = results[Math.min(active, results.length - 1)];
  const prints = useQuery({
    ...cardPrintsQueryOptions(client, { params: { id: current?.id ?? '' } }),
    enabled: current !== undefined,
  });
  const printings = current && prints.data ? prints.data.cards.filter((p) => p.name === current.name) : [];
  const chosen = (card: Card) => {
    const pick = printing[card.oracle_id ?? card.id];
    return (card.id === current?.id ? printings.find((p) => p.id === pick) : undefined) ?? card;
  };
  const copies = Number.parseInt(quantity, 10);
  const validCopies =
    Number.isInteger(copies) && copies >= LIMITS.deckQuantity.min && copies <= LIMITS.deckQuantity.max;
  const add = (card: Card | undefined) => {
    if (!card || !validCopies) return;
    onAdd(chosen(card), copies, board);
    setText('');
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!results.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      add(current);
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-result-${i}`;
  return (
    <section className="web-decksearch" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('web.cards.editor.addCards')}</h3>
      <div className="web-decksearch__fields">
        <Input
          type="search"
          role="combobox"
          aria-label={t('web.cards.deck.search.label')}
          aria-describedby={`${id}-hint`}
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(results.indexOf(current)) : undefined}
          placeholder={t('web.cards.deck.search.placeholder')}
          value={text}
          maxLength={LIMITS.searchQuery.max}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="web-inline-field">
          <label htmlFor={`${id}-copies`}>{t('web.cards.deck.search.copies')}</label>
          <Input
            id={`${id}-copies`}
            type="number"
            inputMode="numeric"
            min={LIMITS.deckQuantity.min}
            max={LIMITS.deckQuantity.max}
            value={quantity}
            aria-invalid={!validCopies}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
        <div className="web-inline-field">
          <label htmlFor={`${id}-board`}>{t('web.cards.deck.search.board')}</label>
          <Select
            id={`${id}-board`}
            value={board}
            onValueChange={(v) => setBoard(BOARDS.find((b) => b === v) ?? 'main')}
            options={SHOWN_BOARDS.map((b) => ({ value: b, label: t(BOARD_KEY[b]) }))}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="web-muted">
        {t('web.cards.deck.search.hint')}
      </p>
      {!validCopies ? (
        <p className="web-form__error" role="alert">
          {t('web.cards.deck.search.badCopies', { max: LIMITS.deckQuantity.max })}
        </p>
      ) : null}
      {q && search.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(search.error, t)}
        </p>
      ) : null}
      {q && search.data && !results.length ? <p className="web-muted">{t('web.cards.search.none')}</p> : null}
      <div
        id={listId}
        role="listbox"
        aria-label={t('web.cards.deck.search.results')}
        className="web-decksearch__results"
      >
        {results.map((card, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's Enter adds the active option.
          <div
            key={card.id}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={card === current}
            className="web-decksearch__option"
            onClick={() => add(card)}
          >
            <span>{card.name}</span>
            <ManaCost cost={card.mana_cost} size="sm" />
            <span className="web-muted">{card.type_line}</span>
          </div>
        ))}
      </div>
      {current && printings.length > 1 ? (
        <div className="web-inline-field">
          <label htmlFor={`${id}-printing`}>
            {t('web.cards.deck.search.printing', { name: current.name })}
          </label>
          <Select
            id={`${id}-printing`}
            value={chosen(current).id}
            onValueChange={(v) => setPrinting((p) => ({ ...p, [current.oracle_id ?? current.id]: v }))}
            options={printings.map((p) => ({
              value: p.id,
              label: `${p.set_name} (${p.set.toUpperCase()}) #${p.collector_number}`,
            }))}
          />
        </div>
      ) : null}
    </section>
  );
}
