import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { type CollectionRow, makeCollection } from '../../fixtures/collection';
import { Badge } from '../badge/badge';
import { EmptyState } from '../empty-state/empty-state';
import { ManaCost } from '../mana-cost/mana-cost';
import { SetSymbol } from '../set-symbol/set-symbol';
import { DataTable, type DataTableColumn } from './data-table';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const columns: DataTableColumn<CollectionRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (row) => row.name,
    width: '38%',
    cell: (row) => (
      <span style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</span>
        {row.foil ? <Badge tone="accent">Foil</Badge> : null}
      </span>
    ),
  },
  {
    id: 'cost',
    header: 'Cost',
    cell: (row) => <ManaCost cost={row.manaCost} size="sm" />,
    width: '16%',
    hideOnMobile: true,
  },
  {
    id: 'set',
    header: 'Set',
    sortValue: (row) => row.setName,
    hideOnMobile: true,
    cell: (row) => (
      <span style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
        <SetSymbol code={row.set} name={row.setName} rarity={row.rarity} size="sm" />
        {row.set.toUpperCase()}
      </span>
    ),
  },
  { id: 'qty', header: 'Qty', sortValue: (row) => row.quantity, align: 'end', width: '10%' },
  {
    id: 'price',
    header: 'Price',
    sortValue: (row) => row.price,
    align: 'end',
    width: '14%',
    cell: (row) => (row.price === null ? '—' : usd.format(row.price)),
  },
];

const meta = {
  title: 'Data display/DataTable',
  component: DataTable<CollectionRow>,
  args: {
    caption: 'Collection',
    columns,
    rows: makeCollection(16),
    getRowId: (row: CollectionRow) => row.id,
    onRowActivate: fn(),
    onSortChange: fn(),
  },
} satisfies Meta<typeof DataTable<CollectionRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sorted: Story = { args: { defaultSort: { columnId: 'price', direction: 'desc' } } };

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        headingLevel={3}
        title="No cards match"
        description="Try another search or clear the filters."
      />
    ),
  },
};

export const LongContent: Story = {
  name: 'LongContent (5,000 virtualised rows)',
  args: { rows: makeCollection(5000), caption: 'Collection (5,000 cards)', maxHeight: 480 },
};

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { rows: [] } };
