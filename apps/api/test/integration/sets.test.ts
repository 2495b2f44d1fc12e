import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('sets on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  const gameIds: string[] = [];

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob, stranger] = await Promise.all([t.user(), t.user(), t.user()]);
    await befriend(alice, bob);
    const results: Array<['win' | 'loss' | 'draw', 'win' | 'loss' | 'draw']> = [
      ['win', 'loss'],
      ['loss', 'win'],
      ['win', 'loss'],
      ['draw', 'draw'],
    ];
    for (const [i, [a, b]] of results.entries()) {
      const { game } = await alice.client.games.create({
        body: {
          playedAt: `2024-05-0${i + 1}T20:00:00Z`,
          formatId: 'modern',
          players: [
            { userId: alice.id, result: a },
            { userId: bob.id, result: b },
          ],
        },
      });
      gameIds.push(game.id);
    }
  });
  afterAll(() => t?.close());

  it('creates a match from games with aggregated results, best first', async () => {
    const { set } = await alice.client.sets.create({
      body: { name: 'Best of three', formatId: 'modern', gameIds: gameIds.slice(0, 3) },
    });
    expect(set.games.map((g) => g.id)).toEqual(gameIds.slice(0, 3));
    expect(set.games.every((g) => g.setId === set.id)).toBe(true);
    expect(set.results.map((r) => [r.user?.id, r.games, r.wins, r.draws])).toEqual([
      [alice.id, 3, 2, 0],
      [bob.id, 3, 1, 0],
    ]);
    const updated = await alice.client.sets.update({
      params: { id: set.id },
      body: { name: 'Evening', gameIds: gameIds.slice(1) },
    });
    expect(updated.set.name).toBe('Evening');
    expect(updated.set.games.map((g) => g.id)).toEqual(gameIds.slice(1));
    // a tie: both rows, in either order
    expect(updated.set.results.map((r) => [r.user?.id, r.wins, r.draws])).toEqual(
      expect.arrayContaining([
        [alice.id, 1, 1],
        [bob.id, 1, 1],
      ]),
    );
    const first = await alice.client.games.get({ params: { id: gameIds[0]! } });
    expect(first.game.setId).toBeNull();
  });

  it('visibility: creator and participants see it, strangers get 404; only the creator edits', async () => {
    const { set } = await alice.client.sets.create({ body: { name: 'Private', gameIds: [gameIds[0]!] } });
    expect((await bob.client.sets.get({ params: { id: set.id } })).set.name).toBe('Private');
    expect(await status(stranger.client.sets.get({ params: { id: set.id } }))).toBe(404);
    expect(await status(bob.client.sets.update({ params: { id: set.id }, body: { name: 'Mine' } }))).toBe(
      403,
    );
    expect(await status(stranger.client.sets.update({ params: { id: set.id }, body: { name: 'X' } }))).toBe(
      404,
    );
    expect(await status(bob.client.sets.delete({ params: { id: set.id } }))).toBe(403);
    // an empty set is visible to its creator only
    const { set: empty } = await bob.client.sets.create({ body: { name: 'Empty' } });
    expect(await status(alice.client.sets.get({ params: { id: empty.id } }))).toBe(404);
  });

  it('attaches only games the caller may edit', async () => {
    // Bob played these games but Alice recorded them
    expect(await status(bob.client.sets.create({ body: { name: 'Steal', gameIds: [gameIds[0]!] } }))).toBe(
      403,
    );
    expect(
      await status(stranger.client.sets.create({ body: { name: 'Steal', gameIds: [gameIds[0]!] } })),
    ).toBe(400);
    const badFormat = await alice.client.sets
      .create({ body: { name: 'X', formatId: 'nope' } })
      .catch((e: unknown) => e);
    expect(badFormat).toMatchObject({ status: 400 });
    expect(JSON.stringify((badFormat as { details?: unknown }).details)).toContain('body.formatId');
  });

  it('a playgroup admin may attach a game another member recorded in the group', async () => {
    const { playgroup } = await bob.client.playgroups.create({ body: { name: 'Bob’s table' } });
    await bob.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: alice.id } });
    await alice.client.playgroups.accept({ params: { id: playgroup.id } });
    const { game } = await alice.client.games.create({
      body: { formatId: 'modern', playgroupId: playgroup.id, players: [{ userId: alice.id, result: 'win' }] },
    });
    const { set } = await bob.client.sets.create({
      body: { name: 'Group night', playgroupId: playgroup.id, gameIds: [game.id] },
    });
    expect(set.games.map((g) => g.id)).toEqual([game.id]);
    // Alice (plain member) may still edit the set? No: only its creator and the group's managers
    expect(await status(alice.client.sets.update({ params: { id: set.id }, body: { name: 'Mine' } }))).toBe(
      403,
    );
  });

  it('tags and notes on a set are the caller’s own', async () => {
    const { set } = await alice.client.sets.create({ body: { name: 'Tagged', gameIds: [gameIds[0]!] } });
    await alice.client.sets.addTags({ params: { id: set.id }, body: { tags: ['finals'] } });
    await alice.client.sets.createNote({ params: { id: set.id }, body: { content: 'Great finals' } });
    await bob.client.sets.createNote({ params: { id: set.id }, body: { content: 'I lost' } });
    const mine = await alice.client.sets.get({ params: { id: set.id } });
    expect(mine.set.tags.map((x) => x.name)).toEqual(['finals']);
    expect(mine.set.note?.content).toBe('Great finals');
    const his = await bob.client.sets.get({ params: { id: set.id } });
    expect(his.set.tags).toEqual([]);
    expect(his.set.note?.content).toBe('I lost');
    expect(
      await status(stranger.client.sets.addTags({ params: { id: set.id }, body: { tags: ['x'] } })),
    ).toBe(404);
    // tag filter through the set: the game of a tagged set counts as tagged
    const finals = (await alice.client.tags.list()).tags.find((x) => x.name === 'finals')!;
    expect((await alice.client.games.list({ query: { tagid: finals.id } })).games.map((g) => g.id)).toEqual([
      gameIds[0],
    ]);
  });

  it('deleting a set keeps its games', async () => {
    const { set } = await alice.client.sets.create({ body: { name: 'Gone', gameIds: [gameIds[0]!] } });
    await alice.client.sets.delete({ params: { id: set.id } });
    expect(await status(alice.client.sets.get({ params: { id: set.id } }))).toBe(404);
    const { game } = await alice.client.games.get({ params: { id: gameIds[0]! } });
    expect(game.setId).toBeNull();
  });
  it('lists the sets the caller can see, newest first, paged, one playgroup’s on request', async () => {
    const [host, guest, member, outsider] = await Promise.all([t.user(), t.user(), t.user(), t.user()]);
    await Promise.all([befriend(host, guest), befriend(host, member)]);
    const { game } = await host.client.games.create({
      body: {
        playedAt: '2024-06-01T20:00:00Z',
        formatId: 'modern',
        players: [
          { userId: host.id, result: 'win' },
          { userId: guest.id, result: 'loss' },
        ],
      },
    });
    const { playgroup } = await host.client.playgroups.create({ body: { name: 'Pod' } });
    await host.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: member.id } });
    const older = await host.client.sets.create({
      body: { name: 'Week 1', playedAt: '2024-06-01T19:00:00Z', formatId: 'modern', gameIds: [game.id] },
    });
    const newer = await host.client.sets.create({
      body: { name: 'Week 2', playedAt: '2024-06-08T19:00:00Z', playgroupId: playgroup.id },
    });
    const mine = await host.client.sets.list();
    expect(mine.total).toBe(2);
    expect(mine.sets.map((x) => [x.name, x.gameCount, x.createdBy])).toEqual([
      ['Week 2', 0, host.id],
      ['Week 1', 1, host.id],
    ]);
    expect(mine.sets[1]).toMatchObject({ id: older.set.id, formatId: 'modern', playgroupId: null });
    // paged: the total stays, the page moves
    const second = await host.client.sets.list({ query: { limit: 1, page: 2 } });
    expect(second).toMatchObject({ total: 2, sets: [{ id: older.set.id }] });
    // one playgroup's sets
    const grouped = await host.client.sets.list({ query: { playgroupId: playgroup.id } });
    expect(grouped.sets.map((x) => x.id)).toEqual([newer.set.id]);
    // a player of one of its games sees the set; an invited member sees the group's only once accepted
    expect((await guest.client.sets.list()).sets.map((x) => x.id)).toEqual([older.set.id]);
    expect((await member.client.sets.list()).total).toBe(0);
    await member.client.playgroups.accept({ params: { id: playgroup.id } });
    expect((await member.client.sets.list()).sets.map((x) => x.id)).toEqual([newer.set.id]);
    // strangers see none, even filtering by the group
    expect(await outsider.client.sets.list({ query: { playgroupId: playgroup.id } })).toEqual({
      sets: [],
      total: 0,
    });
    // deleting a set takes it off the list
    await host.client.sets.delete({ params: { id: newer.set.id } });
    expect((await host.client.sets.list()).sets.map((x) => x.id)).toEqual([older.set.id]);
  });
});
