import { isNotFoundError } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPrices, cards } from '../../src/db/catalogue.js';
import { importCatalogue } from '../../src/services/catalogue-import.js';
import { raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue, SHARED_DATA } from './shared-data.js';

describe.skipIf(!HAS_SHARED_DATA).each(storages())('card catalogue on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    const result = await loadSharedCatalogue(t.server.services.db);
    expect(result.cards).toBe(620);
    u = await t.user();
  });
  afterAll(() => t?.close());

  it('imports every shared card once (duplicate ids upsert) with sets', async () => {
    const db = t.server.services.db;
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cards);
    expect(count?.n).toBe(614);
    expect(await t.server.services.catalogueCounts()).toMatchObject({ cards: 614 });
    const { sets } = await u.client.cards.sets();
    expect(sets.length).toBeGreaterThanOrEqual(191);
    expect(sets.find((s) => s.code === 'pip')?.name).toBe('Fallout');
  });

  it("keeps Scryfall's MTGO ids of each printing (nonfoil and foil)", async () => {
    const db = t.server.services.db;
    const rows = await db
      .select({
        set: cards.set,
        number: cards.collectorNumber,
        mtgoId: cards.mtgoId,
        mtgoFoilId: cards.mtgoFoilId,
      })
      .from(cards)
      .where(sql`${cards.name} in ('Fury Sliver', 'Cataclysm', 'Delver of Secrets // Insectile Aberration')`)
      .orderBy(cards.set, cards.collectorNumber);
    expect(rows).toEqual([
      { set: 'exo', number: '3', mtgoId: 10499, mtgoFoilId: 10500 },
      { set: 'isd', number: '51', mtgoId: 42436, mtgoFoilId: 42437 },
      { set: 'tsp', number: '157', mtgoId: 25527, mtgoFoilId: 25528 },
    ]);
  });

  it('re-import is an upsert and keeps one price snapshot per card per day', async () => {
    const db = t.server.services.db;
    const file = `${SHARED_DATA}/scryfall-json/mtg_ssm_cards.json`;
    await importCatalogue(db, file, { date: '2020-01-01' });
    await importCatalogue(db, file, { date: '2020-01-01' });
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cards);
    expect(count?.n).toBe(614);
    const [snap] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cardPrices)
      .where(sql`${cardPrices.date} = '2020-01-01'`);
    // 88 printings in the file, 2 of them without any price (no snapshot row for those).
    expect(snap?.n).toBe(86);
  });

  it('finds a printing by set, number, language and finish', async () => {
    const res = await u.client.cards.get({ query: { set_code: 'ISD', collector_number: '51' } });
    expect(res.card.name).toBe('Delver of Secrets // Insectile Aberration');
    expect(res.finish).toBe('nonfoil');
    expect(res.card.card_faces?.map((f) => f.name)).toEqual(['Delver of Secrets', 'Insectile Aberration']);
    const fr = await u.client.cards.get({ query: { set_code: 'ren', collector_number: '158', lang: 'fr' } });
    expect(fr.card.printed_name).toBe('Bibliothèque sylvestre');
    expect(fr.card.lang).toBe('fr');
    const missing = await u.client.cards
      .get({ query: { set_code: 'zzz', collector_number: '1' } })
      .catch((e: unknown) => e);
    expect(isNotFoundError(missing)).toBe(true);
  });

  it('suggests names for a typed text: starts-with first, accents and faces, wildcards taken literally', async () => {
    const delver = await u.client.cards.autocomplete({ query: { q: 'delver' } });
    expect(delver.names[0]).toBe('Delver of Secrets // Insectile Aberration');
    // A back face's name finds its card; case and accents do not matter.
    const face = await u.client.cards.autocomplete({ query: { q: 'INSECTILE' } });
    expect(face.names).toContain('Delver of Secrets // Insectile Aberration');
    // Names that start with the text come before names that only contain it.
    const fo = await u.client.cards.autocomplete({ query: { q: 'fo' } });
    expect(fo.names.length).toBeGreaterThan(0);
    expect(fo.names.length).toBeLessThanOrEqual(20);
    const firstContains = fo.names.findIndex((n) => !/(^|\/\/ )fo/i.test(n));
    if (firstContains >= 0) expect(fo.names.slice(firstContains).every((n) => !/^fo/i.test(n))).toBe(true);
    expect(new Set(fo.names).size).toBe(fo.names.length);
    // LIKE wildcards are plain characters: '%%' and '__' match nothing in the catalogue.
    for (const q of ['%%', '__', '\\%', '%_%_%_'.repeat(30)])
      expect((await u.client.cards.autocomplete({ query: { q } })).names).toEqual([]);
    // Too short, too long: the server's validation error naming the field (the client refuses too).
    for (const q of ['a', 'x'.repeat(201)]) {
      const res = await raw(t, u, contract.cards.autocomplete, { query: { q } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.details)).toContain('query.q');
      expect(await status(u.client.cards.autocomplete({ query: { q } }))).not.toBe(200);
    }
  });

  it('answers "did you mean" by trigram distance: misspellings, faces, printed names, nearest first', async () => {
    const similar = async (name: string) => (await u.client.cards.similar({ query: { name } })).names;
    // A misspelt name finds the card first, with its newest printing.
    const delver = await similar('Delvr of Secerts');
    expect(delver[0]?.name).toBe('Delver of Secrets // Insectile Aberration');
    expect(delver[0]?.score).toBeGreaterThan(0.4);
    expect(delver[0]?.score).toBeLessThan(1);
    const prints = await u.client.cards.prints({ params: { id: delver[0]!.cardId } });
    expect(prints.cards[0]?.id).toBe(delver[0]?.cardId);
    // Scores never rise down the list; names are distinct; the cap holds.
    const forest = await similar('forrest');
    expect(forest[0]?.name).toBe('Forest');
    const scores = forest.map((n) => n.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(forest.map((n) => n.name)).size).toBe(forest.length);
    expect(forest.length).toBeLessThanOrEqual(8);
    // The exact name scores 1; accents and case do not matter; a face or a printed name finds its card.
    expect((await similar('FOREST'))[0]).toMatchObject({ name: 'Forest', score: 1 });
    expect((await similar('insectile aberation'))[0]?.name).toBe('Delver of Secrets // Insectile Aberration');
    expect((await similar('Bibliotheque sylvestre'))[0]?.name).toBe('Sylvan Library');
    // Nothing near: an empty answer, not a 404. LIKE/regex characters are plain text.
    expect(await similar('qqqqzzzzxxxx')).toEqual([]);
    expect(await similar('%_%_.*'.repeat(20))).toEqual([]);
    // Too short, too long: the validation error names the field.
    for (const name of ['a', 'x'.repeat(201)]) {
      const res = await raw(t, u, contract.cards.similar, { query: { name } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.details)).toContain('query.name');
    }
  });

  // Scryfall's default: tokens, planes, schemes and art cards stay out unless the query asks.
  it('hides extras unless the query asks for them (include:extras, is:token, t:token, t:plane)', async () => {
    const layouts = async (q: string) =>
      (await u.client.cards.search({ query: { q, unique: 'prints', limit: 100 } })).cards.map(
        (c) => `${c.name}|${c.layout}`,
      );
    const red = await layouts('c=r');
    expect(red.some((c) => c.endsWith('|token'))).toBe(false);
    expect(await layouts('c=r include:extras')).toEqual(
      expect.arrayContaining(['Goblin|token', 'Wolf|token']),
    );
    expect(await layouts('c=r is:token')).toEqual(expect.arrayContaining(['Goblin|token', 'Wolf|token']));
    expect(await layouts('t:token')).toEqual(expect.arrayContaining(['Spirit|token', 'Goblin|token']));
    const pricey = await layouts('usd>=10');
    expect(pricey.filter((c) => /\|(planar|scheme|art_series|token)$/.test(c))).toEqual([]);
    expect(await layouts('t:plane')).toEqual(expect.arrayContaining(['Akoum|planar', 'Tazeem|planar']));
    expect(await layouts('is:extra')).toEqual(
      expect.arrayContaining([
        'All in Good Time|scheme',
        'Clearwater Pathway // Clearwater Pathway|art_series',
      ]),
    );
    // Negated, the extras rule is lifted too: "-is:token" lists the other extras (as Scryfall does).
    expect((await layouts('-is:token is:extra')).some((c) => c.endsWith('|planar'))).toBe(true);
    const refused = await raw(t, u, contract.cards.search, { query: { q: 'include:tokens' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('include:extras');
  });

  // Names with an apostrophe: the signed query reaches the server as the client signed it.
  it("finds a card by an exact name with an apostrophe (Abu Ja'far)", async () => {
    for (const q of [`!"Abu Ja'far"`, `!"Abu Ja’far"`, "abu ja'f"]) {
      const found = await u.client.cards.search({ query: { q } });
      expect(
        found.cards.map((c) => c.name),
        q,
      ).toContain("Abu Ja'far");
    }
  });

  it('lists prints newest first and prices with history', async () => {
    const forest = await u.client.cards.search({
      query: { q: '!forest lang:any', unique: 'prints', order: 'released', dir: 'desc' },
    });
    expect(forest.total).toBe(17); // 20 Forest objects in the files, 17 distinct printings
    // Without lang:, the English printings alone (Scryfall's default): one of them is not.
    const english = await u.client.cards.search({ query: { q: '!forest', unique: 'prints', limit: 200 } });
    expect(english.total).toBe(16);
    expect(english.cards.every((c) => c.lang === 'en')).toBe(true);
    const first = forest.cards[0];
    if (!first) throw new Error('no forest');
    const prints = await u.client.cards.prints({ params: { id: first.id } });
    expect(prints.cards).toHaveLength(forest.total);
    const dates = prints.cards.map((c) => c.released_at ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const price = await u.client.cards.price({ query: { id: first.id } });
    expect(price.id).toBe(first.id);
    expect(price.history.length).toBeGreaterThanOrEqual(1);
    const bySet = await u.client.cards.price({
      query: { set_code: first.set, collector_number: first.collector_number, lang: first.lang },
    });
    expect(bySet.id).toBe(first.id);
  });
});
