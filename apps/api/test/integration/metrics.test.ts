/**
 * GET /metrics: Prometheus' text format behind a bearer token, counting requests by route template
 * (never by raw path), with the live channel's and the pool's gauges; off (404) without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer } from '../support/index.js';

const TOKEN = 'metrics-token-0123456789';

describe.each(storages())('metrics on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // Scryfall is out of reach here (a closed port): a sync run fails at once, and is recorded.
    t = await startTestServer(kind, {
      COMPANION_METRICS_TOKEN: TOKEN,
      SCRYFALL_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => t?.close());

  const scrape = (authorization?: string) =>
    fetch(`${t.url}/metrics`, authorization ? { headers: { authorization } } : {});

  it('refuses a scrape without the token or with another one, naming the scheme', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.text()).not.toContain('companion_http');
    }
  });

  it('counts requests by route template and status, with latency buckets and gauges', async () => {
    const u = await t.user();
    const { deck } = await u.client.decks.create({
      body: { name: 'Counted', formatId: 'commander', cards: [] },
    });
    await u.client.decks.get({ params: { id: deck.id } });
    await u.client.decks.get({ params: { id: deck.id } });
    const missing = await fetch(`${t.url}/no/such/path/${'x'.repeat(10)}`);
    expect(missing.status).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const count = (route: string, status: string) =>
      Number(
        new RegExp(
          `^companion_http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[/:]/g, (c) => `\\${c}`)}",status="${status}"\\} (\\d+)$`,
          'm',
        ).exec(text)?.[1] ?? 0,
      );
    expect(count('/deck/:id', '200')).toBeGreaterThanOrEqual(2);
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    // Raw paths and ids never become labels.
    expect(text).not.toContain(deck.id);
    expect(text).not.toContain('/no/such/path');
    expect(text).toMatch(
      /^companion_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/deck\/:id",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^companion_live_sockets \d+$/m);
    expect(text).toMatch(/^companion_process_resident_memory_bytes \d+/m);
    if (kind === 'postgres') expect(text).toMatch(/^companion_db_pool_connections\{state="total"\} \d+$/m);
    else expect(text).not.toMatch(/^companion_db_pool_connections\{/m);
  });

  it('reports the last catalogue sync: when it ended, how, and how many cards', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(before).not.toMatch(/companion_catalogue_sync_last_timestamp_seconds\{/);
    // A sync that could not reach Scryfall is recorded as failed (the server's own scheduler).
    const { record } = await t.server.sync.run('manual');
    expect(record?.status).toBe('failed');
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const at = Number(
      /companion_catalogue_sync_last_timestamp_seconds\{status="failed"\} (\S+)/.exec(text)?.[1],
    );
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
    expect(text).toMatch(/companion_catalogue_sync_last_cards 0/);
  });
});

describe('metrics without a token', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(() => t?.close());

  it('answers 404 as for any unknown path', async () => {
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-123' } });
    expect(res.status).toBe(404);
  });
});
