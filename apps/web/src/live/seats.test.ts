import { LIMITS } from '@companion/sdk';
import { describe, expect, it } from 'vitest';
import {
  canAddSeat,
  canRemoveSeat,
  clampLife,
  clampPoison,
  damageFrom,
  lifeMessage,
  newPlayer,
  removeLastSeat,
  withDamage,
} from './seats';

describe('life panel seats', () => {
  it('names blank seats by their number in the message', () => {
    const players = [newPlayer(1, 40), { ...newPlayer(2, 40), name: '  ' }];
    expect(lifeMessage(players)).toMatchObject({ type: 'life', players: [{ name: 'P1' }, { name: 'P2' }] });
  });

  it('keeps values within what the overlay accepts', () => {
    expect(clampLife(LIMITS.liveLife.max + 5)).toBe(LIMITS.liveLife.max);
    expect(clampLife(LIMITS.liveLife.min - 5)).toBe(LIMITS.liveLife.min);
    expect(clampPoison(-1)).toBe(0);
    expect(damageFrom(withDamage(newPlayer(1, 40), 2, 10_000), 2)).toBe(LIMITS.liveCommanderDamage.max);
  });

  it('adds seats up to the overlay limit and keeps at least one', () => {
    const seats = (n: number) => Array.from({ length: n }, (_, i) => newPlayer(i + 1, 40));
    expect(canAddSeat(seats(LIMITS.livePlayers.max - 1))).toBe(true);
    expect(canAddSeat(seats(LIMITS.livePlayers.max))).toBe(false);
    expect(canRemoveSeat(seats(1))).toBe(false);
    expect(canRemoveSeat(seats(2))).toBe(true);
  });

  it('commander damage: set, cleared at 0, sorted by seat; the removed seat’s damage goes with it', () => {
    let p = withDamage(newPlayer(1, 40), 2, 5);
    p = withDamage(p, 1, 3);
    expect(p.commanderDamage).toEqual([
      { from: 1, amount: 3 },
      { from: 2, amount: 5 },
    ]);
    expect(withDamage(p, 2, 0).commanderDamage).toEqual([{ from: 1, amount: 3 }]);
    const three = [p, newPlayer(2, 40), newPlayer(3, 40)];
    expect(removeLastSeat(three)[0]?.commanderDamage).toEqual([{ from: 1, amount: 3 }]);
    expect(removeLastSeat(three)).toHaveLength(2);
  });
});

describe('saved table', () => {
  it('reads back what was saved', async () => {
    const { readTable } = await import('./seats');
    const players = [withDamage(newPlayer(1, 40), 1, 7), { ...newPlayer(2, 40), life: 12, poison: 3 }];
    expect(readTable(JSON.stringify({ startingLife: 30, players }))).toEqual({ startingLife: 30, players });
  });

  it('refuses or clamps what does not fit the live contract', async () => {
    const { readTable } = await import('./seats');
    expect(readTable(null)).toBeNull();
    expect(readTable('not json')).toBeNull();
    expect(readTable(JSON.stringify({ startingLife: 40, players: [] }))).toBeNull();
    expect(readTable(JSON.stringify({ startingLife: 40, players: [{ name: 1 }] }))).toBeNull();
    const tooMany = Array.from({ length: LIMITS.livePlayers.max + 1 }, (_, i) => newPlayer(i + 1, 40));
    expect(readTable(JSON.stringify({ startingLife: 40, players: tooMany }))).toBeNull();
    const wild = [
      { name: 'x'.repeat(500), life: 1e9, poison: -5, commanderDamage: [{ from: 9, amount: 3 }] },
    ];
    const read = readTable(JSON.stringify({ startingLife: 40, players: wild }));
    expect(read?.players[0]).toEqual({
      name: 'x'.repeat(LIMITS.livePlayerName.max),
      life: LIMITS.liveLife.max,
      poison: 0,
      commanderDamage: [],
    });
  });
});
