/**
 * Payload figures: the JSON size of a 50-entry page of the collection (`GET /user/collection/search`)
 * and of a list (`GET /user/lists/:id`), as the server sends it before compression (gzip beside it).
 * A binder holds 60 varied printings of the shared sample (../shared/data/scryfall-json), double-faced
 * cards among them, in mixed finishes and conditions; the pages are read over HTTP, signed and
 * authenticated, on PGlite. Beside it, what the collection page would weigh if its entries carried
 * whole cards (each printing as `GET /card` gives it), as they did before CardSummary. Target: ≤ 30 KB
 * a page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { importSharedCatalogue } from '../src/services/catalogue-import.js';
import { benchServer } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const SHARED = resolve(here, '../../../../shared/data');
const PAGE = 50;
const ENTRIES = 60;
const DOUBLE_FACED = 12;
const TARGET_BYTES = 30 * 1024;

type Json = Record<string, unknown>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'companion-bench-payload-'));
  const database = await openDatabase({ dataDir: join(work, 'db') });
  let close = () => database.close();
  try {
    const imported = await importSharedCatalogue(database.db, SHARED);
    if (!imported) {
      console.log('payload: skipped (no shared sample data beside the repository)');
      return;
    }
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    // Double-faced printings (a picture per face), then single-faced ones of every kind.
    const ids = rowsOf<{ id: string; finishes: string[] }>(
      await database.db.execute(sql`(select id, finishes from cards
          where lang = 'en' and layout in ('transform', 'modal_dfc') order by md5(id) limit ${DOUBLE_FACED})
        union all (select id, finishes from cards
          where lang = 'en' and card_faces is null and layout <> 'art_series'
          order by md5(id) limit ${ENTRIES - DOUBLE_FACED})`),
    );
    const bench = await benchServer(database, join(work, 'server'));
    close = () => bench.server.close();
    // The body of the last answer to each path, as it arrives (before the client parses it).
    const bodies = new Map<string, Buffer>();
    const client = bench.client({
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        bodies.set(url.pathname, Buffer.from(await res.clone().arrayBuffer()));
        return res;
      },
    });
    const { lists } = await client.lists.list();
    const binder = lists.find((l) => l.isDefault);
    if (!binder) throw new Error('no default binder');
    const FINISH_ORDER = ['foil', 'etched', 'nonfoil'] as const;
    const CONDITIONS = ['NM', 'LP', null] as const;
    await client.lists.addCards({
      params: { id: binder.id },
      body: {
        cards: ids.map(({ id, finishes }, i) => ({
          cardId: id,
          quantity: 1 + (i % 4),
          // Every third entry foil (or etched) when the printing has it, the others nonfoil when it has it.
          finish:
            (i % 3 === 0 ? FINISH_ORDER : FINISH_ORDER.toReversed()).find((f) => finishes.includes(f)) ??
            'nonfoil',
          condition: CONDITIONS[i % CONDITIONS.length] ?? null,
        })),
      },
    });
    const pages: Array<[string, () => Promise<{ entries: unknown[] }>, string]> = [
      [
        'collection page',
        () => client.collection.search({ query: { limit: PAGE } }),
        '/user/collection/search',
      ],
      [
        'list page',
        () => client.lists.get({ params: { id: binder.id }, query: { limit: PAGE } }),
        `/user/lists/${binder.id}`,
      ],
    ];
    let wholeCards = 0;
    for (const [label, read, path] of pages) {
      const { entries } = await read();
      const body = bodies.get(path);
      if (!body) throw new Error(`no answer recorded for ${path}`);
      const doubleFaced = (entries as Array<{ card: { image_uris?: unknown } | null }>).filter(
        (e) => e.card && !e.card.image_uris,
      ).length;
      console.log(
        `payload: ${label} of ${entries.length} entries (${doubleFaced} double-faced) ` +
          `${body.byteLength.toLocaleString('en-US')} bytes of JSON (${kb(body.byteLength)}, ` +
          `${kb(gzipSync(body).byteLength)} gzipped) ` +
          `(target ≤ ${kb(TARGET_BYTES)}: ${body.byteLength <= TARGET_BYTES ? 'met' : 'missed'})`,
      );
      if (wholeCards) continue;
      // The same page with each entry's whole printing in place of its summary.
      const page = JSON.parse(body.toString('utf8')) as { entries: Array<{ card: Json | null }> };
      for (const entry of page.entries) {
        const card = entry.card;
        if (!card) continue;
        entry.card = (
          await client.cards.get({
            query: {
              set_code: String(card.set),
              collector_number: String(card.collector_number),
              lang: String(card.lang),
            },
          })
        ).card;
      }
      wholeCards = Buffer.byteLength(JSON.stringify(page));
      console.log(
        `payload: the ${label} with whole cards instead would be ${wholeCards.toLocaleString('en-US')} bytes (${kb(wholeCards)})`,
      );
    }
  } finally {
    await close();
    rmSync(work, { recursive: true, force: true });
  }
}
