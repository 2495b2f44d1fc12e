/**
 * Lists as files in one of the export formats (collection CSVs and decklists), streamed in chunks.
 */

import { Readable } from 'node:stream';
import { type ExportFormatValue, exportFile, type FinishValue } from '@companion/sdk/contract';
import { type CollectionRowInput, exportWriter } from '@companion/sdk/formats';
import { sql } from 'drizzle-orm';
import { cardSearch, cards, listEntries } from '../../db/catalogue.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../card-search.js';

/**
 * An export line as the database gives it, entry and printing columns already merged: id, card id,
 * name, set code, set name, collector number, language, finish, quantity, condition, purchase price
 * and currency, tags; and, for the formats that carry it, the MTGO catalogue id of the entry's finish.
 */
type ExportLine = [
  string,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  string,
  FinishValue,
  number,
  string,
  number | null,
  string | null,
  string[],
  (number | null)?,
];

function exportRow(r: ExportLine): CollectionRowInput {
  return {
    name: r[2],
    setCode: r[3],
    setName: r[4],
    collectorNumber: r[5],
    language: r[6],
    finish: r[7],
    quantity: r[8],
    condition: (r[9] || null) as CollectionRowInput['condition'],
    scryfallId: r[1],
    purchasePrice: r[10] === null ? null : Number(r[10]),
    purchaseCurrency: r[11],
    tags: r[12],
    ...(typeof r[13] === 'number' ? { mtgoId: r[13] } : {}),
  };
}

/** The formats that carry MTGO catalogue ids (a .dek's CatID, an MTGO CSV's "ID #"). */
const WITH_MTGO_IDS: ReadonlySet<ExportFormatValue> = new Set(['dek', 'mtgo-csv']);

const EXPORT_BATCH = 5000;

/**
 * Streams the entries of some lists as a file in `format`, EXPORT_BATCH entries per chunk (keyset
 * paging on the entry id), through the SDK's export writer: a CSV's header, a .dek's opening and its
 * closing tag are written once, and a decklist holds every entry as a main-board line. A line's
 * printing columns come from the narrow `card_search` row (the wide `cards` rows stay unread) and
 * are merged with the entry's in SQL (an unresolved entry keeps the name its file gave, and the set
 * and number of its `unresolved` note; an entry whose printing an import guessed from its name, and
 * which nobody has checked since, is written as its file gave it, without the guess's id, so it
 * exports as it came and a re-import marks it guessed again), one key lookup per entry (a plain join let PostgreSQL scan
 * all of `card_search` for each chunk). Each chunk arrives as one JSON text, parsed natively: on
 * PGlite, decoding 5,000 rows of 13 columns field by field in JavaScript cost more than the query
 * itself.
 */
export function exportList(db: Db, listIds: string[], format: ExportFormatValue): Readable {
  const writer = exportWriter(format);
  // The printing's MTGO id for its finish (the foil's for foil and etched), read from the wide
  // `cards` row by key only for the formats that write it; never a guessed printing's.
  const mtgo = WITH_MTGO_IDS.has(format);
  const mtgoColumn = mtgo
    ? sql`, case when e.guessed then null when e.finish = 'nonfoil' then m.mtgo_id else m.mtgo_foil_id end`
    : sql``;
  const mtgoJoin = mtgo
    ? sql`left join lateral (select c.mtgo_id, c.mtgo_foil_id from ${cards} c where c.id = e.card_id offset 0) m on true`
    : sql``;
  async function* chunks() {
    let after: string | null = null;
    while (listIds.length) {
      const [chunk] = rowsOf<{ lines: string | null }>(
        await db.execute(sql`select json_agg(json_build_array(e.id,
            case when e.guessed then null else s.id end,
            case when e.guessed then e.imported ->> 'name' else coalesce(s.name, e.name) end,
            case when e.guessed then e.imported ->> 'setCode' else coalesce(s.set, e.unresolved ->> 'setCode') end,
            case when e.guessed then null else s.set_name end,
            case when e.guessed then e.imported ->> 'collectorNumber'
              else coalesce(s.collector_number, e.unresolved ->> 'collectorNumber') end,
            e.language, e.finish,
            e.quantity, e.condition, e.purchase_price, e.purchase_currency, e.tags${mtgoColumn}) order by e.id)::text as lines
          from (select e.*, coalesce(e.imported ->> 'method' = 'name', false) as guessed from ${listEntries} e
            where e.list_id in (${sql.join(
              listIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) ${after ? sql`and e.id > ${after}::uuid` : sql``}
            order by e.id limit ${EXPORT_BATCH}) e
          left join lateral (select * from ${cardSearch} s where s.id = e.card_id offset 0) s on true
          ${mtgoJoin}`),
      );
      const rows: ExportLine[] = chunk?.lines ? JSON.parse(chunk.lines) : [];
      const text = writer.write(rows.map(exportRow));
      if (text) yield text;
      if (rows.length < EXPORT_BATCH) break;
      after = rows[rows.length - 1]?.[0] ?? null;
    }
    const end = writer.end();
    if (end) yield end;
  }
  return Readable.from(chunks());
}

/**
 * The headers of an export download: the format's media type, and a file name (`name`, with the
 * characters a file name should not hold replaced) with the format's extension.
 */
export function exportHeaders(name: string, format: ExportFormatValue): Record<string, string> {
  const { extension, mediaType } = exportFile(format);
  return {
    'content-type': `${mediaType}; charset=utf-8`,
    'content-disposition': `attachment; filename="${name.replace(/[^\w.-]+/g, '_')}.${extension}"`,
  };
}
