import type { Meta, StoryObj } from '@storybook/react-vite';
import { BracketBadge } from './bracket-badge';

const meta = {
  title: 'Magic/BracketBadge',
  component: BracketBadge,
  args: { bracket: 3 },
  argTypes: { bracket: { control: 'inline-radio', options: [1, 2, 3, 4, 5] } },
} satisfies Meta<typeof BracketBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllBrackets: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {([1, 2, 3, 4, 5] as const).map((b) => (
          <BracketBadge key={b} {...args} bracket={b} />
        ))}
      </div>
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        {([1, 2, 3, 4, 5] as const).map((b) => (
          <BracketBadge key={b} bracket={b} display="compact" />
        ))}
      </div>
    </div>
  ),
};

export const TooltipOpen: Story = {
  args: { bracket: 4 },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector('button')?.focus();
  },
};

export const LongContent: Story = { args: { bracket: 5 } };

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {([1, 2, 3, 4, 5] as const).map((b) => (
        <BracketBadge key={b} bracket={b} />
      ))}
    </div>
  ),
};
