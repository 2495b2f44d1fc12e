import type { Deck } from '@companion/sdk/contract';
import { describe, expect, it } from 'vitest';
import { deckGroups, manaValueGroup, typeGroup } from './deck-groups';

type DeckCard = Deck['cards'][number];

const line = (name: string, board: DeckCard['board'], type_line: string | null, cmc = 0): DeckCard =>
  ({
    name,
    board,
    quantity: 1,
    card: type_line === null ? null : ({ id: name, name, type_line, cmc } as DeckCard['card']),
  }) as DeckCard;
const BOARDS = ['commander', 'companion', 'main', 'side', 'maybe'] as const;

describe('deck groups', () => {
  it('names the type group by the front face, a land first', () => {
    expect(typeGroup('Artifact Creature — Golem')).toBe('creature');
    expect(typeGroup('Land Creature — Forest Dryad')).toBe('land');
    expect(typeGroup('Legendary Planeswalker — Jace')).toBe('planeswalker');
    expect(typeGroup('Instant // Sorcery')).toBe('instant');
    expect(typeGroup('Kindred Tribal — Elf')).toBe('other');
    expect(typeGroup(null)).toBe('other');
  });

  it('puts lands apart by mana value, and 7 or more together', () => {
    expect(manaValueGroup({ cmc: 0, type_line: 'Basic Land — Island' })).toBe('land');
    expect(manaValueGroup({ cmc: 2.5, type_line: 'Creature' })).toBe('2');
    expect(manaValueGroup({ cmc: 9, type_line: 'Creature' })).toBe('7+');
    expect(manaValueGroup(null)).toBe('unknown');
  });

  it('splits only the main deck, commanders before it and the sideboard after it', () => {
    const cards = [
      line('Island', 'main', 'Basic Land — Island'),
      line('Bolt', 'main', 'Instant', 1),
      line('Atraxa', 'commander', 'Legendary Creature — Phyrexian Angel', 7),
      line('Giant', 'main', 'Creature — Giant', 8),
      line('Mystery', 'main', null),
      line('Negate', 'side', 'Instant', 2),
    ];
    expect(deckGroups(cards, BOARDS, 'board').map((g) => g.key)).toEqual([
      'board:commander',
      'board:main',
      'board:side',
    ]);
    expect(deckGroups(cards, BOARDS, 'type').map((g) => [g.key, g.lines.map((l) => l.name)])).toEqual([
      ['board:commander', ['Atraxa']],
      ['type:land', ['Island']],
      ['type:creature', ['Giant']],
      ['type:instant', ['Bolt']],
      ['type:other', ['Mystery']],
      ['board:side', ['Negate']],
    ]);
    expect(deckGroups(cards, BOARDS, 'mv').map((g) => g.key)).toEqual([
      'board:commander',
      'mv:1',
      'mv:7+',
      'mv:land',
      'mv:unknown',
      'board:side',
    ]);
  });

  it("groups the main deck by the player's categories, alphabetical, the lines in none last", () => {
    const categorized = (name: string, board: DeckCard['board'], category: string | null) => ({
      ...line(name, board, 'Creature'),
      category,
    });
    const groups = deckGroups(
      [
        categorized('Sol Ring', 'main', 'Ramp'),
        categorized('Counterspell', 'main', 'Interaction'),
        categorized('Grizzly Bears', 'main', null),
        categorized('Arcane Signet', 'main', 'Ramp'),
        categorized('Atraxa', 'commander', 'Ramp'),
        categorized('Duress', 'side', null),
      ],
      BOARDS,
      'category',
    );
    expect(groups.map((g) => [g.key, g.lines.map((l) => l.name)])).toEqual([
      ['board:commander', ['Atraxa']],
      ['category:Interaction', ['Counterspell']],
      ['category:Ramp', ['Sol Ring', 'Arcane Signet']],
      ['category:', ['Grizzly Bears']],
      ['board:side', ['Duress']],
    ]);
  });
});
