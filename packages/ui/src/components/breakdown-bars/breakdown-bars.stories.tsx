import type { Meta, StoryObj } from '@storybook/react-vite';
import { BreakdownBars } from './breakdown-bars';

const meta = {
  title: 'Cards/BreakdownBars',
  component: BreakdownBars,
  args: {
    title: 'By rarity',
    items: [
      { key: 'common', label: 'Common', value: 412, detail: '412 cards · $38.10', color: '#8b8580' },
      { key: 'uncommon', label: 'Uncommon', value: 208, detail: '208 cards · $61.75', color: '#6b8fa8' },
      { key: 'rare', label: 'Rare', value: 96, detail: '96 cards · $402.12', color: '#c9a44a' },
      { key: 'mythic', label: 'Mythic', value: 21, detail: '21 cards · $288.00', color: '#d8602b' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof BreakdownBars>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { items: [], empty: 'No card yet.' } };

export const LongContent: Story = {
  args: {
    title: 'By set',
    limit: 6,
    items: Array.from({ length: 30 }, (_, i) => ({
      key: `s${i}`,
      label: i === 0 ? 'Commander Legends: Battle for Baldur’s Gate — Extras and Showcases' : `Set ${i}`,
      value: 100 - i * 3,
      detail: `${100 - i * 3} cards`,
    })),
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    title: 'Par couleur',
    items: [
      { key: 'W', label: 'Blanc', value: 120, detail: '120 cartes · 45,10 €', color: '#e9e2c6' },
      { key: 'U', label: 'Bleu', value: 98, detail: '98 cartes · 30,00 €', color: '#3b78b5' },
    ],
  },
};
