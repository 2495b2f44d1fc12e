import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ErrorPage } from './error-page';

const meta = {
  title: 'Pages/ErrorPage',
  component: ErrorPage,
  args: { status: 404 },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NotFoundWithPath: Story = { args: { path: '/deck/42/atraxa-superfriends' } };

export const Error: Story = {
  name: 'Error (server)',
  args: {
    status: undefined,
    error: { message: 'A server error occurred. Please try again later.' },
    onRetry: fn(),
  },
};

export const Forbidden: Story = {
  args: { status: 403, message: 'You do not have permission to perform this action.' },
};

export const LongContent: Story = {
  args: {
    path: '/collection/list/1234567890/a-very-long-list-name-with-every-commander-staple-ever-printed-in-english-and-french',
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { status: 500, error: { message: 'Délai d’attente dépassé' }, onRetry: fn() },
};
