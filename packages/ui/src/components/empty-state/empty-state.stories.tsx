import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'No decks yet',
    description: 'Build your first deck or import one from Moxfield, Archidekt or a plain text list.',
    action: <Button>Create a deck</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { title: 'Your collection is empty', description: undefined, action: undefined },
};

export const LongContent: Story = {
  args: {
    title: 'No games recorded with this playgroup in the selected period of time',
    description:
      'Games appear here once someone in the playgroup records one. Record the players, their commanders, the winner, the turn count and any notes — everybody in the group sees the result and the leaderboard updates at once.',
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    title: 'Aucun deck pour l’instant',
    description: 'Construisez votre premier deck ou importez-en un depuis Moxfield.',
    action: <Button>Créer un deck</Button>,
  },
};
