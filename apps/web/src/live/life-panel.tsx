import { LIMITS } from '@companion/sdk';
import { Button, Input, Select } from '@companion/ui';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import {
  canAddSeat,
  canRemoveSeat,
  clampLife,
  clampPoison,
  damageFrom,
  lifeMessage,
  newPlayer,
  type Player,
  readTable,
  removeLastSeat,
  seatName,
  TABLE_KEY,
  withDamage,
} from './seats';
import { type Send, useDebouncedSend } from './send';
import { Stepper } from './stepper';

/** Starting life totals offered (two-player, Brawl, 30-life variants, Commander). */
const STARTING_LIFE = [20, 25, 30, 40];
const DEFAULT_SEATS = 4;

/** Life, poison and commander damage per seat; changes reach the overlay debounced. */
export function LifePanel({ send }: { send: Send }) {
  const t = useT();
  // The table as it was before a reload (the overlay still shows it), else four seats at 40.
  const [saved] = useState(() => readTable(globalThis.localStorage?.getItem(TABLE_KEY) ?? null));
  const [startingLife, setStartingLife] = useState(saved?.startingLife ?? 40);
  const [players, setPlayers] = useState<Player[]>(
    () => saved?.players ?? Array.from({ length: DEFAULT_SEATS }, (_, i) => newPlayer(i + 1, 40)),
  );
  useEffect(() => {
    try {
      localStorage.setItem(TABLE_KEY, JSON.stringify({ startingLife, players }));
    } catch {
      // storage full or disabled: the table still works, it just does not survive a reload
    }
  }, [startingLife, players]);
  const later = useDebouncedSend(send);

  const update = (next: Player[], now = false) => {
    setPlayers(next);
    if (now) send(lifeMessage(next));
    else later(lifeMessage(next));
  };
  const setPlayer = (index: number, patch: (player: Player) => Player) =>
    update(players.map((p, i) => (i === index ? patch(p) : p)));

  return (
    <section className="web-card web-live__panel" aria-labelledby="live-life">
      <h2 id="live-life">{t('web.live.life.title')}</h2>
      <div className="web-live__row">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={!canAddSeat(players)}
          onClick={() => update([...players, newPlayer(players.length + 1, startingLife)], true)}
        >
          {t('web.live.life.addPlayer')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={!canRemoveSeat(players)}
          onClick={() => update(removeLastSeat(players), true)}
        >
          {t('web.live.life.removePlayer')}
        </Button>
        <Select
          aria-label={t('web.live.life.startingLife')}
          value={String(startingLife)}
          onValueChange={(v) => setStartingLife(Number(v))}
          options={STARTING_LIFE.map((n) => ({
            value: String(n),
            label: t('web.live.life.startAt', { life: n }),
          }))}
        />
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() =>
            update(
              players.map((p) => ({ ...p, life: startingLife, poison: 0, commanderDamage: [] })),
              true,
            )
          }
        >
          {t('web.live.life.reset')}
        </Button>
      </div>
      <ol className="web-live__players">
        {players.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={i} className="web-live__player" data-testid={`seat-${i + 1}`}>
            <Input
              aria-label={t('web.live.life.name', { seat: i + 1 })}
              value={p.name}
              maxLength={LIMITS.livePlayerName.max}
              onChange={(e) => {
                const name = e.target.value;
                setPlayer(i, (player) => ({ ...player, name }));
              }}
            />
            <Stepper
              label={t('web.live.life.lifeOf', { name: seatName(p, i) })}
              caption={t('web.live.life.lifeShort')}
              value={p.life}
              steps={[-5, -1, 1, 5]}
              onChange={(life) => setPlayer(i, (player) => ({ ...player, life: clampLife(life) }))}
            />
            <Stepper
              label={t('web.live.life.poisonOf', { name: seatName(p, i) })}
              caption={t('web.live.life.poisonShort')}
              value={p.poison}
              steps={[-1, 1]}
              onChange={(poison) => setPlayer(i, (player) => ({ ...player, poison: clampPoison(poison) }))}
            />
            {players.length > 1 ? (
              <details className="web-live__damage">
                <summary>{t('web.live.life.commanderDamage')}</summary>
                {players.map((from, j) =>
                  j === i ? null : (
                    <Stepper
                      // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                      key={j}
                      label={t('web.live.life.damageFrom', { name: seatName(from, j) })}
                      caption={seatName(from, j)}
                      value={damageFrom(p, j)}
                      steps={[-1, 1]}
                      onChange={(amount) => setPlayer(i, (player) => withDamage(player, j, amount))}
                    />
                  ),
                )}
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="web-live__row">
        <Button type="button" variant="primary" onClick={() => send(lifeMessage(players))}>
          {t('web.live.life.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'life' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </section>
  );
}
