import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LETHAL_COMMANDER_DAMAGE, type OverlayPlayer } from '../state';
import { usePresence } from '../use-presence';

const DELTA_MS = 1700;

/** The last change of a number, shown briefly as +n / −n. */
function useDelta(value: number): { delta: number; key: number } {
  const previous = useRef(value);
  const [change, setChange] = useState({ delta: 0, key: 0 });
  useEffect(() => {
    if (value !== previous.current) {
      setChange((c) => ({ delta: value - previous.current, key: c.key + 1 }));
      previous.current = value;
    }
  }, [value]);
  // Gone once its animation is over, so that nothing can play it again later.
  useEffect(() => {
    if (change.delta === 0) return;
    const timer = setTimeout(() => setChange((c) => ({ ...c, delta: 0 })), DELTA_MS);
    return () => clearTimeout(timer);
  }, [change]);
  return change;
}

function Player({ player, players }: { player: OverlayPlayer; players: OverlayPlayer[] }) {
  const intl = useIntl();
  const { delta, key } = useDelta(player.life);
  const damage = player.commanderDamage.filter((d) => d.amount > 0);
  const dead =
    player.life <= 0 || player.poison >= 10 || damage.some((d) => d.amount >= LETHAL_COMMANDER_DAMAGE);
  return (
    <li className="ov-player" data-dead={dead || undefined} data-testid="player">
      <span className="ov-player__name">{player.name}</span>
      <span
        className="ov-player__life"
        title={intl.formatMessage({ id: 'overlay.life' }, { name: player.name, life: player.life })}
      >
        <span key={`life-${key}`} className="ov-player__life-value" data-changed={key > 0 || undefined}>
          {player.life}
        </span>
        {delta !== 0 ? (
          <span
            key={`delta-${key}`}
            className="ov-player__delta"
            data-sign={delta > 0 ? 'up' : 'down'}
            aria-hidden="true"
          >
            {delta > 0 ? `+${delta}` : `−${-delta}`}
          </span>
        ) : null}
      </span>
      <span className="ov-player__counters">
        {player.poison > 0 ? (
          <span className="ov-chip ov-chip--poison">
            {intl.formatMessage({ id: 'overlay.poison' }, { count: player.poison })}
          </span>
        ) : null}
        {damage.map((d) => (
          <span
            key={d.from}
            className="ov-chip ov-chip--commander"
            data-lethal={d.amount >= LETHAL_COMMANDER_DAMAGE || undefined}
            title={intl.formatMessage({ id: 'overlay.commanderDamage' })}
          >
            {intl.formatMessage(
              { id: 'overlay.commanderDamageFrom' },
              { amount: d.amount, name: players[d.from]?.name ?? `#${d.from + 1}` },
            )}
          </span>
        ))}
      </span>
    </li>
  );
}

/** Life totals along the bottom, one panel per player (up to six). */
export function LifeBar({ players }: { players: OverlayPlayer[] | null }) {
  const { shown, leaving } = usePresence(players);
  if (!shown) return null;
  return (
    <ol
      className="ov-life ov-panel-enter"
      data-state={leaving ? 'leaving' : 'shown'}
      data-count={shown.length}
      data-testid="life"
    >
      {shown.map((player, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions; a name can repeat
        <Player key={index} player={player} players={shown} />
      ))}
    </ol>
  );
}
