import {
  useArchiveDeck,
  useDeck,
  useDeleteDeckPermanently,
  useFormats,
  useRestoreDeck,
  useUserStore,
} from '@companion/hooks';
import type { BoardValue } from '@companion/sdk';
import type { Card, Deck } from '@companion/sdk/contract';
import {
  Badge,
  Button,
  CardImage,
  ConfirmDialog,
  ManaCost,
  Markdown,
  Menu,
  Select,
  Skeleton,
} from '@companion/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import '../components/cards/cards.css';
import { CardDetailDialog } from '../components/cards/card-detail';
import { CategoryDialog } from '../components/cards/category-dialog';
import { imageCard, useCurrency, useMoney } from '../components/cards/common';
import { DeckExport } from '../components/cards/deck-export';
import {
  type DeckGroup,
  deckGroups,
  GROUP_BY,
  type GroupBy,
  type TypeGroup,
} from '../components/cards/deck-groups';
import {
  BOARD_KEY,
  BracketPicker,
  ColorPips,
  DeckCharts,
  DeckFigures,
  Legality,
  SHOWN_BOARDS,
  Unowned,
} from '../components/cards/deck-parts';
import { DeckSearch } from '../components/cards/deck-search';
import { DeckSharing } from '../components/cards/deck-sharing';
import { useDeckSteps } from '../components/cards/deck-steps';
import { ManaPanel } from '../components/cards/mana-panel';
import { SampleHandPanel } from '../components/cards/sample-hand-panel';
import { useUndoableArchive } from '../components/cards/undo';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

const SINCE = ['all', '30', '90', '365'] as const;
const SINCE_KEY: Record<string, string> = {
  all: 'web.cards.deck.sinceAll',
  '30': 'web.cards.deck.since30',
  '90': 'web.cards.deck.since90',
  '365': 'web.cards.deck.since365',
};
const RESULT_KEY: Record<string, string> = {
  win: 'web.cards.deck.win',
  loss: 'web.cards.deck.loss',
  draw: 'web.cards.deck.draw',
};

const GROUP_BY_KEY: Record<GroupBy, string> = {
  board: 'web.cards.deck.groupBy.board',
  type: 'web.cards.deck.groupBy.type',
  mv: 'web.cards.deck.groupBy.mv',
  category: 'web.cards.deck.groupBy.category',
};
const TYPE_GROUP_KEY: Record<TypeGroup, string> = {
  land: 'web.cards.deck.group.type.land',
  creature: 'web.cards.deck.group.type.creature',
  planeswalker: 'web.cards.deck.group.type.planeswalker',
  battle: 'web.cards.deck.group.type.battle',
  instant: 'web.cards.deck.group.type.instant',
  sorcery: 'web.cards.deck.group.type.sorcery',
  artifact: 'web.cards.deck.group.type.artifact',
  enchantment: 'web.cards.deck.group.type.enchantment',
  other: 'web.cards.deck.group.type.other',
};

/** The owner's one-copy steps on a deck line: its button, and the keys that take it on a focused card. */
const STEPS = [
  { op: 'remove', sign: '−', label: 'web.cards.deck.fewer', keys: ['-'] },
  { op: 'add', sign: '+', label: 'web.cards.deck.more', keys: ['+', '='] },
] as const;
/** The Undo and Redo buttons: their label, their name with the step, and their keys. */
const HISTORY = [
  {
    direction: 'undo',
    label: 'web.cards.deck.history.undo',
    step: 'web.cards.deck.history.undoStep',
    keys: 'web.cards.deck.history.undoKeys',
  },
  {
    direction: 'redo',
    label: 'web.cards.deck.history.redo',
    step: 'web.cards.deck.history.redoStep',
    keys: 'web.cards.deck.history.redoKeys',
  },
] as const;
/** How the history names a step. */
const STEP_LABEL: Record<(typeof STEPS)[number]['op'], string> = {
  add: 'web.cards.deck.history.add',
  remove: 'web.cards.deck.history.remove',
};

/** The title of a section of the deck list. */
function useGroupTitle() {
  const t = useT();
  return (group: DeckGroup) => {
    if (group.kind === 'board') return t(BOARD_KEY[group.board]);
    if (group.kind === 'type') return t(TYPE_GROUP_KEY[group.type]);
    if (group.kind === 'category') return group.category ?? t('web.cards.deck.group.uncategorised');
    if (group.mv === 'land') return t('web.cards.deck.group.type.land');
    if (group.mv === 'unknown') return t('web.cards.deck.group.unknown');
    return t('web.cards.deck.group.mv', { mv: group.mv });
  };
}

type Dragged = { cardId: string; name: string; board: BoardValue };

/**
 * The deck's cards by board. For its owner (`editable`), each change is one small change saved at
 * once (`POST /deck/:id/cards`), undone with Undo or Ctrl+Z and redone with Redo or Ctrl+Shift+Z:
 * − and + on each line, or pressed on a focused card name; "Move" on a line, or a line dragged onto
 * another board (empty boards appear while dragging). Changes are deltas, sent without an expected
 * version: changes from two tabs add up instead of one of them being refused.
 */
export function Boards({
  deck,
  onOpen,
  editable = false,
}: {
  deck: Deck;
  onOpen: (card: Card) => void;
  editable?: boolean;
}) {
  const t = useT();
  const steps = useDeckSteps(deck, editable);
  const [groupBy, setGroupBy] = useState<GroupBy>('board');
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [categorizing, setCategorizing] = useState<{
    cardId: string;
    name: string;
    board: BoardValue;
    category: string | null;
  } | null>(null);
  const known = [...new Set(deck.cards.flatMap((c) => (c.category ? [c.category] : [])))].sort((a, b) =>
    a.localeCompare(b),
  );
  const title = useGroupTitle();
  const boardName = (board: BoardValue) => t(BOARD_KEY[board]);
  const step = (card: Card, name: string, board: BoardValue, op: (typeof STEPS)[number]['op']) =>
    steps.apply([{ op, cardId: card.id, board, quantity: 1 }], t(STEP_LABEL[op], { quantity: 1, name }));
  const move = (cardId: string, name: string, from: BoardValue, to: BoardValue) => {
    if (from === to) return;
    steps.apply(
      [{ op: 'move', cardId, from, to }],
      t('web.cards.deck.history.move', { name, board: boardName(to) }),
    );
  };
  const groups = deckGroups(deck.cards, SHOWN_BOARDS, groupBy);
  // While a line is dragged, the boards the deck has no card on yet appear as places to drop it.
  const empty: DeckGroup[] = dragged
    ? SHOWN_BOARDS.filter((b) => !groups.some((g) => g.kind === 'board' && g.board === b)).map((board) => ({
        key: `board:${board}`,
        kind: 'board',
        board,
        lines: [],
      }))
    : [];
  /** The board a line dropped on a section goes to: its board, or the main deck's parts. */
  const boardOf = (group: DeckGroup): BoardValue => (group.kind === 'board' ? group.board : 'main');
  return (
    <>
      {editable ? (
        <DeckSearch
          onAdd={(card, quantity, board) =>
            steps.apply(
              [{ op: 'add', cardId: card.id, board, quantity }],
              t('web.cards.deck.history.add', { quantity, name: card.name }),
            )
          }
        />
      ) : null}
      <div className="web-deck-boards__bar">
        <div className="web-inline-field">
          <label htmlFor="deck-group-by">{t('web.cards.deck.groupBy')}</label>
          <Select
            id="deck-group-by"
            value={groupBy}
            onValueChange={(v) => setGroupBy(v as GroupBy)}
            options={GROUP_BY.map((g) => ({ value: g, label: t(GROUP_BY_KEY[g]) }))}
          />
        </div>
        {editable ? (
          <>
            <span className="web-deck-boards__history">
              {HISTORY.map(({ direction, label, step, keys }) => {
                const next = direction === 'undo' ? steps.nextUndo : steps.nextRedo;
                return (
                  <Button
                    key={direction}
                    size="sm"
                    variant="secondary"
                    disabled={!next}
                    aria-label={next ? t(step, { label: next }) : undefined}
                    title={t(keys)}
                    onClick={steps[direction]}
                  >
                    {t(label)}
                  </Button>
                );
              })}
            </span>
            <p className="web-muted">{t('web.cards.deck.stepHint')}</p>
            <p className="cui-visually-hidden" aria-live="polite" data-testid="deck-history-status">
              {steps.announced}
            </p>
          </>
        ) : null}
      </div>
      {groups.length === 0 && empty.length === 0 ? (
        <p className="web-muted">{t('web.cards.deck.noCards')}</p>
      ) : null}
      <div className="web-deck-boards">
        {[...groups, ...empty].map((group) => {
          const { key, lines: cards } = group;
          const count = cards.reduce((s, c) => s + c.quantity, 0);
          const target = boardOf(group);
          const droppable = dragged !== null && dragged.board !== target;
          return (
            <section
              key={key}
              className={[
                'web-deck-board',
                droppable ? 'web-deck-board--drop' : '',
                droppable && over === key ? 'web-deck-board--over' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-label={title(group)}
              data-board={target}
              onDragOver={(event) => {
                if (!droppable) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (over !== key) setOver(key);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
              }}
              onDrop={(event) => {
                if (!droppable || !dragged) return;
                event.preventDefault();
                move(dragged.cardId, dragged.name, dragged.board, target);
                setDragged(null);
                setOver(null);
              }}
            >
              <h3>
                {title(group)} <span className="web-muted">({count})</span>
              </h3>
              {cards.length === 0 ? (
                <p className="web-muted">{t('web.cards.deck.dropHere', { name: dragged?.name ?? '' })}</p>
              ) : null}
              <ul>
                {cards.map((c) => (
                  <li
                    key={`${c.board}-${c.name}-${c.card?.id ?? 'x'}`}
                    draggable={editable && c.card !== null}
                    onDragStart={(event) => {
                      if (!editable || !c.card) return;
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', `${c.quantity} ${c.name}`);
                      const from = { cardId: c.card.id, name: c.name, board: c.board };
                      // After the drag has started: changing the page inside dragstart cancels it.
                      setTimeout(() => setDragged(from), 0);
                    }}
                    onDragEnd={() => {
                      setDragged(null);
                      setOver(null);
                    }}
                  >
                    <span className="web-deck-board__line">
                      <span className="web-deck-board__qty">{c.quantity}</span>
                      {c.card ? (
                        <button
                          type="button"
                          className="web-cardname"
                          onClick={() => onOpen(c.card!)}
                          onKeyDown={(event) => {
                            if (!editable || !c.card) return;
                            const op = STEPS.find((s) =>
                              (s.keys as readonly string[]).includes(event.key),
                            )?.op;
                            if (!op) return;
                            event.preventDefault();
                            step(c.card, c.name, c.board, op);
                          }}
                        >
                          {c.name}
                        </button>
                      ) : (
                        <span className="web-cardname">{c.name}</span>
                      )}
                      {c.card?.game_changer ? <Badge tone="warning">GC</Badge> : null}
                      {c.category && groupBy !== 'category' ? (
                        <span className="web-deck-board__category">{c.category}</span>
                      ) : null}
                    </span>
                    {c.card?.mana_cost ? <ManaCost cost={c.card.mana_cost} size="sm" /> : null}
                    {editable && c.card ? (
                      <span className="web-deck-board__controls">
                        {STEPS.map(({ op, sign, label }) => (
                          <Button
                            key={op}
                            size="sm"
                            variant="ghost"
                            aria-label={t(label, { name: c.name })}
                            onClick={() => step(c.card!, c.name, c.board, op)}
                          >
                            {sign}
                          </Button>
                        ))}
                        <Menu
                          trigger={
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={t('web.cards.deck.moveTo', { name: c.name })}
                            >
                              ⇄
                            </Button>
                          }
                          items={[
                            { type: 'label', id: 'to', label: t('web.cards.deck.moveToLabel') },
                            ...SHOWN_BOARDS.filter((b) => b !== c.board).map((board) => ({
                              id: board,
                              label: boardName(board),
                              onSelect: () => move(c.card!.id, c.name, c.board, board),
                            })),
                            { type: 'separator', id: 'sep' },
                            {
                              id: 'category',
                              label: t('web.cards.deck.category.set'),
                              onSelect: () =>
                                setCategorizing({
                                  cardId: c.card!.id,
                                  name: c.name,
                                  board: c.board,
                                  category: c.category ?? null,
                                }),
                            },
                          ]}
                        />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {categorizing ? (
        <CategoryDialog
          name={categorizing.name}
          current={categorizing.category}
          known={known}
          onClose={() => setCategorizing(null)}
          onSave={(category) =>
            steps.apply(
              [{ op: 'categorize', cardId: categorizing.cardId, board: categorizing.board, category }],
              category
                ? t('web.cards.deck.history.categorize', { name: categorizing.name, category })
                : t('web.cards.deck.history.uncategorize', { name: categorizing.name }),
            )
          }
        />
      ) : null}
    </>
  );
}

export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const { id = '' } = useParams();
  const _currency = useCurrency();
  const _money = useMoney();
  const me = useUserStore((s) => s.userId);
  const [formatFilter, setFormatFilter] = useState('all');
  const [since, setSince] = useState<(typeof SINCE)[number]>('all');
  const query = {
    ...(formatFilter !== 'all' ? { formatid: formatFilter } : {}),
    ...(since !== 'all' ? { timestamp: Date.now() - Number(since) * 86_400_000 } : {}),
  };
  const view = useDeck({ params: { id }, query });
  const formats = useFormats().data?.formats ?? [];
  const archive = useArchiveDeck();
  const undoArchive = useUndoableArchive();
  const restore = useRestoreDeck();
  const remove = useDeleteDeckPermanently();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const [open, setOpen] = useState<Card | null>(null);

  if (view.error)
    return (
      <>
        <PageHeading title={t('web.page.deck.title')} />
        <LoadError error={view.error} thing="deck" onRetry={() => void view.refetch()} />
      </>
    );
  if (!view.data)
    return (
      <>
        <PageHeading title={<Skeleton shape="text" width={220} />} />
        <Skeleton shape="rect" width="100%" height={360} />
      </>
    );
  const { deck, games, stats, unresolved } = view.data;
  const mine = deck.ownerId === me;
  const format = formats.find((f) => f.id === deck.formatId);
  const commanders = deck.cards.filter((c) => c.board === 'commander' && c.card);
  return (
    <>
      <PageHeading
        eyebrow={
          <>
            <ColorPips colors={deck.colorIdentity} /> {format?.name ?? ''}
            {deck.archived ? (
              <>
                {' '}
                <Badge tone="neutral">{t('web.cards.deck.archivedBadge')}</Badge>
              </>
            ) : null}
          </>
        }
        title={deck.name}
        description={
          deck.description ? (
            <Markdown source={deck.description} className="web-deck__description" />
          ) : (
            t('web.page.deck.description')
          )
        }
        actions={
          mine ? (
            <>
              <Link className="web-link-button" to={lp(`/decks/${deck.id}/edit`)}>
                {t('web.cards.deck.edit')}
              </Link>
              {deck.archived ? (
                <Button
                  variant="secondary"
                  loading={restore.isPending}
                  onClick={() => restore.mutate({ params: { id: deck.id } })}
                >
                  {t('web.cards.deck.restore')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setConfirm('archive')}>
                  {t('web.cards.deck.archive')}
                </Button>
              )}
              <Button variant="danger" onClick={() => setConfirm('delete')}>
                {t('web.cards.deck.delete')}
              </Button>
            </>
          ) : null
        }
      />
      <div className="web-stack">
        {unresolved.length ? (
          <div className="web-notice" role="status">
            {t('web.cards.deck.unresolved', { count: unresolved.length })}{' '}
            {unresolved
              .slice(0, 10)
              .map((u) => u.text)
              .join(' · ')}
          </div>
        ) : null}
        {commanders.length ? (
          <div className="web-commanders">
            {commanders.map((c) => (
              <CardImage key={c.card!.id} card={imageCard(c.card!)} size="normal" />
            ))}
          </div>
        ) : null}
        <section className="web-card" aria-labelledby="deck-stats-title">
          <div className="web-card__head">
            <h2 id="deck-stats-title">{t('web.cards.deck.stats')}</h2>
            <div className="web-toolbar">
              <div className="web-inline-field">
                <label htmlFor="deck-filter-format">{t('web.cards.deck.format')}</label>
                <Select
                  id="deck-filter-format"
                  value={formatFilter}
                  onValueChange={setFormatFilter}
                  options={[
                    { value: 'all', label: t('web.cards.deck.allFormats') },
                    ...formats.map((f) => ({ value: f.id, label: f.name })),
                  ]}
                />
              </div>
              <div className="web-inline-field">
                <label htmlFor="deck-filter-since">{t('web.cards.deck.since')}</label>
                <Select
                  id="deck-filter-since"
                  value={since}
                  onValueChange={(v) => setSince(v as typeof since)}
                  options={SINCE.map((s) => ({ value: s, label: t(SINCE_KEY[s]!) }))}
                />
              </div>
            </div>
          </div>
          <dl className="web-stats">
            <div>
              <dt>{t('web.cards.deck.games')}</dt>
              <dd>{stats.games}</dd>
            </div>
            <div>
              <dt>{t('web.cards.deck.winRate')}</dt>
              <dd>{stats.games ? intl.formatNumber(stats.winRate, { style: 'percent' }) : '—'}</dd>
            </div>
            <div>
              <dt>{t('web.cards.deck.wins')}</dt>
              <dd>{stats.wins}</dd>
            </div>
            <DeckFigures deck={deck} />
          </dl>
        </section>
        <Legality legality={deck.legality} format={format?.name ?? null} />
        {format?.hasBrackets && mine ? <BracketPicker deck={deck} /> : null}
        {mine ? <DeckSharing deck={deck} /> : null}
        <DeckCharts cards={deck.cards} />
        <ManaPanel cards={deck.cards} />
        <section className="web-card" aria-labelledby="deck-list-title">
          <h2 id="deck-list-title">{t('web.cards.deck.list')}</h2>
          <Boards deck={deck} onOpen={setOpen} editable={mine && !deck.archived} />
        </section>
        {deck.cards.length ? <DeckExport deck={deck} /> : null}
        {deck.cards.some((c) => c.board === 'main') ? <SampleHandPanel key={deck.id} deck={deck} /> : null}
        {mine ? <Unowned deck={deck} /> : null}
        <section className="web-card" aria-labelledby="deck-games-title">
          <h2 id="deck-games-title">{t('web.cards.deck.gamesTitle')}</h2>
          {games.length === 0 ? (
            <p className="web-muted">{t('web.cards.deck.noGames')}</p>
          ) : (
            <ul className="web-listrows">
              {games.slice(0, 20).map((g) => {
                const own = g.players.find((p) => p.deck?.id === deck.id);
                return (
                  <li key={g.id} className="web-listrow">
                    <Link to={lp(`/game/${g.id}`)} className="web-listrow__name">
                      {intl.formatDate(g.playedAt, { dateStyle: 'medium' })}
                    </Link>
                    {own ? (
                      <Badge
                        tone={own.result === 'win' ? 'success' : own.result === 'loss' ? 'danger' : 'neutral'}
                      >
                        {t(RESULT_KEY[own.result]!)}
                      </Badge>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <CardDetailDialog card={open} onOpenChange={(o) => !o && setOpen(null)} />
      {confirm === 'archive' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('web.cards.deck.archiveTitle', { name: deck.name })}
          description={t('web.cards.deck.archiveDescription')}
          confirmLabel={t('web.cards.deck.archive')}
          loading={archive.isPending}
          onConfirm={() =>
            archive.mutateAsync({ params: { id: deck.id } }).then(() => {
              undoArchive(deck);
              setConfirm(null);
            })
          }
        />
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title={t('web.cards.deck.deleteTitle', { name: deck.name })}
          description={t('web.cards.deck.deleteDescription')}
          confirmLabel={t('web.cards.deck.deleteConfirm')}
          destructive
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync({ params: { id: deck.id } }).then(() => {
              toast({ title: t('web.cards.deck.deletedToast', { name: deck.name }), tone: 'success' });
              navigate(lp('/decks'));
            })
          }
        />
      ) : null}
    </>
  );
}
