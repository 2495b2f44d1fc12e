import { isRequestError } from '@companion/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

describe.skipIf(!HAS_SHARED_DATA).each(storages())('Scryfall-syntax search on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
  });
  afterAll(() => t?.close());

  const search = async (q: string, extra: Record<string, unknown> = {}) => {
    const res = await u.client.cards.search({ query: { q, limit: 200, ...extra } });
    return res;
  };
  const names = async (q: string, extra: Record<string, unknown> = {}) =>
    (await search(q, extra)).cards.map((c) => c.name);

  it('name words, quoted words and exact names, on either face and the full name', async () => {
    expect(await names('delver')).toEqual(['Delver of Secrets // Insectile Aberration']);
    expect(await names('insectile')).toEqual(['Delver of Secrets // Insectile Aberration']);
    expect(await names('"of secrets"')).toContain('Delver of Secrets // Insectile Aberration');
    expect(await names('!"Insectile Aberration"')).toEqual(['Delver of Secrets // Insectile Aberration']);
    expect(await names('!"Delver of Secrets // Insectile Aberration"')).toHaveLength(1);
    expect(await names('!"force of will"')).toEqual(['Force of Will']);
    expect(await names('!bust')).toEqual(['Boom // Bust']);
    expect(await names('dark ritual')).toEqual(['Dark Ritual']);
    // printed names and accents
    expect(await names('bibliotheque')).toEqual(['Sylvan Library']);
  });

  it('unique=cards collapses printings, unique=prints lists them', async () => {
    const cards = await search('!forest');
    expect(cards.total).toBe(1);
    expect(cards.cards[0]?.lang).toBe('en');
    const prints = await search('!forest', { unique: 'prints' });
    expect(prints.total).toBeGreaterThan(10);
    // newest English printing
    const newest = [...prints.cards]
      .filter((c) => c.lang === 'en')
      .sort((a, b) => (b.released_at ?? '').localeCompare(a.released_at ?? ''))[0];
    expect(cards.cards[0]?.released_at).toBe(newest?.released_at);
  });

  it('t:, o:, r:, s:/e:/set:, cn:, lang:', async () => {
    const vampires = await search('t:vampire');
    expect(vampires.cards.every((c) => /vampire/i.test(c.type_line ?? ''))).toBe(true);
    expect(vampires.total).toBeGreaterThan(0);
    const draws = await search('o:"draw a card"');
    expect(
      draws.cards.every((c) =>
        /draw a card/i.test((c.oracle_text ?? '') + (c.card_faces ?? []).map((f) => f.oracle_text).join(' ')),
      ),
    ).toBe(true);
    expect(draws.total).toBeGreaterThan(0);
    const mythics = await search('r:mythic', { unique: 'prints' });
    expect(mythics.cards.every((c) => c.rarity === 'mythic')).toBe(true);
    const rareUp = await search('r>=rare', { unique: 'prints' });
    expect(rareUp.cards.every((c) => ['rare', 'mythic', 'special', 'bonus'].includes(c.rarity))).toBe(true);
    for (const key of ['s', 'e', 'set']) {
      const isd = await search(`${key}:isd`, { unique: 'prints' });
      expect(isd.cards.every((c) => c.set === 'isd')).toBe(true);
      expect(isd.total).toBeGreaterThan(0);
    }
    expect(await names('s:isd cn:51')).toEqual(['Delver of Secrets // Insectile Aberration']);
    const fr = await search('lang:fr', { unique: 'prints' });
    expect(fr.cards.map((c) => c.lang)).toEqual(fr.cards.map(() => 'fr'));
    expect(fr.cards.map((c) => c.name).sort()).toEqual(['Island', 'Sylvan Library']);
  });

  it('c: and id: with operators, names, guilds, colourless and multicolour', async () => {
    const gw = await search('id:selesnya', { unique: 'prints' });
    expect(gw.cards.every((c) => c.color_identity.every((x) => x === 'G' || x === 'W'))).toBe(true);
    const exactly = await search('id=gw', { unique: 'prints' });
    expect(exactly.cards.map((c) => c.name)).toContain('Aura Shards');
    expect(exactly.cards.every((c) => [...c.color_identity].sort().join('') === 'GW')).toBe(true);
    const blue = await search('c:blue', { unique: 'prints' });
    expect(
      blue.cards.every((c) => (c.colors ?? c.card_faces?.flatMap((f) => f.colors ?? []) ?? []).includes('U')),
    ).toBe(true);
    const multi = await search('c:m', { unique: 'prints' });
    expect(multi.total).toBeGreaterThan(0);
    const colorless = await search('c:c t:artifact', { unique: 'prints' });
    expect(colorless.cards.map((c) => c.name)).toContain('Mana Vault');
    expect(colorless.cards.every((c) => (c.colors ?? []).length === 0)).toBe(true);
    const idColorless = await search('id:c is:gamechanger');
    expect(idColorless.cards.map((c) => c.name).sort()).toEqual([
      'Chrome Mox',
      'Grim Monolith',
      'Mana Vault',
    ]);
    const superset = await search('id>=wu', { unique: 'prints' });
    expect(
      superset.cards.every((c) => c.color_identity.includes('W') && c.color_identity.includes('U')),
    ).toBe(true);
    const strict = await search('id<esper id>=u', { unique: 'prints' });
    expect(strict.cards.every((c) => c.color_identity.length < 3 && c.color_identity.includes('U'))).toBe(
      true,
    );
    const gt = await search('c>u', { unique: 'prints' });
    expect(
      gt.cards.every((c) => (c.colors ?? c.card_faces?.flatMap((f) => f.colors ?? []) ?? []).length > 1),
    ).toBe(true);
  });

  it('mv/cmc and usd/eur comparisons', async () => {
    const three = await search('mv=3 t:creature', { unique: 'prints' });
    expect(three.cards.every((c) => c.cmc === 3)).toBe(true);
    const cheap = await search('cmc<=1 t:instant', { unique: 'prints' });
    expect(cheap.cards.every((c) => c.cmc <= 1)).toBe(true);
    expect(cheap.total).toBeGreaterThan(0);
    const pricey = await search('usd>500', { unique: 'prints' });
    expect(pricey.cards.map((c) => c.name).sort()).toEqual([
      'Mox Jet',
      'Shahrazad',
      'Tropical Island',
      'Volcanic Island',
    ]);
    const eur = await search('eur>=100', { unique: 'prints' });
    expect(eur.cards.every((c) => Number(c.prices.eur) >= 100)).toBe(true);
    const sorted = await search('usd>50', { unique: 'prints', order: 'usd', dir: 'desc' });
    const values = sorted.cards.map((c) => Number(c.prices.usd));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('f:/legal:/format:, is:gamechanger, is:commander', async () => {
    const gcs = await search('is:gamechanger');
    expect(gcs.cards.every((c) => c.game_changer)).toBe(true);
    expect(gcs.total).toBe(18); // 19 printings; Force of Will twice
    const legal = await search('f:modern t:creature', { unique: 'prints' });
    expect(legal.cards.every((c) => ['legal', 'restricted'].includes(c.legalities.modern ?? ''))).toBe(true);
    const vintage = await search('legal:vintage o:"search your library"', { unique: 'prints' });
    expect(vintage.total).toBeGreaterThan(0);
    expect((await search('format:commander is:gamechanger')).total).toBe(gcs.total);
    const commanders = await search('is:commander', { unique: 'prints' });
    expect(commanders.cards.map((c) => c.name)).toContain('Aminatou, the Fateshifter');
    expect(commanders.cards.map((c) => c.name)).toContain('Grand Arbiter Augustin IV');
    expect(
      commanders.cards.every(
        (c) =>
          /legendary.*creature/i.test(c.type_line ?? '') ||
          /can be your commander/i.test(c.oracle_text ?? ''),
      ),
    ).toBe(true);
  });

  it('negation, or, parentheses and implicit and combine', async () => {
    const all = (await search('is:gamechanger')).total;
    const blue = (await search('is:gamechanger c:u')).total;
    const notBlue = (await search('is:gamechanger -c:u')).total;
    expect(blue + notBlue).toBe(all);
    const either = await names('is:gamechanger (t:sorcery or t:instant)');
    expect(either).toEqual(
      expect.arrayContaining(['Demonic Tutor', 'Vampiric Tutor', 'Force of Will', 'Cyclonic Rift']),
    );
    expect(either).not.toContain('Mana Vault');
    const orUpper = await names('!"mana vault" OR !"chrome mox"');
    expect(orUpper.sort()).toEqual(['Chrome Mox', 'Mana Vault']);
    const nested = await names('is:gamechanger -(c:u or c:b)');
    expect(nested).toEqual(expect.arrayContaining(['Mana Vault', 'Smothering Tithe', 'Aura Shards']));
    expect(nested).not.toContain('Demonic Tutor');
  });

  it('answers 400 for unknown keys and bad syntax, naming the problem', async () => {
    const unknown = await u.client.cards.search({ query: { q: 'foo:bar' } }).catch((e: unknown) => e);
    expect(isRequestError(unknown)).toBe(true);
    expect((unknown as { status: number }).status).toBe(400);
    expect((unknown as Error).message).toBe('Unknown search key "foo:"');
    expect((unknown as { details?: { issues?: Array<{ path: string }> } }).details?.issues?.[0]?.path).toBe(
      'query.q',
    );
    const parens = await u.client.cards
      .search({ query: { q: '(t:elf or t:goblin' } })
      .catch((e: unknown) => e);
    expect((parens as { status: number }).status).toBe(400);
    expect((parens as Error).message).toMatch(/parenthes/i);
  });

  it('pages results', async () => {
    const page1 = await u.client.cards.search({ query: { q: 't:land', unique: 'prints', limit: 5 } });
    const page2 = await u.client.cards.search({
      query: { q: 't:land', unique: 'prints', limit: 5, page: 2 },
    });
    expect(page1.hasMore).toBe(true);
    expect(page1.cards).toHaveLength(5);
    expect(page2.cards[0]?.id).not.toBe(page1.cards[0]?.id);
    expect(page2.total).toBe(page1.total);
    // A later page holds the rows after the earlier ones, in the same order, for both `unique`s.
    for (const unique of ['prints', 'cards'] as const) {
      const all = await u.client.cards.search({ query: { q: 't:land', unique, limit: 12 } });
      const second = await u.client.cards.search({ query: { q: 't:land', unique, limit: 4, page: 2 } });
      expect(second.cards.map((c) => c.id)).toEqual(all.cards.slice(4, 8).map((c) => c.id));
      expect(second.total).toBe(all.total);
      // Past the end: no card, and still the count of every match.
      const past = Math.ceil(all.total / 4) + 2;
      const beyond = await u.client.cards.search({ query: { q: 't:land', unique, limit: 4, page: past } });
      expect(beyond.cards).toEqual([]);
      expect(beyond.total).toBe(all.total);
      expect(beyond.hasMore).toBe(false);
    }
  });

  it('regular expressions: PostgreSQL refusals are 400s, hostile patterns answer quickly', async () => {
    const named = await u.client.cards.search({ query: { q: 'o:/(?<x>draw)/' } }).catch((e: unknown) => e);
    expect((named as { status: number }).status).toBe(400);
    expect((named as Error).message).toMatch(/regular expression/);
    for (const q of ['o:/(a|aa)*(b|bb)*(c|cc)*z$/', 'o:/(.*a){12}/', `name:/${'(x+x+)+'.repeat(8)}y/`]) {
      const started = performance.now();
      const r = await u.client.cards.search({ query: { q } }).catch((e: unknown) => e);
      // An answer (or a clear refusal), in well under a second: no regular expression backtracks.
      expect(performance.now() - started, q).toBeLessThan(1500);
      if (r instanceof Error) expect((r as unknown as { status: number }).status).toBe(400);
    }
    const words = await u.client.cards.search({ query: { q: 'o:/\\bflying\\b/ t:creature', limit: 5 } });
    expect(words.total).toBeGreaterThan(0);
  });

  it('unique:, order: and direction: in the query win over the parameters', async () => {
    const prints = await u.client.cards.search({ query: { q: '!forest unique:prints' } });
    expect(prints.total).toBeGreaterThan(10);
    const bySpend = await u.client.cards.search({
      query: { q: 't:creature order:usd dir:desc usd>0', limit: 10 },
    });
    const prices = bySpend.cards.map((c) => Number(c.prices.usd));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const bad = await u.client.cards.search({ query: { q: 't:elf order:flavor' } }).catch((e: unknown) => e);
    expect((bad as { status: number }).status).toBe(400);
    expect((bad as Error).message).toMatch(/order:flavor/);
  });
});
