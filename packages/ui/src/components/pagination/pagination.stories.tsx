import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { rendersNothing } from '../../fixtures/renders-nothing';
import { Pagination } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { page: 5, pageCount: 20, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const FirstPage: Story = { args: { page: 1 } };

export const Few: Story = { args: { page: 2, pageCount: 4 } };

export const Links: Story = { args: { getHref: (page: number) => `?page=${page}` } };

export const Empty: Story = {
  name: 'Empty (one page, renders nothing)',
  args: { page: 1, pageCount: 1 },
  decorators: [rendersNothing('A single page renders nothing in the frame below.')],
};

export const LongContent: Story = { args: { page: 4812, pageCount: 12_000, siblings: 2 } };

export const Interactive: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return <Pagination {...args} page={page} onPageChange={setPage} />;
  },
};

export const French: Story = { parameters: { locale: 'fr-FR' } };
