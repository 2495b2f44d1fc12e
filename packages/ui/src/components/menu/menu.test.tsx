import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Button } from '../button/button';
import { Menu } from './menu';
import * as stories from './menu.stories';

describeStories('Menu', stories);

describe('Menu', () => {
  it('opens from the keyboard, moves with arrows, selects with Enter and closes', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onArchive = vi.fn();
    renderWithIntl(
      <Menu
        trigger={<Button>Actions</Button>}
        items={[
          { id: 'edit', label: 'Edit', onSelect: onEdit },
          { type: 'separator', id: 's' },
          { id: 'archive', label: 'Archive', onSelect: onArchive, danger: true },
        ]}
      />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onArchive.mock.calls.length + onEdit.mock.calls.length).toBe(1);
  });
});
