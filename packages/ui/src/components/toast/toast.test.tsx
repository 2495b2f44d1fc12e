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
});
