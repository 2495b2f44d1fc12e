/**
 * Reading a Scryfall bulk file into batches of catalogue rows, each as the JSON document the
 * import's upsert reads (catalogue-import.ts). Kept apart from the database code so that a worker
 * thread can run it (catalogue-parse-worker.ts) while PGlite, which runs in the importing thread,
 * writes the batch before.
 */
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type CardInsert, cardRowFromScryfall } from './catalogue.js';
import { jsonArrayElements } from './catalogue-json.js';

/** A bulk file: a path or an address (plain or gzipped), or a stream. */
export type CatalogueSource = string | { stream: Readable; totalBytes?: number | null; gzip?: boolean };

/**
 * A source as text: a file (read 32 KB at a time), a download, or a stream; gunzipped when its first
 * bytes say gzip. `onBytes` counts the bytes read (compressed ones for gzip), for progress.
 */
export async function openSource(
  source: CatalogueSource,
  onBytes: (n: number) => void,
): Promise<{ text: AsyncIterable<string>; totalBytes: number | null }> {
  let raw: Readable;
  let totalBytes: number | null = null;
  let gzip: boolean | undefined;
  if (typeof source === 'string') {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source, { headers: { 'user-agent': USER_AGENT, accept: '*/*' } });
      if (!response.ok || !response.body) throw new Error(`Download failed: ${response.status} ${source}`);
      totalBytes = Number(response.headers.get('content-length')) || null;
      raw = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
      gzip = source.endsWith('.gz') || response.headers.get('content-type')?.includes('gzip');
    } else {
      totalBytes = statSync(source).size;
      // 32 KB reads: a bigger chunk only makes the text buffer and the strings cut from it bigger.
      raw = createReadStream(source, { highWaterMark: 32 << 10 });
      gzip = source.endsWith('.gz');
    }
  } else {
    raw = source.stream;
    totalBytes = source.totalBytes ?? null;
    gzip = source.gzip;
  }
  // Look at the first bytes: gzip is detected by its magic number, whatever the name says.
  const it = raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  const head: Buffer | null = first.done ? null : first.value;
  async function* bytes() {
    if (!head) return;
    onBytes(head.length);
    yield head;
    for (let r = await it.next(); !r.done; r = await it.next()) {
      onBytes(r.value.length);
      yield r.value;
    }
  }
  const isGzip = gzip || (head !== null && head[0] === 0x1f && head[1] === 0x8b);
  const plain = Readable.from(bytes(), { objectMode: false });
  const stream = isGzip ? plain.pipe(createGunzip()) : plain;
  stream.setEncoding('utf8');
  return { text: stream as AsyncIterable<string>, totalBytes };
}

export const USER_AGENT = 'Companion/0.1 (+https://github.com/companion-mtg/companion)';

/**
 * A batch's rows, each printing once (the last of an id wins), as one JSON document keyed by the
 * rows' own property names (the upsert maps them onto the columns): stringified as they are, dates
 * by their toJSON. Copying each row into an object keyed by column names first took about a fifth
 * of the parse (110,000 printings: 16.1 s parsed so).
 */
export function batchJson(rows: CardInsert[]): string {
  const byId = new Map<string, CardInsert>();
  for (const r of rows) byId.set(r.id, r);
  return JSON.stringify(byId.size === rows.length ? rows : [...byId.values()]);
}

/** A batch of a bulk file: its rows' JSON (batchJson), and how far into the file it ends. */
export interface CardBatch {
  json: string;
  /** Rows in the batch (printings, before a repeated id is dropped). */
  cards: number;
  /** Elements since the previous batch that are not cards (skipped). */
  skipped: number;
  /** Bytes read from the source so far (compressed bytes for .gz). */
  bytes: number;
  totalBytes: number | null;
}

/**
 * The cards of a bulk file, `size` rows a batch; the last batch may hold no rows (only skipped
 * elements). `now` stamps the rows (cardRowFromScryfall).
 */
export async function* cardBatches(
  source: CatalogueSource,
  size: number,
  now: Date,
): AsyncGenerator<CardBatch> {
  let bytes = 0;
  const { text, totalBytes } = await openSource(source, (n) => {
    bytes += n;
  });
  let rows: CardInsert[] = [];
  let skipped = 0;
  for await (const element of jsonArrayElements(text)) {
    const row = cardRowFromScryfall(element, now);
    if (row) rows.push(row);
    else skipped++;
    if (rows.length >= size) {
      yield { json: batchJson(rows), cards: rows.length, skipped, bytes, totalBytes };
      rows = [];
      skipped = 0;
    }
  }
  if (rows.length || skipped)
    yield { json: rows.length ? batchJson(rows) : '[]', cards: rows.length, skipped, bytes, totalBytes };
}
