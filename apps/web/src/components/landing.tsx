import { Avatar, Badge, BracketBadge } from '@companion/ui';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';

/**
 * Mana costs drawn in CSS for the landing page's illustrations. The app's ManaCost uses mana-font,
 * whose 400 KB font would be the heaviest download of the home page for a few decorative symbols.
 */
function ManaPips({ cost }: { cost: string }) {
  const symbols = [...cost.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  return (
    <span className="web-pips" aria-hidden="true">
      {symbols.map((symbol, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed cost, symbols repeat
        <span key={i} className="web-pip" data-mana={/^[WUBRG]$/.test(symbol) ? symbol : 'C'}>
          {/^[WUBRG]$/.test(symbol) ? '' : symbol}
        </span>
      ))}
    </span>
  );
}

/** Card-shaped art drawn in CSS (works offline, no image requests on the landing page). */
const HERO_CARDS = [
  {
    name: 'Atraxa, Praetors’ Voice',
    cost: '{G}{W}{U}{B}',
    type: 'Legendary Creature — Phyrexian Angel Horror',
    tone: 'multi',
  },
  { name: 'Sol Ring', cost: '{1}', type: 'Artifact', tone: 'artifact' },
  { name: 'Counterspell', cost: '{U}{U}', type: 'Instant', tone: 'blue' },
  { name: 'Lightning Bolt', cost: '{R}', type: 'Instant', tone: 'red' },
  { name: 'Llanowar Elves', cost: '{G}', type: 'Creature — Elf Druid', tone: 'green' },
] as const;

export function HeroCards() {
  return (
    <div className="web-hero__cards" aria-hidden="true">
      {HERO_CARDS.map((card, i) => (
        <div
          key={card.name}
          className="web-mock-card"
          data-tone={card.tone}
          style={{ '--i': i } as React.CSSProperties}
        >
          <div className="web-mock-card__title">
            <span>{card.name}</span>
            <ManaPips cost={card.cost} />
          </div>
          <div className="web-mock-card__art" />
          <div className="web-mock-card__type">{card.type}</div>
          <div className="web-mock-card__text">
            <span />
            <span />
            <span />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Simple line icons (24×24 paths), drawn inline so they need no emoji or icon font. */
const FEATURES = [
  ['collection', 'M4 5h11v14H4zM8 3h12v14'],
  ['decks', 'M7 3h10v18H7zM10 8l2-2 2 2-2 2z'],
  ['games', 'M4 4h16v16H4zM9 9h.01M15 15h.01M15 9h.01M9 15h.01'],
  [
    'playgroups',
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M14 15c3 0 8 1 8 5',
  ],
  ['friends', 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2z'],
  ['obs', 'M3 6h13v12H3zM16 10l5-3v10l-5-3'],
] as const;

export function Features() {
  const t = useT();
  return (
    <section className="web-section" id="features" aria-labelledby="features-title">
      <h2 id="features-title" className="web-section__title">
        {t('web.home.features.title')}
      </h2>
      <p className="web-section__lead">{t('web.home.features.lead')}</p>
      <ul className="web-features">
        {FEATURES.map(([key, icon]) => (
          <li key={key} className="web-feature">
            <span className="web-feature__icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d={icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <h3>{t(`web.home.feature.${key}.title`)}</h3>
            <p>{t(`web.home.feature.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Screenshots": small previews of the app built from the ui components. */
export function Previews() {
  const t = useT();
  const decks = [
    { name: 'Atraxa Superfriends', cost: '{G}{W}{U}{B}', bracket: 4 as const, games: 38, rate: 0.47 },
    { name: 'Krenko Goblins', cost: '{2}{R}{R}', bracket: 3 as const, games: 25, rate: 0.36 },
    { name: 'Talrand Spellslinger', cost: '{2}{U}{U}', bracket: 2 as const, games: 17, rate: 0.29 },
  ];
  const players = ['Camille', 'Malik', 'Jordan', 'Inès'];
  return (
    <section className="web-section" aria-labelledby="previews-title">
      <h2 id="previews-title" className="web-section__title">
        {t('web.home.previews.title')}
      </h2>
      <div className="web-previews">
        <figure className="web-preview">
          <div className="web-preview__frame">
            <ul className="web-preview-decks">
              {decks.map((deck) => (
                <li key={deck.name}>
                  <div>
                    <strong>{deck.name}</strong>
                    <ManaPips cost={deck.cost} />
                  </div>
                  <div className="web-preview-decks__meta">
                    <BracketBadge bracket={deck.bracket} tooltip={false} />
                    <span>{t('web.home.previews.games', { count: deck.games })}</span>
                    <span>{t('web.home.previews.winRate', { rate: deck.rate })}</span>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <figcaption>{t('web.home.previews.decks')}</figcaption>
        </figure>
        <figure className="web-preview">
          <div className="web-preview__frame">
            <div className="web-preview-game">
              <div className="web-preview-game__head">
                <Badge tone="accent">Commander</Badge>
                <span>{t('web.home.previews.turns', { count: 9 })}</span>
              </div>
              <ol>
                {players.map((name, i) => (
                  <li key={name}>
                    <Avatar name={name} size="sm" />
                    <span>{name}</span>
                    {i === 0 ? <Badge tone="success">{t('web.home.previews.winner')}</Badge> : null}
                  </li>
                ))}
              </ol>
            </div>
          </div>
          <figcaption>{t('web.home.previews.game')}</figcaption>
        </figure>
        <figure className="web-preview">
          <div className="web-preview__frame">
            <div className="web-preview-chart" aria-hidden="true">
              {[42, 55, 38, 61, 70, 52, 66].map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative bars
                <span key={i} style={{ height: `${h}%` }} />
              ))}
            </div>
            <p className="web-preview-chart__caption">{t('web.home.previews.chartCaption')}</p>
          </div>
          <figcaption>{t('web.home.previews.stats')}</figcaption>
        </figure>
      </div>
    </section>
  );
}

export function CallToAction() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section className="web-cta" aria-labelledby="cta-title">
      <h2 id="cta-title">{t('web.home.cta.title')}</h2>
      <p>{t('web.home.cta.body')}</p>
      <Link className="web-button web-button--primary web-button--lg" to={lp('/login?tab=signup')}>
        {t('web.home.cta.button')}
      </Link>
    </section>
  );
}
