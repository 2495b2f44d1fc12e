import {
  cardPrintsQueryOptions,
  useCardSimilar,
  useCompanionClient,
  useUpdateListCards,
} from '@companion/hooks';
import { LIMITS } from '@companion/sdk';
import type { Card, FinishValue, ListEntry } from '@companion/sdk/contract';
import { Button, CardImage, Dialog, FormField, Input, Select, Spinner } from '@companion/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { FINISH_KEY, imageCard, printingLabel } from './common';
import { useDebounced } from './use-debounced';

/** An entry the fix dialog can work on: unresolved, or resolved by its name alone. */
export const needsFixing = (e: ListEntry): boolean => e.unresolved !== null || e.printingGuessed;

/** What the file said for an entry: its name, and set and number when it gave them. */
function fileSaid(e: ListEntry): { name: string; printing: string | null } {
  const said = e.unresolved ?? e.imported;
  return { name: said?.name ?? e.card?.name ?? '?', printing: said ? printingLabel(said) : null };
}

/** A printing and a finish it has, as one choice. */
const choiceKey = (card: Card, finish: string) => `${card.id}|${finish}`;

/**
 * The choice to start on: the printing the file named (set and number) in the entry's finish when
 * the catalogue has it, else the first printing with that finish, else the first printing.
 */
function initialChoice(prints: readonly Card[], entry: ListEntry): string | null {
  const said = entry.unresolved ?? entry.imported;
  const named = prints.find(
    (c) =>
      said?.setCode &&
      c.set === said.setCode.toLowerCase() &&
      (!said.collectorNumber || c.collector_number === said.collectorNumber),
  );
  for (const card of [named, ...prints]) {
    if (card?.finishes.includes(entry.finish)) return choiceKey(card, entry.finish);
  }
  const first = prints[0];
  return first ? choiceKey(first, first.finishes[0] ?? 'nonfoil') : null;
}

/**
 * Fixes list entries an import could not match, or whose printing it guessed from the name: "did you
 * mean" names nearest to what the file said (by trigram distance, as the player types), then every
 * printing of the chosen name in each of its finishes. Several entries (a selection) take the same
 * printing at once; entries that become identical merge.
 */
export function FixDialog({
  listId,
  entries,
  onOpenChange,
  onFixed,
}: {
  listId: string;
  entries: readonly ListEntry[];
  onOpenChange: (open: boolean) => void;
  onFixed: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const update = useUpdateListCards();
  const first = entries[0];
  const said = first ? fileSaid(first) : { name: '', printing: null };
  const [typed, setTyped] = useState(said.name);
  const name = useDebounced(typed.trim(), 250);
  const valid = name.length >= LIMITS.autocompleteQuery.min && name.length <= LIMITS.cardName.max;
  const similar = useCardSimilar({ query: { name } }, { enabled: valid });
  const [picked, setPicked] = useState<string | null>(null);
  const names = similar.data?.names ?? [];
  // The nearest name is chosen until the player picks another.
  const chosen = names.find((n) => n.cardId === picked) ?? names[0] ?? null;
  const client = useCompanionClient();
  const prints = useQuery({
    ...cardPrintsQueryOptions(client, { params: { id: chosen?.cardId ?? '' } }),
    enabled: chosen !== null,
  });
  const printList = chosen && prints.data ? prints.data.cards : [];
  const [choice, setChoice] = useState<string | null>(null);
  const options = useMemo(
    () =>
      printList.flatMap((card) =>
        card.finishes.map((finish) => ({
          value: choiceKey(card, finish),
          label: `${card.set.toUpperCase()} #${card.collector_number} · ${card.set_name} · ${t(FINISH_KEY[finish] ?? finish)}${
            card.lang === 'en' ? '' : ` · ${card.lang}`
          }`,
        })),
      ),
    [printList, t],
  );
  const current =
    choice && options.some((o) => o.value === choice)
      ? choice
      : first
        ? initialChoice(printList, first)
        : null;
  const [cardId, finish] = (current ?? '|').split('|') as [string, FinishValue];
  const card = printList.find((c) => c.id === cardId) ?? null;
  const headingId = useId();
  const count = entries.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    try {
      await update.mutateAsync({
        params: { id: listId },
        body: { cards: entries.map((e) => ({ entryId: e.id, cardId: card.id, finish })) },
      });
      toast({
        title: t('web.cards.fix.done', {
          count,
          card: `${card.name} (${card.set.toUpperCase()} #${card.collector_number})`,
        }),
        tone: 'success',
      });
      onFixed();
      onOpenChange(false);
    } catch {
      // update.error is shown below.
    }
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('web.cards.fix.title', { count })}
      description={t('web.cards.fix.description')}
    >
      <form className="web-form" onSubmit={submit} data-testid="fix-dialog">
        <div className="web-fix__said">
          <p className="web-muted">{t('web.cards.fix.fileSaid', { count })}</p>
          <ul className="web-fix__rows">
            {entries.slice(0, 5).map((e) => {
              const row = fileSaid(e);
              return (
                <li key={e.id}>
                  <strong>{row.name}</strong>
                  {row.printing ? <span className="web-muted"> · {row.printing}</span> : null}
                  {e.unresolved ? <span className="web-muted web-block">{e.unresolved.reason}</span> : null}
                </li>
              );
            })}
          </ul>
          {count > 5 ? <p className="web-muted">{t('web.cards.fix.more', { count: count - 5 })}</p> : null}
        </div>
        <FormField label={t('web.cards.fix.name')} hint={t('web.cards.fix.nameHint')}>
          <Input
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setPicked(null);
              setChoice(null);
            }}
            maxLength={LIMITS.cardName.max}
            autoComplete="off"
          />
        </FormField>
        <fieldset className="web-fix__names" aria-labelledby={headingId}>
          <legend id={headingId}>{t('web.cards.fix.didYouMean')}</legend>
          {!valid ? (
            <p className="web-muted">{t('web.cards.fix.typeMore')}</p>
          ) : similar.isPending ? (
            <Spinner label={t('web.cards.fix.searching')} />
          ) : similar.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(similar.error, t)}
            </p>
          ) : names.length === 0 ? (
            <p className="web-muted">{t('web.cards.fix.noName')}</p>
          ) : (
            names.map((n) => (
              <label key={n.cardId} className="web-check web-fix__name">
                <input
                  type="radio"
                  name="fix-name"
                  value={n.cardId}
                  checked={chosen?.cardId === n.cardId}
                  onChange={() => {
                    setPicked(n.cardId);
                    setChoice(null);
                  }}
                />
                <span>{n.name}</span>
                <span className="web-muted">{t('web.cards.fix.score', { score: n.score })}</span>
              </label>
            ))
          )}
        </fieldset>
        {chosen ? (
          prints.isPending ? (
            <Spinner label={t('web.cards.fix.searching')} />
          ) : prints.error ? (
            <p className="web-form__error" role="alert">
              {errorMessage(prints.error, t)}
            </p>
          ) : (
            <div className="web-fix__printing">
              <FormField label={t('web.cards.fix.printing', { count: printList.length })}>
                <Select value={current ?? undefined} onValueChange={setChoice} options={options} />
              </FormField>
              {card ? <CardImage card={imageCard(card)} size="small" width={146} /> : null}
            </div>
          )
        ) : null}
        {update.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(update.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!card}>
          {t('web.cards.fix.submit', { count })}
        </Button>
      </form>
    </Dialog>
  );
}
