import { describe, expect, it } from 'vitest';
import { playerName } from './names';

const user = { id: 'u1', username: 'alice', firstname: 'Alice', lastname: null, picture: null };

describe('playerName', () => {
  it('names an account, a guest, and a player whose account was deleted', () => {
    expect(playerName({ user, guestName: null }, 'Deleted player')).toBe('alice');
    expect(playerName({ user: null, guestName: 'Cousin' }, 'Deleted player')).toBe('Cousin');
    expect(playerName({ user: null, guestName: null }, 'Deleted player')).toBe('Deleted player');
  });
});
