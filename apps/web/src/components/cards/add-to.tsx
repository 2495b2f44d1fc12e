import { useAddListCards, useChangeDeckCards, useLists, useMyDecks } from '@companion/hooks';
import { BOARDS, type BoardValue, LIMITS } from '@companion/sdk';
import type { Card, FinishValue } from '@companion/sdk/contract';
import { Button, FormField, Input, Select, Spinner } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { FINISH_KEY } from './common';
import { BOARD_KEY } from './deck-parts';

/**
 * "Add to deck or list" under a card's detail: this printing, a number of copies, into one of my
 * active decks (on the board chosen, through the deck's small-change call, so an open editor in
 * another tab loses nothing) or one of my lists (in the finish chosen). The form (and the fetch of
 * my decks and lists) opens on demand: a detail opened to read a card costs no call for it.
 */
export function AddToDeckOrList({ card }: { card: Card }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <section className="web-addto" aria-labelledby="add-to-title" data-testid="add-to">
      <h3 id="add-to-title" className="web-detail__heading">
        {t('web.cards.addTo.title')}
      </h3>
      {open ? (
        <AddToForm card={card} />
      ) : (
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {t('web.cards.addTo.open')}
        </Button>
      )}
    </section>
  );
}

function AddToForm({ card }: { card: Card }) {
  const t = useT();
  const toast = useToast();
  const decks = useMyDecks();
  const lists = useLists();
  const toDeck = useChangeDeckCards();
  const toList = useAddListCards();
  const myDecks = (decks.data?.decks ?? []).filter((d) => !d.archived);
  const myLists = lists.data?.lists ?? [];
  const fallback = myLists.find((l) => l.isDefault) ?? myLists[0];
  const [target, setTarget] = useState('');
  const chosen = target || (fallback ? `list:${fallback.id}` : myDecks[0] ? `deck:${myDecks[0].id}` : '');
  const [kind, id] = chosen.split(':') as ['deck' | 'list', string];
  const [board, setBoard] = useState<BoardValue>('main');
  const [finish, setFinish] = useState<FinishValue>((card.finishes[0] ?? 'nonfoil') as FinishValue);
  const [quantity, setQuantity] = useState('1');
  const count = Number(quantity);
  const max = kind === 'deck' ? LIMITS.deckQuantity.max : LIMITS.listQuantity.max;
  const valid = Number.isInteger(count) && count >= 1 && count <= max;
  const pending = toDeck.isPending || toList.isPending;
  const error = toDeck.error ?? toList.error;
  if (decks.isPending || lists.isPending) return <Spinner label={t('web.cards.addTo.loading')} />;
  if (!myDecks.length && !myLists.length) return <p className="web-muted">{t('web.cards.addTo.none')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !id) return;
    const name =
      kind === 'deck' ? myDecks.find((d) => d.id === id)?.name : myLists.find((l) => l.id === id)?.name;
    const done = () =>
      toast({ title: t('web.cards.addTo.added', { count, name: name ?? '' }), tone: 'success' });
    if (kind === 'deck')
      toDeck.mutate(
        { params: { id }, body: { changes: [{ op: 'add', cardId: card.id, board, quantity: count }] } },
        { onSuccess: done },
      );
    else
      toList.mutate(
        { params: { id }, body: { cards: [{ cardId: card.id, finish, quantity: count }] } },
        { onSuccess: done },
      );
  };

  return (
    <form onSubmit={submit} aria-labelledby="add-to-title">
      <div className="web-addto__fields">
        <FormField label={t('web.cards.addTo.target')}>
          <Select
            value={chosen}
            onValueChange={setTarget}
            options={[
              ...(myDecks.length
                ? [
                    {
                      label: t('web.cards.addTo.decks'),
                      options: myDecks.map((d) => ({ value: `deck:${d.id}`, label: d.name })),
                    },
                  ]
                : []),
              ...(myLists.length
                ? [
                    {
                      label: t('web.cards.addTo.lists'),
                      options: myLists.map((l) => ({ value: `list:${l.id}`, label: l.name })),
                    },
                  ]
                : []),
            ]}
          />
        </FormField>
        {kind === 'deck' ? (
          <FormField label={t('web.cards.addTo.board')}>
            <Select
              value={board}
              onValueChange={(v) => setBoard(v as BoardValue)}
              options={BOARDS.map((b) => ({ value: b, label: t(BOARD_KEY[b]) }))}
            />
          </FormField>
        ) : (
          <FormField label={t('web.cards.addTo.finish')}>
            <Select
              value={finish}
              onValueChange={(v) => setFinish(v as FinishValue)}
              options={card.finishes.map((f) => ({ value: f, label: t(FINISH_KEY[f] ?? f) }))}
            />
          </FormField>
        )}
        <FormField
          label={t('web.cards.addTo.quantity')}
          error={valid ? undefined : t('web.cards.addTo.quantityRange', { max })}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </FormField>
        <Button type="submit" loading={pending} disabled={!valid}>
          {t('web.cards.addTo.submit')}
        </Button>
      </div>
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
    </form>
  );
}
