import type { Meta, StoryObj } from '@storybook/react-vite';
import { headerArgs, NotificationsSlot } from '../../fixtures/navigation';
import { AppHeader } from './app-header';

const meta = {
  title: 'Layout/AppHeader',
  component: AppHeader,
  args: headerArgs,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ margin: '-1rem', minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SignedOut: Story = { args: { user: null, notifications: undefined } };

export const LongContent: Story = {
  args: {
    links: [
      ...headerArgs.links,
      { href: '#lists', label: 'Lists' },
      { href: '#leaderboard', label: 'Leaderboard' },
      { href: '#sets', label: 'Sets' },
    ],
    notifications: <NotificationsSlot count={128} label="Notifications, 128 unread" />,
    user: { name: 'Nicol Bolas, the Ravager of Worlds', picture: null },
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    locale: 'fr-FR',
    links: [
      { href: '#dashboard', label: 'Tableau de bord' },
      { href: '#collection', label: 'Collection' },
      { href: '#decks', label: 'Decks', active: true },
      { href: '#games', label: 'Parties' },
      { href: '#playgroups', label: 'Groupes' },
      { href: '#friends', label: 'Amis' },
    ],
    notifications: <NotificationsSlot count={1} label="Notifications, 1 non lue" />,
  },
};
