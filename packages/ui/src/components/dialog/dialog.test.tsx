import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Button } from '../button/button';
import { ConfirmDialog, Dialog } from './dialog';
import * as stories from './dialog.stories';

describeStories('Dialog', stories);

describe('Dialog', () => {
  it('opens from its trigger, traps focus and closes with Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderWithIntl(
      <>
        <button type="button">Outside</button>
        <Dialog title="Rename deck" trigger={<Button>Rename</Button>} footer={<Button>Save</Button>}>
          <input aria-label="Name" />
        </Dialog>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Rename deck' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Tab cycles inside the dialog and never reaches the outside button.
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('has a localised close button', async () => {
    renderWithIntl(<Dialog defaultOpen title="Titre" />, 'fr-FR');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it('focuses Cancel first and confirms only on the destructive button', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderWithIntl(
      <ConfirmDialog
        defaultOpen
        title="Delete deck?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onOpenChange={onOpenChange}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete deck?' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.dataset.variant).toBe('danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('stays open and busy while the confirmation promise is pending', async () => {
    let resolve: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    renderWithIntl(<ConfirmDialog defaultOpen title="Archive deck?" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Confirm/ }).getAttribute('aria-busy')).toBe('true'),
    );
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
