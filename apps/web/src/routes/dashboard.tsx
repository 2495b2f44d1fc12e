import { useGames, useStats, useUserData } from '@companion/hooks';
import { Avatar, BracketBadge, Button, EmptyState, isBracket, Skeleton } from '@companion/ui';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import type { MonthRow } from './dashboard-charts';

const DashboardChart = lazy(() => import('./dashboard-charts'));

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

function StatsPanel() {
  const t = useT();
  const intl = useIntl();
  const stats = useStats();
  const rows: MonthRow[] = useMemo(
    () =>
      (stats.data?.stats.byMonth ?? []).map((m) => ({
        // "Nov 2026", not "Nov 26", which reads like a day of November.
        label: intl.formatDate(new Date(`${m.month}-01T00:00:00`), { month: 'short', year: 'numeric' }),
        games: m.games,
        wins: m.wins,
        winRate: Math.round(m.winRate * 100),
      })),
    [stats.data, intl],
  );
  const s = stats.data?.stats;
  const summaryId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <section className="web-card web-dashboard__stats" aria-labelledby="stats-title">
      <h2 id="stats-title">{t('web.dashboard.stats')}</h2>
      {stats.isPending ? (
        <Skeleton shape="rect" height={260} />
      ) : stats.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(stats.error, t)}
        </p>
      ) : (
        <>
          <dl className="web-kpis">
            <div>
              <dt>{t('web.dashboard.games')}</dt>
              <dd>{intl.formatNumber(s?.games ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('web.dashboard.wins')}</dt>
              <dd>{intl.formatNumber(s?.wins ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('web.dashboard.winRate')}</dt>
              <dd>
                {/* No games, no rate: a new player is not at 0 %. */}
                {s?.games
                  ? intl.formatNumber(s.winRate, { style: 'percent', maximumFractionDigits: 0 })
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('web.dashboard.averageTurns')}</dt>
              <dd>
                {s?.averageTurns == null
                  ? '—'
                  : intl.formatNumber(s.averageTurns, { maximumFractionDigits: 1 })}
              </dd>
            </div>
          </dl>
          {rows.length === 0 ? (
            <p className="web-muted">{t('web.dashboard.noStats')}</p>
          ) : (
            <>
              <Suspense fallback={<Skeleton shape="rect" height={260} />}>
                <DashboardChart
                  rows={rows}
                  labels={{
                    games: t('web.dashboard.games'),
                    winRate: t('web.dashboard.winRate'),
                    chart: t('web.dashboard.chartLabel'),
                  }}
                  describedBy={summaryId}
                />
              </Suspense>
              <p id={summaryId} className="cui-visually-hidden">
                {t('web.dashboard.chartSummary', {
                  months: rows.length,
                  first: rows[0]?.label ?? '',
                  last: rows.at(-1)?.label ?? '',
                })}
              </p>
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={tableShown}
                aria-controls={tableId}
                onClick={() => setTableShown((shown) => !shown)}
              >
                {tableShown ? t('web.dashboard.hideTable') : t('web.dashboard.showTable')}
              </Button>
              {/* Hidden, the table sits in a 1-pixel box: a table's own width cannot shrink below its
                  content, and the French one widened the phone page (428 px of 390). */}
              <div className={tableShown ? 'web-dashboard__table-wrap' : 'cui-visually-hidden'}>
                <table id={tableId} className="web-dashboard__table">
                  <caption>{t('web.dashboard.tableCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('web.dashboard.month')}</th>
                      <th scope="col">{t('web.dashboard.games')}</th>
                      <th scope="col">{t('web.dashboard.wins')}</th>
                      <th scope="col">{t('web.dashboard.winRate')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.label}>
                        <th scope="row">{row.label}</th>
                        <td>{intl.formatNumber(row.games)}</td>
                        <td>{intl.formatNumber(row.wins)}</td>
                        <td>{intl.formatNumber(row.winRate / 100, { style: 'percent' })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

const RECENT_GAMES = 5;

function RecentGames() {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  // Only what the card shows: the five most recent games.
  const games = useGames({ query: { limit: RECENT_GAMES } });
  const list = games.data?.games ?? [];
  return (
    <section className="web-card" aria-labelledby="games-title">
      <div className="web-card__head">
        <h2 id="games-title">{t('web.dashboard.recentGames')}</h2>
        <Link to={lp('/games')}>{t('web.dashboard.seeAll')}</Link>
      </div>
      {games.isPending ? (
        <Skeleton lines={3} />
      ) : list.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('web.dashboard.noGames')}
          description={t('web.dashboard.noGamesHint')}
        />
      ) : (
        <ul className="web-list">
          {list.map((game) => {
            const winner = game.players.find((p) => p.result === 'win');
            return (
              <li key={game.id}>
                <Link to={lp(`/game/${game.id}`)}>
                  {intl.formatDate(game.playedAt, { dateStyle: 'medium' })}
                </Link>
                <span className="web-muted">
                  {t('web.dashboard.players', { count: game.players.length })}
                  {winner
                    ? ` · ${t('web.dashboard.winner', { name: winner.user?.username ?? winner.user?.firstname ?? winner.guestName ?? t('web.dashboard.deletedPlayer') })}`
                    : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function Component() {
  const t = useT();
  const lp = useLocalePath();
  const { userData, decks, playgroups, isRefreshing, error, refresh, lastFetched } = useUserData();
  const name = userData?.firstname || userData?.username || '';
  const stats = useStats();
  // "Welcome back" once there is something to come back to: games, decks or playgroups.
  const returning = (stats.data?.stats.games ?? 0) > 0 || decks.length > 0 || playgroups.length > 0;
  return (
    <>
      <PageHeading
        title={
          name
            ? t(returning ? 'web.dashboard.hello' : 'web.dashboard.welcome', { name })
            : t('web.page.dashboard.title')
        }
        description={t('web.page.dashboard.description')}
        actions={
          <Button variant="secondary" size="sm" loading={isRefreshing} onClick={() => void refresh()}>
            {t('web.dashboard.refresh')}
          </Button>
        }
      />
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
      <div className="web-dashboard">
        <StatsPanel />
        <RecentGames />
        <section className="web-card" aria-labelledby="decks-title">
          <div className="web-card__head">
            <h2 id="decks-title">{t('web.dashboard.recentDecks')}</h2>
            <Link to={lp('/decks')}>{t('web.dashboard.seeAll')}</Link>
          </div>
          {decks.length === 0 && lastFetched.decks === null ? (
            <Skeleton lines={3} />
          ) : decks.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title={t('web.dashboard.noDecks')}
              action={
                <Link className="web-link-button" to={lp('/decks/create')}>
                  {t('web.dashboard.createDeck')}
                </Link>
              }
            />
          ) : (
            <ul className="web-list">
              {decks.slice(0, 5).map((deck) => (
                <li key={deck.id}>
                  <Link to={lp(`/deck/${deck.id}/${slug(deck.name)}`)}>{deck.name}</Link>
                  {deck.bracket && isBracket(deck.bracket) ? (
                    <BracketBadge bracket={deck.bracket} display="compact" tooltip={false} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="web-card" aria-labelledby="playgroups-title">
          <div className="web-card__head">
            <h2 id="playgroups-title">{t('web.dashboard.playgroups')}</h2>
            <Link to={lp('/playgroups')}>{t('web.dashboard.seeAll')}</Link>
          </div>
          {playgroups.length === 0 && lastFetched.playgroups === null ? (
            <Skeleton lines={3} />
          ) : playgroups.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title={t('web.dashboard.noPlaygroups')}
              action={
                <Link className="web-link-button" to={lp('/playgroups/create')}>
                  {t('web.dashboard.createPlaygroup')}
                </Link>
              }
            />
          ) : (
            <ul className="web-list">
              {playgroups.slice(0, 5).map((group) => (
                <li key={group.id}>
                  <Avatar name={group.name} src={group.picture} size="xs" />
                  <Link to={lp(`/playgroup/${group.id}/${slug(group.name)}`)}>{group.name}</Link>
                  <span className="web-muted">
                    {t('web.dashboard.members', { count: group.memberCount })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
