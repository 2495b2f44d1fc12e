import './sample-hand.css';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { Button, type ButtonVariant } from '../button/button';
import { CardImage, type ScryfallCardLike } from '../card-image/card-image';

/** One card in the hand (`key` is unique among the game's copies). */
export interface SampleHandCard {
  key: string;
  card: ScryfallCardLike;
}

/** A button under the hand: new hand, mulligan, keep, draw… */
export interface SampleHandAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  variant?: ButtonVariant;
}

export interface SampleHandProps {
  title: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** The hand, in the order drawn. */
  cards: readonly SampleHandCard[];
  /** Accessible name of the list of cards, e.g. "Hand: 7 cards". */
  handLabel: string;
  /** Where the game stands, e.g. "Mulligans: 1 — choose 1 card to put on the bottom" (announced politely). */
  status: ReactNode;
  /** Cards left in the library, e.g. "Library: 53 cards". */
  library: ReactNode;
  actions: readonly SampleHandAction[];
  /** Cards are buttons the player presses to choose the ones to put on the bottom. */
  choosing?: boolean;
  /** Keys of the cards chosen. */
  selected?: readonly string[];
  onToggleCard?: (key: string) => void;
  /** Accessible name of a card's button while choosing (default: the card's name). */
  cardLabel?: (card: SampleHandCard) => string;
  /** Shown instead of the hand when it holds no card. */
  empty?: ReactNode;
  className?: string;
}

/**
 * A sample hand of a deck: the cards in hand as pictures, where the game stands, the library's count
 * and the game's buttons. While choosing cards (London mulligan), each card is a toggle button
 * (`aria-pressed`). Presentational: the app keeps the game and passes every text in.
 */
export function SampleHand({
  title,
  headingLevel = 2,
  cards,
  handLabel,
  status,
  library,
  actions,
  choosing = false,
  selected = [],
  onToggleCard,
  cardLabel,
  empty,
  className,
}: SampleHandProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={clsx('cui-sample-hand', className)} aria-labelledby={id}>
      <div className="cui-sample-hand__head">
        <Heading id={id} className="cui-sample-hand__title">
          {title}
        </Heading>
        <span className="cui-sample-hand__library">{library}</span>
      </div>
      <p className="cui-sample-hand__status" role="status">
        {status}
      </p>
      {cards.length === 0 ? (
        empty ? (
          <p className="cui-sample-hand__empty">{empty}</p>
        ) : null
      ) : (
        <ul className="cui-sample-hand__cards" aria-label={handLabel} data-choosing={choosing || undefined}>
          {cards.map((c) => {
            const isSelected = selected.includes(c.key);
            const name = c.card.printed_name ?? c.card.name;
            return (
              <li key={c.key} className="cui-sample-hand__card" data-selected={isSelected || undefined}>
                <CardImage card={c.card} size="normal" />
                {/* Over the picture, not around it: a double-faced card's flip button is a button too. */}
                {choosing ? (
                  <button
                    type="button"
                    className="cui-sample-hand__toggle"
                    aria-pressed={isSelected}
                    aria-label={cardLabel ? cardLabel(c) : name}
                    onClick={() => onToggleCard?.(c.key)}
                  />
                ) : null}
                {isSelected ? (
                  <span className="cui-sample-hand__mark" aria-hidden="true">
                    ↓
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className="cui-sample-hand__actions">
        {actions.map((a) => (
          <Button
            key={a.key}
            variant={a.variant ?? 'secondary'}
            size="sm"
            // aria-disabled, not disabled: the button keeps the focus when the game changes under it
            // (Keep pressed from the keyboard), and stays in the tab order, announced as unavailable.
            aria-disabled={a.disabled || undefined}
            onClick={a.disabled ? undefined : a.onClick}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
