import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton, Spinner } from './spinner';

const meta = {
  title: 'Feedback/Spinner & Skeleton',
  component: Spinner,
  args: { size: 'md' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </div>
  ),
};

export const Loading: Story = {
  name: 'Loading (skeletons)',
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Skeleton shape="card" width={180} />
      <div style={{ flex: 1, minWidth: 200, display: 'grid', gap: '0.75rem' }}>
        <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
          <Skeleton shape="circle" />
          <Skeleton width="40%" />
        </div>
        <Skeleton lines={4} />
        <Skeleton shape="rect" />
      </div>
    </div>
  ),
};

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { size: 'lg' } };
