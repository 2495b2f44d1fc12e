import { RequestError } from '@companion/sdk';
import type { Deck } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import { conflictVersion, contentOf, deckContent, onNewCopy, rowsOf } from './deck-version';

const deck = (over: Partial<Deck> = {}): Deck =>
  ({
    id: 'd',
    name: 'Arbiter',
    formatId: 'commander',
    description: null,
    bracket: 2,
    version: 3,
    cards: [{ card: null, name: 'Island', quantity: 10, board: 'main' }],
    ...over,
  }) as Deck;

describe('deck editor and versions', () => {
  it('the form’s content matches the deck it started from until something is edited', () => {
    const base = deck();
    const form = { name: 'Arbiter', formatId: 'commander', description: '', rows: rowsOf(base) };
    expect(contentOf(form)).toBe(deckContent(base));
    expect(contentOf({ ...form, name: 'Other' })).not.toBe(deckContent(base));
    expect(contentOf({ ...form, rows: [{ ...form.rows[0]!, quantity: 9 }] })).not.toBe(deckContent(base));
  });

  it('a newer copy replaces an untouched form, lends its version to edits of the same content, else waits', () => {
    const base = deck();
    expect(onNewCopy(base, base, true)).toBe('same');
    expect(onNewCopy(base, deck({ version: 4, name: 'Renamed' }), false)).toBe('replace');
    // The bracket moved (the picker on the same page): the edits now start from version 4.
    expect(onNewCopy(base, deck({ version: 4, bracket: 3 }), true)).toBe('adopt');
    // The cards changed elsewhere: the edits stay on version 3 and a save answers 409.
    const elsewhere = deck({
      version: 4,
      cards: [{ card: null, name: 'Swamp', quantity: 10, board: 'main', category: null }],
    });
    expect(onNewCopy(base, elsewhere, true)).toBe('keep');
  });

  it('reads the current version from a 409 only', () => {
    const conflict = new RequestError({ status: 409, message: 'changed', details: { version: 7 } });
    expect(conflictVersion(conflict)).toBe(7);
    expect(conflictVersion(new RequestError({ status: 400, message: 'bad' }))).toBeNull();
    expect(conflictVersion(new Error('x'))).toBeNull();
    expect(conflictVersion(null)).toBeNull();
  });
});
