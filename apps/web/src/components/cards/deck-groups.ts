import type { BoardValue } from '@companion/sdk';
import type { Deck } from '@companion/sdk/contract';

type DeckCard = Deck['cards'][number];

/** How the deck page groups a deck's main cards. */
export type GroupBy = 'board' | 'type' | 'mv';
export const GROUP_BY: readonly GroupBy[] = ['board', 'type', 'mv'];

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

export interface DeckGroup {
  /** `board:<board>`, `type:<type>` or `mv:<value>`. */
  key: string;
  lines: DeckCard[];
}

/**
 * The deck's lines in sections: by board, or with the main deck split by card type or by mana
 * value (commanders and companions before it, sideboard and maybe-board after it, as boards).
 * Lines that did not resolve to a card go to "other" (type) or "unknown" (mana value).
 */
export function deckGroups(
  cards: readonly DeckCard[],
  boards: readonly BoardValue[],
  by: GroupBy,
): DeckGroup[] {
  const onBoard = (board: BoardValue) => cards.filter((c) => c.board === board);
  const boardGroup = (board: BoardValue): DeckGroup[] => {
    const lines = onBoard(board);
    return lines.length ? [{ key: `board:${board}`, lines }] : [];
  };
  if (by === 'board') return boards.flatMap(boardGroup);
  const main = onBoard('main');
  const split = new Map<string, DeckCard[]>();
  for (const line of main) {
    const key = by === 'type' ? typeGroup(line.card?.type_line) : manaValueGroup(line.card);
    split.set(key, [...(split.get(key) ?? []), line]);
  }
  const order: readonly string[] = by === 'type' ? TYPE_GROUPS : MV_ORDER;
  const middle = order.flatMap((k) => {
    const lines = split.get(k);
    return lines ? [{ key: `${by}:${k}`, lines }] : [];
  });
  return [
    ...boards.filter((b) => b === 'commander' || b === 'companion').flatMap(boardGroup),
    ...middle,
    ...boards.filter((b) => b === 'side' || b === 'maybe').flatMap(boardGroup),
  ];
}
