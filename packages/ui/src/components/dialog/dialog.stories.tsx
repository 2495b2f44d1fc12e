import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { FormField, Input } from '../form-field/form-field';
import { ConfirmDialog, Dialog } from './dialog';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    title: 'Rename deck',
    description: 'The new name is visible to your friends and playgroups.',
    defaultOpen: true,
    trigger: <Button variant="secondary">Rename</Button>,
    children: (
      <FormField label="Deck name">
        <Input defaultValue="Atraxa Superfriends" />
      </FormField>
    ),
    footer: <Button>Save</Button>,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Closed: Story = { args: { defaultOpen: false } };

export const LongContent: Story = {
  args: {
    title: 'Commander brackets explained',
    description: undefined,
    footer: undefined,
    children: (
      <div>
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static filler paragraphs
          <p key={i}>
            Bracket {(i % 5) + 1}: decks are matched by intent, the number of Game Changers, mass land denial,
            extra turns and two-card combos. Talk with your table before the game.
          </p>
        ))}
      </div>
    ),
  },
};

export const Confirm: Story = {
  render: () => (
    <ConfirmDialog
      defaultOpen
      title="Delete this deck permanently?"
      description="“Atraxa Superfriends” and its game history will be removed. This cannot be undone."
      confirmLabel="Delete permanently"
      onConfirm={fn()}
      trigger={<Button variant="danger">Delete</Button>}
    />
  ),
};

export const Loading: Story = {
  render: () => (
    <ConfirmDialog
      defaultOpen
      loading
      title="Leave playgroup?"
      description="You will need a new invitation to join again."
      confirmLabel="Leave"
      onConfirm={fn()}
    />
  ),
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  render: () => (
    <ConfirmDialog
      defaultOpen
      title="Supprimer ce deck définitivement ?"
      description="Cette action est irréversible."
      onConfirm={fn()}
    />
  ),
};
