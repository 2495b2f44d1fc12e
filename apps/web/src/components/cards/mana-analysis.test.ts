import { describe, expect, it } from 'vitest';
import { type ManaCard, manaAnalysis, pips, producedColors, usualLands } from './mana-analysis';

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

  it('reads the colours a mana ability makes, sentence by sentence', () => {
    expect([...producedColors('{T}: Add {G}.')]).toEqual(['G']);
    expect([...producedColors('{1}, {T}: Add {W}{U}.')].sort()).toEqual(['U', 'W']);
    expect(
      [...producedColors('{T}: Add {C}.\n{T}: Add {B} or {R}. Talisman deals 1 damage to you.')].sort(),
    ).toEqual(['B', 'R']);
    expect([...producedColors('{T}: Add {C}{C}.')]).toEqual([]);
    expect([...producedColors('{T}: Add one mana of any color.')]).toEqual([]);
    expect([...producedColors('Flying. {G}: Regenerate.')]).toEqual([]);
    expect([...producedColors(null)]).toEqual([]);
    expect(producedColors('Add {G} '.repeat(40_000)).size).toBe(1);
  });

  it('counts mana rocks and dorks as sources of the colours they make, rituals not', () => {
    const rock = (quantity: number, type_line: string, mana_cost: string, oracle_text: string): ManaCard => ({
      quantity,
      board: 'main',
      card: { type_line, mana_cost, oracle_text },
    });
    const analysis = manaAnalysis([
      rock(1, 'Artifact', '{2}', '{1}, {T}: Add {W}{U}.'),
      rock(2, 'Creature — Elf Druid', '{G}', '{T}: Add {G}.'),
      rock(1, 'Artifact', '{1}', '{T}: Add {C}{C}.'),
      rock(4, 'Instant', '{B}', 'Add {B}{B}{B}.'),
      card(2, 'Basic Land — Forest', null),
    ]);
    expect(analysis.others).toBe(3);
    expect(analysis.colors.map(({ color, sources, otherSources }) => [color, sources, otherSources])).toEqual(
      [
        ['W', 0, 1],
        ['U', 0, 1],
        ['B', 0, 0],
        ['G', 2, 2],
      ],
    );
    // Shares of all sources: lands and others (six in all).
    expect(analysis.colors.find((c) => c.color === 'G')?.sourceShare).toBeCloseTo(4 / 6);
  });

  it('knows the usual land count of 40-, 60- and 100-card decks', () => {
    expect([40, 60, 100].map(usualLands)).toEqual([
      [16, 18],
      [23, 26],
      [36, 38],
    ]);
  });
});
