import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  agadeemsAwakening,
  fakeCardImage,
  noImageCard,
  phyrexianMetamorph,
  sampleColors,
} from '../../fixtures/cards';
import type { ScryfallCardLike } from '../card-image/card-image';
import { SampleHand, type SampleHandCard } from './sample-hand';

const names = [
  'Island',
  'Counterspell',
  'Forest',
  'Llanowar Elves',
  'Swamp',
  'Cultivate',
  'Brainstorm',
  'Plains',
];
const card = (i: number): ScryfallCardLike =>
  i === 1
    ? phyrexianMetamorph
    : i === 3
      ? agadeemsAwakening
      : {
          id: `card-${i}`,
          name: names[i % names.length]!,
          type_line: 'Sample',
          image_uris: { normal: fakeCardImage(names[i % names.length]!, 'Sample', sampleColors[i % 7]!) },
        };
const hand = (count: number): SampleHandCard[] =>
  Array.from({ length: count }, (_, i) => ({ key: `k${i}`, card: card(i) }));
const noop = () => undefined;

const meta = {
  title: 'Cards/SampleHand',
  component: SampleHand,
  args: {
    title: 'Sample hand',
    cards: hand(7),
    handLabel: 'Hand: 7 cards',
    status: 'Opening hand. Keep it, or take a mulligan.',
    library: 'Library: 53 cards',
    actions: [
      { key: 'new', label: 'New hand', onClick: noop },
      { key: 'mulligan', label: 'Mulligan (to 6)', onClick: noop },
      { key: 'keep', label: 'Keep', onClick: noop, variant: 'primary' },
      { key: 'draw', label: 'Draw', onClick: noop },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 960 }}>{Story()}</div>],
} satisfies Meta<typeof SampleHand>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** After one mulligan: one card to choose for the bottom (press a card; press it again to take it back). */
function Choosing() {
  const [selected, setSelected] = useState<string[]>(['k2']);
  const owed = 2;
  return (
    <SampleHand
      title="Sample hand"
      cards={hand(7)}
      handLabel="Hand: 7 cards"
      status={
        selected.length === owed
          ? `Mulligans: ${owed} — ready to keep`
          : `Mulligans: ${owed} — choose ${owed - selected.length} more cards to put on the bottom`
      }
      library="Library: 53 cards"
      choosing
      selected={selected}
      onToggleCard={(key) =>
        setSelected((prev) =>
          prev.includes(key) ? prev.filter((k) => k !== key) : prev.length < owed ? [...prev, key] : prev,
        )
      }
      cardLabel={(c) => `Put ${c.card.name} on the bottom`}
      actions={[
        { key: 'new', label: 'New hand', onClick: noop },
        { key: 'mulligan', label: 'Mulligan (to 4)', onClick: noop },
        { key: 'keep', label: 'Keep', onClick: noop, variant: 'primary', disabled: selected.length !== owed },
        { key: 'draw', label: 'Draw', onClick: noop, disabled: true },
      ]}
    />
  );
}

export const ChoosingBottom: Story = { name: 'Choosing cards for the bottom', render: () => <Choosing /> };

export const SmallDeck: Story = {
  name: 'Deck of three cards',
  args: {
    cards: [...hand(2), { key: 'x', card: noImageCard }],
    handLabel: 'Hand: 3 cards',
    status: 'Kept. No card left to draw.',
    library: 'Library: 0 cards',
    actions: [
      { key: 'new', label: 'New hand', onClick: noop },
      { key: 'mulligan', label: 'Mulligan (to 6)', onClick: noop, disabled: true },
      { key: 'keep', label: 'Keep', onClick: noop, disabled: true },
      { key: 'draw', label: 'Draw', onClick: noop, disabled: true },
    ],
  },
};

export const Empty: Story = {
  args: {
    cards: [],
    handLabel: 'Hand: 0 cards',
    status: 'The main deck has no card to draw.',
    library: 'Library: 0 cards',
    empty: 'No card in hand.',
    actions: [{ key: 'new', label: 'New hand', onClick: noop, disabled: true }],
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    title: 'Main de départ',
    handLabel: 'Main : 7 cartes',
    status: 'Mulligans : 1 — choisissez 1 carte à mettre au-dessous',
    library: 'Bibliothèque : 53 cartes',
    choosing: true,
    selected: [],
    onToggleCard: noop,
    actions: [
      { key: 'new', label: 'Nouvelle main', onClick: noop },
      { key: 'mulligan', label: 'Mulligan (à 5)', onClick: noop },
      { key: 'keep', label: 'Garder', onClick: noop, variant: 'primary', disabled: true },
      { key: 'draw', label: 'Piocher', onClick: noop, disabled: true },
    ],
  },
};
