import { describe, expect, it } from 'vitest';
import { type ManaCard, manaAnalysis, pips, usualLands } from './mana-analysis';

const card = (
  quantity: number,
  type_line: string,
  mana_cost: string | null,
  color_identity: string[] = [],
  board = 'main',
): ManaCard => ({ quantity, board, card: { type_line, mana_cost, color_identity } });

describe('mana analysis', () => {
  it('counts pips: plain, hybrid (both), Phyrexian and twobrid (their colour), generic none', () => {
    expect(pips('{2}{G}{G}')).toEqual({ W: 0, U: 0, B: 0, R: 0, G: 2 });
    expect(pips('{W/U}{B/P}{2/R}{X}{C}')).toEqual({ W: 1, U: 1, B: 1, R: 1, G: 0 });
    expect(pips(null)).toEqual({ W: 0, U: 0, B: 0, R: 0, G: 0 });
    expect(pips('{G')).toEqual({ W: 0, U: 0, B: 0, R: 0, G: 0 });
  });

  it('reads a long cost symbol by symbol, once', () => {
    expect(pips('{G}'.repeat(50_000)).G).toBe(50_000);
  });

  it('sets pips of the main deck and commanders against the lands that make each colour', () => {
    const analysis = manaAnalysis([
      card(1, 'Legendary Creature — Elf', '{1}{G}{U}', ['G', 'U'], 'commander'),
      card(4, 'Instant', '{U}{U}', ['U']),
      card(2, 'Creature — Elf', '{G}', ['G']),
      card(10, 'Basic Land — Forest', null),
      card(6, 'Basic Land — Island', null),
      card(1, 'Land — Forest Island', null, ['G', 'U']),
      card(1, 'Land', null), // Command Tower: any colour, counted for none
      card(3, 'Instant', '{R}', ['R'], 'side'),
      { quantity: 2, board: 'main', card: null },
    ]);
    expect(analysis.size).toBe(25);
    expect(analysis.lands).toBe(18);
    expect(analysis.usual).toEqual([16, 18]);
    expect(analysis.colors.map(({ color, pips, sources }) => [color, pips, sources])).toEqual([
      ['U', 9, 7],
      ['G', 3, 11],
    ]);
    expect(analysis.colors[0]?.pipShare).toBeCloseTo(0.75);
    expect(analysis.colors[0]?.sourceShare).toBeCloseTo(7 / 18);
  });

  it('knows the usual land count of 40-, 60- and 100-card decks', () => {
    expect([40, 60, 100].map(usualLands)).toEqual([
      [16, 18],
      [23, 26],
      [36, 38],
    ]);
  });
});
