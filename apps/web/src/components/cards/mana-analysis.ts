/**
 * Coloured pips against mana sources, and the land count against the usual count for the deck's
 * size: what a player checks before sleeving a deck. Pure; the deck page draws it.
 */
import { COLORS, type ColorValue } from '@companion/sdk';

/** The five colours a pip or a land can be (the contract's colours, in their order). */
export const PIP_COLORS = COLORS;
export type PipColor = ColorValue;

export interface ManaCard {
  quantity: number;
  board: string;
  card: {
    type_line: string | null;
    mana_cost?: string | null;
    oracle_text?: string | null;
    color_identity?: readonly string[];
    card_faces?: ReadonlyArray<{ mana_cost?: string | null; oracle_text?: string | null }> | null;
  } | null;
}

const BASIC_TYPES: Record<string, PipColor> = {
  plains: 'W',
  island: 'U',
  swamp: 'B',
  mountain: 'R',
  forest: 'G',
};

/**
 * The coloured pips of a mana cost, by colour: `{G}` one green, a hybrid `{W/U}` one of each, a
 * Phyrexian `{B/P}` or a `{2/R}` one of its colour. Read symbol by symbol, once.
 */
export function pips(cost: string | null | undefined): Record<PipColor, number> {
  const out: Record<PipColor, number> = { W: 0, U: 0, B: 0, R: 0, G: 0 };
  if (!cost) return out;
  let at = cost.indexOf('{');
  while (at !== -1) {
    const end = cost.indexOf('}', at + 1);
    if (end === -1) break;
    for (const part of cost.slice(at + 1, end).split('/'))
      if ((PIP_COLORS as readonly string[]).includes(part)) out[part as PipColor]++;
    at = cost.indexOf('{', end + 1);
  }
  return out;
}

const isLand = (typeLine: string | null) => /\bland\b/i.test((typeLine ?? '').split('//')[0] ?? '');
const isPermanent = (typeLine: string | null) =>
  /\b(artifact|creature|enchantment|planeswalker)\b/i.test((typeLine ?? '').split('//')[0] ?? '');

/**
 * The colours a card's mana abilities make: the coloured symbols after each "Add" up to the end of
 * its sentence (`{T}: Add {W} or {U}.` makes white and blue). "One mana of any color" names no
 * symbol and counts for none, as with lands. Read once, left to right.
 */
export function producedColors(text: string | null | undefined): Set<PipColor> {
  const out = new Set<PipColor>();
  if (!text) return out;
  let at = text.indexOf('Add ');
  while (at !== -1) {
    const end = text.indexOf('.', at);
    const sentence = text.slice(at, end === -1 ? text.length : end);
    const made = pips(sentence);
    for (const color of PIP_COLORS) if (made[color] > 0) out.add(color);
    if (end === -1) break;
    at = text.indexOf('Add ', end);
  }
  return out;
}

/** The usual land count for a deck of `size` cards (commanders included). */
export function usualLands(size: number): [number, number] {
  if (size >= 90) return [36, 38];
  if (size >= 55) return [23, 26];
  return [16, 18];
}

export interface ManaAnalysis {
  /** Cards of the main deck and command zone. */
  size: number;
  lands: number;
  usual: [number, number];
  /** Mana rocks, dorks and other permanents with a mana ability that makes a colour. */
  others: number;
  /**
   * Per colour with pips or sources: pips in the spells' costs, lands that make it, other permanents
   * that make it, and the share of all sources (lands and others) that make it.
   */
  colors: Array<{
    color: PipColor;
    pips: number;
    sources: number;
    otherSources: number;
    pipShare: number;
    sourceShare: number;
  }>;
}

/**
 * The analysis of a deck's main board and commanders. A land is a source of the colours of its
 * colour identity and of its basic land types; a land that makes any colour (Command Tower, a
 * fetch land) has neither and counts for none. A nonland permanent (a mana rock, a dork) is a source
 * of the colours its "Add …" abilities name; its own cost still counts as pips.
 */
export function manaAnalysis(cards: readonly ManaCard[]): ManaAnalysis {
  const playing = cards.filter((c) => c.card && (c.board === 'main' || c.board === 'commander'));
  const pipCount: Record<PipColor, number> = { W: 0, U: 0, B: 0, R: 0, G: 0 };
  const sourceCount: Record<PipColor, number> = { W: 0, U: 0, B: 0, R: 0, G: 0 };
  const otherCount: Record<PipColor, number> = { W: 0, U: 0, B: 0, R: 0, G: 0 };
  let size = 0;
  let lands = 0;
  let others = 0;
  for (const { card, quantity } of playing) {
    if (!card) continue;
    size += quantity;
    if (isLand(card.type_line)) {
      lands += quantity;
      const colors = new Set<PipColor>(
        (card.color_identity ?? []).filter((c): c is PipColor =>
          (PIP_COLORS as readonly string[]).includes(c),
        ),
      );
      const types = (card.type_line ?? '').toLowerCase();
      for (const [word, color] of Object.entries(BASIC_TYPES)) if (types.includes(word)) colors.add(color);
      for (const color of colors) sourceCount[color] += quantity;
      continue;
    }
    const cost = card.mana_cost || card.card_faces?.[0]?.mana_cost;
    const own = pips(cost);
    for (const color of PIP_COLORS) pipCount[color] += own[color] * quantity;
    if (isPermanent(card.type_line)) {
      const made = producedColors(card.oracle_text ?? card.card_faces?.[0]?.oracle_text);
      if (made.size) others += quantity;
      for (const color of made) otherCount[color] += quantity;
    }
  }
  const totalPips = PIP_COLORS.reduce((s, c) => s + pipCount[c], 0);
  const totalSources = PIP_COLORS.reduce((s, c) => s + sourceCount[c] + otherCount[c], 0);
  return {
    size,
    lands,
    others,
    usual: usualLands(size),
    colors: PIP_COLORS.filter((c) => pipCount[c] > 0 || sourceCount[c] > 0 || otherCount[c] > 0).map(
      (color) => ({
        color,
        pips: pipCount[color],
        sources: sourceCount[color],
        otherSources: otherCount[color],
        pipShare: totalPips ? pipCount[color] / totalPips : 0,
        sourceShare: totalSources ? (sourceCount[color] + otherCount[color]) / totalSources : 0,
      }),
    ),
  };
}
