import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { ManaCost } from './mana-cost';
import * as stories from './mana-cost.stories';
import { ManaSymbolText } from './mana-symbol-text';
import { parseSymbol, tokenizeSymbols } from './mana-symbols';

describeStories('ManaCost', stories);

describe('mana symbols', () => {
  it('maps Scryfall symbols to mana-font classes', () => {
    expect(parseSymbol('2').classes).toEqual(['ms-2']);
    expect(parseSymbol('W').classes).toEqual(['ms-w']);
    expect(parseSymbol('W/U').classes).toEqual(['ms-wu']);
    expect(parseSymbol('U/P').classes).toEqual(['ms-up']);
    expect(parseSymbol('W/U/P').classes).toEqual(['ms-wup']);
    expect(parseSymbol('2/W').classes).toEqual(['ms-2w']);
    expect(parseSymbol('C/G').classes).toEqual(['ms-cg']);
    expect(parseSymbol('T').classes).toEqual(['ms-tap']);
    expect(parseSymbol('HW').classes).toEqual(['ms-w', 'ms-half']);
    expect(parseSymbol('nonsense').classes).toEqual([]);
  });

  it('tokenizes text and symbols', () => {
    const tokens = tokenizeSymbols('{T}: Add {G}.');
    expect(tokens.map((t) => (typeof t === 'string' ? t : t.raw))).toEqual(['{T}', ': Add ', '{G}', '.']);
  });
});

describe('ManaCost', () => {
  it('describes the cost in words', () => {
    renderWithIntl(<ManaCost cost="{2}{W}{U/P}" />);
    expect(screen.getByRole('img', { name: '2 generic, white, Phyrexian blue or 2 life' })).toBeTruthy();
  });

  it('describes hybrid, twobrid and split costs', () => {
    renderWithIntl(<ManaCost cost="{W/U}{2/B} // {X}{R}" />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'white or blue, 2 generic or black; other half: X, red',
    );
  });

  it('renders one mana-font glyph per symbol', () => {
    const { container } = renderWithIntl(<ManaCost cost="{1}{G}{G}" />);
    expect([...container.querySelectorAll('i.ms')].map((i) => i.className)).toEqual([
      'ms ms-cost ms-1',
      'ms ms-cost ms-g',
      'ms ms-cost ms-g',
    ]);
  });

  it('is translated', () => {
    renderWithIntl(<ManaCost cost="{2}{W}{U/P}" />, 'fr-FR');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '2 génériques, blanc, bleu phyrexian ou 2 points de vie',
    );
  });

  it('renders nothing without a cost', () => {
    const { container } = renderWithIntl(<ManaCost cost={null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ManaSymbolText', () => {
  it('renders symbols inline with labels and reminder text in italics', () => {
    const { container } = renderWithIntl(<ManaSymbolText text={'{T}: Add {G}. (Mana ability.)\nFlying'} />);
    expect(screen.getByRole('img', { name: 'tap' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'green' })).toBeTruthy();
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('i.cui-oracle__reminder')?.textContent).toBe('(Mana ability.)');
  });
});
