import '../social/social.css';
import { useGameSet } from '@companion/hooks';
import { Skeleton } from '@companion/ui';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { NoteCard, TagsCard } from '../social/annotations';
import { GameList, NoGames, useFormatName } from '../social/game-list';
import { playerName } from '../social/names';
import { ScrollTable } from '../social/scroll-table';

export function Component() {
  const t = useT();
  const intl = useIntl();
  const { id = '' } = useParams();
  const query = useGameSet({ params: { id } });
  const formatName = useFormatName();
  if (query.isPending)
    return (
      <>
        <PageHeading title={t('web.page.set.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (query.error)
    return (
      <>
        <PageHeading title={t('web.page.set.title')} description={t('web.page.set.description')} />
        <LoadError error={query.error} thing="set" onRetry={() => void query.refetch()} />
      </>
    );
  const set = query.data.set;
  return (
    <>
      <PageHeading
        eyebrow={t('web.page.set.title')}
        title={set.name}
        description={[intl.formatDate(set.playedAt, { dateStyle: 'full' }), formatName(set.formatId)]
          .filter(Boolean)
          .join(' · ')}
      />
      <div className="web-columns">
        <div className="web-stack">
          <section className="web-card" aria-labelledby="results-title">
            <h2 id="results-title">{t('web.social.set.results')}</h2>
            {set.results.length === 0 ? (
              <p className="web-muted">{t('web.social.leaderboard.empty')}</p>
            ) : (
              <ScrollTable label={t('web.social.set.caption', { name: set.name })}>
                <table className="web-table">
                  <caption className="cui-visually-hidden">
                    {t('web.social.set.caption', { name: set.name })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('web.social.leaderboard.player')}</th>
                      <th scope="col" className="web-num">
                        {t('web.social.leaderboard.wins')}
                      </th>
                      <th scope="col" className="web-num">
                        {t('web.social.set.draws')}
                      </th>
                      <th scope="col" className="web-num">
                        {t('web.social.leaderboard.games')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {set.results.map((r) => (
                      <tr key={r.user?.id ?? `guest:${r.guestName}`}>
                        <th scope="row">{playerName(r)}</th>
                        <td className="web-num">{r.wins}</td>
                        <td className="web-num">{r.draws}</td>
                        <td className="web-num">{r.games}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            )}
          </section>
          <section className="web-card" aria-labelledby="set-games-title">
            <h2 id="set-games-title">{t('web.social.set.games', { count: set.games.length })}</h2>
            <GameList games={set.games} empty={<NoGames />} />
          </section>
        </div>
        <div className="web-stack">
          <TagsCard kind="set" id={set.id} tags={set.tags} />
          <NoteCard key={set.note?.id ?? 'none'} kind="set" id={set.id} note={set.note} />
        </div>
      </div>
    </>
  );
}
