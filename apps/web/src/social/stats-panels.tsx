import { COLORS } from '@companion/sdk';
import type { Stats } from '@companion/sdk/contract';
import { useIntl } from 'react-intl';
import { useT } from '../i18n/use-t';
import { ChartWithTable } from './chart-table';
import { COLOR_KEY } from './names';

/** Win rate by deck, format and colour identity, and games per month: charts, each with its table. */
export function StatsPanels({ stats }: { stats: Stats }) {
  const t = useT();
  const intl = useIntl();
  const pct = (n: number) => intl.formatNumber(n, { style: 'percent', maximumFractionDigits: 0 });
  const identity = (c: readonly string[]) =>
    c.length === 0
      ? t('web.social.stats.colorless')
      : COLORS.filter((k) => c.includes(k))
          .map((k) => t(COLOR_KEY[k]))
          .join(' / ');
  const rateColumns = <T extends { games: number; wins: number; winRate: number }>(
    first: string,
    name: (r: T) => string,
  ) => [
    { header: first, cell: name },
    { header: t('web.social.leaderboard.winRate'), cell: (r: T) => pct(r.winRate), numeric: true },
    { header: t('web.social.leaderboard.wins'), cell: (r: T) => r.wins, numeric: true },
    { header: t('web.social.leaderboard.games'), cell: (r: T) => r.games, numeric: true },
  ];
  return (
    <>
      <dl className="web-kpis">
        <div>
          <dt>{t('web.social.leaderboard.games')}</dt>
          <dd>{intl.formatNumber(stats.games)}</dd>
        </div>
        <div>
          <dt>{t('web.social.leaderboard.wins')}</dt>
          <dd>{intl.formatNumber(stats.wins)}</dd>
        </div>
        <div>
          <dt>{t('web.social.leaderboard.winRate')}</dt>
          <dd>{pct(stats.winRate)}</dd>
        </div>
        <div>
          <dt>{t('web.social.stats.averageTurns')}</dt>
          <dd>
            {stats.averageTurns == null
              ? '—'
              : intl.formatNumber(stats.averageTurns, { maximumFractionDigits: 1 })}
          </dd>
        </div>
      </dl>
      {stats.games === 0 ? (
        <p className="web-muted">{t('web.social.stats.none')}</p>
      ) : (
        <div className="web-grid-2">
          <section aria-labelledby="by-month">
            <h3 id="by-month">{t('web.social.stats.byMonth')}</h3>
            <ChartWithTable
              caption={t('web.social.stats.byMonth')}
              rows={stats.byMonth}
              rowKey={(r) => r.month}
              chartName={t('web.social.leaderboard.games')}
              chart={(r) => ({
                label: intl.formatDate(new Date(`${r.month}-01T00:00:00`), {
                  month: 'short',
                  year: '2-digit',
                }),
                value: r.games,
              })}
              columns={[
                {
                  header: t('web.social.stats.month'),
                  cell: (r) =>
                    intl.formatDate(new Date(`${r.month}-01T00:00:00`), { month: 'long', year: 'numeric' }),
                },
                { header: t('web.social.leaderboard.games'), cell: (r) => r.games, numeric: true },
                { header: t('web.social.leaderboard.wins'), cell: (r) => r.wins, numeric: true },
                { header: t('web.social.leaderboard.winRate'), cell: (r) => pct(r.winRate), numeric: true },
              ]}
            />
          </section>
          <section aria-labelledby="by-format">
            <h3 id="by-format">{t('web.social.stats.byFormat')}</h3>
            <ChartWithTable
              caption={t('web.social.stats.byFormat')}
              rows={stats.byFormat}
              rowKey={(r) => r.formatId}
              unit="%"
              chartName={t('web.social.leaderboard.winRate')}
              chart={(r) => ({ label: r.name, value: Math.round(r.winRate * 100) })}
              columns={rateColumns<Stats['byFormat'][number]>(t('web.social.stats.format'), (r) => r.name)}
            />
          </section>
          {stats.byDeck.length ? (
            <section aria-labelledby="by-deck">
              <h3 id="by-deck">{t('web.social.stats.byDeck')}</h3>
              <ChartWithTable
                caption={t('web.social.stats.byDeck')}
                rows={stats.byDeck}
                rowKey={(r) => r.deckId}
                unit="%"
                chartName={t('web.social.leaderboard.winRate')}
                chart={(r) => ({ label: r.name, value: Math.round(r.winRate * 100) })}
                columns={rateColumns<Stats['byDeck'][number]>(t('web.social.stats.deck'), (r) => r.name)}
              />
            </section>
          ) : null}
          {stats.byColorIdentity.length ? (
            <section aria-labelledby="by-color">
              <h3 id="by-color">{t('web.social.stats.byColor')}</h3>
              <ChartWithTable
                caption={t('web.social.stats.byColor')}
                rows={stats.byColorIdentity}
                rowKey={(r) => r.colorIdentity.join('') || 'C'}
                unit="%"
                chartName={t('web.social.leaderboard.winRate')}
                chart={(r) => ({
                  label: r.colorIdentity.join('') || 'C',
                  value: Math.round(r.winRate * 100),
                })}
                columns={rateColumns<Stats['byColorIdentity'][number]>(t('web.social.stats.color'), (r) =>
                  identity(r.colorIdentity),
                )}
              />
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}
