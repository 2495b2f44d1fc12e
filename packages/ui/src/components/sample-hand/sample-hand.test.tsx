import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agadeemsAwakening, noImageCard, phyrexianMetamorph } from '../../fixtures/cards';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { SampleHand } from './sample-hand';
import * as stories from './sample-hand.stories';

describeStories('SampleHand', stories);

const cards = [
  { key: 'a', card: phyrexianMetamorph },
  { key: 'b', card: noImageCard },
];

describe('SampleHand', () => {
  it('shows the hand, the status, the library and the buttons', () => {
    const draw = vi.fn();
    const keepClick = vi.fn();
    renderWithIntl(
      <SampleHand
        title="Sample hand"
        cards={cards}
        handLabel="Hand: 2 cards"
        status="Opening hand"
        library="Library: 5 cards"
        actions={[
          { key: 'draw', label: 'Draw', onClick: draw },
          { key: 'keep', label: 'Keep', onClick: keepClick, disabled: true },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Sample hand' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Hand: 2 cards' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Opening hand');
    expect(screen.getByText('Library: 5 cards')).toBeTruthy();
    // Not choosing: the cards are pictures, not buttons.
    expect(screen.queryByRole('button', { name: 'Phyrexian Metamorph' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Draw' }));
    expect(draw).toHaveBeenCalled();
    // Unavailable, yet focusable (the focus stays on it when it turns unavailable).
    const keep = screen.getByRole('button', { name: 'Keep' });
    expect(keep.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(keep);
    expect(keepClick).not.toHaveBeenCalled();
  });

  it('makes each card a toggle button while choosing', () => {
    const toggle = vi.fn();
    renderWithIntl(
      <SampleHand
        title="Sample hand"
        cards={cards}
        handLabel="Hand"
        status="Choose 1 card"
        library="Library: 5 cards"
        actions={[]}
        choosing
        selected={['a']}
        onToggleCard={toggle}
        cardLabel={(c) => `Bottom: ${c.card.name}`}
      />,
    );
    const chosen = screen.getByRole('button', { name: 'Bottom: Phyrexian Metamorph' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    const other = screen.getByRole('button', { name: `Bottom: ${noImageCard.name}` });
    expect(other.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(other);
    expect(toggle).toHaveBeenCalledWith('b');
  });

  it('puts the toggle over a double-faced card, not around its flip button', () => {
    renderWithIntl(
      <SampleHand
        title="Sample hand"
        cards={[{ key: 'dfc', card: agadeemsAwakening }]}
        handLabel="Hand"
        status="Choose 1 card"
        library="Library: 5 cards"
        actions={[]}
        choosing
      />,
    );
    const toggle = screen.getByRole('button', { name: agadeemsAwakening.name });
    expect(toggle.querySelector('button')).toBeNull();
    expect(screen.getByRole('button', { name: /^Flip to / })).toBeTruthy();
  });

  it('shows the empty text when the hand holds no card', () => {
    renderWithIntl(
      <SampleHand
        title="Sample hand"
        cards={[]}
        handLabel="Hand"
        status="Nothing to draw"
        library="Library: 0 cards"
        actions={[]}
        empty="No card in hand."
      />,
    );
    expect(screen.getByText('No card in hand.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
