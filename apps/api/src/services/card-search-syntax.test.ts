import { describe, expect, it } from 'vitest';
import { parseColors, parseSearch, SearchSyntaxError, tokenize } from './card-search-syntax.js';

const fails = (q: string) => {
  try {
    parseSearch(q);
  } catch (e) {
    if (e instanceof SearchSyntaxError) return e.message;
    throw e;
  }
  throw new Error(`"${q}" parsed`);
};

describe('search syntax parser', () => {
  it('reads plain, quoted and exact names', () => {
    expect(parseSearch('lightning')).toEqual({ kind: 'name', value: 'lightning', exact: false });
    expect(parseSearch('"bolas\'s citadel"')).toEqual({
      kind: 'name',
      value: "bolas's citadel",
      exact: false,
    });
    expect(parseSearch('!"Force of Will"')).toEqual({ kind: 'name', value: 'Force of Will', exact: true });
    expect(parseSearch('!Forest')).toEqual({ kind: 'name', value: 'Forest', exact: true });
    expect(parseSearch('dark ritual')).toEqual({
      kind: 'and',
      children: [
        { kind: 'name', value: 'dark', exact: false },
        { kind: 'name', value: 'ritual', exact: false },
      ],
    });
  });

  it('reads every key', () => {
    expect(parseSearch('t:creature')).toEqual({ kind: 'type', value: 'creature' });
    expect(parseSearch('type:Legendary')).toEqual({ kind: 'type', value: 'legendary' });
    expect(parseSearch('o:"draw a card"')).toEqual({ kind: 'oracle', value: 'draw a card' });
    expect(parseSearch('mv>=3')).toEqual({ kind: 'number', field: 'mv', op: '>=', value: 3 });
    expect(parseSearch('cmc=0')).toEqual({ kind: 'number', field: 'mv', op: '=', value: 0 });
    expect(parseSearch('cmc:2')).toEqual({ kind: 'number', field: 'mv', op: '=', value: 2 });
    expect(parseSearch('usd<0.5')).toEqual({ kind: 'number', field: 'usd', op: '<', value: 0.5 });
    expect(parseSearch('eur>10')).toEqual({ kind: 'number', field: 'eur', op: '>', value: 10 });
    expect(parseSearch('r:mythic')).toEqual({ kind: 'rarity', op: '=', value: 'mythic' });
    expect(parseSearch('r>=u')).toEqual({ kind: 'rarity', op: '>=', value: 'uncommon' });
    expect(parseSearch('s:LEA')).toEqual({ kind: 'set', value: 'lea' });
    expect(parseSearch('e:isd')).toEqual({ kind: 'set', value: 'isd' });
    expect(parseSearch('set:mom')).toEqual({ kind: 'set', value: 'mom' });
    expect(parseSearch('cn:51')).toEqual({ kind: 'cn', value: '51' });
    expect(parseSearch('lang:FR')).toEqual({ kind: 'lang', value: 'fr' });
    expect(parseSearch('f:commander')).toEqual({ kind: 'format', status: 'legal', value: 'commander' });
    expect(parseSearch('legal:modern')).toEqual({ kind: 'format', status: 'legal', value: 'modern' });
    expect(parseSearch('format:vintage')).toEqual({ kind: 'format', status: 'legal', value: 'vintage' });
    expect(parseSearch('banned:legacy')).toEqual({ kind: 'format', status: 'banned', value: 'legacy' });
    expect(parseSearch('is:gamechanger')).toEqual({ kind: 'is', value: 'gamechanger' });
    expect(parseSearch('is:commander')).toEqual({ kind: 'is', value: 'commander' });
    expect(parseSearch('not:commander')).toEqual({ kind: 'not', child: { kind: 'is', value: 'commander' } });
  });

  it('reads colours: letters, names, guilds, shards, wedges, colourless and multicolour', () => {
    expect(parseSearch('c:rg')).toEqual({
      kind: 'color',
      field: 'colors',
      op: '>=',
      value: { colors: ['R', 'G'] },
    });
    expect(parseSearch('id:esper')).toEqual({
      kind: 'color',
      field: 'identity',
      op: '<=',
      value: { colors: ['W', 'U', 'B'] },
    });
    expect(parseSearch('c=blue')).toMatchObject({ op: '=', value: { colors: ['U'] } });
    expect(parseSearch('id>=azorius')).toMatchObject({ op: '>=', value: { colors: ['W', 'U'] } });
    expect(parseSearch('c<golgari')).toMatchObject({ op: '<', value: { colors: ['B', 'G'] } });
    expect(parseSearch('c>r')).toMatchObject({ op: '>', value: { colors: ['R'] } });
    expect(parseSearch('c:c')).toMatchObject({ value: { colors: [] } });
    expect(parseSearch('c:m')).toMatchObject({ value: { multicolor: true } });
    const names = ['white', 'blue', 'black', 'red', 'green'];
    expect(names.map((n) => parseColors(n))).toEqual([
      { colors: ['W'] },
      { colors: ['U'] },
      { colors: ['B'] },
      { colors: ['R'] },
      { colors: ['G'] },
    ]);
    for (const g of [
      'azorius',
      'dimir',
      'rakdos',
      'gruul',
      'selesnya',
      'orzhov',
      'izzet',
      'golgari',
      'boros',
      'simic',
    ])
      expect(parseColors(g)).toMatchObject({ colors: expect.any(Array) });
    for (const s of [
      'bant',
      'esper',
      'grixis',
      'jund',
      'naya',
      'abzan',
      'jeskai',
      'sultai',
      'mardu',
      'temur',
    ])
      expect((parseColors(s) as { colors: string[] }).colors).toHaveLength(3);
    expect(fails('c:purple')).toBe('Unknown colour "purple" for "c"');
  });

  it('combines with implicit and, or, negation and parentheses', () => {
    expect(parseSearch('t:elf or t:goblin')).toEqual({
      kind: 'or',
      children: [
        { kind: 'type', value: 'elf' },
        { kind: 'type', value: 'goblin' },
      ],
    });
    expect(parseSearch('-t:creature')).toEqual({ kind: 'not', child: { kind: 'type', value: 'creature' } });
    expect(parseSearch('c:u (t:instant OR t:sorcery) -mv>2')).toEqual({
      kind: 'and',
      children: [
        { kind: 'color', field: 'colors', op: '>=', value: { colors: ['U'] } },
        {
          kind: 'or',
          children: [
            { kind: 'type', value: 'instant' },
            { kind: 'type', value: 'sorcery' },
          ],
        },
        { kind: 'not', child: { kind: 'number', field: 'mv', op: '>', value: 2 } },
      ],
    });
    expect(parseSearch('-(r:common or r:uncommon)')).toMatchObject({ kind: 'not', child: { kind: 'or' } });
    // and binds tighter than or
    expect(parseSearch('a b or c')).toMatchObject({
      kind: 'or',
      children: [{ kind: 'and' }, { kind: 'name' }],
    });
    expect(parseSearch('fire-lit')).toEqual({ kind: 'name', value: 'fire-lit', exact: false });
    expect(parseSearch('t:a AND t:b')).toMatchObject({ kind: 'and' });
  });

  it('names the problem', () => {
    expect(fails('foo:bar')).toBe('Unknown search key "foo:"');
    expect(fails('(t:elf')).toBe('Unbalanced parentheses: missing ")"');
    expect(fails('t:elf)')).toBe('Unbalanced parentheses: unexpected ")"');
    expect(fails('()')).toBe('Empty parentheses');
    expect(fails('or t:elf')).toBe('"or" needs a term before it');
    expect(fails('t:elf or')).toBe('"or" needs a term after it');
    expect(fails('o:"draw')).toMatch(/Unterminated quote/);
    expect(fails('mv>=abc')).toBe('"mv" needs a number, not "abc"');
    expect(fails('r:shiny')).toBe('Unknown rarity "shiny"');
    expect(fails('is:shiny')).toBe('Unknown value "is:shiny"');
    expect(fails('t>creature')).toBe('"t" takes ":" or "=", not ">"');
    expect(fails('t:')).toBe('Give a value after "t:"');
    expect(fails('t:elf -)')).toBe('"-" needs a term after it');
  });

  it('tokenizes quotes inside key values', () => {
    expect(tokenize('o:"(draw)" x')).toEqual([
      { t: 'word', text: 'o:"(draw)"', pos: 0 },
      { t: 'word', text: 'x', pos: 11 },
    ]);
  });
});
