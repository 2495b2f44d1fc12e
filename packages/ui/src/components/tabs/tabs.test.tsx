import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Tabs } from './tabs';
import * as stories from './tabs.stories';

describeStories('Tabs', stories);

const items = [
  { value: 'cards', label: 'Cards', content: 'Card panel' },
  { value: 'stats', label: 'Stats', content: 'Stats panel' },
  { value: 'off', label: 'Off', content: 'Off panel', disabled: true },
  { value: 'games', label: 'Games', content: 'Games panel' },
];

describe('Tabs', () => {
  it('moves with arrow keys (skipping disabled tabs), wraps, and jumps with Home/End', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithIntl(<Tabs aria-label="Deck" items={items} onValueChange={onValueChange} />);
    const tablist = screen.getByRole('tablist', { name: 'Deck' });
    expect(tablist).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toBe('Card panel');

    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cards');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Stats');
    expect(screen.getByRole('tabpanel').textContent).toBe('Stats panel');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Games');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Cards');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Games');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Cards');
    expect(onValueChange).toHaveBeenCalledWith('stats');
    expect(screen.getByRole('tab', { name: 'Cards' }).getAttribute('aria-selected')).toBe('true');
  });

  it('selects a clicked tab once, keeps one tab in the tab order and a panel for every tab', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithIntl(<Tabs aria-label="Deck" items={items} onValueChange={onValueChange} />);
    await user.click(screen.getByRole('tab', { name: 'Games' }));
    expect(onValueChange.mock.calls).toEqual([['games']]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Games panel');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, 0]);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
      expect(panel?.hidden).toBe(tab.getAttribute('aria-selected') !== 'true');
    }
    await user.click(screen.getByRole('tab', { name: 'Off' }));
    expect(onValueChange.mock.calls).toEqual([['games']]);
  });

  it('follows `value` when controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const { rerender } = renderWithIntl(
      <Tabs aria-label="Deck" items={items} value="stats" onValueChange={onValueChange} />,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Stats panel');
    await user.click(screen.getByRole('tab', { name: 'Cards' }));
    expect(onValueChange).toHaveBeenCalledWith('cards');
    expect(screen.getByRole('tabpanel').textContent).toBe('Stats panel');
    rerender(<Tabs aria-label="Deck" items={items} value="cards" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Card panel');
  });
  it('formats counts for the language', () => {
    const counted = [{ value: 'cards', label: 'Cards', content: 'Card panel', count: 12345 }];
    const { unmount } = renderWithIntl(<Tabs aria-label="Deck" items={counted} />);
    expect(screen.getByRole('tab').textContent).toBe('Cards12,345');
    unmount();
    renderWithIntl(<Tabs aria-label="Deck" items={counted} />, 'fr-FR');
    expect(screen.getByRole('tab').textContent?.replace(/\s/g, ' ')).toBe('Cards12 345');
  });
});
