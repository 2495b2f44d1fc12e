import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './avatar';

const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5a3ad1"/><stop offset="1" stop-color="#e7b94d"/></linearGradient></defs><rect width="80" height="80" fill="url(#g)"/><circle cx="40" cy="32" r="14" fill="#fff" opacity=".85"/><rect x="16" y="52" width="48" height="28" rx="14" fill="#fff" opacity=".85"/></svg>',
  );

const meta = {
  title: 'Data display/Avatar',
  component: Avatar,
  args: { name: 'Chandra Nalaar', src: picture, size: 'md' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Initials: Story = { args: { src: null, name: 'Jace Beleren' } };

export const Error: Story = {
  name: 'Error (broken image)',
  args: { src: '/missing-avatar.png', name: 'Liliana Vess' },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={size} {...args} size={size} src={null} />
      ))}
    </div>
  ),
};

export const LongContent: Story = {
  args: { src: null, name: 'Nicol Bolas, the Ravager of Worlds and Dragon-God' },
};
