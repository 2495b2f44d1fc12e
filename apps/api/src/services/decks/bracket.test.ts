import { describe, expect, it } from 'vitest';
import { checkBracket, gameChangerLimit, minimumBracket } from './bracket.js';

const gc = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id${i}`, name: `Card ${i}` }));

describe('brackets and Game Changers', () => {
  it('limits per bracket', () => {
    expect([1, 2, 3, 4, 5, null].map(gameChangerLimit)).toEqual([0, 0, 3, null, null, null]);
  });
  it('minimum bracket from the count', () => {
    expect([0, 1, 3, 4, 10].map(minimumBracket)).toEqual([1, 3, 3, 4, 4]);
  });
  it('names the offending cards', () => {
    expect(checkBracket(2, gc(1))).toMatchObject({
      ok: false,
      limit: 0,
      minimumBracket: 3,
      gameChangers: [{ name: 'Card 0' }],
    });
    expect(checkBracket(3, gc(3)).ok).toBe(true);
    expect(checkBracket(3, gc(4))).toMatchObject({ ok: false, minimumBracket: 4 });
    expect(checkBracket(4, gc(12)).ok).toBe(true);
    expect(checkBracket(1, []).ok).toBe(true);
    expect(checkBracket(null, gc(5))).toMatchObject({ ok: true, limit: null });
    // the same card twice counts once
    expect(checkBracket(3, [...gc(3), { id: 'other printing', name: 'Card 0' }]).gameChangers).toHaveLength(
      3,
    );
  });
});

/** Real oracle texts (Scryfall). */
const TEXT: Record<string, string> = {
  'Demonic Tutor': 'Search your library for a card, put that card into your hand, then shuffle.',
  'Vampiric Tutor': 'Search your library for a card, then shuffle and put that card on top. You lose 2 life.',
  'Enlightened Tutor':
    'Search your library for an artifact or enchantment card, reveal it, then shuffle and put that card on top.',
  'Worldly Tutor':
    'Search your library for a creature card, reveal it, then shuffle and put the card on top.',
  Cultivate:
    'Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the other into your hand, then shuffle.',
  'Rampant Growth':
    'Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.',
  'Relentless Rats': 'A deck can have any number of cards named Relentless Rats.',
  'Time Warp': 'Target player takes an extra turn after this one.',
  'Temporal Manipulation': 'Take an extra turn after this one.',
  'Time Walk': 'Take an extra turn after this one.',
  Stranglehold:
    "Your opponents can't search libraries.\nIf an opponent would begin an extra turn, that player skips that turn instead.",
  Armageddon: 'Destroy all lands.',
};
const card = (name: string, texts = [TEXT[name] ?? '']) => ({ id: `id-${name}`, name, texts });

describe('bracket estimate', () => {
  it('is 1 with no reason for a deck that shows no signal, and fits any chosen bracket', () => {
    const check = checkBracket(2, [], [card('Cultivate'), card('Rampant Growth'), card('Stranglehold')]);
    expect(check).toMatchObject({ estimate: 1, reasons: [], fits: true });
  });

  it('counts tutors (not land searches, not cards by name): more than three need bracket 3', () => {
    const three = ['Demonic Tutor', 'Vampiric Tutor', 'Enlightened Tutor'].map((n) => card(n));
    expect(checkBracket(2, [], [...three, card('Cultivate'), card('Relentless Rats')]).reasons).toEqual([]);
    const four = checkBracket(2, [], [...three, card('Worldly Tutor'), card('Cultivate')]);
    expect(four.estimate).toBe(3);
    expect(four.fits).toBe(false);
    expect(four.reasons).toEqual([
      {
        signal: 'tutors',
        minimumBracket: 3,
        cards: ['Demonic Tutor', 'Enlightened Tutor', 'Vampiric Tutor', 'Worldly Tutor'].map((n) => ({
          id: `id-${n}`,
          name: n,
        })),
      },
    ]);
  });

  it('allows two extra-turn cards; a third (enough to chain) needs bracket 4', () => {
    const two = [card('Time Warp'), card('Temporal Manipulation'), card('Stranglehold')];
    expect(checkBracket(3, [], two).reasons).toEqual([]);
    const three = checkBracket(3, [], [...two, card('Time Walk')]);
    expect(three).toMatchObject({ estimate: 4, fits: false });
    expect(three.reasons[0]?.cards.map((c) => c.name)).toEqual([
      'Temporal Manipulation',
      'Time Walk',
      'Time Warp',
    ]);
  });

  it('needs bracket 4 for mass land denial and for early two-card combos, 3 for late ones', () => {
    expect(checkBracket(3, [], [card('Armageddon')])).toMatchObject({
      estimate: 4,
      fits: false,
      reasons: [{ signal: 'mass-land-denial', minimumBracket: 4, cards: [{ name: 'Armageddon' }] }],
    });
    const late = checkBracket(3, [], [card('Kiki-Jiki, Mirror Breaker'), card('Zealous Conscripts')]);
    expect(late).toMatchObject({
      estimate: 3,
      fits: true,
      reasons: [{ signal: 'two-card-combo', minimumBracket: 3 }],
    });
    expect(checkBracket(2, [], [card('Kiki-Jiki, Mirror Breaker')]).reasons).toEqual([]);
    const early = checkBracket(5, [], [card("Thassa's Oracle"), card('Demonic Consultation')]);
    expect(early).toMatchObject({ estimate: 4, fits: true });
    expect(early.reasons[0]?.cards.map((c) => c.name)).toEqual(["Thassa's Oracle", 'Demonic Consultation']);
  });

  it('takes the highest of its reasons, Game Changers included, and fits when no bracket is chosen', () => {
    const check = checkBracket(null, gc(2), [
      card('Demonic Tutor'),
      card('Kiki-Jiki, Mirror Breaker'),
      card('Pestermite'),
    ]);
    expect(check.estimate).toBe(3);
    expect(check.reasons.map((r) => r.signal)).toEqual(['game-changers', 'two-card-combo']);
    expect(check.fits).toBe(true);
    expect(checkBracket(3, gc(4)).estimate).toBe(4);
  });

  it('reads long texts clause by clause, once', () => {
    // Every clause names a land, and no period ends them: each is read once.
    const hostile = 'search your library for a land '.repeat(20_000);
    // The fastest of up to three runs, so a busy machine does not fail it; a quadratic read takes
    // minutes on every run.
    let fastest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3 && fastest >= 1000; run++) {
      const started = performance.now();
      checkBracket(2, [], [card('X', [hostile, 'take an extra turn'.repeat(20_000)])]);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(1000);
  });
});
