import '../social/social.css';
import { useProfile } from '@companion/hooks';
import { Avatar, Badge, BracketBadge, EmptyState, isBracket, Skeleton } from '@companion/ui';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { displayName, RELATIONSHIP_KEY, slug } from '../social/names';
import { StatsPanels } from '../social/stats-panels';

export function Component() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const { id = '' } = useParams();
  const profile = useProfile({ params: { id } });
  if (profile.isPending)
    return (
      <>
        <PageHeading title={t('web.page.user.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (profile.error)
    return (
      <>
        <PageHeading title={t('web.page.user.title')} description={t('web.page.user.description')} />
        <p className="web-form__error" role="alert">
          {errorMessage(profile.error, t)}
        </p>
      </>
    );
  const p = profile.data;
  const name = displayName(p.user);
  return (
    <>
      <div className="web-group web-group--page">
        <Avatar name={name} src={p.user.picture} size="xl" />
        <PageHeading
          eyebrow={t('web.page.user.title')}
          title={name}
          description={
            p.memberSince
              ? t('web.social.user.since', { date: intl.formatDate(p.memberSince, { dateStyle: 'long' }) })
              : undefined
          }
          actions={
            <>
              <Badge
                tone={p.relationship === 'friend' || p.relationship === 'self' ? 'success' : 'neutral'}
                data-testid="relationship"
              >
                {t(RELATIONSHIP_KEY[p.relationship])}
              </Badge>
              {p.relationship === 'self' ? (
                <Link className="web-link-button" to={lp('/profile')}>
                  {t('web.social.user.edit')}
                </Link>
              ) : p.relationship === 'none' ? (
                <Link className="web-link-button" to={lp('/friends/add')}>
                  {t('web.social.friends.add')}
                </Link>
              ) : null}
            </>
          }
        />
      </div>
      {p.badges.length ? (
        <section className="web-card" aria-labelledby="badges-title">
          <h2 id="badges-title">{t('web.social.user.badges')}</h2>
          <ul className="web-badges" data-testid="badges">
            {p.badges.map((b) => (
              <li key={b.id} title={b.description ?? undefined}>
                {b.image ? (
                  <img src={b.image} alt="" width={24} height={24} />
                ) : (
                  <span aria-hidden="true">🏅</span>
                )}
                <span>{b.name}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!p.visible ? (
        <EmptyState title={t('web.social.user.hidden')} description={t('web.social.user.hiddenHint')} />
      ) : (
        <div className="web-stack">
          {p.stats ? (
            <section className="web-card" aria-labelledby="stats-title">
              <h2 id="stats-title">{t('web.social.stats.title')}</h2>
              <StatsPanels stats={p.stats} />
            </section>
          ) : null}
          <section className="web-card" aria-labelledby="decks-title">
            <h2 id="decks-title">{t('web.social.user.decks', { count: p.decks.length })}</h2>
            {p.decks.length === 0 ? (
              <p className="web-muted">{t('web.social.user.noDecks')}</p>
            ) : (
              <ul className="web-people">
                {p.decks.map((d) => (
                  <li key={d.id} className="web-person">
                    <div className="web-person__text">
                      <Link className="web-person__name" to={lp(`/deck/${d.id}/${slug(d.name)}`)}>
                        {d.name}
                      </Link>
                      <span className="web-muted">
                        {t('web.social.user.deckRecord', { games: d.games, wins: d.wins })}
                      </span>
                    </div>
                    {isBracket(d.bracket) ? <BracketBadge bracket={d.bracket} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}
