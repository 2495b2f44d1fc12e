import { useFormats, useSharedDeck } from '@companion/hooks';
import { BracketBadge, CardImage, EmptyState, Markdown, Skeleton } from '@companion/ui';
import { Link, useParams } from 'react-router';
import '../components/cards/cards.css';
import { imageCard, useCurrency, useMoney } from '../components/cards/common';
import { Boards } from '../components/cards/deck-boards';
import { DeckExport } from '../components/cards/deck-export';
import {
  BracketEstimate,
  ColorPips,
  DeckCharts,
  DeckFigures,
  Legality,
} from '../components/cards/deck-parts';
import { ManaPanel } from '../components/cards/mana-panel';
import { SampleHandPanel } from '../components/cards/sample-hand-panel';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { useHeadOverride } from '../lib/head-override';
import { useLocalePath } from '../lib/use-locale';

/** A broken link: two chain links apart. Decorative. */
const brokenIcon = (
  <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
    <path
      d="M27 37l-6 6a8 8 0 0 1-11-11l6-6M37 27l6-6a8 8 0 0 1 11 11l-6 6"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinecap="round"
    />
    <path d="M24 16l2 6M16 24l6 2M40 48l-2-6M48 40l-6-2" stroke="currentColor" strokeWidth="3" opacity=".6" />
  </svg>
);

/**
 * `/deck/shared/{token}`: a deck through its share link, read-only, signed in or not. A private
 * deck, an archived one or a replaced link (404), or a link cut short (400), says in words that the
 * link does not open a deck.
 */
export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const { token = '' } = useParams();
  const _currency = useCurrency();
  const _money = useMoney();
  const view = useSharedDeck({ params: { token } });
  const formats = useFormats().data?.formats ?? [];
  const deck = view.data?.deck;
  const format = deck ? formats.find((f) => f.id === deck.formatId) : undefined;
  useHeadOverride(
    deck
      ? {
          title: deck.name,
          description: t('web.cards.shared.metaDescription', {
            format: format?.name ?? deck.formatId,
            count: deck.cardCount,
          }),
        }
      : null,
  );

  if (view.error)
    return (
      <>
        <PageHeading title={t('web.page.sharedDeck.title')} />
        <EmptyState
          icon={brokenIcon}
          title={t('web.cards.shared.gone.title')}
          description={t('web.cards.shared.gone.body')}
          action={
            <Link className="web-link-button" to={lp('/')}>
              {t('web.cards.shared.home')}
            </Link>
          }
          headingLevel={2}
        />
      </>
    );
  if (!deck)
    return (
      <>
        <PageHeading title={<Skeleton shape="text" width={220} />} />
        <Skeleton shape="rect" width="100%" height={360} />
      </>
    );
  const commanders = deck.cards.filter((c) => c.board === 'commander' && c.card);
  return (
    <>
      <PageHeading
        eyebrow={
          <>
            <ColorPips colors={deck.colorIdentity} /> {format?.name ?? ''}
            {deck.bracket ? (
              <>
                {' '}
                <BracketBadge bracket={deck.bracket as 1} />
              </>
            ) : null}
          </>
        }
        title={deck.name}
        description={
          deck.description ? (
            <Markdown source={deck.description} className="web-deck__description" />
          ) : (
            t('web.cards.shared.readOnly')
          )
        }
      />
      <div className="web-stack" data-testid="shared-deck">
        <p className="web-muted">
          {deck.author ? t('web.cards.shared.by', { author: deck.author }) : t('web.cards.shared.readOnly')}
        </p>
        {commanders.length ? (
          <div className="web-commanders">
            {commanders.map((c) => (
              <CardImage key={c.card!.id} card={imageCard(c.card!)} size="normal" />
            ))}
          </div>
        ) : null}
        <section className="web-card" aria-labelledby="shared-deck-summary">
          <h2 id="shared-deck-summary">{t('web.cards.shared.summary')}</h2>
          <dl className="web-stats">
            <DeckFigures deck={deck} />
          </dl>
        </section>
        <Legality legality={deck.legality} format={format?.name ?? null} />
        {format?.hasBrackets ? (
          <section className="web-card web-bracket" aria-labelledby="shared-bracket-title">
            <h2 id="shared-bracket-title">{t('web.cards.bracket.title')}</h2>
            <BracketEstimate check={deck.bracketCheck} />
          </section>
        ) : null}
        <DeckCharts cards={deck.cards} />
        <ManaPanel cards={deck.cards} />
        <section className="web-card" aria-labelledby="shared-deck-list">
          <h2 id="shared-deck-list">{t('web.cards.deck.list')}</h2>
          {deck.cards.length ? (
            <Boards deck={deck} />
          ) : (
            <p className="web-muted">{t('web.cards.deck.noCards')}</p>
          )}
        </section>
        {deck.cards.length ? <DeckExport deck={deck} /> : null}
        {deck.cards.some((c) => c.board === 'main') ? <SampleHandPanel key={deck.id} deck={deck} /> : null}
      </div>
    </>
  );
}
