import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCollection } from '@companion/sdk/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue, SHARED_DATA } from './shared-data.js';

describe.skipIf(!HAS_SHARED_DATA).each(storages())('collection on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let binderId: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
    const { collection } = await u.client.collection.summary();
    expect(collection).toMatchObject({ cards: 0, binders: 1, value: 0 });
    binderId = (await u.client.lists.list()).lists.find((l) => l.isDefault)?.id ?? '';
    await u.client.lists.addCards({
      params: { id: binderId },
      body: {
        cards: [
          { name: 'Mana Vault', quantity: 2 },
          { name: 'Force of Will', finish: 'foil' },
          { name: 'Dark Ritual', quantity: 4 },
          { name: 'Aura Shards' },
          { setCode: 'isd', collectorNumber: '51', quantity: 3 },
        ],
      },
    });
    const { list: second } = await u.client.lists.create({
      body: { name: 'Second binder', type: 'collection' },
    });
    await u.client.lists.addCards({
      params: { id: second.id },
      body: { cards: [{ name: 'Island', quantity: 10 }] },
    });
    const { list: wish } = await u.client.lists.create({ body: { name: 'Wishlist', type: 'wishlist' } });
    await u.client.lists.addCards({ params: { id: wish.id }, body: { cards: [{ name: 'Mox Jet' }] } });
  });
  afterAll(() => t?.close());

  it('sums every binder (not wishlists) with breakdowns and value history', async () => {
    const { collection } = await u.client.collection.summary();
    expect(collection.cards).toBe(2 + 1 + 4 + 1 + 3 + 10);
    expect(collection.binders).toBe(2);
    expect(collection.unique).toBe(6);
    expect(collection.value).toBeGreaterThan(100);
    expect(collection.currency).toBe('usd');
    expect(collection.bySet.reduce((s, b) => s + b.cards, 0)).toBe(collection.cards);
    expect(collection.byRarity.reduce((s, b) => s + b.cards, 0)).toBe(collection.cards);
    expect(collection.byColor.find((c) => c.key === 'M')?.cards).toBe(1); // Aura Shards
    expect(collection.byColor.find((c) => c.key === 'C')?.label).toBe('Colorless');
    expect(collection.history.length).toBeGreaterThanOrEqual(1);
    expect(collection.history.at(-1)?.value).toBeCloseTo(collection.value, 1);
    const eur = await u.client.collection.summary({ query: { currency: 'eur' } });
    expect(eur.collection.currency).toBe('eur');
    expect(eur.collection.value).not.toBe(collection.value);
  });

  it('searches by name substring and Scryfall syntax, with paging and ordering', async () => {
    const byName = await u.client.collection.search({ query: { name: 'insectile' } });
    expect(byName.entries.map((e) => e.card?.name)).toEqual(['Delver of Secrets // Insectile Aberration']);
    const blue = await u.client.collection.search({ query: { scryfall: 'c:u t:instant' } });
    expect(blue.entries.map((e) => e.card?.name)).toEqual(['Force of Will']);
    const byPrice = await u.client.collection.search({
      query: { order_by: 'price', order_direction: 'desc' },
    });
    const prices = byPrice.entries.map((e) => e.price ?? -1);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    const byQty = await u.client.collection.search({
      query: { order_by: 'quantity', order_direction: 'desc', limit: 2 },
    });
    expect(byQty.entries.map((e) => e.quantity)).toEqual([10, 4]);
    expect(byQty.total).toBe(6);
    const page2 = await u.client.collection.search({
      query: { order_by: 'quantity', order_direction: 'desc', limit: 2, page: 2 },
    });
    expect(page2.entries.map((e) => e.quantity)).toEqual([3, 2]);
    for (const order of ['name', 'added', 'set', 'mv'] as const) {
      const res = await u.client.collection.search({ query: { order_by: order } });
      expect(res.total).toBe(6);
    }
    const bad = await u.client.collection.search({ query: { scryfall: 'foo:bar' } }).catch((e: unknown) => e);
    expect((bad as { status: number }).status).toBe(400);
    expect((bad as { details?: { issues?: Array<{ path: string }> } }).details?.issues?.[0]?.path).toBe(
      'query.scryfall',
    );
  });

  it('exports the collection as CSV that reads back to the same cards', async () => {
    for (const format of ['companion', 'moxfield', 'manabox', 'deckbox'] as const) {
      const csv = await u.client.collection.export({ query: { format } });
      const parsed = parseCollection(csv);
      expect(parsed.format).toBe(format);
      expect(parsed.errors).toEqual([]);
      expect(parsed.rows.reduce((s, r) => s + r.quantity, 0)).toBe(21);
    }
  });

  it('finds a name substring anywhere in a word, among resolved and unresolved entries, with the right count', async () => {
    const mid = await u.client.collection.search({ query: { name: 'SECTILE abe' } });
    expect(mid.entries.map((e) => e.card?.name)).toEqual(['Delver of Secrets // Insectile Aberration']);
    expect(mid.total).toBe(1);
    const vault = await u.client.collection.search({ query: { name: 'ana vau' } });
    expect(vault.entries.map((e) => e.card?.name)).toEqual(['Mana Vault']);
    // `%` and `_` are literal characters, not wildcards.
    expect((await u.client.collection.search({ query: { name: 'm_na' } })).total).toBe(0);
    expect((await u.client.collection.search({ query: { name: '%' } })).total).toBe(0);

    // An unresolved line is searched by the name it was imported with.
    const { list: loose } = await u.client.lists.create({ body: { name: 'Loose', type: 'collection' } });
    await u.client.lists.import({
      params: { id: loose.id },
      body: { content: '2 Vaultkeeper of Nowhere\n1 Mana Vault\n', format: 'plain' },
    });
    const both = await u.client.collection.search({ query: { name: 'vault', limit: 1 } });
    expect(both.total).toBe(3);
    const all = await u.client.collection.search({ query: { name: 'vault' } });
    expect(all.entries.map((e) => e.card?.name ?? e.unresolved?.name)).toEqual([
      'Mana Vault',
      'Mana Vault',
      'Vaultkeeper of Nowhere',
    ]);
    expect(all.entries.map((e) => e.quantity).sort()).toEqual([1, 2, 2]);
    const page3 = await u.client.collection.search({ query: { name: 'vault', limit: 1, page: 3 } });
    expect(page3.entries.map((e) => e.unresolved?.name)).toEqual(['Vaultkeeper of Nowhere']);
    expect(page3.total).toBe(3);
    const past = await u.client.collection.search({ query: { name: 'vault', limit: 1, page: 4 } });
    expect(past.entries).toEqual([]);
    expect(past.total).toBe(3);
    // A Scryfall query applies to printings: the unresolved line has none to match.
    const colorless = await u.client.collection.search({ query: { name: 'vault', scryfall: 't:artifact' } });
    expect(colorless.total).toBe(2);
    // The list view filters on resolution.
    const unresolved = await u.client.lists.get({ params: { id: loose.id }, query: { unresolved: true } });
    expect(unresolved.entries.map((e) => e.unresolved?.name)).toEqual(['Vaultkeeper of Nowhere']);
    const resolved = await u.client.lists.get({ params: { id: loose.id }, query: { unresolved: false } });
    expect(resolved.entries.map((e) => e.card?.name)).toEqual(['Mana Vault']);
    expect(resolved.total).toBe(1);
    await u.client.lists.delete({ params: { id: loose.id }, query: { keep_cards: false } });
  });

  it('exports a large collection in chunks without losing rows', async () => {
    const other = await t.user();
    const { lists } = await other.client.lists.list();
    const content = readFileSync(
      join(SHARED_DATA, 'collection-csv/mtgcsvhelper/Collection/manabox-collection.csv'),
      'utf8',
    );
    const report = await other.client.lists.import({ params: { id: lists[0]?.id ?? '' }, body: { content } });
    const csv = await other.client.collection.export();
    const parsed = parseCollection(csv);
    expect(parsed.rows.reduce((s, r) => s + r.quantity, 0)).toBe(report.added);
  });
});
