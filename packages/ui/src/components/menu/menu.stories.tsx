import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { Menu } from './menu';

const meta = {
  title: 'Overlays/Menu',
  component: Menu,
  args: {
    trigger: <Button variant="secondary">Deck actions</Button>,
    items: [
      { type: 'label', id: 'l', label: 'Atraxa Superfriends' },
      { id: 'edit', label: 'Edit', onSelect: fn(), shortcut: 'E' },
      { id: 'dup', label: 'Duplicate', onSelect: fn() },
      { id: 'export', label: 'Export as text', href: '#export' },
      { id: 'share', label: 'Share (coming soon)', disabled: true },
      { type: 'separator', id: 's' },
      { id: 'archive', label: 'Archive', onSelect: fn(), danger: true },
    ],
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true, modal: false } };

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    modal: false,
    items: Array.from({ length: 14 }, (_, i) => ({
      id: `p${i}`,
      label: `Move to playgroup “Friday Night Commander at the Local Game Store #${i + 1}”`,
      onSelect: fn(),
    })),
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    trigger: <Button variant="secondary">Actions du deck</Button>,
    defaultOpen: true,
    modal: false,
    items: [
      { id: 'edit', label: 'Modifier', onSelect: fn() },
      { id: 'archive', label: 'Archiver', onSelect: fn(), danger: true },
    ],
  },
};
