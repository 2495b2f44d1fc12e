import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('visibility on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let friend: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let groupId: string;
  let gameId: string;
  let setId: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [owner, friend, member, stranger] = await Promise.all([t.user(), t.user(), t.user(), t.user()]);
    await Promise.all([befriend(owner, friend), befriend(owner, member)]);
    groupId = (await owner.client.playgroups.create({ body: { name: 'Group' } })).playgroup.id;
    await owner.client.playgroups.invite({ params: { id: groupId }, body: { id: member.id } });
    await member.client.playgroups.accept({ params: { id: groupId } });
    gameId = (
      await owner.client.games.create({
        body: {
          formatId: 'commander',
          playgroupId: groupId,
          players: [
            { userId: owner.id, result: 'win' },
            { userId: friend.id, result: 'loss' },
          ],
        },
      })
    ).game.id;
    setId = (
      await owner.client.sets.create({ body: { name: 'Night', playgroupId: groupId, gameIds: [gameId] } })
    ).set.id;
  });
  afterAll(() => t?.close());

  it('a stranger gets 404 on the game, the set and the playgroup', async () => {
    expect(await status(stranger.client.games.get({ params: { id: gameId } }))).toBe(404);
    expect(await status(stranger.client.sets.get({ params: { id: setId } }))).toBe(404);
    expect(await status(stranger.client.playgroups.get({ params: { id: groupId } }))).toBe(404);
    expect(
      await status(stranger.client.games.createNote({ params: { id: gameId }, body: { content: 'x' } })),
    ).toBe(404);
  });

  it('a participant outside the group sees the game and the set; a member sees them through the group', async () => {
    expect(await status(friend.client.games.get({ params: { id: gameId } }))).toBe(200);
    expect(await status(friend.client.sets.get({ params: { id: setId } }))).toBe(200);
    expect(await status(friend.client.playgroups.get({ params: { id: groupId } }))).toBe(404);
    expect(await status(member.client.games.get({ params: { id: gameId } }))).toBe(200);
    expect(await status(member.client.sets.get({ params: { id: setId } }))).toBe(200);
  });

  it('leaving the group hides its games from a non-participant', async () => {
    await member.client.playgroups.leave({ params: { id: groupId } });
    expect(await status(member.client.games.get({ params: { id: gameId } }))).toBe(404);
    expect(await status(member.client.sets.get({ params: { id: setId } }))).toBe(404);
  });

  it('profiles follow profile_visibility: public, friends, private', async () => {
    // default: friends
    expect((await friend.client.user.profile({ params: { id: owner.id } })).visible).toBe(true);
    const hidden = await stranger.client.user.profile({ params: { id: owner.id } });
    expect(hidden).toMatchObject({ visible: false, stats: null, decks: [], user: { id: owner.id } });
    expect(await status(stranger.client.user.statsById({ params: { id: owner.id } }))).toBe(403);
    expect(await status(friend.client.user.statsById({ params: { id: owner.id } }))).toBe(200);

    await owner.client.user.updateSettings({ body: { profileVisibility: 'public' } });
    expect((await stranger.client.user.profile({ params: { id: owner.id } })).visible).toBe(true);
    expect(await status(stranger.client.user.statsById({ params: { id: owner.id } }))).toBe(200);

    await owner.client.user.updateSettings({ body: { profileVisibility: 'private' } });
    expect((await friend.client.user.profile({ params: { id: owner.id } })).visible).toBe(false);
    expect(await status(friend.client.user.statsById({ params: { id: owner.id } }))).toBe(403);
    const self = await owner.client.user.profile({ params: { id: owner.id } });
    expect(self).toMatchObject({ visible: true, relationship: 'self', stats: { games: 1, wins: 1 } });
    expect(
      await status(stranger.client.user.profile({ params: { id: '00000000-0000-0000-0000-000000000000' } })),
    ).toBe(404);
  });
});
