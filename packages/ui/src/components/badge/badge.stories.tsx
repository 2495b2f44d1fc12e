import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, badgeTones } from './badge';

const meta = {
  title: 'Data display/Badge',
  component: Badge,
  args: { children: 'Foil', tone: 'accent' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {(['soft', 'solid', 'outline'] as const).map((appearance) => (
        <div key={appearance} style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
          {badgeTones.map((tone) => (
            <Badge key={tone} tone={tone} appearance={appearance}>
              {tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

export const Counter: Story = { args: { children: '12', tone: 'danger', appearance: 'solid' } };

export const LongContent: Story = {
  args: { children: 'Legendary Creature — Phyrexian Praetor', tone: 'neutral' },
};
