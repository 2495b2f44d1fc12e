import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { rendersNothing } from '../../fixtures/renders-nothing';
import { Button } from '../button/button';
import { Toaster, type ToastItem } from './toast';

const samples: ToastItem[] = [
  {
    id: '1',
    title: 'Deck saved',
    description: 'Atraxa Superfriends — 100 cards.',
    tone: 'success',
    duration: Infinity,
  },
  {
    id: '2',
    title: 'Card removed from list',
    tone: 'info',
    duration: Infinity,
    action: { label: 'Undo', altText: 'Undo the removal', onClick: fn() },
  },
];

const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  args: { toasts: samples, onDismiss: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Error: Story = {
  args: {
    toasts: [
      {
        id: 'e',
        tone: 'error',
        title: 'A server error occurred. Please try again later.',
        duration: Infinity,
      },
      { id: 'w', tone: 'warning', title: 'Session expires soon', duration: Infinity },
    ],
  },
};

export const Empty: Story = {
  args: { toasts: [] },
  decorators: [rendersNothing('With no toasts, the toaster shows nothing.')],
};

export const LongContent: Story = {
  args: {
    toasts: [
      {
        id: 'l',
        tone: 'info',
        duration: Infinity,
        title: 'Import finished with warnings',
        description:
          '1,204 cards imported from ManaBox. 17 rows could not be matched to a Scryfall printing (unknown set code “PLST-XYZ” or collector number) and were skipped.',
      },
    ],
  },
};

export const Interactive: Story = {
  render: function Render() {
    const [toasts, setToasts] = useState<ToastItem[]>([]);
    return (
      <div style={{ padding: '1rem' }}>
        <Button
          onClick={() =>
            setToasts((list) => [
              ...list,
              { id: String(Date.now()), title: 'Added Sol Ring to collection', tone: 'success' },
            ])
          }
        >
          Show toast
        </Button>
        <Toaster toasts={toasts} onDismiss={(id) => setToasts((list) => list.filter((t) => t.id !== id))} />
      </div>
    );
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { toasts: [{ id: 'f', title: 'Deck enregistré', tone: 'success', duration: Infinity }] },
};
