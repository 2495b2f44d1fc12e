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
});
