/**
 * Collection formats against the real exports in /work/shared/data (see its README.md). Skipped, with a
 * warning, when that folder is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  type CollectionFormat,
  type CollectionRow,
  type Condition,
  detectCollectionFormat,
  type Finish,
  FormatError,
  parseCollection,
  writeCollection,
} from './index.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DATA = path.resolve(REPO_ROOT, '../shared/data');
const HELPER = path.join(DATA, 'collection-csv/mtgcsvhelper');
const HAS_DATA = existsSync(HELPER);
// CI must never pass by skipping: there the shared data is required.
if (!HAS_DATA && process.env.CI) throw new Error(`Shared data not found at ${HELPER} (required in CI).`);
if (!HAS_DATA) console.warn(`formats: skipping shared-data collection tests, ${HELPER} does not exist`);

const read = (file: string): string => readFileSync(file, 'utf8');

type Field = keyof Omit<CollectionRow, 'line'>;

// ---------------------------------------------------------------------------------------------------
// master.csv is MtgCsvHelper's CANONICAL format; its 7-grade European condition scale maps onto ours the
// way every per-format reference file renders it (Good = LP, LightlyPlayed = MP, Played = HP, Poor = DMG).
// ---------------------------------------------------------------------------------------------------
const MASTER_CONDITIONS: Readonly<Record<string, Condition>> = {
  Mint: 'M',
  NearMint: 'NM',
  Excellent: 'NM',
  Good: 'LP',
  LightlyPlayed: 'MP',
  Played: 'HP',
  Poor: 'DMG',
};

function readMaster(): CollectionRow[] {
  const parsed = Papa.parse<Record<string, string>>(read(path.join(HELPER, 'master.csv')), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  return parsed.data.map((r, i) => ({
    name: r.Name ?? '',
    setCode: (r.Set ?? '').toLowerCase() || null,
    setName: r.SetName || null,
    collectorNumber: r.CollectorNumber || null,
    language: r.Language || 'en',
    finish: (r.Finish || 'nonfoil') as Finish,
    quantity: Number(r.Count),
    condition: MASTER_CONDITIONS[r.Condition ?? ''] ?? null,
    scryfallId: null,
    purchasePrice: r.PriceBought ? Number(r.PriceBought) : null,
    purchaseCurrency: null,
    tags: [],
    line: i + 2,
  }));
}

/**
 * What each reference file carries, compared with master.csv. master.csv has no Scryfall ID, currency or
 * tags, so those are checked only by the write → re-parse round trips further down.
 *
 * | file            | format       | name  | setCode | setName | collectorNumber | language | finish        | quantity | condition | purchasePrice |
 * |-----------------|--------------|-------|---------|---------|-----------------|----------|---------------|----------|-----------|---------------|
 * | archidekt.csv   | archidekt    | full  | ✓       | ✓       | ✓               | ✓        | ✓             | ✓        | M → NM    | ✓             |
 * | cardkingdom.csv | cardkingdom  | front | —       | ✓       | —               | —        | etched → foil | ✓        | —         | —             |
 * | deckbox.csv     | deckbox      | full  | ✓       | —¹      | ✓               | ✓        | etched → foil | ✓        | ✓         | ✓             |
 * | dragonshield.csv| dragonshield | front²| ✓       | —¹      | ✓               | ✓        | etched → foil³| ✓        | ✓         | ✓             |
 * | manabox.csv     | manabox      | full  | ✓       | ✓       | ✓               | ✓        | ✓             | ✓        | ✓         | ✓             |
 * | moxfield.csv    | moxfield     | full  | ✓       | —       | ✓               | ✓        | ✓             | ✓        | ✓         | ✓             |
 * | mtggoldfish.csv | mtggoldfish  | front | ✓       | ✓       | ✓               | —        | ✓             | ✓        | —         | —             |
 * | mtgo.csv        | mtgo-csv     | full  | ✓       | —       | ✓               | —        | etched → foil | ✓        | —         | —             |
 * | tcgplayer.csv   | tcgplayer    | full  | ✓       | ✓       | ✓               | ✓        | etched → foil | ✓        | ✓         | —             |
 * | topdecked.csv   | topdecked    | full  | ✓       | ✓       | ✓               | ✓        | ✓             | ✓        | ✓         | ✓             |
 *
 * "front": the site writes transform/adventure cards by their front face ("Ambitious Farmhand"), so names
 * are compared on the front face. ¹ Deckbox and DragonShield use their own edition names ("Extras: Modern
 * Horizons 2", "Secret Lair Drop Series", "Guild Kit: Azorius"). ² DragonShield decorates tokens ("Clue
 * Token"); the reader removes that. ³ The reference file degrades etched to Foil; our writer emits
 * DragonShield's own "Etched" printing, so the round trip keeps etched.
 */
interface Carried {
  file: string;
  format: CollectionFormat;
  fields: readonly Field[];
  frontFaceNames?: boolean;
  etchedAsFoil?: boolean;
  mintAsNearMint?: boolean;
}

const REFERENCE: readonly Carried[] = [
  {
    file: 'archidekt.csv',
    format: 'archidekt',
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
    mintAsNearMint: true,
  },
  {
    file: 'cardkingdom.csv',
    format: 'cardkingdom',
    fields: ['name', 'setName', 'finish', 'quantity'],
    frontFaceNames: true,
    etchedAsFoil: true,
  },
  {
    file: 'deckbox.csv',
    format: 'deckbox',
    fields: [
      'name',
      'setCode',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
    etchedAsFoil: true,
  },
  {
    file: 'dragonshield.csv',
    format: 'dragonshield',
    fields: [
      'name',
      'setCode',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
    frontFaceNames: true,
    etchedAsFoil: true,
  },
  {
    file: 'manabox.csv',
    format: 'manabox',
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
  },
  {
    file: 'moxfield.csv',
    format: 'moxfield',
    fields: [
      'name',
      'setCode',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
  },
  {
    file: 'mtggoldfish.csv',
    format: 'mtggoldfish',
    fields: ['name', 'setCode', 'setName', 'collectorNumber', 'finish', 'quantity'],
    frontFaceNames: true,
  },
  {
    file: 'mtgo.csv',
    format: 'mtgo-csv',
    fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'],
    etchedAsFoil: true,
  },
  {
    file: 'tcgplayer.csv',
    format: 'tcgplayer',
    fields: ['name', 'setCode', 'setName', 'collectorNumber', 'language', 'finish', 'quantity', 'condition'],
    etchedAsFoil: true,
  },
  {
    file: 'topdecked.csv',
    format: 'topdecked',
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
  },
];

const frontFace = (name: string): string => name.split(' // ')[0] ?? name;

function project(row: CollectionRow, carried: Carried): Partial<Record<Field, unknown>> {
  const out: Partial<Record<Field, unknown>> = {};
  for (const field of carried.fields) out[field] = row[field];
  if (carried.frontFaceNames) out.name = frontFace(row.name);
  if (carried.etchedAsFoil && row.finish === 'etched') out.finish = 'foil';
  if (carried.mintAsNearMint && row.condition === 'M') out.condition = 'NM';
  return out;
}

describe.skipIf(!HAS_DATA)('reference collection (29 cards in 10 formats) vs master.csv', () => {
  const master = HAS_DATA ? readMaster() : [];

  it('master.csv has the 29 reference cards', () => {
    expect(master).toHaveLength(29);
  });

  for (const carried of REFERENCE) {
    it(`${carried.file} is detected as ${carried.format} and parses to master's rows`, () => {
      const text = read(path.join(HELPER, 'Reference', carried.file));
      expect(detectCollectionFormat(text)).toBe(carried.format);
      const result = parseCollection(text);
      expect(result.format).toBe(carried.format);
      expect(result.errors).toEqual([]);
      expect(result.rows.map((r) => project(r, carried))).toEqual(master.map((r) => project(r, carried)));
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// Write → re-parse: every format keeps the fields it can carry.
// ---------------------------------------------------------------------------------------------------

/**
 * | format       | fields our writer round-trips                                                                    |
 * |--------------|--------------------------------------------------------------------------------------------------|
 * | companion    | all                                                                                              |
 * | moxfield     | name setCode collectorNumber language finish quantity condition purchasePrice tags               |
 * | manabox      | name setCode setName collectorNumber language finish quantity condition scryfallId price currency |
 * | deckbox      | name setCode setName collectorNumber language finish* quantity condition scryfallId price currency† tags |
 * | archidekt    | name setCode setName collectorNumber language finish quantity condition‡ scryfallId price tags   |
 * | dragonshield | name setCode setName collectorNumber language finish quantity condition price                    |
 * | tcgplayer    | name setCode setName collectorNumber language finish* quantity condition                          |
 * | mtggoldfish  | name setCode setName collectorNumber finish quantity scryfallId                                  |
 * | topdecked    | name setCode setName collectorNumber language finish quantity condition scryfallId price tags    |
 * | cardkingdom  | name setName finish* quantity                                                                    |
 * | mtgo-csv     | name setCode collectorNumber finish* quantity                                                    |
 *
 * * etched is written as foil. † as a symbol/code on the price ("$0.20"), so only when there is a price.
 * ‡ Archidekt has no Mint grade; M is written as NM.
 */
const ROUND_TRIP: Readonly<Record<CollectionFormat, Omit<Carried, 'file' | 'format'>>> = {
  companion: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'scryfallId',
      'purchasePrice',
      'purchaseCurrency',
      'tags',
    ],
  },
  moxfield: {
    fields: [
      'name',
      'setCode',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
      'tags',
    ],
  },
  manabox: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'scryfallId',
      'purchasePrice',
      'purchaseCurrency',
    ],
  },
  deckbox: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'scryfallId',
      'purchasePrice',
      'purchaseCurrency',
      'tags',
    ],
    etchedAsFoil: true,
  },
  archidekt: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'scryfallId',
      'purchasePrice',
      'tags',
    ],
    mintAsNearMint: true,
  },
  dragonshield: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'purchasePrice',
    ],
  },
  tcgplayer: {
    fields: ['name', 'setCode', 'setName', 'collectorNumber', 'language', 'finish', 'quantity', 'condition'],
    etchedAsFoil: true,
  },
  mtggoldfish: {
    fields: ['name', 'setCode', 'setName', 'collectorNumber', 'finish', 'quantity', 'scryfallId'],
  },
  topdecked: {
    fields: [
      'name',
      'setCode',
      'setName',
      'collectorNumber',
      'language',
      'finish',
      'quantity',
      'condition',
      'scryfallId',
      'purchasePrice',
      'tags',
    ],
  },
  cardkingdom: { fields: ['name', 'setName', 'finish', 'quantity'], etchedAsFoil: true },
  'mtgo-csv': { fields: ['name', 'setCode', 'collectorNumber', 'finish', 'quantity'], etchedAsFoil: true },
};

const ALL_FORMATS = Object.keys(ROUND_TRIP) as CollectionFormat[];

function expectRoundTrip(format: CollectionFormat, rows: readonly CollectionRow[]): void {
  const carried = { file: '', format, ...ROUND_TRIP[format] };
  const written = writeCollection(format, rows);
  expect(detectCollectionFormat(written)).toBe(format);
  const reparsed = parseCollection(written);
  expect(reparsed.format).toBe(format);
  expect(reparsed.errors).toEqual([]);
  const strip = (r: CollectionRow) => {
    const p = project(r, carried);
    // Deckbox carries the currency on the price cell only.
    if (format === 'deckbox' && r.purchasePrice === null) p.purchaseCurrency = null;
    return p;
  };
  expect(reparsed.rows.map(strip)).toEqual(rows.map(strip));
}

describe.skipIf(!HAS_DATA)('write → re-parse round trips of the reference set', () => {
  // master.csv plus what it lacks: Scryfall IDs (from archidekt.csv), currencies and tags.
  const rows = HAS_DATA
    ? (() => {
        const ids = parseCollection(read(path.join(HELPER, 'Reference/archidekt.csv'))).rows;
        return readMaster().map((row, i) => ({
          ...row,
          scryfallId: ids[i]?.scryfallId ?? null,
          purchaseCurrency: row.purchasePrice === null ? null : i % 2 === 0 ? 'USD' : 'EUR',
          tags: i % 3 === 0 ? ['trade', 'binder 2'] : [],
        }));
      })()
    : [];

  for (const format of ALL_FORMATS) {
    it(`${format} keeps the fields it carries`, () => expectRoundTrip(format, rows));
  }
});

// ---------------------------------------------------------------------------------------------------
// Large real exports: nothing lost.
// ---------------------------------------------------------------------------------------------------

/** Non-blank data records counted without any format logic: papaparse, greedy blank skipping. */
function countRecords(text: string): number {
  let body = text.replace(/^\uFEFF/, '');
  if (/^"?sep=.?"?\r?\n/.test(body)) body = body.slice(body.indexOf('\n') + 1);
  return Papa.parse(body, { header: true, skipEmptyLines: 'greedy' }).data.length;
}

function csvFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return csvFiles(full);
    return entry.name.endsWith('.csv') ? [full] : [];
  });
}

/** Files that contain bad rows on purpose, with how many. Every other file must parse without errors. */
const EXPECTED_ERRORS: Readonly<Record<string, number>> = {
  'mtgcsvhelper/Tests/moxfield-count-rejected.csv': 4, // -3, 0, abc, empty
  'mtgcsvhelper/Tests/moxfield-foil-rejected.csv': 3, // yes, true, bogus (Moxfield's Foil is ""/foil/etched)
  'mtgcsvhelper/Tests/moxfield-language-rejected.csv': 2, // Klingon, EN (Moxfield writes "English")
  'mtgcsvhelper/Tests/moxfield-mixed-warnings-and-errors.csv': 1, // notanumber
  'scrydex-manabox/manabox/collection/predh.csv': 1, // line 60: condition "near"
};

/** Formats of files in mtgcsvhelper/Tests, by name prefix. */
const REAL_EXPORT_FORMATS: Readonly<Record<string, CollectionFormat>> = {
  archidekt: 'archidekt',
  deckbox: 'deckbox',
  dragonshield: 'dragonshield',
  manabox: 'manabox',
  moxfield: 'moxfield',
  mtggoldfish: 'mtggoldfish',
  tcgplayer: 'tcgplayer',
  topdecked: 'topdecked',
  mtgo: 'mtgo-csv',
};

describe.skipIf(!HAS_DATA)('real exports parse with zero lost rows', () => {
  const root = path.join(DATA, 'collection-csv');
  const files = HAS_DATA
    ? [
        ...csvFiles(path.join(HELPER, 'Collection')),
        ...readdirSync(path.join(HELPER, 'Tests'))
          .filter((f) => f.endsWith('-real-export.csv') && !f.startsWith('cardmarket'))
          .map((f) => path.join(HELPER, 'Tests', f)),
        ...readdirSync(path.join(HELPER, 'Tests'))
          .filter((f) => f.startsWith('moxfield-') && !f.endsWith('-real-export.csv'))
          .map((f) => path.join(HELPER, 'Tests', f)),
        ...csvFiles(path.join(DATA, 'collection-csv/scrydex-manabox')),
      ].sort()
    : [];

  it('finds the files', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  for (const file of files) {
    const name = path.relative(root, file);
    it(`${name}: rows + errors = records`, () => {
      const text = read(file);
      const result = parseCollection(text);
      expect(result.rows.length + result.errors.length).toBe(countRecords(text));
      expect(result.errors.length, JSON.stringify(result.errors.slice(0, 3))).toBe(
        EXPECTED_ERRORS[name] ?? 0,
      );
      const prefix = path.basename(file).split(/[-_]/)[0] ?? '';
      const expected = REAL_EXPORT_FORMATS[prefix];
      if (expected && !name.includes('wrong-format-headers')) expect(result.format).toBe(expected);
      for (const row of result.rows) {
        expect(row.quantity).toBeGreaterThan(0);
        expect(row.name).not.toBe('');
      }
      // Line numbers point at the records: strictly increasing, after the header.
      const lines = [...result.rows.map((r) => r.line), ...result.errors.map((e) => e.line)].sort(
        (a, b) => a - b,
      );
      expect(new Set(lines).size).toBe(lines.length);
    });

    it(`${name}: re-written in its own format and as companion, keeps every row`, () => {
      const { format, rows } = parseCollection(read(file));
      expectRoundTrip(format, rows);
      expectRoundTrip('companion', rows);
    });
  }

  it('moxfield-wrong-format-headers.csv is a DragonShield header and reads as DragonShield', () => {
    const result = parseCollection(read(path.join(HELPER, 'Tests/moxfield-wrong-format-headers.csv')));
    expect(result.format).toBe('dragonshield');
    expect(result.rows.map((r) => [r.name, r.quantity])).toEqual([
      ['Lightning Bolt', 1],
      ['Sol Ring', 2],
    ]);
  });

  it('Cardmarket stock exports (idProduct only, no card names) are not a collection format we read', () => {
    const text = read(path.join(HELPER, 'Tests/cardmarket-real-export.csv'));
    expect(detectCollectionFormat(text)).toBeNull();
    expect(() => parseCollection(text)).toThrow(FormatError);
    expect(() => parseCollection(text)).toThrow(/expected the CSV header of one of .*Moxfield/);
  });

  it('spot-checks values from the big exports', () => {
    const ds = parseCollection(read(path.join(HELPER, 'Collection/dragonshield-collection.csv')));
    expect(ds.rows[0]).toMatchObject({
      name: 'Abandon the Post',
      setCode: 'mid',
      collectorNumber: '127',
      language: 'de',
      condition: 'NM',
      purchasePrice: 0.25,
      line: 3,
    });
    const mb = parseCollection(read(path.join(HELPER, 'Collection/manabox-collection.csv')));
    expect(mb.rows[0]).toMatchObject({
      name: 'Millicent, Restless Revenant',
      setCode: 'voc',
      scryfallId: '2b86b538-0766-440d-a2cd-f5d5bfcfb010',
      purchasePrice: 0.47,
      purchaseCurrency: 'USD',
      language: 'de',
    });
    const td = parseCollection(read(path.join(HELPER, 'Collection/topdecked-collection.csv')));
    expect(td.rows.filter((r) => r.finish === 'etched')).toHaveLength(1);
    const tcg = parseCollection(read(path.join(HELPER, 'Collection/tcgplayer-collection-old.csv')));
    expect(tcg.rows[1]?.name).toBe('Abbey Matron'); // "Abbey Matron [Version 2]"
    const tokens = parseCollection(read(path.join(HELPER, 'Tests/dragonshield-tokens-real-export.csv')));
    expect(tokens.rows.map((r) => r.name)).toEqual(['Beast', 'Bird', 'Clue', 'Morph Creature']);
    const predh = parseCollection(
      read(path.join(DATA, 'collection-csv/scrydex-manabox/manabox/collection/predh.csv')),
    );
    expect(predh.errors).toEqual([
      expect.objectContaining({ line: 60, field: 'condition', message: expect.stringContaining('"near"') }),
    ]);
  });
});
