import { describe, expect, it } from 'vitest';
import {
  parseColors,
  parseSearch,
  SearchSyntaxError,
  searchOptions,
  tokenize,
} from './card-search-syntax.js';

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

  it("reads Scryfall's other keys", () => {
    expect(parseSearch('fo:flying')).toEqual({ kind: 'oracle', value: 'flying', full: true });
    expect(parseSearch('ft:"the end"')).toEqual({ kind: 'text', field: 'flavor', value: 'the end' });
    expect(parseSearch('a:Avon')).toEqual({ kind: 'text', field: 'artist', value: 'avon' });
    expect(parseSearch('pow>tou')).toEqual({ kind: 'stat', field: 'pow', op: '>', value: 'tou' });
    expect(parseSearch('loyalty>=3')).toEqual({ kind: 'stat', field: 'loy', op: '>=', value: 3 });
    expect(parseSearch('m:2WW')).toEqual({ kind: 'mana', op: '>=', symbols: ['2', 'W', 'W'] });
    expect(parseSearch('m={10}{w/u}')).toEqual({ kind: 'mana', op: '=', symbols: ['10', 'W/U'] });
    expect(parseSearch('devotion:{u/b}{u/b}')).toEqual({
      kind: 'devotion',
      op: '>=',
      colors: ['U', 'B'],
      count: 2,
    });
    expect(parseSearch('produces=wc')).toEqual({ kind: 'produces', op: '=', symbols: ['W', 'C'] });
    expect(parseSearch('c>=2')).toEqual({ kind: 'colorCount', field: 'colors', op: '>=', value: 2 });
    expect(parseSearch('cn>=100')).toEqual({ kind: 'cn', value: '100', op: '>=' });
    expect(parseSearch('year<2000')).toEqual({ kind: 'number', field: 'year', op: '<', value: 2000 });
    expect(parseSearch('date>=2015-08')).toEqual({ kind: 'date', op: '>=', value: '2015-08', bySet: false });
    expect(parseSearch('date<ISD')).toEqual({ kind: 'date', op: '<', value: 'isd', bySet: true });
    expect(parseSearch('in:arena')).toEqual({ kind: 'in', what: 'game', value: 'arena' });
    expect(parseSearch('in:rare')).toEqual({ kind: 'in', what: 'rarity', value: 'rare' });
    expect(parseSearch('in:fr')).toEqual({ kind: 'in', what: 'lang', value: 'fr' });
    expect(parseSearch('in:LEA')).toEqual({ kind: 'in', what: 'set', value: 'lea' });
    expect(parseSearch('new:artwork')).toEqual({ kind: 'new', value: 'art' });
    expect(parseSearch('kw:"First strike"')).toEqual({ kind: 'keyword', value: 'first strike' });
    expect(parseSearch('wm:Orzhov')).toEqual({ kind: 'watermark', value: 'orzhov' });
    expect(parseSearch('b:ISD')).toEqual({ kind: 'block', value: 'isd' });
    expect(parseSearch('st:commander')).toEqual({ kind: 'settype', value: 'commander' });
    expect(parseSearch('game:mtgo')).toEqual({ kind: 'game', value: 'mtgo' });
    expect(parseSearch('is:karoo')).toEqual({ kind: 'is', value: 'bounceland' });
    expect(parseColors('quandrix')).toEqual({ colors: ['G', 'U'] });
    expect(parseColors('yore')).toEqual({ colors: ['W', 'U', 'B', 'R'] });
  });

  it('reads regular expressions, spaces and brackets included, and refuses the dangerous ones', () => {
    expect(parseSearch('o:/deals (\\d+|x) damage/')).toEqual({
      kind: 'regex',
      field: 'oracle',
      pattern: 'deals (\\d+|x) damage',
    });
    expect(parseSearch('/^goblin/ t:creature')).toEqual({
      kind: 'and',
      children: [
        { kind: 'regex', field: 'name', pattern: '^goblin' },
        { kind: 'type', value: 'creature' },
      ],
    });
    expect(parseSearch('-name:/a\\/b/')).toEqual({
      kind: 'not',
      child: { kind: 'regex', field: 'name', pattern: 'a\\/b' },
    });
    expect(parseSearch('/elf/t:creature')).toEqual({
      kind: 'and',
      children: [
        { kind: 'regex', field: 'name', pattern: 'elf' },
        { kind: 'type', value: 'creature' },
      ],
    });
    expect(fails('o:/(a)\\1/')).toMatch(/Back-references/);
    expect(fails(`o:/${'a'.repeat(201)}/`)).toMatch(/too long/);
    expect(fails('o:/unclosed')).toMatch(/Unterminated regular expression/);
    expect(fails('o:/[a-/')).toMatch(/Invalid regular expression/);
    expect(fails('mv:/3/')).toMatch(/"mv" does not take a regular expression/);
  });

  it('reads unique:, order: and direction: as options of the whole search', () => {
    const ast = parseSearch('t:elf order:cmc dir:desc unique:prints');
    expect(searchOptions(ast)).toEqual({ order: 'mv', direction: 'desc', unique: 'prints' });
    expect(fails('order:banana')).toMatch(/Unknown value "order:banana"/);
    expect(fails('-order:usd t:elf')).toMatch(/whole search/);
    expect(fails('t:elf or unique:art')).toMatch(/whole search/);
  });

  it('names the key or the value it does not know', () => {
    expect(fails('display:grid')).toBe('Unknown search key "display:"');
    expect(fails('new:banana')).toMatch(/new:banana/);
    expect(fails('game:gameboy')).toMatch(/Unknown game "gameboy"/);
    expect(fails('m:hello')).toMatch(/"m" needs mana symbols/);
    expect(fails('devotion:{G}{U}')).toMatch(/devotion/);
    expect(fails('produces:q')).toMatch(/Unknown mana "q"/);
    expect(fails('date>=tomorrow!')).toMatch(/needs a date/);
    expect(fails('cn>=12a')).toMatch(/whole number/);
  });

  it('parses hostile input in linear time', () => {
    const hostile = [
      '/'.repeat(50_000),
      'a:/'.repeat(20_000),
      `o:/${'\\'.repeat(40_000)}/`,
      '('.repeat(2_000) + 'x' + ')'.repeat(2_000),
      'm:'.concat('{'.repeat(100_000)),
      `o:"${' '.repeat(100_000)}`,
      'c>=wubrg '.repeat(2_000),
    ];
    // The fastest of up to three runs, so a machine busy with other work does not fail it: a
    // backtracking parse of these takes seconds on every run.
    for (const q of hostile) {
      let fastest = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3 && fastest >= 200; run++) {
        const started = performance.now();
        try {
          parseSearch(q);
        } catch {
          // an error is a fine answer; a slow one is not
        }
        fastest = Math.min(fastest, performance.now() - started);
      }
      expect(fastest, q.slice(0, 20)).toBeLessThan(200);
    }
  });
});
