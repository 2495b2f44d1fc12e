import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TagInput } from './tag-input';

const meta = {
  title: 'Forms/TagInput',
  component: TagInput,
  args: {
    label: 'Tags',
    addLabel: 'Add',
    placeholder: 'Type a tag, then Enter',
    removeLabel: (name: string) => `Remove tag ${name}`,
    tags: [
      { id: '1', name: 'league night' },
      { id: '2', name: 'archenemy', color: '#b45309' },
    ],
    suggestions: ['league night', 'archenemy', 'precons'],
    // The app's tag-name limit (its API's); stories pick a value of their own.
    maxLength: 40,
    onAdd: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof TagInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { tags: [], emptyLabel: 'No tag yet' } };
export const ReadOnly: Story = { args: { readOnly: true } };
export const LongContent: Story = {
  args: {
    tags: Array.from({ length: 12 }, (_, i) => ({
      id: String(i),
      name: `a rather long tag number ${i + 1}`,
    })),
  },
};
export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    label: 'Étiquettes',
    addLabel: 'Ajouter',
    placeholder: 'Tapez une étiquette puis Entrée',
    removeLabel: (name: string) => `Retirer l’étiquette ${name}`,
    tags: [{ id: '1', name: 'soirée ligue' }],
  },
};
