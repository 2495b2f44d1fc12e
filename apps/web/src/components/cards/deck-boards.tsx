import type { BoardValue } from '@companion/sdk';
import type { Card, Deck } from '@companion/sdk/contract';
import { Badge, Button, ManaCost, Menu, Select } from '@companion/ui';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { CategoryDialog } from './category-dialog';
import { type DeckGroup, deckGroups, GROUP_BY, type GroupBy, type TypeGroup } from './deck-groups';
import { BOARD_KEY, SHOWN_BOARDS } from './deck-parts';
import { DeckSearch } from './deck-search';
import { useDeckSteps } from './deck-steps';

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
  /** A deck, or a shared one (read-only: no owner's fields). */
  deck: Pick<Deck, 'id' | 'cards'>;
  /** Opens a card's detail; without it (signed out) card names are plain text. */
  onOpen?: ((card: Card) => void) | undefined;
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
  const known = [...new Set(steps.cards.flatMap((c) => (c.category ? [c.category] : [])))].sort((a, b) =>
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
  const groups = deckGroups(steps.cards, SHOWN_BOARDS, groupBy);
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
              card,
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
                      {c.card && onOpen ? (
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
