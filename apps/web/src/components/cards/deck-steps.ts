import { useChangeDeckCards } from '@companion/hooks';
import type { Card, Deck, DeckCardChange } from '@companion/sdk/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import {
  appliedLines,
  dropped,
  EMPTY_HISTORY,
  type ExactChange,
  exactChanges,
  type History,
  type HistoryStep,
  inverseOf,
  recorded,
  redone,
  toWire,
  undone,
} from './deck-history';

/** Whether a key press belongs to a text field (its own undo) or an open dialog, not to the deck. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [role="dialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** Changes sent and not yet answered, shown on the deck already. */
type Pending = { id: number; changes: ExactChange[] };

/**
 * The owner's changes of a deck's cards, each saved at once as a small change (`POST /deck/:id/cards`)
 * and shown at once: until the server answers, `cards` is the deck with the changes on their way
 * applied (an added card is painted on the Enter that adds it; a refused change disappears with a
 * message). With undo and redo: a step is recorded with the exact changes the server applied, and undoing sends
 * their inverse (also a small change, so another tab's edits in between are kept). Ctrl+Z (⌘Z) undoes
 * and Ctrl+Shift+Z or Ctrl+Y redoes, unless a text field or dialog has the focus. A step the server
 * can no longer take back (the cards left elsewhere) says so and leaves the history.
 */
export function useDeckSteps(deck: Pick<Deck, 'id' | 'cards'>, enabled: boolean) {
  const t = useT();
  const toast = useToast();
  const change = useChangeDeckCards();
  // The history is read and written synchronously (two quick Ctrl+Z take two steps back); the state
  // mirrors it for rendering.
  const history = useRef<History>(EMPTY_HISTORY);
  const [shown, setShown] = useState<History>(EMPTY_HISTORY);
  const [announced, setAnnounced] = useState('');
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [pending, setPending] = useState<Pending[]>([]);
  const nextId = useRef(0);
  // Every catalogue card the page has seen (search results, lines), for painting an add at once.
  const catalogue = useRef(new Map<string, Card>());
  for (const line of deck.cards) if (line.card) catalogue.current.set(line.card.id, line.card);
  const cards = useMemo(
    () => pending.reduce((lines, p) => appliedLines(lines, p.changes, catalogue.current), deck.cards),
    [deck.cards, pending],
  );
  // The lines the next change is worked out from: what is shown, plus changes applied since the last
  // render (two quick key presses before React renders again).
  const shownLines = useRef(cards);
  shownLines.current = cards;
  const update = useCallback((next: (h: History) => History) => {
    history.current = next(history.current);
    setShown(history.current);
  }, []);

  /**
   * Sends changes after the ones already sent have been answered: an undo pressed while its step is
   * still on its way reaches the server after it, never before.
   */
  const { mutateAsync } = change;
  const send = useCallback(
    (changes: ReadonlyArray<ExactChange | DeckCardChange>, exact: ExactChange[] | null) => {
      const body = { changes: changes.map(toWire) };
      const id = nextId.current++;
      if (exact) {
        shownLines.current = appliedLines(shownLines.current, exact, catalogue.current);
        setPending((list) => [...list, { id, changes: exact }]);
      }
      const sent = queue.current.then(() => mutateAsync({ params: { id: deck.id }, body }));
      queue.current = sent.catch(() => undefined);
      // Answered: the cache holds the server's deck (with this change) before the overlay goes.
      const settle = () => setPending((list) => list.filter((p) => p.id !== id));
      sent.then(settle, settle);
      return sent;
    },
    [mutateAsync, deck.id],
  );

  /** Applies the changes and records them as one step named `label`. */
  const apply = useCallback(
    (changes: DeckCardChange[], label: string, adding?: Card) => {
      if (adding) catalogue.current.set(adding.id, adding);
      const exact = exactChanges(shownLines.current, changes);
      const step: HistoryStep | null = exact ? { label, changes: exact, inverse: inverseOf(exact) } : null;
      if (step) update((h) => recorded(h, step));
      // A change the deck cannot take (cards it no longer holds) is sent as asked: the server names
      // the problem.
      send(exact ?? changes, exact).catch((error: unknown) => {
        if (step) update((h) => dropped(h, step));
        toast({ title: errorMessage(error, t), tone: 'error' });
      });
    },
    [send, update, t, toast],
  );

  const travel = useCallback(
    (direction: 'undo' | 'redo') => {
      const step = (direction === 'undo' ? history.current.past : history.current.future).at(-1);
      if (!step) return;
      update(direction === 'undo' ? undone : redone);
      const changes = direction === 'undo' ? step.inverse : step.changes;
      send(changes, changes).then(
        () =>
          setAnnounced(
            t(direction === 'undo' ? 'web.cards.deck.history.undone' : 'web.cards.deck.history.redone', {
              label: step.label,
            }),
          ),
        (error: unknown) => {
          update((h) => dropped(h, step));
          toast({
            title: t(
              direction === 'undo'
                ? 'web.cards.deck.history.undoFailed'
                : 'web.cards.deck.history.redoFailed',
            ),
            description: errorMessage(error, t),
            tone: 'error',
          });
        },
      );
    },
    [send, update, t, toast],
  );

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || ownsKeys(event.target)) return;
      const key = event.key.toLowerCase();
      const direction = key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' ? 'redo' : null;
      if (!direction) return;
      event.preventDefault();
      travel(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, travel]);

  return {
    /** The deck's lines with the changes on their way applied. */
    cards,
    apply,
    undo: () => travel('undo'),
    redo: () => travel('redo'),
    /** The step Undo would take back, and the one Redo would take again. */
    nextUndo: shown.past.at(-1)?.label ?? null,
    nextRedo: shown.future.at(-1)?.label ?? null,
    /** What the last undo or redo did, for a polite live region. */
    announced,
  };
}
