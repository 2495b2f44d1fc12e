/**
 * A local stand-in for Scryfall's API (no internet in tests): it serves the shared Scryfall objects
 * the way api.scryfall.com does — the bulk-data list, paged sets and migrations, and a gzip-encoded
 * bulk file — records every request, and can answer 429 like Scryfall's rate limiter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SHARED_DATA } from '../integration/shared-data.js';

const DIR = join(SHARED_DATA, 'scryfall-json');
const read = (name: string) => JSON.parse(readFileSync(join(DIR, name), 'utf8'));

export interface Hit {
  path: string;
  at: number;
  headers: IncomingHttpHeaders;
}

export function fakeScryfall(options: { throttleOnce?: string; gzip?: boolean } = {}) {
  // One bulk file made of every shared card file: 620 card objects, 614 distinct ids.
  const cardFiles = readdirSync(DIR).filter(
    (f) => f.endsWith('.json') && !/sets|migrations|bulk_data/.test(f),
  );
  const allCards = cardFiles.flatMap((f) => {
    const body = read(f) as unknown[] | { data?: unknown[]; cards?: unknown[] };
    return Array.isArray(body) ? body : (body.data ?? body.cards ?? []);
  });
  const cardsFile = Buffer.from(JSON.stringify(allCards));
  const setsList = read('mtg_ssm_sets.json') as { data: Array<{ code: string; name: string }> };
  const migrationsList = read('mtg_ssm_migrations.json') as { data: unknown[] };
  const half = Math.ceil(migrationsList.data.length / 2);
  const hits: Hit[] = [];
  let throttled = false;
  let base = '';
  const json = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    hits.push({ path: url.pathname + url.search, at: performance.now(), headers: req.headers });
    if (options.throttleOnce === url.pathname && !throttled) {
      throttled = true;
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'error', code: 'rate_limited', status: 429 }));
      return;
    }
    switch (url.pathname) {
      case '/bulk-data':
        return json(res, {
          object: 'list',
          has_more: false,
          data: [
            { object: 'bulk_data', type: 'oracle_cards', download_uri: `${base}/files/oracle.json` },
            {
              object: 'bulk_data',
              type: 'default_cards',
              download_uri: `${base}/files/default-cards.json`,
              updated_at: '2024-02-21T10:04:28.932Z',
              size: cardsFile.length,
              content_encoding: 'gzip',
            },
          ],
        });
      case '/sets':
        return json(res, setsList);
      case '/migrations':
        // Two pages, linked the way Scryfall links them.
        return url.searchParams.get('page') === '2'
          ? json(res, { object: 'list', has_more: false, data: migrationsList.data.slice(half) })
          : json(res, {
              object: 'list',
              has_more: true,
              next_page: `${base}/migrations?page=2`,
              data: migrationsList.data.slice(0, half),
            });
      case '/files/default-cards.json':
        if (options.gzip === false) {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': cardsFile.length });
          res.end(cardsFile);
        } else {
          const body = gzipSync(cardsFile);
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': body.length,
          });
          res.end(body);
        }
        return;
      default:
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'error', status: 404 }));
    }
  });
  // Each distinct printing's MTGO ids (nonfoil, foil), as Scryfall gives them.
  const mtgoIds = new Map<string, [unknown, unknown]>();
  for (const c of allCards as Array<{ id: string; mtgo_id?: number; mtgo_foil_id?: number }>)
    mtgoIds.set(c.id, [c.mtgo_id ?? null, c.mtgo_foil_id ?? null]);
  return {
    hits,
    mtgoIds,
    sets: setsList.data,
    migrationsCount: migrationsList.data.length,
    async start() {
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
