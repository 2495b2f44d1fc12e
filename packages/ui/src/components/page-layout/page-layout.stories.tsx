import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  agadeemsAwakening,
  brokenImageCard,
  frenchCard,
  longNameCard,
  noImageCard,
  phyrexianMetamorph,
} from '../../fixtures/cards';
import { headerArgs } from '../../fixtures/navigation';
import { AppHeader } from '../app-header/app-header';
import { BracketBadge } from '../bracket-badge/bracket-badge';
import { Button } from '../button/button';
import { CardImage } from '../card-image/card-image';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorPage } from '../error-page/error-page';
import { Skeleton } from '../spinner/spinner';
import { PageLayout } from './page-layout';

const cards = [phyrexianMetamorph, agadeemsAwakening, brokenImageCard, noImageCard, longNameCard, frenchCard];

const meta = {
  title: 'Layout/PageLayout',
  component: PageLayout,
  args: {
    header: <AppHeader {...headerArgs} />,
    title: 'Atraxa Superfriends',
    description: 'Commander · 100 cards · last played 3 days ago',
    eyebrow: <BracketBadge bracket={3} />,
    actions: (
      <>
        <Button variant="secondary">Export</Button>
        <Button>Edit deck</Button>
      </>
    ),
    children: (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: '0.75rem',
        }}
      >
        {cards.map((card) => (
          <CardImage key={card.id} card={card} />
        ))}
      </div>
    ),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ margin: '-1rem' }}>{Story()}</div>],
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = {
  args: {
    title: <Skeleton width="16rem" />,
    description: undefined,
    eyebrow: undefined,
    actions: undefined,
    children: (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: '0.75rem',
        }}
      >
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} shape="card" width="100%" />
        ))}
      </div>
    ),
  },
};

export const Empty: Story = {
  args: {
    title: 'Decks',
    description: undefined,
    eyebrow: undefined,
    actions: <Button>Create a deck</Button>,
    children: <EmptyState title="No decks yet" description="Build your first deck or import one." />,
  },
};

export const Error: Story = {
  args: {
    title: undefined,
    description: undefined,
    eyebrow: undefined,
    actions: undefined,
    children: <ErrorPage status={404} path="/deck/999/unknown" />,
  },
};

export const LongContent: Story = {
  args: {
    title: 'The Ur-Dragon — Eminence Tribal Dragons with Every Dragon Ever Printed (Budget Version 3)',
    width: 'wide',
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: {
    header: <AppHeader {...headerArgs} locale="fr-FR" />,
    title: 'Ma collection',
    description: '1 204 cartes · 312 €',
    eyebrow: undefined,
    actions: <Button>Importer</Button>,
  },
};
