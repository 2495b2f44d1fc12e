/**
 * Hostile input for every parser of `@companion/sdk/formats` (long runs of whitespace, repeated
 * markers, quotes and brackets, 200,000-character lines), and the parses to time on each: shared by
 * `formats-adversarial.test.ts` (linear time, answers) and `bench/adversarial.ts` (the figure).
 */
import { COLLECTION_SPECS } from '../src/formats/csv/registry.js';
import {
  detectCollectionFormat,
  detectDecklistFormat,
  parseCollection,
  parseDecklist,
  writeCollection,
} from '../src/formats/index.js';

export const N = 200_000;
const fill = (unit: string, length = N): string =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Payloads of about 200,000 characters, each aimed at a pattern that used to backtrack. */
export const PAYLOADS: Record<string, string> = {
  'spaces between two words': `a${' '.repeat(N - 2)}!`,
  'tabs and no-break spaces': `a${fill('\t\u00a0')}!`,
  'foil markers': fill(' *F*'),
  'foil markers after a quantity': `1 x${fill(' *F*')}`,
  'unclosed markers': fill(' *F'),
  'opening brackets': fill('('),
  'closing brackets': fill(')'),
  'set codes': `1 a${fill(' (AB)')}`,
  'set codes and numbers': `1 a${fill(' (AB) 1')}`,
  decorations: `x${fill(' (a)')}`,
  'square decorations': `x${fill(' [a]')}`,
  'double slashes': `a${fill(' //')}`,
  slashes: fill('a/'),
  quotes: fill('"'),
  'doubled quotes': `"${fill('a""')}`,
  'one letter': fill('x'),
  digits: fill('9'),
  'header-like': `//${fill(' a')}`,
  'header-like with a colon': `a${' '.repeat(N - 3)}:!`,
  'header-like with a count': `Deck${' '.repeat(N - 8)}(1)!`,
  'token names': `x${fill(' Token (')}`,
  commas: fill(','),
  semicolons: fill(';'),
  'angle brackets': fill('<'),
  'sideboard prefixes': fill('SB: '),
  'line breaks': fill('\n'),
  'carriage returns': fill('\r'),
  unicode: fill('ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ'),
};

/** A .dek whose card name is the payload, escaped, cut to the payload's length. */
const dekWith = (name: string) => {
  let escaped = name.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  escaped = escaped.slice(0, name.length);
  escaped = escaped.slice(
    0,
    Math.max(escaped.lastIndexOf('&'), escaped.lastIndexOf(';') + 1, 0) || escaped.length,
  );
  return `<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="1" Sideboard="false" Name="${escaped}"/></Deck>`;
};

/** The payload in the first cell of a row of `format`, then spread over every cell, raw and quoted. */
function collectionRows(format: (typeof COLLECTION_SPECS)[number]['format'], payload: string): string[] {
  const [header] = writeCollection(format, []).split(/\r?\n/);
  const width = (header as string).split(',').length;
  const quoted = `"${payload.replaceAll('"', '""')}"`;
  const cells = Math.ceil(payload.length / width);
  const spread = Array.from({ length: width }, (_, i) => payload.slice(i * cells, (i + 1) * cells));
  return [payload, quoted, spread.join(','), spread.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')].map(
    (row) => `${header}\n${row}`,
  );
}

/** Every parse of a payload that must take linear time, named. */
export function timedParses(payload: string): Array<[string, () => unknown]> {
  return [
    ...(['arena', 'mtgo', 'plain', 'auto'] as const).map(
      (format) =>
        [`a decklist (${format})`, () => parseDecklist(payload, format === 'auto' ? {} : { format })] as [
          string,
          () => unknown,
        ],
    ),
    ['the decklist format detected', () => detectDecklistFormat(payload)],
    ['as the name of a .dek card', () => parseDecklist(dekWith(payload), { format: 'dek' })],
    ['as a whole collection file', () => parseCollection(payload)],
    ['the collection format detected', () => detectCollectionFormat(payload)],
    ...COLLECTION_SPECS.flatMap(({ format }) =>
      collectionRows(format, payload).map(
        (text, i) =>
          [`in the cells of a ${format} row (${i + 1})`, () => parseCollection(text, { format })] as [
            string,
            () => unknown,
          ],
      ),
    ),
  ];
}
