import { CardSummary, CardSummaryFace, ListEntry } from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

/**
 * A page of list or collection entries carries what the grid and table show of each printing
 * (CardSummary): no legalities, oracle texts, prices or other picture sizes; a field at its default
 * (a null, an empty list, false, nonfoil) is left out of the JSON and put back by the contract's
 * schema. Its JSON for 50 entries stays under PAGE_BYTES_MAX (about 29 KB with the shared sample's
 * cards, against about 120 KB when the entries carried whole cards; `pnpm bench -- payload` prints it).
 */
const PAGE = 50;
const PAGE_BYTES_MAX = 30 * 1024;
const SUMMARY_KEYS = Object.keys(CardSummary.shape).sort();
const FACE_KEYS = Object.keys(CardSummaryFace.shape).sort();
const ENTRY_KEYS = Object.keys(ListEntry.shape).sort();

interface RawEntry {
  card: (Record<string, unknown> & { card_faces?: Record<string, unknown>[] }) | null;
  [field: string]: unknown;
}

describe.skipIf(!HAS_SHARED_DATA).each(storages())('pages of entries on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let binderId: string;
  // The body of the last answer to each path, before the client parses it.
  const bodies = new Map<string, string>();
  const raw = (path: string) => {
    const body = bodies.get(path);
    if (body === undefined) throw new Error(`no answer to ${path}`);
    return { bytes: Buffer.byteLength(body), entries: (JSON.parse(body) as { entries: RawEntry[] }).entries };
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.services.db;
    await loadSharedCatalogue(db);
    u = await t.user();
    const client = t.client(u.credentials, {
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        bodies.set(url.pathname, await res.clone().text());
        return res;
      },
    });
    u = { ...u, client };
    binderId = (await client.lists.list()).lists.find((l) => l.isDefault)?.id ?? '';
    // Double-faced printings (a picture per face) among single-faced ones of every kind.
    const printings = (
      (await db.execute(sql`(select id from cards where lang = 'en' and layout in ('transform', 'modal_dfc') and 'nonfoil' = any(finishes)
          order by md5(id) limit 12)
        union all (select id from cards where lang = 'en' and card_faces is null and layout <> 'art_series'
          and 'nonfoil' = any(finishes) order by md5(id) limit 48)`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await client.lists.addCards({
      params: { id: binderId },
      body: {
        cards: printings.map(({ id }, i) => ({ cardId: id, quantity: 1 + (i % 3), finish: 'nonfoil' })),
      },
    });
  });
  afterAll(() => t?.close());

  it.each([
    ['collection', '/user/collection/search'],
    ['list', '/user/lists/:id'],
  ])('a %s page of 50 entries carries card summaries alone, in under 30 KB', async (which, path) => {
    const page =
      which === 'collection'
        ? await u.client.collection.search({ query: { limit: PAGE } })
        : await u.client.lists.get({ params: { id: binderId }, query: { limit: PAGE } });
    expect(page.entries).toHaveLength(PAGE);
    const { bytes, entries } = raw(path.replace(':id', binderId));
    // As parsed by the client, every field is there (the defaults restored).
    for (const entry of page.entries) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      expect(Object.keys(entry.card ?? {}).sort()).toEqual(SUMMARY_KEYS);
      expect(entry).toMatchObject({ finish: 'nonfoil', condition: null, tags: [], printingGuessed: false });
    }
    let doubleFaced = 0;
    for (const entry of entries) {
      // As sent, a field at its default is left out.
      for (const [field, value] of Object.entries(entry)) {
        expect(value, field).not.toBeNull();
        expect(value, field).not.toEqual([]);
        expect(value, field).not.toBe(false);
      }
      expect(entry).not.toHaveProperty('finish'); // nonfoil, the default
      const card = entry.card;
      expect(card).not.toBeNull();
      if (!card) continue;
      for (const key of Object.keys(card)) expect(SUMMARY_KEYS).toContain(key);
      for (const key of ['printed_name', 'image_uris', 'card_faces'])
        if (key in card) expect(card[key], key).not.toBeNull();
      expect(card).not.toHaveProperty('legalities');
      expect(card).not.toHaveProperty('oracle_text');
      expect(card).not.toHaveProperty('prices');
      const pictures = [card.image_uris, ...(card.card_faces ?? []).map((f) => f.image_uris)].filter(Boolean);
      for (const p of pictures) expect(Object.keys(p as object)).toEqual(['normal']);
      for (const face of card.card_faces ?? []) expect(Object.keys(face).sort()).toEqual(FACE_KEYS);
      if (card.card_faces && !card.image_uris) {
        doubleFaced++;
        expect(pictures).toHaveLength(2);
      }
    }
    expect(doubleFaced).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(PAGE_BYTES_MAX);
  });

  it('a card opened from a page reads whole by its set, number and language', async () => {
    const { entries } = await u.client.collection.search({ query: { limit: 5 } });
    for (const entry of entries) {
      const summary = entry.card;
      if (!summary) continue;
      const { card } = await u.client.cards.get({
        query: { set_code: summary.set, collector_number: summary.collector_number, lang: summary.lang },
      });
      expect(card.id).toBe(summary.id);
      expect(card.legalities).toBeTypeOf('object');
      expect(card.name).toBe(summary.name);
    }
  });
});
