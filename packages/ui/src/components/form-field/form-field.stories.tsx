import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormField, Input, TextArea } from './form-field';

const meta = {
  title: 'Forms/FormField, Input & TextArea',
  component: FormField,
  args: {
    label: 'Deck name',
    hint: 'Shown to your playgroup.',
    children: <Input placeholder="Atraxa Superfriends" />,
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Required: Story = { args: { required: true } };

export const Error: Story = {
  args: {
    error: 'A deck name is required.',
    required: true,
    children: <Input defaultValue="" placeholder="Atraxa Superfriends" />,
  },
};

export const Disabled: Story = { args: { disabled: true, children: <Input defaultValue="Locked deck" /> } };

export const Search: Story = {
  args: {
    label: 'Search your collection',
    hint: undefined,
    children: (
      <Input
        type="search"
        placeholder="Sol Ring"
        leading={
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M7 1.5a5.5 5.5 0 0 1 4.4 8.8l3.15 3.15-1.06 1.06-3.15-3.15A5.5 5.5 0 1 1 7 1.5Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            />
          </svg>
        }
      />
    ),
  },
};

export const LongContent: Story = {
  args: {
    label: 'Game notes',
    hint: 'Markdown is supported. Mention the turn the combo went off and who was the archenemy.',
    children: (
      <TextArea
        rows={6}
        defaultValue={
          'Turn 4: Sol Ring into Arcane Signet.\nTurn 6: Thassa’s Oracle with Demonic Consultation — game over.\n\nThe table agreed on a rematch with bracket 2 decks.'
        }
      />
    ),
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    label: 'Nom du deck',
    hint: 'Visible par votre groupe de jeu.',
    error: 'Le nom du deck est obligatoire.',
    required: true,
  },
};
