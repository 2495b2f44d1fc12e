import { useDeck, useFormats, useUpdateDeck } from '@companion/hooks';
import { type BoardValue, LIMITS } from '@companion/sdk';
import type { Card, Deck } from '@companion/sdk/contract';
import { Button, FormField, Input, Select, Skeleton, TextArea } from '@companion/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import { skippedSummary } from '../components/cards/skipped';
import '../components/cards/cards.css';
import { slug, useCurrency, useMoney } from '../components/cards/common';
import {
  BOARD_KEY,
  type Board,
  BracketPicker,
  DeckCharts,
  Legality,
  SHOWN_BOARDS,
  Unowned,
} from '../components/cards/deck-parts';
import { DeckSearch } from '../components/cards/deck-search';
import { DeckSharing } from '../components/cards/deck-sharing';
import {
  conflictVersion,
  contentOf,
  deckContent,
  type EditorRow,
  onNewCopy,
  rowsOf,
} from '../components/cards/deck-version';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

type Row = EditorRow;

/**
 * The deck's form. Edits start from `base` (the deck as loaded) and a save sends its version back as
 * expectedVersion: when the deck was saved elsewhere in between, the server answers 409 and the
 * player chooses, in words, between reloading (dropping their edits) and saving theirs anyway; their
 * edits stay on the page until they choose. A newer copy of the deck arriving while nothing is edited
 * (a refetch, the bracket picker) simply replaces the form.
 */
function Editor({ deck, reload }: { deck: Deck; reload: () => Promise<Deck | undefined> }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const currency = useCurrency();
  const money = useMoney();
  const formats = useFormats().data?.formats ?? [];
  const update = useUpdateDeck();
  const [base, setBase] = useState(deck);
  const [name, setName] = useState(deck.name);
  const [formatId, setFormatId] = useState(deck.formatId);
  const [description, setDescription] = useState(deck.description ?? '');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(deck));
  const [paste, setPaste] = useState('');
  const [reloading, setReloading] = useState(false);
  const edited =
    paste.trim() !== '' || contentOf({ name, formatId, description, rows }) !== deckContent(base);
  const startFrom = (fresh: Deck) => {
    setBase(fresh);
    setName(fresh.name);
    setFormatId(fresh.formatId);
    setDescription(fresh.description ?? '');
    setRows(rowsOf(fresh));
    setPaste('');
  };
  // A newer copy of the deck: taken as is when nothing is edited; when something is, only its
  // version is taken if what the editor changes is the same (the bracket moved), else the edits
  // stay on the old version and a save answers 409.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaded deck changes, reading the form as it is then
  useEffect(() => {
    const next = onNewCopy(base, deck, edited);
    if (next === 'replace') startFrom(deck);
    else if (next === 'adopt') setBase(deck);
  }, [deck]);
  const conflict = conflictVersion(update.error);
  const change = (key: string, patch: Partial<Row>) =>
    setRows((prev) =>
      prev.flatMap((r) =>
        r.key === key ? ((patch.quantity ?? r.quantity) > 0 ? [{ ...r, ...patch }] : []) : [r],
      ),
    );
  /** The editor's search (full syntax, printing, copies, board) adds to the rows saved with the deck. */
  const add = (card: Card, quantity: number, board: BoardValue) =>
    setRows((prev) => {
      const same = prev.find((r) => r.card?.id === card.id && r.board === board);
      return same
        ? prev.map((r) => (r === same ? { ...r, quantity: r.quantity + quantity } : r))
        : [...prev, { key: `${card.id}-${board}-${Date.now()}`, card, name: card.name, quantity, board }];
    });
  const send = (expectedVersion: number) =>
    update.mutate(
      {
        params: { id: deck.id },
        body: {
          expectedVersion,
          name: name.trim(),
          formatId,
          description: description.trim() || null,
          ...(paste.trim()
            ? { decklist: paste }
            : {
                cards: rows.map((r) => ({
                  ...(r.card ? { cardId: r.card.id } : { name: r.name }),
                  quantity: r.quantity,
                  board: r.board,
                })),
              }),
        },
      },
      {
        onSuccess: (data) => {
          startFrom(data.deck);
          toast({
            title: data.unresolved.length
              ? t('web.cards.deck.unresolved', { count: data.unresolved.length })
              : t('web.cards.editor.saved'),
            tone: data.unresolved.length ? 'warning' : 'success',
            ...(skippedSummary(t, data.skipped) ? { description: skippedSummary(t, data.skipped) } : {}),
          });
        },
      },
    );
  const save = (event: FormEvent) => {
    event.preventDefault();
    send(base.version);
  };
  const reloadLatest = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      update.reset();
      startFrom(fresh);
      toast({ title: t('web.cards.editor.conflict.reloaded'), tone: 'success' });
    } finally {
      setReloading(false);
    }
  };
  const count = rows
    .filter((r) => r.board !== 'maybe' && r.board !== 'side')
    .reduce((s, r) => s + r.quantity, 0);
  return (
    <div className="web-stack">
      <form className="web-card web-form" onSubmit={save} aria-labelledby="deck-edit-title">
        <div className="web-card__head">
          <h2 id="deck-edit-title">{t('web.cards.editor.details')}</h2>
          <Link className="web-link-button" to={lp(`/deck/${deck.id}/${slug(deck.name)}`)}>
            {t('web.cards.editor.view')}
          </Link>
        </div>
        <div className="web-row">
          <FormField label={t('web.cards.deck.name')}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={LIMITS.deckName.max}
            />
          </FormField>
          <FormField label={t('web.cards.deck.format')}>
            <Select
              value={formatId}
              onValueChange={setFormatId}
              options={formats.map((f) => ({ value: f.id, label: f.name }))}
            />
          </FormField>
        </div>
        <FormField label={t('web.cards.deck.description')} hint={t('web.cards.deck.descriptionHint')}>
          <TextArea
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={LIMITS.deckDescription.max}
          />
        </FormField>
        <div className="web-card__head">
          <h3>{t('web.cards.editor.cards', { count })}</h3>
          <span className="web-muted">
            {t('web.cards.deck.price')}:{' '}
            {money(currency === 'eur' ? deck.price.eur : deck.price.usd, currency)}
          </span>
        </div>
        <div className="web-deck-boards web-deck-boards--edit">
          {SHOWN_BOARDS.map((board) => {
            const list = rows.filter((r) => r.board === board);
            if (!list.length && board !== 'commander') return null;
            return (
              <section key={board} className="web-deck-board" aria-label={t(BOARD_KEY[board])}>
                <h3>{t(BOARD_KEY[board])}</h3>
                {list.length === 0 ? <p className="web-muted">{t('web.cards.editor.noCommander')}</p> : null}
                <ul>
                  {list.map((r) => (
                    <li key={r.key}>
                      <span className="web-deck-board__line">
                        <span className="web-deck-board__qty">{r.quantity}</span>
                        <span className="web-deck-board__name">{r.name}</span>
                      </span>
                      <span className="web-deck-board__controls">
                        <button
                          type="button"
                          className="web-icon-button"
                          aria-label={t('web.cards.editor.less', { name: r.name })}
                          onClick={() => change(r.key, { quantity: r.quantity - 1 })}
                        >
                          −
                        </button>
                        <button
                          type="button"
                          className="web-icon-button"
                          aria-label={t('web.cards.editor.more', { name: r.name })}
                          onClick={() => change(r.key, { quantity: r.quantity + 1 })}
                        >
                          +
                        </button>
                        <select
                          className="web-select"
                          value={r.board}
                          aria-label={t('web.cards.editor.boardOf', { name: r.name })}
                          onChange={(e) => change(r.key, { board: e.target.value as Board })}
                        >
                          {SHOWN_BOARDS.map((b) => (
                            <option key={b} value={b}>
                              {t(BOARD_KEY[b])}
                            </option>
                          ))}
                        </select>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
        <details className="web-help">
          <summary>{t('web.cards.editor.pasteTitle')}</summary>
          <FormField label={t('web.cards.deck.decklist')} hint={t('web.cards.editor.pasteHint')}>
            <TextArea rows={8} value={paste} onChange={(e) => setPaste(e.target.value)} spellCheck={false} />
          </FormField>
        </details>
        {conflict !== null ? (
          <div className="web-form__error" role="alert">
            <p>
              <strong>{t('web.cards.editor.conflict.title')}</strong>
            </p>
            <p>{t('web.cards.editor.conflict.body')}</p>
            <div className="web-row">
              <Button
                type="button"
                variant="secondary"
                loading={reloading}
                onClick={() => void reloadLatest()}
              >
                {t('web.cards.editor.conflict.reload')}
              </Button>
              <Button
                type="button"
                variant="secondary"
                loading={update.isPending}
                onClick={() => send(conflict)}
              >
                {t('web.cards.editor.conflict.overwrite')}
              </Button>
            </div>
          </div>
        ) : update.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(update.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!name.trim()}>
          {t('web.common.save')}
        </Button>
      </form>
      <Legality legality={deck.legality} format={formats.find((f) => f.id === deck.formatId)?.name ?? null} />
      <div className="web-card">
        <DeckSearch onAdd={add} />
      </div>
      <DeckCharts cards={rows} />
      {formats.find((f) => f.id === deck.formatId)?.hasBrackets ? <BracketPicker deck={deck} /> : null}
      <DeckSharing deck={deck} />
      <Unowned deck={deck} />
    </div>
  );
}

export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const view = useDeck({ params: { id }, query: {} });
  return (
    <>
      <PageHeading title={t('web.page.deckEdit.title')} description={t('web.page.deckEdit.description')} />
      {view.error ? (
        <LoadError error={view.error} thing="deck" onRetry={() => void view.refetch()} />
      ) : view.data ? (
        <Editor deck={view.data.deck} reload={async () => (await view.refetch()).data?.deck} />
      ) : (
        <Skeleton shape="rect" width="100%" height={360} />
      )}
    </>
  );
}
