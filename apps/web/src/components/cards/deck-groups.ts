import type { BoardValue } from '@companion/sdk';
import type { Deck } from '@companion/sdk/contract';

type DeckCard = Deck['cards'][number];

/** How the deck page groups a deck's main cards. */
export type GroupBy = 'board' | 'type' | 'mv' | 'category';
export const GROUP_BY: readonly GroupBy[] = ['board', 'type', 'mv', 'category'];

/** Card types in the order the groups show, the first a card's type line names winning (Land first). */
export const TYPE_GROUPS = [
  'land',
  'creature',
  'planeswalker',
  'battle',
  'instant',
  'sorcery',
  'artifact',
  'enchantment',
  'other',
] as const;
export type TypeGroup = (typeof TYPE_GROUPS)[number];

/** The group of a card by type: its front face's type line (a Land creature is a land). */
export function typeGroup(typeLine: string | null | undefined): TypeGroup {
  const front = (typeLine ?? '').split('//')[0]?.toLowerCase() ?? '';
  return TYPE_GROUPS.find((g) => g !== 'other' && front.includes(g)) ?? 'other';
}

/** The group of a card by mana value: lands apart, then 0 … 6 and 7 or more. */
export function manaValueGroup(card: { cmc: number; type_line: string | null } | null): string {
  if (!card) return 'unknown';
  if (typeGroup(card.type_line) === 'land') return 'land';
  return card.cmc >= 7 ? '7+' : String(Math.max(0, Math.floor(card.cmc)));
}
const MV_ORDER = ['0', '1', '2', '3', '4', '5', '6', '7+', 'land', 'unknown'];

/** A section of the deck list: its lines, and what they share (a board, a card type, a mana value). */
export type DeckGroup = {
  /** `board:<board>`, `type:<type>` or `mv:<value>`: unique in the list. */
  key: string;
  lines: DeckCard[];
} & (
  | { kind: 'board'; board: BoardValue }
  | { kind: 'type'; type: TypeGroup }
  /** A mana value 0 … 6 or `7+`, `land`, or `unknown` for lines without a card. */
  | { kind: 'mv'; mv: string }
  /** One of the player's categories, or null for the lines in none. */
  | { kind: 'category'; category: string | null }
);

/**
 * The deck's lines in sections: by board, or with the main deck split by card type, by mana value
 * or by the player's categories (alphabetical, the lines in none last), commanders and companions
 * before it, sideboard and maybe-board after it, as boards.
 * Lines that did not resolve to a card go to "other" (type) or "unknown" (mana value).
 */
export function deckGroups(
  cards: readonly DeckCard[],
  boards: readonly BoardValue[],
  by: GroupBy,
): DeckGroup[] {
  const boardGroup = (board: BoardValue): DeckGroup[] => {
    const lines = cards.filter((c) => c.board === board);
    return lines.length ? [{ key: `board:${board}`, kind: 'board', board, lines }] : [];
  };
  if (by === 'board') return boards.flatMap(boardGroup);
  if (by === 'category') {
    const byCategory = new Map<string | null, DeckCard[]>();
    for (const line of cards) {
      if (line.board !== 'main') continue;
      const lines = byCategory.get(line.category ?? null);
      if (lines) lines.push(line);
      else byCategory.set(line.category ?? null, [line]);
    }
    const names = [...byCategory.keys()]
      .filter((c): c is string => c !== null)
      .sort((a, b) => a.localeCompare(b));
    const middle: DeckGroup[] = [...names, ...(byCategory.has(null) ? [null] : [])].map((category) => ({
      key: `category:${category ?? ''}`,
      kind: 'category',
      category,
      lines: byCategory.get(category) ?? [],
    }));
    return [
      ...boards.filter((b) => b === 'commander' || b === 'companion').flatMap(boardGroup),
      ...middle,
      ...boards.filter((b) => b === 'side' || b === 'maybe').flatMap(boardGroup),
    ];
  }
  const split = new Map<string, DeckCard[]>();
  for (const line of cards) {
    if (line.board !== 'main') continue;
    const key = by === 'type' ? typeGroup(line.card?.type_line) : manaValueGroup(line.card);
    const lines = split.get(key);
    if (lines) lines.push(line);
    else split.set(key, [line]);
  }
  const middle: DeckGroup[] =
    by === 'type'
      ? TYPE_GROUPS.flatMap((type) => {
          const lines = split.get(type);
          return lines ? [{ key: `type:${type}`, kind: 'type' as const, type, lines }] : [];
        })
      : MV_ORDER.flatMap((mv) => {
          const lines = split.get(mv);
          return lines ? [{ key: `mv:${mv}`, kind: 'mv' as const, mv, lines }] : [];
        });
  return [
    ...boards.filter((b) => b === 'commander' || b === 'companion').flatMap(boardGroup),
    ...middle,
    ...boards.filter((b) => b === 'side' || b === 'maybe').flatMap(boardGroup),
  ];
}
