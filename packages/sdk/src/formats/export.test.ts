import { describe, expect, it } from 'vitest';
import { CARRIED, project, written } from '../../test/export-fields.js';
import { EXPORT_FORMATS, type ExportFormatValue, exportFile, IMPORT_FORMATS } from '../contract/values.js';
import {
  type CollectionRowInput,
  DECKLIST_FORMATS,
  exportWriter,
  isDecklistFormat,
  parseDecklist,
  parseImport,
  writeCollection,
  writeDecklist,
  writeExport,
} from './index.js';

const row = (over: Partial<CollectionRowInput>): CollectionRowInput => ({
  name: 'Lightning Bolt',
  setCode: 'm11',
  setName: null,
  collectorNumber: '149',
  language: 'en',
  finish: 'nonfoil',
  quantity: 1,
  condition: null,
  scryfallId: null,
  purchasePrice: null,
  purchaseCurrency: null,
  tags: [],
  ...over,
});

/**
 * A list as the API exports it: double-faced and split cards, a name with quotes, a comma and an
 * exclamation mark, every finish, several languages and conditions, a row without a printing (an
 * unresolved name) and a row of more copies than a decklist line holds.
 */
const ROWS: readonly CollectionRowInput[] = [
  row({ quantity: 4, condition: 'NM', setName: 'Magic 2011' }),
  row({
    name: 'Delver of Secrets // Insectile Aberration',
    setCode: 'isd',
    collectorNumber: '51',
    language: 'fr',
    finish: 'foil',
    quantity: 2,
    condition: 'LP',
  }),
  row({ name: 'Fire // Ice', setCode: 'apc', collectorNumber: '128', language: 'de', condition: 'MP' }),
  row({
    name: 'Sol Ring',
    setCode: 'cmm',
    collectorNumber: '400',
    language: 'ja',
    finish: 'etched',
    condition: 'M',
  }),
  row({ name: '"Ach! Hans, Run!"', setCode: 'unh', collectorNumber: '116', condition: 'HP' }),
  row({ name: 'Counterspell', setCode: 'mh2', collectorNumber: '267', language: 'zhs', finish: 'foil' }),
  row({ name: 'Black Lotus', setCode: 'lea', collectorNumber: '232', condition: 'DMG' }),
  row({ name: 'Brainstorm', setCode: null, collectorNumber: null, quantity: 3 }),
  row({ name: 'Island', setCode: 'ltr', collectorNumber: '715', quantity: 2500 }),
];

/** Writes the rows through exportWriter, `size` rows per chunk. */
function inChunks(format: ExportFormatValue, rows: readonly CollectionRowInput[], size: number): string[] {
  const writer = exportWriter(format);
  const pieces: string[] = [];
  for (let at = 0; at < rows.length; at += size) pieces.push(writer.write(rows.slice(at, at + size)));
  pieces.push(writer.end());
  return pieces;
}

describe('export formats', () => {
  it('are every format the importer reads', () => {
    expect([...EXPORT_FORMATS].sort()).toEqual(IMPORT_FORMATS.filter((f) => f !== 'auto').sort());
    expect(Object.keys(CARRIED).sort()).toEqual([...EXPORT_FORMATS].sort());
  });

  it.each(EXPORT_FORMATS)('%s: write → parse gives back the rows on the fields it carries', (format) => {
    const text = writeExport(format, ROWS);
    const parsed = parseImport(text, { format });
    expect(parsed.format).toBe(format);
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped.filter((s) => s.reason !== 'header')).toEqual([]);
    expect(parsed.rows.map((r) => project(format, r))).toEqual(
      written(format, ROWS).map((r) => project(format, r)),
    );
  });

  it.each(EXPORT_FORMATS)('%s: the file is recognised without naming its format', (format) => {
    const { extension } = exportFile(format);
    const parsed = parseImport(writeExport(format, ROWS), { filename: `export.${extension}` });
    // A text decklist reads the same in the syntaxes it could be; only its syntax is guessed.
    if (isDecklistFormat(format) && format !== 'dek') expect(DECKLIST_FORMATS).toContain(parsed.format);
    else expect(parsed.format).toBe(format);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.reduce((n, r) => n + r.quantity, 0)).toBe(ROWS.reduce((n, r) => n + r.quantity, 0));
  });

  it.each(EXPORT_FORMATS)('%s: written in chunks, the pieces join into the one file', (format) => {
    const whole = writeExport(format, ROWS);
    for (const size of [1, 2, 4, ROWS.length]) expect(inChunks(format, ROWS, size).join('')).toBe(whole);
    // An empty chunk (the last page of a list that fills its pages exactly) adds nothing.
    const writer = exportWriter(format);
    expect(writer.write(ROWS) + writer.write([]) + writer.end()).toBe(whole);
  });

  it.each(EXPORT_FORMATS)('%s: is the file writeCollection or writeDecklist writes', (format) => {
    const rows = written(format, ROWS);
    const expected = isDecklistFormat(format)
      ? writeDecklist(
          format,
          rows.map((r) => ({ ...r, board: 'main' as const })),
        )
      : writeCollection(format, rows);
    expect(writeExport(format, ROWS)).toBe(expected);
  });

  it.each(EXPORT_FORMATS)('%s: an empty list exports a file that reads as empty', (format) => {
    const parsed = parseImport(writeExport(format, []), { format });
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toEqual([]);
  });

  it('.dek: the opening once, the items of every chunk, the closing tag once', () => {
    const pieces = inChunks('dek', ROWS, 2);
    const text = pieces.join('');
    expect(pieces[0]?.startsWith('<?xml')).toBe(true);
    expect(pieces.at(-1)).toBe('</Deck>\n');
    expect(text.match(/<\?xml/g)).toHaveLength(1);
    expect(text.match(/<Deck[\s>]/g)).toHaveLength(1);
    expect(text.match(/<\/Deck>/g)).toHaveLength(1);
    const { rows } = parseDecklist(text, { format: 'dek' });
    expect(rows.map((r) => [r.name, r.quantity, r.board])).toEqual(
      written('dek', ROWS).map((r) => [r.name, r.quantity, 'main']),
    );
    expect(text).toContain('Name="&quot;Ach! Hans, Run!&quot;"');
    expect(text).toContain('Name="Fire/Ice"');
  });

  it('Arena: one "Deck" header before the first row, lines with set, number and finish', () => {
    const pieces = inChunks('arena', ROWS, 3);
    expect(pieces.join('').split('\n').slice(0, 5)).toEqual([
      'Deck',
      '4 Lightning Bolt (M11) 149',
      '2 Delver of Secrets // Insectile Aberration (ISD) 51 *F*',
      '1 Fire // Ice (APC) 128',
      '1 Sol Ring (CMM) 400 *E*',
    ]);
    expect(pieces.join('').match(/^Deck$/gm)).toHaveLength(1);
  });

  it('gives each format its file: .csv, .txt or .dek', () => {
    for (const format of EXPORT_FORMATS) {
      const { extension, mediaType } = exportFile(format);
      if (isDecklistFormat(format)) {
        expect([extension, mediaType]).toEqual(
          format === 'dek' ? ['dek', 'application/xml'] : ['txt', 'text/plain'],
        );
      } else expect([extension, mediaType]).toEqual(['csv', 'text/csv']);
    }
  });
});
