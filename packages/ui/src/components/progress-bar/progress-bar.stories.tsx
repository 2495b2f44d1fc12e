import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Importing collection', value: 612, max: 1204, detail: '612 of 1,204 cards' },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = {
  name: 'Loading (indeterminate)',
  args: { value: undefined, detail: 'Reading the CSV file…' },
};

export const Empty: Story = { args: { value: 0, detail: 'Waiting to start' } };

export const Complete: Story = { args: { value: 1204, tone: 'success', detail: 'All cards imported' } };

export const Error: Story = { args: { value: 340, tone: 'danger', detail: 'Import stopped: network error' } };

export const LongContent: Story = {
  args: {
    label:
      'Set completion — Dominaria United (including showcase frames, borderless planeswalkers and the Jumpstart cards)',
    value: 231,
    max: 281,
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { label: 'Importation de la collection', detail: '612 cartes sur 1 204' },
};
