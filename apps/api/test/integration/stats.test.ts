import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decks } from '../../src/db/schema.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('stats on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let gruul: string;
  let azorius: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob] = await Promise.all([t.user(), t.user()]);
    await alice.client.friends.request({ params: { code: bob.code } });
    await bob.client.friends.accept({ params: { code: alice.code } });
    const rows = await t.server.services.db
      .insert(decks)
      .values([
        { ownerId: alice.id, name: 'Gruul Stompy', formatId: 'commander', colorIdentity: ['G', 'R'] },
        { ownerId: alice.id, name: 'Azorius Control', formatId: 'commander', colorIdentity: ['U', 'W'] },
      ])
      .returning();
    gruul = rows.find((d) => d.name === 'Gruul Stompy')!.id;
    azorius = rows.find((d) => d.name === 'Azorius Control')!.id;
    // The known data set: 5 games for Alice.
    const games: Array<{
      at: string;
      format: string;
      deck: string | null;
      result: 'win' | 'loss' | 'draw';
      turns: number | null;
      minutes: number | null;
      tags?: string[];
    }> = [
      {
        at: '2024-01-05T20:00:00Z',
        format: 'commander',
        deck: gruul,
        result: 'win',
        turns: 8,
        minutes: 60,
        tags: ['pod'],
      },
      {
        at: '2024-01-20T20:00:00Z',
        format: 'commander',
        deck: gruul,
        result: 'loss',
        turns: 10,
        minutes: 90,
      },
      {
        at: '2024-02-02T20:00:00Z',
        format: 'commander',
        deck: azorius,
        result: 'win',
        turns: 12,
        minutes: 120,
        tags: ['pod'],
      },
      { at: '2024-02-10T20:00:00Z', format: 'modern', deck: null, result: 'draw', turns: null, minutes: 30 },
      {
        at: '2024-03-01T20:00:00Z',
        format: 'commander',
        deck: gruul,
        result: 'win',
        turns: 7,
        minutes: null,
      },
    ];
    for (const g of games) {
      await alice.client.games.create({
        body: {
          playedAt: g.at,
          formatId: g.format,
          turns: g.turns,
          durationMinutes: g.minutes,
          players: [
            { userId: alice.id, deckId: g.deck, result: g.result },
            { userId: bob.id, result: g.result === 'win' ? 'loss' : g.result === 'loss' ? 'win' : 'draw' },
          ],
          ...(g.tags ? { tags: g.tags } : {}),
        },
      });
    }
  });
  afterAll(() => t?.close());

  it('computes totals, averages and breakdowns on a known data set', async () => {
    const { stats } = await alice.client.user.stats();
    expect(stats).toMatchObject({ games: 5, wins: 3, losses: 1, draws: 1, winRate: 0.6 });
    expect(stats.averageTurns).toBe(9.25); // (8+10+12+7)/4
    expect(stats.averageDurationMinutes).toBe(75); // (60+90+120+30)/4
    expect(stats.byFormat).toEqual([
      { formatId: 'commander', name: 'Commander', games: 4, wins: 3, winRate: 0.75 },
      { formatId: 'modern', name: 'Modern', games: 1, wins: 0, winRate: 0 },
    ]);
    expect(stats.byColorIdentity).toEqual([
      { colorIdentity: ['R', 'G'], games: 3, wins: 2, winRate: 2 / 3 },
      { colorIdentity: ['W', 'U'], games: 1, wins: 1, winRate: 1 },
    ]);
    expect(stats.byDeck).toEqual([
      { deckId: gruul, name: 'Gruul Stompy', colorIdentity: ['R', 'G'], games: 3, wins: 2, winRate: 2 / 3 },
      { deckId: azorius, name: 'Azorius Control', colorIdentity: ['W', 'U'], games: 1, wins: 1, winRate: 1 },
    ]);
    expect(stats.byMonth).toEqual([
      { month: '2024-01', games: 2, wins: 1, winRate: 0.5 },
      { month: '2024-02', games: 2, wins: 1, winRate: 0.5 },
      { month: '2024-03', games: 1, wins: 1, winRate: 1 },
    ]);
  });

  it('applies the game filters', async () => {
    const since = await alice.client.user.stats({ query: { timestamp: '2024-02-01' } });
    expect(since.stats).toMatchObject({ games: 3, wins: 2, draws: 1 });
    const modern = await alice.client.user.stats({ query: { formatid: 'modern' } });
    expect(modern.stats).toMatchObject({ games: 1, wins: 0, draws: 1, averageTurns: null });
    const pod = (await alice.client.tags.list()).tags.find((x) => x.name === 'pod')!;
    const tagged = await alice.client.user.stats({ query: { tagid: pod.id } });
    expect(tagged.stats).toMatchObject({ games: 2, wins: 2, winRate: 1 });
  });

  it('another user’s stats and profile, with the viewer’s own tags', async () => {
    const bobStats = await alice.client.user.statsById({ params: { id: bob.id } });
    expect(bobStats.stats).toMatchObject({ games: 5, wins: 1, losses: 3, draws: 1 });
    const pod = (await alice.client.tags.list()).tags.find((x) => x.name === 'pod')!;
    const viaTag = await alice.client.user.statsById({ params: { id: bob.id }, query: { tagid: pod.id } });
    expect(viaTag.stats).toMatchObject({ games: 2, wins: 0 });
    const profile = await bob.client.user.profile({ params: { id: alice.id } });
    expect(profile).toMatchObject({ visible: true, relationship: 'friend', stats: { games: 5, wins: 3 } });
    expect(profile.decks.map((d) => d.name)).toEqual(['Gruul Stompy', 'Azorius Control']);
    expect(profile.decks[0]).toMatchObject({ games: 3, wins: 2, lastPlayed: '2024-03-01T20:00:00.000Z' });
  });
});
