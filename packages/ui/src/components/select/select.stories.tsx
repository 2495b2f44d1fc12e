import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FormField } from '../form-field/form-field';
import { Select } from './select';

const formats = [
  { value: 'commander', label: 'Commander' },
  { value: 'modern', label: 'Modern' },
  { value: 'pioneer', label: 'Pioneer' },
  { value: 'legacy', label: 'Legacy' },
  { value: 'vintage', label: 'Vintage', disabled: true },
  { value: 'pauper', label: 'Pauper' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { options: formats, 'aria-label': 'Format', onValueChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'commander' } };

export const InFormField: Story = {
  render: (args) => (
    <FormField label="Format" hint="Decides which cards are legal." error="Pick a format.">
      <Select {...args} aria-label={undefined} />
    </FormField>
  ),
};

export const Empty: Story = { args: { options: [] } };

export const LongContent: Story = {
  args: {
    defaultValue: 'long',
    options: [
      { value: 'long', label: 'Commander — Duel Commander (1 vs 1, 20 life, banned list of its own)' },
      ...formats,
    ],
  },
};

export const Grouped: Story = {
  args: {
    defaultValue: 'arena',
    options: [
      {
        label: 'Collection (CSV)',
        options: [
          { value: 'moxfield', label: 'Moxfield' },
          { value: 'manabox', label: 'ManaBox' },
        ],
      },
      {
        label: 'Decklist',
        options: [
          { value: 'arena', label: 'MTG Arena' },
          { value: 'dek', label: 'MTGO (.dek)' },
        ],
      },
    ],
  },
};

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { 'aria-label': 'Format' } };
