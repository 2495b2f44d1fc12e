import { useFormats } from '@companion/hooks';
import type { Game } from '@companion/sdk/contract';
import { Badge, EmptyState } from '@companion/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocalePath } from '../lib/use-locale';
import { playerName, RESULT_KEY } from './names';

export function useFormatName() {
  const formats = useFormats();
  return (id: string | null | undefined) =>
    (id && formats.data?.formats.find((f) => f.id === id)?.name) || '';
}

/** Games as cards: date, format, players with the winner marked, tags. */
export function GameList({ games, empty }: { games: readonly Game[]; empty: ReactNode }) {
  const t = useT();
  const intl = useIntl();
  const lp = useLocalePath();
  const formatName = useFormatName();
  if (games.length === 0) return <>{empty}</>;
  return (
    <ul className="web-games" data-testid="game-list">
      {games.map((game) => (
        <li key={game.id} className="web-game" data-testid="game-card">
          <div className="web-game__head">
            <Link to={lp(`/game/${game.id}`)}>
              {t('web.social.games.cardTitle', {
                date: intl.formatDate(game.playedAt, { dateStyle: 'medium' }),
                format: formatName(game.formatId),
              })}
            </Link>
            <span className="web-muted">
              {[
                game.turns != null ? t('web.social.games.turns', { count: game.turns }) : null,
                game.durationMinutes != null
                  ? t('web.social.games.minutes', { count: game.durationMinutes })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <ul className="web-game__players" aria-label={t('web.social.game.players')}>
            {game.players.map((p) => (
              <li key={p.id}>
                <Badge tone={p.result === 'win' ? 'success' : p.result === 'draw' ? 'info' : 'neutral'}>
                  {p.result === 'win' ? '★ ' : ''}
                  {playerName(p, t('web.social.game.deletedPlayer'))}
                  {p.deck?.name || p.deckName ? ` — ${p.deck?.name ?? p.deckName}` : ''}
                  <span className="cui-visually-hidden">{` (${t(RESULT_KEY[p.result])})`}</span>
                </Badge>
              </li>
            ))}
          </ul>
          {game.tags.length ? (
            <div className="web-game__meta">
              {game.tags.map((tag) => (
                <Badge key={tag.id} tone="accent" appearance="outline">
                  #{tag.name}
                </Badge>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function NoGames({ hint }: { hint?: string }) {
  const t = useT();
  return <EmptyState headingLevel={3} title={t('web.social.games.empty')} description={hint} />;
}
