import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Tabs } from './tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Deck sections',
    onValueChange: fn(),
    items: [
      { value: 'cards', label: 'Cards', count: 100, content: <p>The 99 and the commander.</p> },
      { value: 'stats', label: 'Statistics', content: <p>Mana curve and colour pips.</p> },
      { value: 'games', label: 'Games', count: 12, content: <p>Twelve games recorded.</p> },
      { value: 'history', label: 'History', disabled: true, content: <p>Revisions.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { items: [{ value: 'none', label: 'Cards', count: 0, content: <p>No cards yet.</p> }] },
};

export const LongContent: Story = {
  args: {
    items: Array.from({ length: 10 }, (_, i) => ({
      value: `tab-${i}`,
      label: [
        'Commander',
        'Creatures',
        'Instants',
        'Sorceries',
        'Artifacts',
        'Enchantments',
        'Planeswalkers',
        'Lands',
        'Sideboard',
        'Maybeboard',
      ][i],
      count: (i * 7) % 23,
      content: <p>Section {i + 1}</p>,
    })),
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    'aria-label': 'Sections du deck',
    items: [
      { value: 'cards', label: 'Cartes', count: 100, content: <p>Les 99 et le commandant.</p> },
      { value: 'stats', label: 'Statistiques', content: <p>Courbe de mana.</p> },
    ],
  },
};
