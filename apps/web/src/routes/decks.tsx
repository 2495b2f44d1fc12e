import { useArchivedDecks, useFormats, useMyDecks, useRestoreDeck } from '@companion/hooks';
import type { DeckSummary } from '@companion/sdk/contract';
import { Badge, BracketBadge, Button, EmptyState, Skeleton, Tabs } from '@companion/ui';
import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import '../components/cards/cards.css';
import { slug } from '../components/cards/common';
import { ColorPips } from '../components/cards/deck-parts';
import { VISIBILITY_KEY } from '../components/cards/deck-sharing';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';

/** Two shades per colour of Magic, for the tile of a deck whose art is missing. */
const SHADES: Record<string, string> = {
  W: '#b9ae86',
  U: '#3f6f9f',
  B: '#4a4046',
  R: '#a4493a',
  G: '#3f7650',
};

function tileStyle(art: string | null | undefined, colors: readonly string[]): CSSProperties {
  const [a, b] = colors.map((c) => SHADES[c]).filter(Boolean);
  return {
    ...(art ? { '--deck-art': `url("${art}")` } : {}),
    ...(a ? { '--deck-a': a, '--deck-b': b ?? '#24212f' } : {}),
  } as CSSProperties;
}

function DeckGrid({
  decks,
  formats,
  onRestore,
}: {
  decks: DeckSummary[];
  formats: Map<string, string>;
  /** Archived decks: a Restore button under each. */
  onRestore?: (deck: DeckSummary) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  return (
    <ul className="web-decks">
      {decks.map((d) => {
        const art = d.commanders.find((c) => c.image)?.image;
        return (
          <li key={d.id}>
            <Link to={lp(`/deck/${d.id}/${slug(d.name)}`)} className="web-deckcard">
              <span className="web-deckcard__art" style={tileStyle(art, d.colorIdentity)} />
              <span className="web-deckcard__body">
                <span className="web-deckcard__name">
                  <span>{d.name}</span>
                  {d.bracket ? (
                    <BracketBadge bracket={d.bracket as 1} display="compact" tooltip={false} />
                  ) : null}
                  {d.visibility === 'public' ? null : (
                    <Badge tone="neutral">{t(VISIBILITY_KEY[d.visibility].label)}</Badge>
                  )}
                </span>
                <span className="web-deckcard__meta">
                  <ColorPips colors={d.colorIdentity} /> {formats.get(d.formatId) ?? ''} ·{' '}
                  {t('web.cards.deck.cardsCount', { count: d.cardCount })}
                </span>
                <span className="web-deckcard__meta">
                  {d.games
                    ? t('web.cards.deck.record', {
                        games: d.games,
                        rate: intl.formatNumber(d.wins / d.games, { style: 'percent' }),
                      })
                    : t('web.cards.deck.noGames')}
                  {d.lastPlayed
                    ? ` · ${t('web.cards.deck.lastPlayed', { date: intl.formatDate(d.lastPlayed, { dateStyle: 'medium' }) })}`
                    : ''}
                </span>
              </span>
            </Link>
            {onRestore ? (
              <Button variant="secondary" size="sm" onClick={() => onRestore(d)}>
                {t('web.cards.deck.restoreNamed', { name: d.name })}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const active = useMyDecks();
  const archived = useArchivedDecks();
  const restore = useRestoreDeck();
  const formats = new Map((useFormats().data?.formats ?? []).map((f) => [f.id, f.name]));
  const body = (q: typeof active, emptyKey: string, onRestore?: (deck: DeckSummary) => void) =>
    q.error ? (
      <p className="web-form__error" role="alert">
        {errorMessage(q.error, t)}
      </p>
    ) : !q.data ? (
      <Skeleton shape="rect" width="100%" height={200} />
    ) : q.data.decks.length === 0 ? (
      <EmptyState title={t(emptyKey)} headingLevel={2} />
    ) : (
      <DeckGrid decks={q.data.decks} formats={formats} {...(onRestore ? { onRestore } : {})} />
    );
  return (
    <>
      <PageHeading
        title={t('web.page.decks.title')}
        description={t('web.page.decks.description')}
        actions={
          <Link className="web-link-button web-button--primary" to={lp('/decks/create')}>
            {t('web.cards.deck.new')}
          </Link>
        }
      />
      <Tabs
        aria-label={t('web.cards.deck.tabs')}
        defaultValue="active"
        items={[
          {
            value: 'active',
            label: t('web.cards.deck.active'),
            count: active.data?.decks.length ?? 0,
            content: body(active, 'web.cards.deck.emptyActive'),
          },
          {
            value: 'archived',
            label: t('web.cards.deck.archived'),
            count: archived.data?.decks.length ?? 0,
            content: body(archived as typeof active, 'web.cards.deck.emptyArchived', (deck) =>
              restore.mutate({ params: { id: deck.id } }),
            ),
          },
        ]}
      />
    </>
  );
}
