import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  agadeemsAwakening,
  fakeCardImage,
  frenchCard,
  longNameCard,
  noImageCard,
  phyrexianMetamorph,
  sampleColors,
  withGridPictures,
} from '../../fixtures/cards';
import type { ScryfallCardLike } from '../card-image/card-image';
import { CardGrid, CardTile, CardTileSkeleton } from './card-grid';

// As a page of entries gives the cards: one normal-size picture per face.
const base: ScryfallCardLike[] = [phyrexianMetamorph, agadeemsAwakening, longNameCard, noImageCard].map(
  withGridPictures,
);
const card = (i: number): ScryfallCardLike => {
  const color = sampleColors[i % sampleColors.length]!;
  return i < base.length
    ? base[i]!
    : {
        id: `card-${i}`,
        name: `Card number ${i + 1}`,
        type_line: 'Creature — Sample',
        image_uris: { normal: fakeCardImage(`Card ${i + 1}`, 'Creature — Sample', color) },
      };
};

/** The card without its picture (as when offline): its fallback shows. */
const withoutPicture = ({ image_uris: _, card_faces, ...rest }: ScryfallCardLike): ScryfallCardLike => ({
  ...rest,
  ...(card_faces ? { card_faces: card_faces.map(({ image_uris: __, ...face }) => face) } : {}),
});

function Selectable({
  count,
  loadedUpTo = count,
  pictures = true,
}: {
  count: number;
  loadedUpTo?: number;
  pictures?: boolean;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set([1]));
  return (
    <CardGrid
      count={count}
      label="My collection"
      height={520}
      renderItem={(i) =>
        i >= loadedUpTo ? (
          <CardTileSkeleton />
        ) : (
          <CardTile
            card={pictures ? card(i) : withoutPicture(card(i))}
            meta={`Set ${(i % 40) + 1} · $${((i * 37) % 100) / 10}`}
            quantity={(i % 4) + 1}
            quantityLabel={`${(i % 4) + 1} copies`}
            onOpen={() => undefined}
            selected={selected.has(i)}
            selectLabel={`Select ${card(i).name}`}
            onSelectedChange={(on) =>
              setSelected((prev) => {
                const next = new Set(prev);
                if (on) next.add(i);
                else next.delete(i);
                return next;
              })
            }
          />
        )
      }
    />
  );
}

const meta = {
  title: 'Cards/CardGrid',
  component: CardGrid,
  args: { count: 0, label: 'Cards', renderItem: () => null },
  render: () => <Selectable count={60} />,
} satisfies Meta<typeof CardGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { render: () => <Selectable count={24} loadedUpTo={4} /> };

export const Empty: Story = { render: () => <Selectable count={0} /> };

export const LongContent: Story = {
  name: 'Twenty thousand cards',
  render: () => <Selectable count={20_000} />,
};

/**
 * No pictures (offline, or the picture server unreachable): every tile shows its fallback, sized from
 * the column width the grid passes down (`--cui-card-unit`).
 */
export const WithoutPictures: Story = { render: () => <Selectable count={200} pictures={false} /> };

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  render: () => (
    <CardGrid
      count={3}
      label="Ma collection"
      height={360}
      renderItem={(i) => (
        <CardTile
          card={i === 0 ? frenchCard : card(i)}
          meta="2,50 €"
          quantity={2}
          quantityLabel="2 exemplaires"
          onOpen={() => undefined}
        />
      )}
    />
  ),
};
