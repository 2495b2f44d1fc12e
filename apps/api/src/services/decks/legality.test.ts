import type { BoardValue, DeckLegality } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import { catalogue, HAS_DATA } from '../../../test/support/legality-cards.js';
import { checkLegality, type LegalityCard, type LegalityFormat, type LegalityLine } from './legality.js';

type Spec = Partial<Record<BoardValue, Record<string, number>>>;
/** Deck lines from card names (a name the catalogue lacks stays unresolved, as in a stored deck). */
function lines(spec: Spec): LegalityLine[] {
  return Object.entries(spec).flatMap(([board, cards]) =>
    Object.entries(cards ?? {}).map(([name, quantity]) => ({
      board: board as BoardValue,
      quantity,
      name,
      card: catalogue.get(name) ?? null,
    })),
  );
}
/** A spec with some cards added (or their counts changed; 0 removes). */
function edit(spec: Spec, board: BoardValue, changes: Record<string, number>): Spec {
  const next = { ...spec, [board]: { ...spec[board], ...changes } };
  for (const [name, n] of Object.entries(changes)) if (n === 0) delete next[board]?.[name];
  return next;
}
const check = (format: LegalityFormat, spec: Spec) => checkLegality(format, lines(spec));
/** Problems as [rule, card names] pairs. */
const found = (result: DeckLegality) =>
  result.problems.map((p): [string, string[]] => [p.rule, p.cards.map((c) => c.name)]);
const idOf = (name: string) => catalogue.get(name)?.id;

const COMMANDER: LegalityFormat = { id: 'commander', legalityKey: 'commander', commander: true };
const DUEL: LegalityFormat = { id: 'duel-commander', legalityKey: 'duel', commander: true };
const LEGACY: LegalityFormat = { id: 'legacy', legalityKey: 'legacy', commander: false };
const VINTAGE: LegalityFormat = { id: 'vintage', legalityKey: 'vintage', commander: false };
const PAUPER: LegalityFormat = { id: 'pauper', legalityKey: 'pauper', commander: false };
const BRAWL: LegalityFormat = { id: 'brawl', legalityKey: 'brawl', commander: true };
const OATHBREAKER: LegalityFormat = { id: 'oathbreaker', legalityKey: 'oathbreaker', commander: true };
const LIMITED: LegalityFormat = { id: 'limited', legalityKey: null, commander: false };
const CASUAL: LegalityFormat = { id: 'casual', legalityKey: null, commander: false };

describe.skipIf(!HAS_DATA)('deck legality', () => {
  it('reads the cards it needs from the shared data', () => {
    for (const name of [
      'Khorvath Brightflame',
      'Kaheera, the Orphanguard',
      'Relentless Rats',
      'Mountain',
      'Cancel',
    ])
      expect(catalogue.get(name), name).toBeDefined();
  });

  describe('Commander family', () => {
    const RW_SPELLS = {
      Shock: 1,
      'Kor Outfitter': 1,
      Charge: 1,
      'Second Breakfast': 1,
      'Rogue Kavu': 1,
      'Destructive Tampering': 1,
      'Crossbow Infantry': 1,
      'Return to Dust': 1,
      'Ball Lightning': 1,
      Disenchant: 1,
      'Command Tower': 1,
    };
    // Khorvath and Sylvia: a "partner with" pair; 2 + 11 + 44 + 43 = 100.
    const legal: Spec = {
      commander: { 'Khorvath Brightflame': 1, 'Sylvia Brightspear': 1 },
      main: { ...RW_SPELLS, Mountain: 44, Plains: 43 },
    };

    it('accepts a 100-card singleton deck led by a "partner with" pair', () => {
      expect(check(COMMANDER, legal)).toEqual({ legal: true, problems: [] });
    });

    it('accepts two commanders with partner, and a planeswalker that can be your commander', () => {
      const partners = { ...legal, commander: { 'Akiri, Line-Slinger': 1, 'Bruse Tarl, Boorish Herder': 1 } };
      expect(found(check(COMMANDER, partners))).toEqual([]);
      // Ob Nixilis "can be your commander"; any number of Relentless Rats and Shadowborn Apostle.
      const rats: Spec = {
        commander: { 'Ob Nixilis of the Black Oath': 1 },
        main: { 'Relentless Rats': 40, 'Shadowborn Apostle': 20, Swamp: 39 },
      };
      expect(found(check(COMMANDER, rats))).toEqual([]);
    });

    it('names a banned card, a second copy, a card outside the colour identity', () => {
      const result = check(COMMANDER, edit(legal, 'main', { Balance: 1, Shock: 2, Island: 1, Plains: 40 }));
      expect(result.legal).toBe(false);
      expect(found(result)).toEqual([
        ['copies', ['Shock']],
        ['banned', ['Balance']],
        ['color-identity', ['Island']],
      ]);
      expect(result.problems[1]?.cards[0]?.cardId).toBe(idOf('Balance'));
      expect(result.problems[2]?.message).toMatch(
        /Island \(U\) is outside the commanders' colour identity \(WR\)\./,
      );
      // Each problem also carries its reason and values, for screens that word it in French.
      expect(result.problems.map((p) => [p.reason, p.values])).toEqual([
        ['copies', { name: 'Shock', count: 2, limit: 1 }],
        ['banned', { name: 'Balance' }],
        ['color-identity', { name: 'Island', colors: 'U', identity: 'WR', title: 'commander' }],
      ]);
    });

    it('counts the deck to exactly 100, commanders included, and reports unknown cards', () => {
      const result = check(COMMANDER, edit(legal, 'main', { Plains: 42, 'Lightning Bolt of Nowhere': 2 }));
      expect(found(result)).toEqual([
        ['unresolved', ['Lightning Bolt of Nowhere']],
        ['deck-size', []],
      ]);
      expect(result.problems[0]?.cards[0]?.cardId).toBeNull();
      expect(result.problems[1]?.message).toMatch(/101 cards, commanders included; it needs exactly 100/);
      expect(found(check(COMMANDER, edit(legal, 'main', { Plains: 42 })))).toEqual([['deck-size', []]]);
    });

    it('names commanders that are not eligible or may not pair', () => {
      // Not legendary, though they partner with each other.
      const blaring = check(COMMANDER, {
        ...legal,
        commander: { 'Blaring Captain': 1, 'Blaring Recruiter': 1 },
      });
      expect(found(blaring).filter(([rule]) => rule.startsWith('commander'))).toEqual([
        ['commander-eligible', ['Blaring Captain']],
        ['commander-eligible', ['Blaring Recruiter']],
      ]);
      // Two legendary creatures, only one with partner.
      const pair = check(COMMANDER, {
        ...legal,
        commander: { 'Akiri, Line-Slinger': 1, 'Iona, Shield of Emeria': 1 },
      });
      expect(found(pair)).toEqual([['commander-pair', ['Akiri, Line-Slinger', 'Iona, Shield of Emeria']]]);
      // "Partner with" names one partner only.
      const wrongPartner = check(COMMANDER, {
        ...legal,
        commander: { 'Khorvath Brightflame': 1, 'Proud Mentor': 1 },
      });
      expect(found(wrongPartner)).toContainEqual([
        'commander-pair',
        ['Khorvath Brightflame', 'Proud Mentor'],
      ]);
      // A Background needs a commander that says "Choose a Background".
      const background = check(COMMANDER, {
        ...legal,
        commander: { 'Dragon Cultist': 1, 'Sylvia Brightspear': 1 },
      });
      expect(found(background).slice(0, 1)).toEqual([['commander-eligible', ['Dragon Cultist']]]);
      expect(background.problems[0]?.message).toMatch(/Choose a Background/);
      // Three partners, and no commander at all.
      const three = check(COMMANDER, {
        main: { ...RW_SPELLS, Mountain: 43, Plains: 43 },
        commander: {
          'Akiri, Line-Slinger': 1,
          'Bruse Tarl, Boorish Herder': 1,
          'Ishai, Ojutai Dragonspeaker': 1,
        },
      });
      expect(found(three).map(([rule]) => rule)).toContain('commander-count');
      expect(found(check(COMMANDER, { main: { ...RW_SPELLS, Mountain: 45, Plains: 44 } }))).toEqual([
        ['commander-count', []],
      ]);
      // Banned in Commander, and not legendary either.
      expect(found(check(COMMANDER, { commander: { 'Primeval Titan': 1 }, main: { Forest: 99 } }))).toEqual([
        ['banned', ['Primeval Titan']],
        ['commander-eligible', ['Primeval Titan']],
      ]);
    });

    it('Duel Commander: a restricted card may not lead the deck', () => {
      const duel = check(DUEL, {
        ...legal,
        commander: { 'Akiri, Line-Slinger': 1, 'Bruse Tarl, Boorish Herder': 1 },
      });
      expect(found(duel)).toEqual([['restricted', ['Bruse Tarl, Boorish Herder']]]);
      expect(found(check(DUEL, legal))).toEqual([]);
    });

    it("checks the companion's colour identity and condition, the commanders included", () => {
      // Sidar Kondo (a Human Knight, and a partner) breaks Kaheera's condition.
      const deck: Spec = {
        commander: { 'Sidar Kondo of Jamuraa': 1 },
        companion: { 'Kaheera, the Orphanguard': 1 },
        main: { Rhox: 1, 'Leonin Abunas': 1, Forest: 49, Plains: 48 },
      };
      expect(found(check(COMMANDER, deck))).toEqual([
        ['companion', ['Kaheera, the Orphanguard', 'Sidar Kondo of Jamuraa']],
      ]);
      // Ball Lightning is an Elemental: it meets the condition.
      const red = check(COMMANDER, { ...legal, companion: { 'Kaheera, the Orphanguard': 1 } });
      expect(found(red)).toEqual([
        ['color-identity', ['Kaheera, the Orphanguard']],
        [
          'companion',
          [
            'Kaheera, the Orphanguard',
            'Khorvath Brightflame',
            'Sylvia Brightspear',
            'Kor Outfitter',
            'Rogue Kavu',
            'Crossbow Infantry',
          ],
        ],
      ]);
    });
  });

  describe('60-card constructed (Legacy)', () => {
    // 6 × 4 + 18 + 18 = 60; a sideboard of 11.
    const legal: Spec = {
      main: {
        Shock: 4,
        'Kor Outfitter': 4,
        Charge: 4,
        'Second Breakfast': 4,
        'Rogue Kavu': 4,
        'Crossbow Infantry': 4,
        Mountain: 18,
        'Snow-Covered Mountain': 10,
        Plains: 8,
      },
      side: { Disenchant: 4, 'Return to Dust': 4, 'Destructive Tampering': 3 },
    };

    it('accepts 60 cards, four of each, basics (snow ones too) unlimited, 11 in the sideboard', () => {
      expect(check(LEGACY, legal)).toEqual({ legal: true, problems: [] });
    });

    it('names a fifth copy (main and sideboard together), a banned card and a card not in the format', () => {
      const result = check(
        LEGACY,
        edit(edit(legal, 'main', { Mountain: 16, 'Mystical Tutor': 1, 'Goblin Bowling Team': 1 }), 'side', {
          Disenchant: 3,
          Shock: 1,
        }),
      );
      expect(found(result)).toEqual([
        ['copies', ['Shock']],
        ['banned', ['Mystical Tutor']],
        ['not-legal', ['Goblin Bowling Team']],
      ]);
      expect(result.problems[0]?.message).toBe('5 copies of Shock; at most 4 are allowed.');
    });

    it('counts at least 60 cards and at most 15 in the sideboard, companion included', () => {
      expect(found(check(LEGACY, edit(legal, 'main', { Mountain: 17 })))).toEqual([['deck-size', []]]);
      const side = check(LEGACY, edit(legal, 'side', { Disenchant: 4, Mulch: 1, 'Rat Colony': 4 }));
      expect(found(side)).toEqual([['sideboard-size', []]]);
      expect(side.problems[0]?.message).toMatch(/16 cards; at most 15/);
      const companion = check(LEGACY, {
        ...edit(legal, 'side', { 'Rat Colony': 4 }),
        companion: { 'Kaheera, the Orphanguard': 1 },
      });
      expect(found(companion).map(([rule]) => rule)).toEqual(['sideboard-size', 'companion']);
    });

    it('lets the card decide: any number of Rats, up to seven Seven Dwarves', () => {
      expect(found(check(LEGACY, { main: { 'Relentless Rats': 30, 'Rat Colony': 20, Swamp: 10 } }))).toEqual(
        [],
      );
      const dwarves = (n: number) =>
        found(check(LEGACY, { main: { 'Seven Dwarves': n, Mountain: 60 - n } })).filter(
          ([rule]) => rule === 'copies',
        );
      expect(dwarves(7)).toEqual([]);
      expect(dwarves(8)).toEqual([['copies', ['Seven Dwarves']]]);
    });

    it("checks Kaheera's condition on every creature of the starting deck", () => {
      const beasts: Spec = {
        main: {
          Rhox: 4,
          'Air Elemental': 4,
          'Leonin Abunas': 4,
          'Nyxbloom Ancient': 4,
          Forest: 22,
          Plains: 22,
        },
        companion: { 'Kaheera, the Orphanguard': 1 },
      };
      expect(found(check(LEGACY, beasts))).toEqual([]);
      const result = check(LEGACY, edit(beasts, 'main', { Forest: 18, 'Kor Outfitter': 4 }));
      expect(found(result)).toEqual([['companion', ['Kaheera, the Orphanguard', 'Kor Outfitter']]]);
      expect(result.problems[0]?.message).toBe(
        "Kor Outfitter breaks Kaheera, the Orphanguard's companion condition.",
      );
      // Two companions, and a card without the ability.
      const two = check(LEGACY, {
        ...beasts,
        companion: { 'Kaheera, the Orphanguard': 1, 'Essence Warden': 1 },
      });
      expect(found(two)).toEqual([
        ['companion', ['Kaheera, the Orphanguard', 'Essence Warden']],
        ['companion', ['Essence Warden']],
      ]);
    });
  });

  describe('Vintage', () => {
    const legal: Spec = {
      main: { 'Mystical Tutor': 1, 'Mox Jet': 1, Balance: 1, Flash: 1, 'Dark Ritual': 4, Swamp: 52 },
      side: { 'Karn, the Great Creator': 1 },
    };
    it('accepts one copy of each restricted card', () => {
      expect(check(VINTAGE, legal)).toEqual({ legal: true, problems: [] });
    });
    it('names a second copy of a restricted card (sideboard included), a banned card and one not in the format', () => {
      const result = check(
        VINTAGE,
        edit(
          edit(legal, 'main', { 'Mystical Tutor': 2, Shahrazad: 1, Swamp: 49, 'Goblin Bowling Team': 1 }),
          'side',
          {
            'Mox Jet': 1,
          },
        ),
      );
      expect(found(result)).toEqual([
        ['restricted', ['Mystical Tutor']],
        ['restricted', ['Mox Jet']],
        ['banned', ['Shahrazad']],
        ['not-legal', ['Goblin Bowling Team']],
      ]);
      expect(result.problems[0]?.message).toBe('Mystical Tutor is restricted: at most one copy is allowed.');
    });
  });

  describe('Pauper', () => {
    const legal: Spec = {
      main: {
        Shock: 4,
        'Kor Outfitter': 4,
        Charge: 4,
        'Second Breakfast': 4,
        'Rogue Kavu': 4,
        'Crossbow Infantry': 4,
        Mountain: 18,
        Plains: 18,
      },
      side: { Disenchant: 4, 'Destructive Tampering': 4 },
    };
    it('accepts 60 commons', () => {
      expect(check(PAUPER, legal)).toEqual({ legal: true, problems: [] });
    });
    it('names a rare, a fifth copy, a short deck and a long sideboard', () => {
      const result = check(
        PAUPER,
        edit(edit(legal, 'main', { 'Birds of Paradise': 1, Charge: 5, Mountain: 15 }), 'side', {
          Afflict: 4,
          "Altar's Reap": 4,
        }),
      );
      expect(found(result)).toEqual([
        ['deck-size', []],
        ['sideboard-size', []],
        ['copies', ['Charge']],
        ['not-legal', ['Birds of Paradise']],
      ]);
      expect(result.problems[3]?.message).toBe('Birds of Paradise is not legal in this format.');
    });
  });

  describe('Brawl (Scryfall `brawl`: 100 cards)', () => {
    const SPELLS = {
      Mulch: 1,
      'War Historian': 1,
      'Nyxbloom Ancient': 1,
      'Boseiju, Who Endures': 1,
      'Wolfwillow Haven': 1,
      "Innkeeper's Talent": 1,
      'Doubling Season': 1,
      'Bloom Tender': 1,
      'Ball Lightning': 1,
      'Case of the Crimson Pulse': 1,
    };
    const legal: Spec = {
      commander: { 'Klothys, God of Destiny': 1 },
      main: { ...SPELLS, Forest: 45, Mountain: 44 },
    };
    it('accepts a 100-card deck; a legendary planeswalker may lead it', () => {
      expect(check(BRAWL, legal)).toEqual({ legal: true, problems: [] });
      const ajani = check(BRAWL, {
        commander: { 'Ajani, the Greathearted': 1 },
        main: { ...SPELLS, Forest: 45, Plains: 44 },
      });
      expect(found(ajani)).toEqual([
        ['color-identity', ['Ball Lightning']],
        ['color-identity', ['Case of the Crimson Pulse']],
      ]);
      // Not in Commander: a planeswalker without "can be your commander" may not lead there.
      const commander = check(COMMANDER, {
        commander: { 'Ajani, the Greathearted': 1 },
        main: { Forest: 50, Plains: 49 },
      });
      expect(found(commander)).toEqual([['commander-eligible', ['Ajani, the Greathearted']]]);
    });
    it('names a card not in Brawl, a second copy, a card outside the identity, an ineligible commander', () => {
      const result = check(BRAWL, {
        commander: { 'Serra Angel': 1 },
        main: { ...SPELLS, Mulch: 2, 'Birds of Paradise': 1, 'Air Elemental': 1, Forest: 43, Mountain: 43 },
      });
      expect(found(result)).toEqual([
        ['copies', ['Mulch']],
        ['not-legal', ['Birds of Paradise']],
        ['commander-eligible', ['Serra Angel']],
        ...[
          'Mulch',
          'War Historian',
          'Nyxbloom Ancient',
          'Boseiju, Who Endures',
          'Wolfwillow Haven',
          "Innkeeper's Talent",
          'Doubling Season',
          'Bloom Tender',
          'Ball Lightning',
          'Case of the Crimson Pulse',
          'Birds of Paradise',
          'Air Elemental',
          'Forest',
          'Mountain',
        ].map((n) => ['color-identity', [n]]),
      ]);
    });
    it('needs 100 cards, and 60 under Standard Brawl', () => {
      const sixty: Spec = {
        commander: { 'Klothys, God of Destiny': 1 },
        main: { ...SPELLS, Forest: 25, Mountain: 24 },
      };
      expect(found(check(BRAWL, sixty))).toEqual([['deck-size', []]]);
      const standardBrawl = check({ id: 'brawl', legalityKey: 'standardbrawl', commander: true }, sixty);
      expect(found(standardBrawl).filter(([rule]) => rule === 'deck-size')).toEqual([]);
    });
  });

  describe('Oathbreaker', () => {
    const legal: Spec = {
      commander: { 'Narset, Parter of Veils': 1, Cancel: 1 },
      main: {
        'Siren Lookout': 1,
        'Mystic Skyfish': 1,
        'Essence Scatter': 1,
        'Run Away Together': 1,
        Remand: 1,
        'Coral Eel': 1,
        'Air Elemental': 1,
        'Invisible Stalker': 1,
        Island: 50,
      },
    };
    it('accepts 60 cards with the oathbreaker and its signature spell', () => {
      expect(check(OATHBREAKER, legal)).toEqual({ legal: true, problems: [] });
    });
    it('names a banned card, a missing signature spell, a card outside the identity, an ineligible oathbreaker', () => {
      expect(found(check(OATHBREAKER, edit(legal, 'main', { Island: 49, 'Dark Ritual': 1 })))).toEqual([
        ['banned', ['Dark Ritual']],
        ['color-identity', ['Dark Ritual']],
      ]);
      expect(
        found(
          check(OATHBREAKER, {
            ...edit(legal, 'main', { Island: 51 }),
            commander: { 'Narset, Parter of Veils': 1 },
          }),
        ),
      ).toEqual([['signature-spell', []]]);
      expect(found(check(OATHBREAKER, edit(legal, 'main', { Island: 49, Shock: 1 })))).toEqual([
        ['color-identity', ['Shock']],
      ]);
      expect(
        found(check(OATHBREAKER, { ...legal, commander: { 'Odric, Master Tactician': 1, Cancel: 1 } })),
      ).toEqual([['commander-eligible', ['Odric, Master Tactician']]]);
      expect(found(check(OATHBREAKER, edit(legal, 'main', { Island: 60 })))).toEqual([['deck-size', []]]);
    });
  });

  describe('Limited and Casual', () => {
    it('Limited only counts 40 cards', () => {
      expect(check(LIMITED, { main: { Shock: 23, Mountain: 17 } })).toEqual({ legal: true, problems: [] });
      const short = check(LIMITED, { main: { Shock: 22, Mountain: 17 } });
      expect(found(short)).toEqual([['deck-size', []]]);
      expect(short.problems[0]?.message).toBe('The deck has 39 cards; Limited decks need at least 40.');
      // Banned cards, copies or a sideboard do not matter to a drafted deck.
      expect(check(LIMITED, { main: { Balance: 10, Mountain: 30 }, side: { Shock: 40 } }).legal).toBe(true);
    });
    it('Casual checks nothing', () => {
      expect(check(CASUAL, { main: { Balance: 10 } })).toEqual({ legal: true, problems: [] });
    });
  });

  describe('the other companions (their Scryfall oracle text; the cards are not in the shared data)', () => {
    const REMINDER =
      ' (If this card is your chosen companion, you may put it into your hand from outside the game for {3} as a sorcery.)';
    /** A companion with its condition only; no legality, so only the condition is judged. */
    const companion = (name: string, condition: string): LegalityCard => ({
      id: name,
      name,
      typeLine: 'Legendary Creature',
      oracleText: `Companion — ${condition}${REMINDER}`,
      manaCost: null,
      cmc: 0,
      colorIdentity: [],
      keywords: ['Companion'],
      legalities: {},
      cardFaces: null,
    });
    const judge = (c: LegalityCard, main: Record<string, number>) =>
      found(
        checkLegality(LEGACY, [
          ...lines({ main }),
          { board: 'companion', quantity: 1, name: c.name, card: c },
        ]),
      );
    const cases: Array<[string, string, Record<string, number>, Record<string, number>, string[] | 'unmet']> =
      [
        [
          'Lurrus of the Dream-Den',
          'Each permanent card in your starting deck has mana value 2 or less.',
          { 'Kor Outfitter': 4, Cancel: 4, Mountain: 52 },
          { 'Serra Angel': 1, 'Kor Outfitter': 4, Mountain: 55 },
          ['Serra Angel'],
        ],
        [
          'Yorion, Sky Nomad',
          'Your starting deck contains at least twenty cards more than the minimum deck size.',
          { Shock: 4, Mountain: 76 },
          { Shock: 4, Mountain: 75 },
          'unmet',
        ],
        [
          'Jegantha, the Wellspring',
          'No card in your starting deck has more than one of the same mana symbol in its mana cost.',
          { Shock: 4, Mountain: 56 },
          { Shock: 4, 'Kor Outfitter': 1, Mountain: 55 },
          ['Kor Outfitter'],
        ],
        [
          'Lutri, the Spellchaser',
          'Each nonland card in your starting deck has a different name.',
          { Shock: 1, Charge: 1, Mountain: 58 },
          { Shock: 2, Charge: 1, Mountain: 57 },
          ['Shock'],
        ],
        [
          'Obosh, the Preypiercer',
          'Your starting deck contains only cards with odd mana values and land cards.',
          { Shock: 4, 'Ball Lightning': 4, Mountain: 52 },
          { Shock: 4, 'Kor Outfitter': 4, Mountain: 52 },
          ['Kor Outfitter'],
        ],
        [
          'Umori, the Collector',
          'Each nonland card in your starting deck shares a card type.',
          { Shock: 4, Charge: 4, Mountain: 52 },
          { Shock: 4, Charge: 4, 'Rogue Kavu': 1, Mountain: 51 },
          ['Rogue Kavu'],
        ],
        [
          'Zirda, the Dawnwaker',
          'Each permanent card in your starting deck has an activated ability.',
          { 'Crossbow Infantry': 4, Shock: 4, Mountain: 52 },
          { 'Crossbow Infantry': 4, 'Rogue Kavu': 4, Mountain: 52 },
          ['Rogue Kavu'],
        ],
        [
          'Gyruda, Doom of Depths',
          'Your starting deck contains only cards with even mana values.',
          { 'Kor Outfitter': 4, Mountain: 56 },
          { 'Kor Outfitter': 4, Shock: 1, Mountain: 55 },
          ['Shock'],
        ],
        [
          'Keruga, the Macrosage',
          'Your starting deck contains only cards with mana value 3 or greater and land cards.',
          { 'Ball Lightning': 4, Mountain: 56 },
          { 'Ball Lightning': 4, Shock: 1, Mountain: 55 },
          ['Shock'],
        ],
      ];
    it.each(cases)('%s', (name, condition, meets, breaks, offenders) => {
      const c = companion(name, condition);
      expect(judge(c, meets)).toEqual([]);
      expect(judge(c, breaks)).toEqual([
        ['companion', offenders === 'unmet' ? [name] : [name, ...offenders]],
      ]);
    });
  });
});
