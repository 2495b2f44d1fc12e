import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotificationBell } from './notification-bell';

const meta = {
  title: 'Navigation/NotificationBell',
  component: NotificationBell,
  args: { href: '#notifications', count: 3, label: 'Notifications: 3 waiting' },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { count: 0, label: 'Notifications: nothing waiting' } };
export const LongContent: Story = { args: { count: 240, label: 'Notifications: 240 waiting' } };
export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { count: 2, label: 'Notifications : 2 en attente' },
};
