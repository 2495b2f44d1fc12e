import { LIMITS } from '@companion/sdk';
import type { LiveMessage } from '@companion/sdk/contract';

/** One seat of the life panel, as the live contract carries it. */
export type Player = Extract<LiveMessage, { type: 'life' }>['players'][number];

/** A seat's shown name: a blank one (being edited) is the seat's number. */
export const seatName = (player: Player, index: number) => player.name.trim() || `P${index + 1}`;

export const newPlayer = (seat: number, life: number): Player => ({
  name: `P${seat}`,
  life,
  poison: 0,
  commanderDamage: [],
});

/** The life message as the contract wants it (every seat named). */
export const lifeMessage = (players: readonly Player[]): LiveMessage => ({
  type: 'life',
  players: players.map((p, i) => ({ ...p, name: seatName(p, i) })),
});

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.max(min, Math.min(max, value));
/** Life, poison and commander damage within what the overlay accepts. */
export const clampLife = (life: number) => clamp(life, LIMITS.liveLife);
export const clampPoison = (poison: number) => clamp(poison, LIMITS.livePoison);
export const clampDamage = (amount: number) => clamp(amount, LIMITS.liveCommanderDamage);

/** Whether another seat may be added, or one removed. */
export const canAddSeat = (players: readonly Player[]) => players.length < LIMITS.livePlayers.max;
export const canRemoveSeat = (players: readonly Player[]) => players.length > LIMITS.livePlayers.min;

/** Without the last seat, and without the damage it dealt. */
export function removeLastSeat(players: readonly Player[]): Player[] {
  const last = players.length - 1;
  return players.slice(0, -1).map((p) => ({
    ...p,
    commanderDamage: p.commanderDamage.filter((d) => d.from < last),
  }));
}

/** Commander damage seat `index` took from seat `from`. */
export const damageFrom = (player: Player, from: number) =>
  player.commanderDamage.find((d) => d.from === from)?.amount ?? 0;

/** Sets the damage `player` took from seat `from` (none when 0), in seat order. */
export function withDamage(player: Player, from: number, amount: number): Player {
  const rest = player.commanderDamage.filter((d) => d.from !== from);
  const next = clampDamage(amount);
  return {
    ...player,
    commanderDamage: (next > 0 ? [...rest, { from, amount: next }] : rest).sort((a, b) => a.from - b.from),
  };
}

/** What the life panel keeps across a reload: the overlay keeps showing it, so must the sender. */
export interface SavedTable {
  startingLife: number;
  players: Player[];
}

export const TABLE_KEY = 'companion-live-table';

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * The saved table, checked seat by seat against the live contract's limits (storage is input like
 * any other); null when there is none or it cannot be read.
 */
export function readTable(text: string | null): SavedTable | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const { startingLife, players } = (data ?? {}) as { startingLife?: unknown; players?: unknown };
  if (!isInt(startingLife) || !Array.isArray(players)) return null;
  if (players.length < LIMITS.livePlayers.min || players.length > LIMITS.livePlayers.max) return null;
  const seats: Player[] = [];
  for (const p of players as Array<Record<string, unknown>>) {
    if (
      typeof p?.name !== 'string' ||
      !isInt(p.life) ||
      !isInt(p.poison) ||
      !Array.isArray(p.commanderDamage)
    )
      return null;
    let seat: Player = {
      name: p.name.slice(0, LIMITS.livePlayerName.max),
      life: clampLife(p.life),
      poison: clampPoison(p.poison),
      commanderDamage: [],
    };
    for (const d of p.commanderDamage as Array<Record<string, unknown>>) {
      if (isInt(d?.from) && isInt(d.amount) && d.from >= 0 && d.from < players.length)
        seat = withDamage(seat, d.from, d.amount);
    }
    seats.push(seat);
  }
  return { startingLife: clampLife(startingLife), players: seats };
}
