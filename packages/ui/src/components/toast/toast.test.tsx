import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Toaster } from './toast';
import * as stories from './toast.stories';

describeStories('Toast', stories);

describe('Toaster', () => {
  it('shows the app’s toasts and reports dismissal', async () => {
    const onDismiss = vi.fn();
    renderWithIntl(
      <Toaster
        toasts={[{ id: 'a', title: 'Deck saved', tone: 'success', duration: Infinity }]}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByText('Deck saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('a'));
  });

  it('names the region with its shortcut and announces each toast without a raw placeholder', async () => {
    const { container } = renderWithIntl(
      <Toaster toasts={[{ id: 'a', title: 'Deck saved', duration: Infinity }]} onDismiss={() => {}} />,
    );
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    // Radix announces the toast in a live region of its own, after the provider's label.
    await waitFor(() => expect(document.body.textContent).toContain('Notification'));
    expect(document.body.textContent).not.toContain('{hotkey}');
    expect(container.textContent).toContain('Deck saved');
  });
});
