import type { LeaderboardRow, Playgroup } from '@companion/sdk/contract';
import { Skeleton } from '@companion/ui';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useT } from '../../i18n/use-t';
import { ChartWithTable } from '../chart-table';
import { playerName } from '../names';

type Row = z.infer<typeof LeaderboardRow>;

/** Wins per player, as a chart with its table (games filtered like the list below). */
export function Leaderboard({ group, rows, loading }: { group: Playgroup; rows: Row[]; loading: boolean }) {
  const t = useT();
  const intl = useIntl();
  return (
    <section className="web-card" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title">{t('web.social.leaderboard.title')}</h2>
      {loading ? (
        <Skeleton shape="rect" height={260} />
      ) : rows.length === 0 ? (
        <p className="web-muted">{t('web.social.leaderboard.empty')}</p>
      ) : (
        <ChartWithTable
          caption={t('web.social.leaderboard.caption', { name: group.name })}
          rows={rows}
          rowKey={(r) => r.user?.id ?? `guest:${r.guestName}`}
          chart={(r) => ({ label: playerName(r, t('web.social.game.deletedPlayer')), value: r.wins })}
          chartName={t('web.social.leaderboard.wins')}
          showTable
          columns={[
            {
              header: t('web.social.leaderboard.player'),
              cell: (r) => playerName(r, t('web.social.game.deletedPlayer')),
            },
            { header: t('web.social.leaderboard.wins'), cell: (r) => r.wins, numeric: true },
            {
              header: t('web.social.leaderboard.winRate'),
              cell: (r) => intl.formatNumber(r.winRate, { style: 'percent', maximumFractionDigits: 0 }),
              numeric: true,
            },
            { header: t('web.social.leaderboard.games'), cell: (r) => r.games, numeric: true },
            { header: t('web.social.leaderboard.favouriteDeck'), cell: (r) => r.favouriteDeck?.name ?? '—' },
          ]}
        />
      )}
    </section>
  );
}
