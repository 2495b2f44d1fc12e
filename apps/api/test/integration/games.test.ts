import { contract } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decks } from '../../src/db/schema.js';
import { befriend, raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('games on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser; // member of the group, not a player
  let stranger: TestUser;
  let aliceDeck: string;
  let bobDeck: string;
  let groupId: string;

  const deck = async (owner: TestUser, name: string, colors: string[]) => {
    const [row] = await t.server.services.db
      .insert(decks)
      .values({ ownerId: owner.id, name, formatId: 'commander', colorIdentity: colors })
      .returning();
    return row!.id;
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob, carol, stranger] = await Promise.all([t.user(), t.user(), t.user(), t.user()]);
    await Promise.all([befriend(alice, bob), befriend(alice, carol)]);
    aliceDeck = await deck(alice, 'Selesnya Tokens', ['W', 'G']);
    bobDeck = await deck(bob, 'Mono Red', ['R']);
    groupId = (await alice.client.playgroups.create({ body: { name: 'Table' } })).playgroup.id;
    await alice.client.playgroups.invite({ params: { id: groupId }, body: { id: carol.id } });
    await carol.client.playgroups.accept({ params: { id: groupId } });
  });
  afterAll(() => t?.close());

  it('records a game with users, guests, decks and tags; deck lastPlayed follows', async () => {
    const { game } = await alice.client.games.create({
      body: {
        playedAt: '2024-03-10T19:00:00Z',
        formatId: 'commander',
        subformatId: 'commander-b3',
        turns: 9,
        durationMinutes: 75,
        players: [
          { userId: alice.id, deckId: aliceDeck, seat: 1, result: 'win' },
          { userId: bob.id, deckId: bobDeck, seat: 2, result: 'loss' },
          { guestName: 'Gus', deckName: 'Kinnan', seat: 3, result: 'loss' },
        ],
        tags: ['Casual', 'casual', 'league'],
      },
    });
    expect(
      game.players.map((p) => [p.user?.id ?? p.guestName, p.deck?.name ?? p.deckName, p.result]),
    ).toEqual([
      [alice.id, 'Selesnya Tokens', 'win'],
      [bob.id, 'Mono Red', 'loss'],
      ['Gus', 'Kinnan', 'loss'],
    ]);
    expect(game.players[0]?.deck?.colorIdentity).toEqual(['W', 'G']);
    expect(game.tags.map((x) => x.name)).toEqual(['Casual', 'league']);
    expect(game.createdBy).toBe(alice.id);
    const [row] = await t.server.services.db.select().from(decks).where(eq(decks.id, aliceDeck));
    expect(row?.lastPlayed?.toISOString()).toBe('2024-03-10T19:00:00.000Z');
    // Bob sees the game, but with his own (no) tags
    const seen = await bob.client.games.get({ params: { id: game.id } });
    expect(seen.game.tags).toEqual([]);
    expect(seen.game.note).toBeNull();
  });

  it('names the offending field on invalid input', async () => {
    const base = { formatId: 'commander', players: [{ userId: alice.id, result: 'win' }] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, formatId: 'nope' }, 'body.formatId'],
      [{ ...base, subformatId: 'modern-x' }, 'body.subformatId'],
      [{ ...base, players: [{ userId: alice.id, guestName: 'X', result: 'win' }] }, 'body.players.0.userId'],
      [{ ...base, players: [{ userId: alice.id, result: 'maybe' }] }, 'body.players.0.result'],
      [{ ...base, players: [{ userId: alice.id, deckId: bobDeck, result: 'win' }] }, 'body.players.0.deckId'],
      [
        {
          ...base,
          players: [
            { userId: alice.id, result: 'win' },
            { guestName: 'G', deckId: aliceDeck, result: 'loss' },
          ],
        },
        'body.players.1.deckId',
      ],
      [
        {
          ...base,
          players: [
            { userId: alice.id, result: 'win' },
            { userId: stranger.id, result: 'loss' },
          ],
        },
        'body.players.1.userId',
      ],
      [
        {
          ...base,
          players: [
            { userId: alice.id, result: 'win' },
            { userId: alice.id, result: 'loss' },
          ],
        },
        'body.players.1.userId',
      ],
      [{ ...base, players: [] }, 'body.players'],
    ];
    for (const [body, path] of cases) {
      const res = await raw(t, alice, contract.games.create, { body });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body), path).toContain(path);
    }
  });

  it('shows a game to participants and the playgroup’s members only', async () => {
    const { game } = await bob.client.games.create({
      body: {
        formatId: 'commander',
        playgroupId: null,
        players: [
          { userId: bob.id, result: 'win' },
          { userId: alice.id, result: 'loss' },
        ],
      },
    });
    expect(await status(alice.client.games.get({ params: { id: game.id } }))).toBe(200);
    expect(await status(carol.client.games.get({ params: { id: game.id } }))).toBe(404);
    expect(await status(stranger.client.games.get({ params: { id: game.id } }))).toBe(404);
    expect(await status(stranger.client.games.get({ params: { id: 'not-a-uuid' } }))).toBe(404);
    // in the group, Carol (member, not a player) sees it; a stranger still does not
    const { game: inGroup } = await alice.client.games.create({
      body: {
        formatId: 'commander',
        playgroupId: groupId,
        players: [
          { userId: alice.id, result: 'win' },
          { guestName: 'Gus', result: 'loss' },
        ],
      },
    });
    expect(await status(carol.client.games.get({ params: { id: inGroup.id } }))).toBe(200);
    expect(await status(stranger.client.games.get({ params: { id: inGroup.id } }))).toBe(404);
    // only active members may record in a group
    expect(
      await status(
        stranger.client.games.create({
          body: {
            formatId: 'commander',
            playgroupId: groupId,
            players: [{ userId: stranger.id, result: 'win' }],
          },
        }),
      ),
    ).toBe(404);
  });

  it('edit and delete: the recorder or the group’s admins; 403 for other viewers, 404 for strangers', async () => {
    const { game } = await carol.client.games.create({
      body: {
        formatId: 'commander',
        playgroupId: groupId,
        players: [
          { userId: carol.id, result: 'win' },
          { userId: alice.id, deckId: aliceDeck, result: 'loss' },
        ],
      },
    });
    const body = {
      formatId: 'commander',
      playgroupId: groupId,
      turns: 12,
      players: [
        { userId: carol.id, result: 'loss' as const },
        { userId: alice.id, deckId: aliceDeck, result: 'win' as const },
      ],
    };
    // Alice is the group's owner: she may edit Carol's game
    const edited = await alice.client.games.update({ params: { id: game.id }, body });
    expect(edited.game.turns).toBe(12);
    expect(edited.game.players.find((p) => p.user?.id === alice.id)?.result).toBe('win');
    expect(await status(carol.client.games.update({ params: { id: game.id }, body }))).toBe(200);
    expect(await status(stranger.client.games.update({ params: { id: game.id }, body }))).toBe(404);
    // Bob played in the earlier games but did not record this one, nor is he in the group
    const { game: bobs } = await alice.client.games.create({
      body: {
        formatId: 'commander',
        players: [
          { userId: alice.id, result: 'win' },
          { userId: bob.id, result: 'loss' },
        ],
      },
    });
    expect(await status(bob.client.games.delete({ params: { id: bobs.id } }))).toBe(403);
    expect(
      await status(
        bob.client.games.update({
          params: { id: bobs.id },
          body: { formatId: 'commander', players: [{ userId: bob.id, result: 'win' }] },
        }),
      ),
    ).toBe(403);
    await alice.client.games.delete({ params: { id: bobs.id } });
    expect(await status(alice.client.games.get({ params: { id: bobs.id } }))).toBe(404);
  });

  it('deleting a game moves the deck’s lastPlayed back', async () => {
    const { game } = await alice.client.games.create({
      body: {
        playedAt: '2030-06-01T12:00:00Z',
        formatId: 'commander',
        players: [{ userId: alice.id, deckId: aliceDeck, result: 'win' }],
      },
    });
    const read = async () =>
      (
        await t.server.services.db.select().from(decks).where(eq(decks.id, aliceDeck))
      )[0]?.lastPlayed?.toISOString();
    expect(await read()).toBe('2030-06-01T12:00:00.000Z');
    const before = await read();
    await alice.client.games.delete({ params: { id: game.id } });
    const after = await read();
    expect(after).toBeDefined();
    expect(after! < before!).toBe(true);
  });

  it('lists the caller’s games newest first, with format, date and tag filters', async () => {
    const { games } = await alice.client.games.list();
    expect(games.length).toBeGreaterThanOrEqual(4);
    const times = games.map((g) => Date.parse(g.playedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(
      (await carol.client.games.list()).games.every(
        (g) => g.players.some((p) => p.user?.id === carol.id) || g.createdBy === carol.id,
      ),
    ).toBe(true);
    const league = (await alice.client.tags.list()).tags.find((x) => x.name === 'league')!;
    const tagged = await alice.client.games.list({ query: { tagid: league.id } });
    expect(tagged.games).toHaveLength(1);
    expect((await bob.client.games.list({ query: { tagid: league.id } })).games).toHaveLength(0);
    const sub = await alice.client.games.list({ query: { subformatid: 'commander-b3' } });
    expect(sub.games).toHaveLength(1);
    expect((await alice.client.games.list({ query: { formatid: 'modern' } })).games).toHaveLength(0);
    const since = await alice.client.games.list({ query: { timestamp: Date.parse('2024-06-01T00:00:00Z') } });
    expect(since.games.every((g) => g.playedAt >= '2024-06-01')).toBe(true);
    expect(since.games.length).toBe(games.length - 1); // all but the 2024-03-10 game
    const outOfRange = await raw(t, alice, contract.games.list, {
      query: { timestamp: '99999999999999999' },
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toContain('query.timestamp');
  });
});
