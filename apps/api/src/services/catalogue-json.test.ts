import { describe, expect, it } from 'vitest';
import { JsonShapeError, jsonArrayElements, MAX_ELEMENT_CHARS } from './catalogue-json.js';

async function* chunked(text: string, cuts: number[]): AsyncGenerator<string> {
  let at = 0;
  for (const cut of cuts) {
    yield text.slice(at, cut);
    at = cut;
  }
  yield text.slice(at);
}

async function elements(text: string, cuts: number[] = []): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const element of jsonArrayElements(chunked(text, cuts))) out.push(element);
  return out;
}

// Strings with every escape JSON has, brackets and quotes inside strings, keys named like the
// wrapper's array keys at other depths.
const CARDS = [
  { name: 'Fire // Ice', oracle_text: 'Fire deals 2 damage.\n"Ice" taps [a] {permanent}.', n: 1 },
  { name: 'Back\\slash \\"quoted\\"', data: ['not', 'the', { cards: [1] }], x: '\\' },
  { name: 'Unicode \u00e9\u2014\ud83d\ude00', flavor: '\t\r\b\f\u0000/', empty: '', nested: [[[]], {}] },
  { name: 'Trailing backslash\\', cards: 'a "string" named cards' },
];

describe('jsonArrayElements', () => {
  const bare = JSON.stringify(CARDS);
  const wrapped = JSON.stringify({ object: 'list', has_more: false, note: 'data: [x]', data: CARDS });
  const meta = JSON.stringify({ meta: { cards: 'no', data: {} }, cards: CARDS, after: [1, 2] });

  it.each([
    ['a bare array', bare],
    ['a list object (data)', wrapped],
    ['a wrapper with cards', meta],
  ])('reads %s whole, and cut at every position into two and three chunks', async (_, text) => {
    expect(await elements(text)).toEqual(CARDS);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(await elements(text, [cut])).toEqual(CARDS);
    }
    for (let cut = 1; cut < text.length; cut += 7) {
      expect(await elements(text, [cut, Math.min(text.length, cut + 3)])).toEqual(CARDS);
    }
  });

  it('reads a file one character at a time', async () => {
    const cuts = Array.from({ length: wrapped.length }, (_, i) => i + 1);
    expect(await elements(wrapped, cuts)).toEqual(CARDS);
  });

  it('reads a long string of escapes (each escape found once)', async () => {
    const name = '\\"'.repeat(50_000) + '\\\\'.repeat(50_000);
    const text = JSON.stringify([{ name }, { name: 'after' }]);
    const [first, second] = (await elements(text, [text.length >> 1])) as Array<{ name: string }>;
    expect(first?.name).toBe(name);
    expect(second?.name).toBe('after');
  });

  it('refuses a file cut short anywhere, rather than import the cards read so far', async () => {
    for (const whole of [
      JSON.stringify([{ name: 'A "b"' }, { n: [1, { x: '}' }] }]),
      '{"data":[{"a":1}],"x":2}',
    ]) {
      expect(await elements(whole)).toHaveLength(whole.startsWith('[') ? 2 : 1);
      for (let end = 1; end < whole.length; end++) {
        await expect(elements(whole.slice(0, end)), whole.slice(0, end)).rejects.toThrow(JsonShapeError);
      }
    }
    await expect(elements('[{"a":1}]]')).rejects.toThrow(/cut short/);
  });

  it('refuses an element longer than MAX_ELEMENT_CHARS without reading the rest of the file', async () => {
    // A card just under the cap is read; one string or one never-closed object over it is refused
    // as soon as the buffered part passes it (the generator below would go on for 1 GB).
    const under = [{ name: 'Big', text: 'x'.repeat(MAX_ELEMENT_CHARS - 100) }];
    expect(await elements(JSON.stringify(under), [1000, 500_000])).toEqual(under);
    const over = JSON.stringify([{ name: 'Big', text: 'x'.repeat(MAX_ELEMENT_CHARS + 10) }]);
    await expect(elements(over, [1000, 500_000, 1_000_000])).rejects.toThrow(/over 1 MB/);
    let sent = 0;
    async function* endless(): AsyncGenerator<string> {
      yield '[{"name":"never closed","text":"';
      for (; sent < 1 << 30; sent += 1 << 16) yield 'y'.repeat(1 << 16);
    }
    const read = async () => {
      for await (const _ of jsonArrayElements(endless())) void _;
    };
    await expect(read()).rejects.toThrow(JsonShapeError);
    expect(sent).toBeLessThan(2 * MAX_ELEMENT_CHARS);
  });

  it('finds the array after a wrapper string of any length split across chunks', async () => {
    const long = 'd'.repeat(300_000);
    for (const text of [
      JSON.stringify({ note: long, data: CARDS }),
      JSON.stringify({ [`data${long}`]: [1], [long]: 'data', cards: CARDS }),
    ]) {
      expect(await elements(text, [3, 10, 100_000, 250_000, 299_999, 300_020])).toEqual(CARDS);
    }
  });

  it('refuses what holds no card array', async () => {
    await expect(elements('')).rejects.toThrow(JsonShapeError);
    await expect(elements('"cards"')).rejects.toThrow(JsonShapeError);
    await expect(elements('{"object":"list","cards_count":3}')).rejects.toThrow(/No card array/);
  });
});
