import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agadeemsAwakening, noImageCard, phyrexianMetamorph } from '../../fixtures/cards';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { CardImage, resetCardImageFailures } from './card-image';
import * as stories from './card-image.stories';

describeStories('CardImage', stories);

describe('CardImage', () => {
  afterEach(() => resetCardImageFailures());

  it('shows the fallback at once after six pictures in a row failed, until one loads', () => {
    for (let i = 0; i < 6; i++) {
      const { unmount } = renderWithIntl(<CardImage card={phyrexianMetamorph} />);
      fireEvent.error(screen.getByRole('img', { name: 'Phyrexian Metamorph' }));
      unmount();
    }
    const { container, unmount } = renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.cui-card-image__fallback')).not.toBeNull();
    unmount();
    // The browser back online: pictures are requested again, and one that loads clears the count.
    window.dispatchEvent(new Event('online'));
    const again = renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    fireEvent.load(again.container.querySelector('img')!);
    expect(again.container.querySelector('img')).not.toBeNull();
  });

  it('renders a lazy image with intrinsic width and height', () => {
    renderWithIntl(<CardImage card={phyrexianMetamorph} size="small" />);
    const img = screen.getByRole('img', { name: 'Phyrexian Metamorph' }) as HTMLImageElement;
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('146');
    expect(img.getAttribute('height')).toBe('204');
  });

  it('falls back to name, mana cost and type line when the image fails', () => {
    const { container } = renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    fireEvent.error(screen.getByRole('img', { name: 'Phyrexian Metamorph' }));
    expect(container.querySelector('img')).toBeNull();
    const fallback = container.querySelector('.cui-card-image__fallback');
    expect(fallback?.getAttribute('aria-label')).toBe('Phyrexian Metamorph');
    expect(fallback?.textContent).toContain('Artifact Creature — Phyrexian Shapeshifter');
    expect(fallback?.querySelector('.ms-up')).not.toBeNull();
  });

  it('marks the picture loaded (what starts its fade) only once its pixels arrive', () => {
    renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    const img = screen.getByRole('img', { name: 'Phyrexian Metamorph' });
    expect(img.hasAttribute('data-loaded')).toBe(false);
    fireEvent.load(img);
    expect(img.hasAttribute('data-loaded')).toBe(true);
  });

  it('draws the fallback mana cost as decoration (the fallback itself is named)', () => {
    const { container } = renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    fireEvent.error(screen.getByRole('img', { name: 'Phyrexian Metamorph' }));
    const cost = container.querySelector('.cui-mana-cost');
    expect(cost?.getAttribute('aria-hidden')).toBe('true');
    expect(cost?.hasAttribute('aria-label')).toBe(false);
  });

  it('shows the fallback when there is no image at all', () => {
    const { container } = renderWithIntl(<CardImage card={noImageCard} />);
    expect(container.querySelector('.cui-card-image__fallback')?.textContent).toContain(
      'Emrakul, the Promised End',
    );
  });

  it('flips double-faced cards', () => {
    const onFaceChange = vi.fn();
    renderWithIntl(<CardImage card={agadeemsAwakening} onFaceChange={onFaceChange} />);
    expect(screen.getByRole('img', { name: "Agadeem's Awakening" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Flip to Agadeem, the Undercrypt' }));
    expect(screen.getByRole('img', { name: 'Agadeem, the Undercrypt' })).toBeTruthy();
    expect(onFaceChange).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: "Flip to Agadeem's Awakening" }));
    expect(screen.getByRole('img', { name: "Agadeem's Awakening" })).toBeTruthy();
  });

  it('does not offer a flip for single-faced cards', () => {
    renderWithIntl(<CardImage card={phyrexianMetamorph} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps failure per face: the back can load after the front failed', () => {
    const { container } = renderWithIntl(<CardImage card={agadeemsAwakening} />);
    fireEvent.error(screen.getByRole('img', { name: "Agadeem's Awakening" }));
    expect(container.querySelector('.cui-card-image__fallback')).not.toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Agadeem, the Undercrypt');
  });
});
