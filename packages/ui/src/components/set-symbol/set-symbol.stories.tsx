import type { Meta, StoryObj } from '@storybook/react-vite';
import { rarities, SetSymbol } from './set-symbol';

const meta = {
  title: 'Magic/SetSymbol',
  component: SetSymbol,
  args: { code: 'dmu', name: 'Dominaria United', rarity: 'mythic', size: 'lg' },
} satisfies Meta<typeof SetSymbol>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Rarities: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      {rarities.map((rarity) => (
        <SetSymbol key={rarity} {...args} rarity={rarity} />
      ))}
    </div>
  ),
};

export const Sets: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
      {['lea', 'm21', 'neo', 'mh3', 'ltr', 'woe', 'mkm', 'otj', 'blb', 'dsk', 'fdn', 'cmm'].map((code, i) => (
        <SetSymbol key={code} code={code} rarity={rarities[i % 4]} size="xl" />
      ))}
    </div>
  ),
};

export const LongContent: Story = {
  args: { code: 'plst', name: 'The List (reprints from every era of Magic)', rarity: 'rare', size: 'sm' },
};

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { name: 'Dominaria Uni' } };
