import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  agadeemsAwakening,
  brokenImageCard,
  frenchCard,
  longNameCard,
  noImageCard,
  phyrexianMetamorph,
} from '../../fixtures/cards';
import { Skeleton } from '../spinner/spinner';
import { CardImage } from './card-image';

const meta = {
  title: 'Magic/CardImage',
  component: CardImage,
  args: { card: phyrexianMetamorph, size: 'normal', width: 244 },
} satisfies Meta<typeof CardImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const DoubleFaced: Story = { args: { card: agadeemsAwakening } };

export const Error: Story = { name: 'Error (image fails to load)', args: { card: brokenImageCard } };

export const Empty: Story = { name: 'Empty (no image)', args: { card: noImageCard } };

export const Loading: Story = { render: () => <Skeleton shape="card" width={244} /> };

export const Grid: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        gap: '0.75rem',
      }}
    >
      {[phyrexianMetamorph, agadeemsAwakening, brokenImageCard, noImageCard, longNameCard, frenchCard].map(
        (card) => (
          <CardImage key={card.id} card={card} size="normal" />
        ),
      )}
    </div>
  ),
};

export const LongContent: Story = { args: { card: longNameCard, width: 180 } };

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { card: frenchCard } };
