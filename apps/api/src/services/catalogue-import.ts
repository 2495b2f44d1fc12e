/**
 * Loads Scryfall bulk data into the catalogue: cards (streamed, batched upserts, a dated price
 * snapshot per card), sets and id migrations. Used by `cards:import`, `cards:sync`, the start-up
 * fill of an empty catalogue and the tests.
 */

import { on } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import type { ListDeleteStrategyValue } from '@companion/sdk/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { cardMigrations, cardSets, cards } from '../db/catalogue.js';
import { type Db, isPglite, type Tx } from '../db/client.js';
import { rowsOf } from './card-search.js';
import { JsonShapeError } from './catalogue-json.js';
import type { ParseWorkerData, ParseWorkerMessage } from './catalogue-parse-worker.js';
import { type CardBatch, type CatalogueSource, cardBatches } from './catalogue-source.js';
import { applyCardMigrations } from './lists/card-migrations.js';

export { type CatalogueSource, USER_AGENT } from './catalogue-source.js';

export interface ImportProgress {
  /** Bytes read from the source so far (compressed bytes for .gz). */
  bytes: number;
  /** Total bytes when known. */
  totalBytes: number | null;
  cards: number;
}

export interface ImportOptions {
  /** A Scryfall sets file (list object or array). */
  sets?: JsonListSource | undefined;
  /** A Scryfall migrations file (list object or array). */
  migrations?: JsonListSource | undefined;
  /** Rows per upsert (default 1,000 on PostgreSQL, 500 on PGlite). */
  batchSize?: number;
  /** Day of the price snapshot (default today, UTC). */
  date?: string;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Into an empty catalogue, load everything in one transaction and build card_search, card_pick
   * and the GIN indexes once at the end (about a third faster), keeping the catalogue's tables
   * locked meanwhile: for `cards:import` and the start-up load of the sample data, not for a sync
   * in the background of a running server, whose requests must get through.
   */
  bulk?: boolean;
  /**
   * Where a bulk file on disk is read and parsed: in a worker thread (`worker`, while this thread
   * writes the batch before) or here. Default: in a worker on PGlite for files from 8 MB up (PGlite
   * writes in this thread), here otherwise (PostgreSQL writes in its own process meanwhile).
   */
  parse?: 'worker' | 'here';
}

export interface ImportResult {
  cards: number;
  skipped: number;
  /** Card files read and parsed in a worker thread (see ImportOptions.parse). */
  parsedInWorker: number;
  sets: number;
  migrations: {
    merged: number;
    deleted: number;
    entriesMoved: number;
    entriesUnresolved: number;
    deckCards: number;
  };
  ms: number;
}

const today = () => new Date().toISOString().slice(0, 10);

function excludedSet<T extends Record<string, { name: string }>>(columns: T, skip: string[] = []) {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([k]) => !skip.includes(k))
      .map(([k, col]) => [k, sql.raw(`excluded."${col.name}"`)]),
  );
}

/**
 * Card columns as (property, name, SQL type) for the JSON-recordset upsert, whose records are keyed
 * by property (batchJson).
 */
const CARD_COLUMNS = Object.entries(getTableColumns(cards)).map(([key, col]) => ({
  key,
  name: col.name,
  type: col.getSQLType(),
  array: col.columnType === 'PgArray',
}));
/**
 * A JSON array read into an array column is converted by the recordset itself (PostgreSQL 10 up); a
 * missing one is empty. Unnesting each in a subquery instead (ten array columns) took about a
 * fifth of PostgreSQL's time loading 110,000 printings (14.4 s of CPU against 11.2 s).
 */
const recordColumns = CARD_COLUMNS.map((c) => `"${c.key}" ${c.type}`).join(', ');
const selectColumns = CARD_COLUMNS.map((c) =>
  c.array ? `coalesce(x."${c.key}", '{}')` : `x."${c.key}"`,
).join(', ');
const columnList = CARD_COLUMNS.map((c) => `"${c.name}"`).join(', ');
const updateList = CARD_COLUMNS.filter((c) => c.name !== 'id')
  .map((c) => `"${c.name}" = excluded."${c.name}"`)
  .join(', ');
/**
 * The columns whose change makes a row worth rewriting: all but the import's own timestamps. The
 * upsert leaves a row whose content is unchanged alone (no new row version, no trigger work, no
 * index entries), so a sync of an unchanged file rewrites nothing.
 */
const CONTENT_COLUMNS = CARD_COLUMNS.filter(
  (c) => !['id', 'updated_at', 'prices_updated_at'].includes(c.name),
).map((c) => `"${c.name}"`);
const contentChanged = `(${CONTENT_COLUMNS.map((c) => `cards.${c}`).join(', ')}) is distinct from (${CONTENT_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;
const PRICE_COLUMNS = ['usd', 'usd_foil', 'usd_etched', 'eur', 'eur_foil', 'tix'];
const priceChanged = `(${PRICE_COLUMNS.map((c) => `card_prices.${c}`).join(', ')}) is distinct from (${PRICE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})`;
/** The batch's price fields (batchJson's property names), as the price columns. */
const PRICE_FIELDS = ['usd', 'usdFoil', 'usdEtched', 'eur', 'eurFoil', 'tix'].map((k) => `x."${k}"`);
const hasPrice = `(${PRICE_FIELDS.map((f) => `${f} is not null`).join(' or ')})`;
/**
 * Upserts a batch and its price snapshot rows in one statement from one JSON parameter (batchJson):
 * binding 40 values per card makes PGlite spend most of its time on parameters, one JSON document
 * is parsed by PostgreSQL once for both tables: as `json` on PGlite (no binary copy of the whole
 * batch in its memory), as `jsonb` on PostgreSQL (1,000 printings read in 20 ms rather than 62).
 * Only rows whose content changed are rewritten; a printing without any price (most non-English
 * printings) gets no snapshot row, and a snapshot already there with the same prices is left alone.
 */
async function upsertBatch(db: Db | Tx, json: string, date: string, pglite: boolean): Promise<void> {
  await db.execute(
    sql`with x as materialized (select * from ${
      pglite ? sql`json_to_recordset(${json}::json)` : sql`jsonb_to_recordset(${json}::jsonb)`
    } as x(${sql.raw(recordColumns)})),
      upserted as (insert into cards (${sql.raw(columnList)}) select ${sql.raw(selectColumns)} from x
        on conflict (id) do update set ${sql.raw(updateList)} where ${sql.raw(contentChanged)})
      insert into card_prices (card_id, date, usd, usd_foil, usd_etched, eur, eur_foil, tix)
      select x.id, ${date}::date, ${sql.raw(PRICE_FIELDS.join(', '))} from x
      where ${sql.raw(hasPrice)}
      on conflict (card_id, date) do update set usd = excluded.usd, usd_foil = excluded.usd_foil,
        usd_etched = excluded.usd_etched, eur = excluded.eur, eur_foil = excluded.eur_foil, tix = excluded.tix
      where ${sql.raw(priceChanged)}`,
  );
}

/** Files from this size up are parsed in a worker thread on PGlite (see `batchesInWorker`). */
const WORKER_MIN_BYTES = 8 << 20;

/**
 * The worker's module, beside this one: the build's compiled worker, or from the TypeScript sources
 * (tsx, the tests) the plain entry that loads tsx in the worker first (catalogue-parse-worker.mjs).
 */
const PARSE_WORKER = new URL(
  `./catalogue-parse-worker.${import.meta.url.endsWith('.ts') ? 'mjs' : 'js'}`,
  import.meta.url,
);

/**
 * The batches of a bulk file on disk, read and parsed in a worker thread (catalogue-parse-worker.ts)
 * while this thread writes them: PGlite runs its statements in this thread, and parsing took about
 * a third of a 110,000-printing import there. Null when the worker cannot start (its module cannot
 * be loaded): the caller parses here then.
 */
async function batchesInWorker(
  path: string,
  size: number,
  now: Date,
): Promise<AsyncIterable<CardBatch> | null> {
  const data: ParseWorkerData = { path, size, now: now.getTime() };
  let worker: Worker;
  try {
    // A batch parsed is a few MB; left to itself V8 let the worker's heap grow until the import's
    // peak passed 400 MB (413 MB in one run of 110,000 printings), against 363-381 MB so bounded.
    worker = new Worker(PARSE_WORKER, {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
    });
  } catch {
    return null;
  }
  // The worker's messages in order; an 'error' event (its module cannot load, it ran out of memory)
  // rejects, its exit ends them.
  const messages = on(worker, 'message', { close: ['exit'] }) as AsyncIterator<[ParseWorkerMessage]>;
  const ready = await messages.next().catch(() => null);
  if (ready?.done !== false || ready.value[0].type !== 'ready') {
    await worker.terminate();
    return null;
  }
  return (async function* () {
    try {
      for (;;) {
        const next = await messages.next();
        if (next.done) throw new Error('The worker parsing the bulk file stopped');
        const [message] = next.value;
        if (message.type === 'end') return;
        if (message.type === 'error')
          throw message.shape ? new JsonShapeError(message.message) : new Error(message.message);
        if (message.type === 'batch') {
          worker.postMessage('more');
          yield message.batch;
        }
      }
    } finally {
      await worker.terminate();
    }
  })();
}

/** What importing card files loaded: cards, elements skipped, files parsed in a worker. */
export interface Loaded {
  cards: number;
  skipped: number;
  parsedInWorker: number;
}

/** Streams the cards of a bulk file into the catalogue (upsert) and records today's prices. */
export async function importCards(
  db: Db | Tx,
  source: CatalogueSource,
  options: ImportOptions = {},
  pglite = isPglite(db as Db),
): Promise<Loaded> {
  // PGlite's memory (WebAssembly) grows to the largest statement's needs and never shrinks: 500
  // rows a statement keep the import's peak about 50 MB lower than 1,000, at the same speed.
  const batchSize = options.batchSize ?? (pglite ? 500 : 1000);
  const date = options.date ?? today();
  const now = new Date();
  const local = typeof source === 'string' && !/^https?:\/\//.test(source) ? source : null;
  const inWorker =
    local !== null &&
    options.parse !== 'here' &&
    (options.parse === 'worker' || (pglite && statSync(local).size >= WORKER_MIN_BYTES));
  const worker = inWorker ? await batchesInWorker(local, batchSize, now) : null;
  const batches = worker ?? cardBatches(source, batchSize, now);
  let count = 0;
  let skipped = 0;
  let read = { bytes: 0, totalBytes: null as number | null };
  // On PostgreSQL one batch is in flight while the next is parsed. PGlite runs in this thread: its
  // batches are parsed in the worker meanwhile, or not at all while one is written.
  const overlap = !pglite;
  let pending: Promise<void> = Promise.resolve();
  for await (const batch of batches) {
    skipped += batch.skipped;
    read = { bytes: batch.bytes, totalBytes: batch.totalBytes };
    if (!batch.cards) continue;
    await pending;
    pending = upsertBatch(db, batch.json, date, pglite);
    if (!overlap) await pending;
    count += batch.cards;
    options.onProgress?.({ bytes: batch.bytes, totalBytes: batch.totalBytes, cards: count });
  }
  await pending;
  options.onProgress?.({ bytes: read.bytes, totalBytes: read.totalBytes, cards: count });
  // Sets the cards name that no sets file described yet.
  await db.execute(sql`insert into card_sets (code, name, set_type, released_at, card_count)
    select c.set, min(c.set_name), 'unknown', min(c.released_at), count(*)::int from cards c
    where not exists (select 1 from card_sets s where s.code = c.set) group by c.set
    on conflict (code) do nothing`);
  return { cards: count, skipped, parsedInWorker: worker ? 1 : 0 };
}

/** A Scryfall list: a file (JSON list object or array, plain or gzipped) or its items already read. */
export type JsonListSource = string | readonly unknown[];

async function readJsonList(path: JsonListSource): Promise<readonly unknown[]> {
  if (typeof path !== 'string') return path;
  const buffer = await readFile(path);
  const text = (buffer[0] === 0x1f && buffer[1] === 0x8b ? gunzipSync(buffer) : buffer).toString('utf8');
  const json = JSON.parse(text) as unknown;
  if (Array.isArray(json)) return json;
  const o = json as { data?: unknown; sets?: unknown; migrations?: unknown };
  const list = o.data ?? o.sets ?? o.migrations;
  if (!Array.isArray(list)) throw new Error(`${path}: expected a JSON array or a list object`);
  return list;
}

type Json = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : null);

export async function importSets(db: Db, path: JsonListSource): Promise<number> {
  const rows = (await readJsonList(path))
    .filter((x): x is Json => !!x && typeof x === 'object' && typeof (x as Json).code === 'string')
    .map((x) => ({
      code: (x.code as string).toLowerCase(),
      scryfallId: s(x.id),
      name: s(x.name) ?? (x.code as string),
      setType: s(x.set_type) ?? 'unknown',
      releasedAt: s(x.released_at),
      cardCount: typeof x.card_count === 'number' ? x.card_count : 0,
      parentSetCode: s(x.parent_set_code),
      iconSvgUri: s(x.icon_svg_uri),
      digital: x.digital === true,
      blockCode: s(x.block_code)?.toLowerCase() ?? null,
      block: s(x.block),
    }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(cardSets)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({ target: cardSets.code, set: excludedSet(getTableColumns(cardSets), ['code']) });
  }
  return rows.length;
}

export async function importMigrations(db: Db, path: JsonListSource): Promise<number> {
  const rows = (await readJsonList(path))
    .filter((x): x is Json => !!x && typeof x === 'object' && typeof (x as Json).old_scryfall_id === 'string')
    .map((x) => ({
      id: s(x.id) ?? `${x.old_scryfall_id}`,
      oldScryfallId: x.old_scryfall_id as string,
      newScryfallId: s(x.new_scryfall_id),
      strategy: (x.migration_strategy === 'delete' ? 'delete' : 'merge') as ListDeleteStrategyValue,
      performedAt: s(x.performed_at),
      note: s(x.note),
    }));
  if (rows.length) await db.insert(cardMigrations).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * After a bulk load: merges the GIN indexes' pending lists into the indexes and refreshes the
 * planner's statistics, of `cards`, of `card_search`'s partitions and of `card_pick`. Rows
 * upserted into a GIN index (names, name keys, colours, types, flags, rules texts) wait in a
 * pending list that every search scans linearly until VACUUM merges it; PGlite has no autovacuum,
 * and on PostgreSQL a search with thousands of keys (resolving an import's names) took 40 s before
 * autovacuum came by, 0.3 s after. PostgreSQL's autovacuum never analyzes a partitioned table as a
 * whole, and until it analyzes `card_search`'s partitions a catalogue search is planned as if they
 * were empty: `is:commander id<=esper` over 110,000 printings took 78 ms, read through an index of
 * every English printing, against 24 ms.
 *
 * After a first import into an empty catalogue (`vacuum`), PostgreSQL vacuums card_search and
 * card_pick, which every catalogue search reads, instead of analyzing them: until autovacuum comes
 * by (a minute or more later) no page of theirs is marked all-visible, and a scan checks each row's
 * visibility, an index-only scan reads the table besides (over 110,000 printings: a count of
 * card_search's English rows 9 against 6 ms). Their rows are all new then, so VACUUM has no dead
 * row to clear from the indexes, and it merges the GIN pending lists itself. After an import that
 * updates rows, which leaves dead ones, autovacuum does it, with no statement timeout (the
 * server's 15 s applies to its scheduled sync). PGlite analyzes only: its VACUUM's memory would
 * come on top of an import's peak.
 */
export async function tidyCatalogue(db: Db, options: { vacuum?: boolean } = {}): Promise<void> {
  const vacuum = options.vacuum === true && !isPglite(db);
  await db.execute(sql`select gin_clean_pending_list(i.indexrelid::regclass)
    from pg_index i join pg_class x on x.oid = i.indexrelid join pg_am a on a.oid = x.relam
    where a.amname = 'gin' and (i.indrelid = 'cards'::regclass${
      vacuum
        ? sql``
        : sql` or i.indrelid = to_regclass('card_pick')
      or i.indrelid in (select inhrelid from pg_inherits where inhparent = 'card_search'::regclass)`
    })`);
  // At once: on PostgreSQL each on a connection of its own (cards takes as long as the two others).
  // VACUUM runs outside a transaction, which db.execute on the pool is.
  const tidy = vacuum ? 'vacuum (analyze)' : 'analyze';
  await Promise.all([
    db.execute(sql`analyze cards`),
    (async () => {
      await db.execute(sql.raw(`${tidy} card_search`));
      // card_pick came with migration 0024 (the upgrade tests load a catalogue into older schemas).
      const [pick] = rowsOf<{ held: boolean }>(
        await db.execute(sql`select to_regclass('card_pick') is not null as held`),
      );
      if (pick?.held) await db.execute(sql.raw(`${tidy} card_pick`));
    })(),
  ]);
}

/** Each file in turn (importCards), the counts added up. */
async function importEach(db: Db | Tx, sources: CatalogueSource[], options: ImportOptions, pglite: boolean) {
  const loaded: Loaded = { cards: 0, skipped: 0, parsedInWorker: 0 };
  for (const one of sources) {
    const r = await importCards(db, one, options, pglite);
    loaded.cards += r.cards;
    loaded.skipped += r.skipped;
    loaded.parsedInWorker += r.parsedInWorker;
  }
  return loaded;
}

/**
 * PostgreSQL settings for the statements of a first import, which each run once over the whole
 * catalogue: no JIT compilation (it took about 0.6 s of card_search_rebuild's first statement, for
 * nothing: each statement runs once) and more memory to sort and hash (its join spilled to disk in
 * four batches at 16 MB). Not on PGlite, whose memory grows to what a statement takes and never
 * shrinks. (A bigger maintenance_work_mem did not make the GIN builds faster: 2.8-3.4 s at 16 MB to
 * 1 GB for the rules' trigrams.)
 */
const BULK_SETTINGS = `set local jit = off; set local work_mem = '64MB'`;

/** Taken by a first import while it checks the catalogue is empty and loads it. */
const BULK_LOAD_LOCK = 727275;

/**
 * A first import, into an empty catalogue: every file in one transaction, with card_search's
 * trigger off (`companion.bulk_load`), the GIN indexes of cards and card_pick dropped and all but
 * the primary keys of card_search and card_pick, then card_search and card_pick written in two
 * statements (`card_search_rebuild()`, migration 0025) and the indexes built again, each in one
 * pass. 110,000
 * printings on PostgreSQL: 42 s batch by batch with the trigger and the indexes kept up to date, 31 s
 * so; on PGlite 94 s, 60 s. card_search's btree indexes kept up to date took PGlite's rebuild 7.3 s,
 * built after it 4.9 s and 0.4 s (cards' own, kept up to date while the batches load, cost nothing
 * there that building them again would save: 1.2 s more). card_pick's eight btree indexes kept up to
 * date took 2.5 s of the rebuild's card_pick insert on PostgreSQL (5.2 s against 2.7 s for 30,000
 * cards), built after it under 0.2 s each: the rebuild 11.5 s, then 8.4 s. The transaction
 * makes the dropped indexes safe: an import that fails leaves the catalogue empty, with its indexes.
 * Returns null, having written nothing, when the catalogue holds cards (the caller imports batch by
 * batch then).
 */
async function loadEmptyCatalogue(
  db: Db,
  sources: CatalogueSource[],
  options: ImportOptions,
  pglite: boolean,
): Promise<Loaded | null> {
  return db.transaction(async (tx) => {
    // Two first imports at once (into the same schema): the second waits, then finds the cards of
    // the first.
    await tx.execute(sql`select pg_advisory_xact_lock(${BULK_LOAD_LOCK}, hashtext(current_schema()))`);
    // The upgrade tests load a catalogue into a schema older than migration 0025.
    const [state] = rowsOf<{ held: boolean; rebuild: boolean }>(
      await tx.execute(sql`select exists (select 1 from cards) as held,
        to_regprocedure('card_search_rebuild()') is not null as rebuild`),
    );
    if (state?.held || !state?.rebuild) return null;
    await tx.execute(sql`select set_config('companion.bulk_load', 'on', true)`);
    await tx.execute(sql`set local statement_timeout = 0`);
    if (!pglite) await tx.execute(sql.raw(BULK_SETTINGS));
    const indexes = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`select quote_ident(n.nspname) || '.' || quote_ident(x.relname) as name,
          pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class x on x.oid = i.indexrelid join pg_am a on a.oid = x.relam
          join pg_namespace n on n.oid = x.relnamespace
        where (a.amname = 'gin' or (i.indrelid in ('card_search'::regclass, 'card_pick'::regclass) and not i.indisunique)) and i.indrelid in ('cards'::regclass, 'card_pick'::regclass, 'card_search'::regclass)`),
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
    const loaded = await importEach(tx, sources, options, pglite);
    await tx.execute(sql`select card_search_rebuild()`);
    // card_search's are partitioned indexes, defined `ON ONLY` the parent: made again on every partition.
    for (const index of indexes) await tx.execute(sql.raw(index.definition.replace(' ON ONLY ', ' ON ')));
    return loaded;
  });
}

/** Cards, then sets, then migrations (applied to lists and decks). */
export async function importCatalogue(
  db: Db,
  source: CatalogueSource | CatalogueSource[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const sources = Array.isArray(source) ? source : [source];
  const pglite = isPglite(db);
  const bulkLoaded = options.bulk ? await loadEmptyCatalogue(db, sources, options, pglite) : null;
  const {
    cards: total,
    skipped,
    parsedInWorker,
  } = bulkLoaded ?? (await importEach(db, sources, options, pglite));
  const sets = options.sets ? await importSets(db, options.sets) : 0;
  if (options.migrations) await importMigrations(db, options.migrations);
  const migrations = await applyCardMigrations(db);
  await tidyCatalogue(db, { vacuum: bulkLoaded !== null });
  return {
    cards: total,
    skipped,
    parsedInWorker,
    sets,
    migrations,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Loads every card file of the shared sample data (`<dir>/scryfall-json`, or `dir` itself) with its
 * sets and migrations files. Returns null when the folder is absent.
 */
export async function importSharedCatalogue(db: Db, sharedDataDir: string): Promise<ImportResult | null> {
  const dir = existsSync(join(sharedDataDir, 'scryfall-json'))
    ? join(sharedDataDir, 'scryfall-json')
    : sharedDataDir;
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => /\.json(\.gz)?$/.test(f))
    .sort();
  const cardsFiles = files.filter((f) => !/sets|migrations|bulk_data/.test(f)).map((f) => join(dir, f));
  const result = await importCatalogue(db, cardsFiles, { bulk: true });
  for (const f of files.filter((f) => /sets/.test(f))) result.sets += await importSets(db, join(dir, f));
  for (const f of files.filter((f) => /migrations/.test(f))) await importMigrations(db, join(dir, f));
  const migrations = await applyCardMigrations(db);
  result.migrations = migrations;
  return result;
}
