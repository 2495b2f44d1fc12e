/**
 * `pnpm --filter @companion/api cards:sync`: downloads Scryfall's current `default_cards` bulk file
 * (found through the bulk-data API) and imports it. Polite to Scryfall: a real User-Agent, an
 * Accept header and at most 10 requests a second. Offline, it stops with a clear message.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { USER_AGENT } from '../services/catalogue-import.js';
import { runImport } from './cards-import.js';

const API = 'https://api.scryfall.com';
const MIN_INTERVAL_MS = 100; // 10 requests per second at most
let last = 0;

async function politeFetch(url: string, accept: string): Promise<Response> {
  const wait = last + MIN_INTERVAL_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  last = Date.now();
  try {
    return await fetch(url, { headers: { 'user-agent': USER_AGENT, accept } });
  } catch (error) {
    throw new Error(
      `Cannot reach ${new URL(url).host} (${(error as Error).cause ?? (error as Error).message}). ` +
        'cards:sync needs internet access; offline, import a downloaded file with cards:import <file>.',
    );
  }
}

async function main(): Promise<number> {
  const res = await politeFetch(`${API}/bulk-data/default-cards`, 'application/json');
  if (!res.ok) throw new Error(`Scryfall bulk-data answered ${res.status}`);
  const bulk = (await res.json()) as { download_uri?: string; updated_at?: string; size?: number };
  if (!bulk.download_uri) throw new Error('Scryfall bulk-data gave no download_uri');
  console.log(`Downloading default_cards of ${bulk.updated_at} (${((bulk.size ?? 0) / 1e6).toFixed(0)} MB)…`);
  const dir = mkdtempSync(join(tmpdir(), 'companion-scryfall-'));
  const file = join(dir, 'default-cards.json');
  try {
    const download = await politeFetch(bulk.download_uri, 'application/json, application/gzip, */*');
    if (!download.ok || !download.body) throw new Error(`Download failed: ${download.status}`);
    await pipeline(
      Readable.fromWeb(download.body as import('node:stream/web').ReadableStream),
      createWriteStream(file),
    );
    return await runImport([file, ...process.argv.slice(2)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
