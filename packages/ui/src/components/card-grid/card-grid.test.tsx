import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agadeemsAwakening, phyrexianMetamorph, withGridPictures } from '../../fixtures/cards';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { CardGrid, CardTile } from './card-grid';
import * as stories from './card-grid.stories';

describeStories('CardGrid', stories);

describe('CardGrid', () => {
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
  });

  it('renders only the rows in view of a very long list, with their positions', () => {
    renderWithIntl(
      <CardGrid count={20_000} label="Collection" height={600} renderItem={(i) => <span>item {i}</span>} />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(200);
    expect(items[0]!.getAttribute('aria-setsize')).toBe('20000');
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('region', { name: 'Collection' }).tabIndex).toBe(0);
  });

  it('mounts the rows in view at once and the overscan rows one a frame after a scroll', async () => {
    renderWithIntl(
      <CardGrid
        count={20_000}
        label="Collection"
        height={600}
        overscan={2}
        renderItem={(i) => <span>item {i}</span>}
      />,
    );
    // 800 px wide: 4 columns of 185 px, rows of 334 px (picture, caption and gap).
    const region = screen.getByRole('region', { name: 'Collection' });
    act(() => {
      region.scrollTop = 3000;
      fireEvent.scroll(region);
    });
    // Rows 8 to 10 are in view; rows 6, 7, 11 and 12 are the overscan.
    expect(screen.getByText('item 32')).toBeTruthy();
    expect(screen.getByText('item 43')).toBeTruthy();
    expect(screen.queryByText('item 44')).toBeNull();
    await waitFor(() => expect(screen.getByText('item 51')).toBeTruthy());
    expect(screen.getByText('item 24')).toBeTruthy();
    expect(screen.queryByText('item 0')).toBeNull();
  });

  it('reports the rendered range', () => {
    const onRange = vi.fn();
    renderWithIntl(
      <CardGrid count={10} label="Cards" renderItem={(i) => <span>{i}</span>} onRangeChange={onRange} />,
    );
    expect(onRange).toHaveBeenCalled();
    const [first, last] = onRange.mock.calls.at(-1)!;
    expect(first).toBe(0);
    expect(last).toBeLessThanOrEqual(9);
  });
});

describe('CardTile', () => {
  it('opens, selects and labels the quantity', () => {
    const open = vi.fn();
    const select = vi.fn();
    renderWithIntl(
      <CardTile
        card={phyrexianMetamorph}
        quantity={3}
        quantityLabel="3 copies"
        onOpen={open}
        selected={false}
        selectLabel="Select Phyrexian Metamorph"
        onSelectedChange={select}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Phyrexian Metamorph' }));
    expect(open).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Phyrexian Metamorph' }));
    expect(select).toHaveBeenCalledWith(true);
    expect(screen.getByText('3 copies')).toBeTruthy();
  });

  it("shows and flips a double-faced card given one normal picture per face (a page's summary)", () => {
    const card = withGridPictures(agadeemsAwakening);
    expect(card.card_faces?.map((f) => Object.keys(f.image_uris ?? {}))).toEqual([['normal'], ['normal']]);
    renderWithIntl(
      <CardTile
        card={card}
        quantity={1}
        quantityLabel="1 copy"
        onOpen={() => undefined}
        selected={false}
        selectLabel="Select"
        onSelectedChange={() => undefined}
      />,
    );
    const front = screen.getByRole('img', { name: "Agadeem's Awakening" });
    expect(front.getAttribute('src')).toBe(card.card_faces?.[0]?.image_uris?.normal);
    fireEvent.click(screen.getByRole('button', { name: 'Flip to Agadeem, the Undercrypt' }));
    expect(screen.getByRole('img', { name: 'Agadeem, the Undercrypt' }).getAttribute('src')).toBe(
      card.card_faces?.[1]?.image_uris?.normal,
    );
  });
});
