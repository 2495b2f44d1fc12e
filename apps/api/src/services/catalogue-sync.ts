/**
 * Brings the catalogue up to date from Scryfall's API: the sets list, every ID migration (all pages),
 * then the current bulk card file, streamed into the import as it downloads (nothing is held whole).
 * Polite to Scryfall as their API guide asks: a User-Agent naming the application, an Accept header,
 * at most 10 requests a second, and a 429 answered by waiting (Retry-After) before trying again.
 */
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { Db } from '../db/client.js';
import { type ImportOptions, type ImportResult, importCatalogue, USER_AGENT } from './catalogue-import.js';

export type BulkType = 'default_cards' | 'all_cards';

export interface SyncOptions {
  /** Scryfall's API root (default https://api.scryfall.com). */
  apiUrl?: string;
  bulkType?: BulkType;
  /** Least time between two requests (default 100 ms: 10 a second). */
  minIntervalMs?: number;
  /** How many times a 429 or 503 is retried (default 3). */
  retries?: number;
  onProgress?: ImportOptions['onProgress'];
  log?: (line: string) => void;
}

export interface SyncResult extends ImportResult {
  /** When Scryfall generated the bulk file. */
  updatedAt: string | null;
  migrationsFetched: number;
}

export class SyncError extends Error {}

interface ScryfallList {
  data?: unknown[];
  has_more?: boolean;
  next_page?: string;
}

interface BulkItem {
  type?: string;
  download_uri?: string;
  updated_at?: string;
  size?: number;
}

/** A fetch that keeps the request spacing and honours 429/503 with Retry-After. */
export function politeFetcher(minIntervalMs = 100, retries = 3) {
  let last = Number.NEGATIVE_INFINITY;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  return async function politeFetch(url: string, accept: string): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const wait = last + minIntervalMs - performance.now();
      if (wait > 0) await pause(wait);
      last = performance.now();
      let response: Response;
      try {
        response = await fetch(url, { headers: { 'user-agent': USER_AGENT, accept } });
      } catch (error) {
        const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
        throw new SyncError(
          `Cannot reach ${new URL(url).host} (${cause?.code ?? cause?.message ?? (error as Error).message}). ` +
            'cards:sync needs internet access; offline, import a downloaded file with cards:import <file>.',
        );
      }
      if ((response.status === 429 || response.status === 503) && attempt < retries) {
        const seconds = Number(response.headers.get('retry-after'));
        await response.body?.cancel();
        await pause(
          Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : 1000 * 2 ** attempt,
        );
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SyncError(`Scryfall answered ${response.status} ${response.statusText} for ${url}.`);
      }
      return response;
    }
  };
}

async function listAll(
  fetchJson: (url: string) => Promise<unknown>,
  first: string,
  maxPages = 1000,
): Promise<unknown[]> {
  const out: unknown[] = [];
  let url: string | undefined = first;
  for (let page = 0; url && page < maxPages; page += 1) {
    const body = (await fetchJson(url)) as ScryfallList;
    if (!Array.isArray(body.data)) throw new SyncError(`Scryfall gave no list at ${url}.`);
    out.push(...body.data);
    url = body.has_more ? body.next_page : undefined;
  }
  return out;
}

export async function syncCatalogue(db: Db, options: SyncOptions = {}): Promise<SyncResult> {
  const api = (options.apiUrl ?? 'https://api.scryfall.com').replace(/\/+$/, '');
  const type = options.bulkType ?? 'default_cards';
  const log = options.log ?? (() => {});
  const politeFetch = politeFetcher(options.minIntervalMs, options.retries);
  const fetchJson = async (url: string) => {
    const response = await politeFetch(url, 'application/json');
    try {
      return await response.json();
    } catch {
      throw new SyncError(`Scryfall sent something other than JSON at ${url}.`);
    }
  };

  const bulkList = (await fetchJson(`${api}/bulk-data`)) as ScryfallList;
  const bulk = (bulkList.data ?? []).find((b): b is BulkItem => (b as BulkItem)?.type === type);
  if (!bulk?.download_uri) throw new SyncError(`Scryfall's bulk-data list has no ${type} file.`);

  const sets = await listAll(fetchJson, `${api}/sets`);
  const migrations = await listAll(fetchJson, `${api}/migrations`);
  log(`${sets.length} sets, ${migrations.length} ID migrations.`);

  log(
    `Downloading ${type} of ${bulk.updated_at ?? 'unknown date'}` +
      (bulk.size ? ` (${(bulk.size / 1e6).toFixed(0)} MB)…` : '…'),
  );
  const download = await politeFetch(bulk.download_uri, 'application/json, application/gzip, */*');
  if (!download.body) throw new SyncError(`The ${type} download was empty.`);
  const length = Number(download.headers.get('content-length'));
  const result = await importCatalogue(
    db,
    {
      stream: Readable.fromWeb(download.body as ReadableStream),
      // fetch undoes a gzip content-encoding itself; the size is then the decoded one when known.
      totalBytes: download.headers.get('content-encoding')
        ? (bulk.size ?? null)
        : length || (bulk.size ?? null),
    },
    { sets, migrations, onProgress: options.onProgress },
  );
  return { ...result, updatedAt: bulk.updated_at ?? null, migrationsFetched: migrations.length };
}
