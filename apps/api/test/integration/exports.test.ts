/**
 * Exports in every format the importer reads. A real collection export, imported into a list, is
 * exported in each format; each file, imported into a fresh list, gives back the same cards on the
 * fields the format carries. The files come with their media type and extension, and a .dek of more
 * entries than one export chunk is one well-formed deck holding every entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPORT_FORMATS, type ExportFormatValue, exportFile, LIMITS } from '@companion/sdk';
import { contract, type ListEntry } from '@companion/sdk/contract';
import { parseDecklist } from '@companion/sdk/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFetch } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue, SHARED_DATA } from './shared-data.js';

/**
 * Real ManaBox exports: a Commander collection whose 114 printings are all in the test catalogue
 * (nonfoil, foil and etched), and the 29-row reference set (11 languages, every condition,
 * double-faced and split cards, tokens), most of whose printings the catalogue lacks.
 */
const SOURCES = [
  'collection-csv/scrydex-manabox/manabox/collection/commander.csv',
  'collection-csv/mtgcsvhelper/Reference/manabox.csv',
];
/** A real 7,385-row Moxfield collection: more entries than one export chunk (5,000). */
const LARGE = 'collection-csv/mtgcsvhelper/Collection/moxfield-haves.csv';

type Field = 'name' | 'setCode' | 'collectorNumber' | 'finish' | 'language' | 'condition' | 'quantity';
const ALL: readonly Field[] = [
  'name',
  'setCode',
  'collectorNumber',
  'finish',
  'language',
  'condition',
  'quantity',
];

/**
 * What each format carries of an entry (from its spec's columns, or its decklist writer):
 *
 * | format                                                              | carries                          |
 * |---------------------------------------------------------------------|----------------------------------|
 * | companion moxfield manabox deckbox* archidekt† dragonshield tcgplayer* topdecked | every field         |
 * | mtggoldfish                                                         | name set number finish quantity  |
 * | mtgo-csv*                                                           | name set number finish quantity  |
 * | arena                                                               | name set number finish quantity  |
 * | cardkingdom* (and the set's name, which finds the printing)         | name finish quantity             |
 * | mtgo, plain, dek                                                    | name quantity                    |
 *
 * * etched is written as foil. † Archidekt has no Mint grade: M is written as NM.
 */
const CARRIED: Readonly<
  Record<ExportFormatValue, { fields: readonly Field[]; etchedAsFoil?: true; mintAsNearMint?: true }>
> = {
  companion: { fields: ALL },
  moxfield: { fields: ALL },
  manabox: { fields: ALL },
  deckbox: { fields: ALL, etchedAsFoil: true },
  archidekt: { fields: ALL, mintAsNearMint: true },
  dragonshield: { fields: ALL },
  tcgplayer: { fields: ALL, etchedAsFoil: true },
  mtggoldfish: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'] },
  topdecked: { fields: ALL },
  cardkingdom: { fields: ['name', 'finish', 'quantity'], etchedAsFoil: true },
  'mtgo-csv': { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'], etchedAsFoil: true },
  arena: { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'] },
  mtgo: { fields: ['name', 'quantity'] },
  plain: { fields: ['name', 'quantity'] },
  dek: { fields: ['name', 'quantity'] },
};

/** An entry as a row: its printing's name, set and number, or the ones its file gave (unresolved). */
const canonical = (e: ListEntry): Record<Field, unknown> => ({
  name: e.card?.name ?? e.unresolved?.name,
  setCode: e.card?.set ?? e.unresolved?.setCode ?? null,
  collectorNumber: e.card?.collector_number ?? e.unresolved?.collectorNumber ?? null,
  finish: e.finish,
  language: e.language,
  condition: e.condition,
  quantity: e.quantity,
});

/**
 * A list's rows on the fields a format carries, as the format writes them: copies of the same
 * carried fields added together (the format cannot tell those entries apart, so they come back as
 * one), sorted.
 */
function carried(entries: readonly ListEntry[], format: ExportFormatValue): string[] {
  const { fields, etchedAsFoil, mintAsNearMint } = CARRIED[format];
  const copies = new Map<string, number>();
  for (const entry of entries) {
    const row = canonical(entry);
    if (etchedAsFoil && row.finish === 'etched') row.finish = 'foil';
    if (mintAsNearMint && row.condition === 'M') row.condition = 'NM';
    const key = JSON.stringify(fields.filter((f) => f !== 'quantity').map((f) => row[f]));
    copies.set(key, (copies.get(key) ?? 0) + entry.quantity);
  }
  return [...copies].map(([key, quantity]) => `${key} ×${quantity}`).sort();
}

describe.skipIf(!HAS_SHARED_DATA).each(storages())('exports on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let sourceId: string;
  let source: ListEntry[];

  async function entriesOf(listId: string): Promise<ListEntry[]> {
    const entries: ListEntry[] = [];
    const limit = LIMITS.pageSize.max;
    for (let page = 1; ; page++) {
      const res = await u.client.lists.get({ params: { id: listId }, query: { page, limit } });
      entries.push(...res.entries);
      if (entries.length >= res.total || res.entries.length === 0) return entries;
    }
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
    const { list } = await u.client.lists.create({ body: { name: 'Reference', type: 'collection' } });
    sourceId = list.id;
    for (const file of SOURCES) {
      const content = readFileSync(join(SHARED_DATA, file), 'utf8');
      const report = await u.client.lists.import({ params: { id: sourceId }, body: { content } });
      expect(report.errors).toEqual([]);
    }
    source = await entriesOf(sourceId);
    // Both kinds of entry are exported: matched to a printing, and kept as the file named them.
    expect(source.some((e) => e.card !== null)).toBe(true);
    expect(source.some((e) => e.unresolved !== null)).toBe(true);
  });
  afterAll(() => t?.close());

  it.each(EXPORT_FORMATS)(
    '%s: the export re-imports to the same cards on the fields it carries',
    async (format) => {
      const content = await u.client.lists.export({ params: { id: sourceId }, query: { format } });
      const { list } = await u.client.lists.create({
        body: { name: `Back from ${format}`, type: 'collection' },
      });
      const report = await u.client.lists.import({ params: { id: list.id }, body: { content, format } });
      expect(report.format).toBe(format);
      expect(report.errors).toEqual([]);
      expect(report.added).toBe(source.reduce((n, e) => n + e.quantity, 0));
      expect(carried(await entriesOf(list.id), format)).toEqual(carried(source, format));
    },
  );

  it('sends each file with its media type and extension', async () => {
    for (const [format, type, name] of [
      ['moxfield', 'text/csv; charset=utf-8', 'Reference.csv'],
      ['arena', 'text/plain; charset=utf-8', 'Reference.txt'],
      ['dek', 'application/xml; charset=utf-8', 'Reference.dek'],
    ] as const) {
      expect(exportFile(format).mediaType).toBe(type.split(';')[0]);
      const res = await signedFetch(t, u, contract.lists.export, {
        params: { id: sourceId },
        query: { format },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(await res.text()).toBe(
        await u.client.lists.export({ params: { id: sourceId }, query: { format } }),
      );
    }
    const res = await signedFetch(t, u, contract.collection.export, { query: { format: 'mtgo' } });
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="collection.txt"');
    // Read to the end: a streamed answer left unread holds its connection open past the test.
    expect((await res.text()).split('\n').length).toBeGreaterThan(1);
  });

  it('exports more entries than one chunk as one well-formed .dek holding every entry', async () => {
    const other = await t.user();
    const { list } = await other.client.lists.create({ body: { name: 'Haves', type: 'collection' } });
    const content = readFileSync(join(SHARED_DATA, LARGE), 'utf8');
    const report = await other.client.lists.import({ params: { id: list.id }, body: { content } });
    const { total, list: imported } = await other.client.lists.get({
      params: { id: list.id },
      query: { limit: 1 },
    });
    expect(total).toBeGreaterThan(5000);
    expect(imported.cards).toBe(report.added);

    const res = await signedFetch(t, other, contract.lists.export, {
      params: { id: list.id },
      query: { format: 'dek' },
    });
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Haves.dek"');
    const dek = await res.text();
    expect(dek.match(/<\?xml /g)).toHaveLength(1);
    expect(dek.match(/<Deck /g)).toHaveLength(1);
    expect(dek.endsWith('</Deck>\n')).toBe(true);
    // The SDK's reader checks that the tags nest (it throws on XML that is not well-formed).
    const parsed = parseDecklist(dek, { format: 'dek' });
    expect(parsed.errors).toEqual([]);
    // No entry holds more copies than a .dek line: one item per entry, every copy on the main deck.
    expect(parsed.rows).toHaveLength(total);
    expect(parsed.rows.every((r) => r.board === 'main')).toBe(true);
    expect(parsed.rows.reduce((n, r) => n + r.quantity, 0)).toBe(report.added);
  }, 180_000);
});
