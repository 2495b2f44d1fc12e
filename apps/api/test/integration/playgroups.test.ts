import { contract } from '@companion/sdk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('playgroups on %s', (kind) => {
  let t: TestServer;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let invited: TestUser;
  let stranger: TestUser;
  let groupId: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [owner, admin, member, invited, stranger] = await Promise.all([
      t.user({ firstname: 'Olivia' }),
      t.user({ firstname: 'Adam' }),
      t.user({ firstname: 'Mia' }),
      t.user({ firstname: 'Ivan' }),
      t.user({ firstname: 'Sam' }),
    ]);
    await Promise.all([befriend(owner, admin), befriend(owner, member), befriend(owner, invited)]);
    const { playgroup } = await owner.client.playgroups.create({ body: { name: 'Friday Night' } });
    groupId = playgroup.id;
    for (const u of [admin, member]) {
      await owner.client.playgroups.invite({ params: { id: groupId }, body: { id: u.id } });
      await u.client.playgroups.accept({ params: { id: groupId } });
    }
    await owner.client.playgroups.promote({ params: { id: groupId, userId: admin.id } });
    await owner.client.playgroups.invite({ params: { id: groupId }, body: { id: invited.id } });
  });
  afterAll(() => t?.close());

  const params = () => ({ params: { id: groupId } });

  it('creates a group with the caller as active owner', async () => {
    const { playgroup } = await owner.client.playgroups.create({
      body: { name: '  Solo  ', description: 'Just me' },
    });
    expect(playgroup).toMatchObject({ name: 'Solo', role: 'owner', status: 'active', ownerId: owner.id });
    expect(playgroup.members).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: owner.id }), role: 'owner' }),
    ]);
    const bad = await raw(t, owner, contract.playgroups.create, { body: { name: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('body.name');
  });

  it('shows the group to members and invited users only (404 otherwise)', async () => {
    const seen = await member.client.playgroups.get(params());
    expect(seen.playgroup.members.map((m) => [m.user.id, m.role, m.status])).toEqual([
      [owner.id, 'owner', 'active'],
      [admin.id, 'admin', 'active'],
      [member.id, 'member', 'active'],
      [invited.id, 'member', 'invited'],
    ]);
    expect((await invited.client.playgroups.get(params())).playgroup.status).toBe('invited');
    expect(await status(stranger.client.playgroups.get(params()))).toBe(404);
    expect(await status(stranger.client.playgroups.get({ params: { id: 'nope' } }))).toBe(404);
  });

  it('lets owner and admins edit and change the picture, not members', async () => {
    const edited = await admin.client.playgroups.update({ ...params(), body: { description: 'Weekly' } });
    expect(edited.playgroup.description).toBe('Weekly');
    expect(await status(member.client.playgroups.update({ ...params(), body: { name: 'X' } }))).toBe(403);
    expect(await status(invited.client.playgroups.update({ ...params(), body: { name: 'X' } }))).toBe(403);
    expect(await status(stranger.client.playgroups.update({ ...params(), body: { name: 'X' } }))).toBe(404);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const file = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const pictured = await admin.client.playgroups.uploadPicture({ ...params(), body: { file } });
    expect(pictured.playgroup.picture).toMatch(
      /\/uploads\/playgroups\/.+\.webp\?expires=\d+&signature=[\w-]+$/,
    );
    expect(await status(member.client.playgroups.uploadPicture({ ...params(), body: { file } }))).toBe(403);
  });

  it('invites friends only, once, by owner and admins', async () => {
    const bad = await raw(t, owner, contract.playgroups.invite, { ...params(), body: { id: stranger.id } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('body.id');
    expect(await status(owner.client.playgroups.invite({ ...params(), body: { id: invited.id } }))).toBe(409);
    expect(await status(owner.client.playgroups.invite({ ...params(), body: { id: member.id } }))).toBe(409);
    await befriend(member, stranger);
    expect(await status(member.client.playgroups.invite({ ...params(), body: { id: stranger.id } }))).toBe(
      403,
    );
    expect(await status(stranger.client.playgroups.invite({ ...params(), body: { id: member.id } }))).toBe(
      404,
    );
  });

  it('only the owner promotes, demotes and transfers', async () => {
    expect(
      await status(admin.client.playgroups.promote({ params: { id: groupId, userId: member.id } })),
    ).toBe(403);
    expect(await status(member.client.playgroups.demote({ params: { id: groupId, userId: admin.id } }))).toBe(
      403,
    );
    expect(
      await status(owner.client.playgroups.promote({ params: { id: groupId, userId: invited.id } })),
    ).toBe(409);
    const promoted = await owner.client.playgroups.promote({ params: { id: groupId, userId: member.id } });
    expect(promoted.playgroup.members.find((m) => m.user.id === member.id)?.role).toBe('admin');
    const demoted = await owner.client.playgroups.demote({ params: { id: groupId, userId: member.id } });
    expect(demoted.playgroup.members.find((m) => m.user.id === member.id)?.role).toBe('member');
    expect(
      await status(admin.client.playgroups.transferOwnership({ params: { id: groupId, userId: admin.id } })),
    ).toBe(403);
  });

  it('records games in the group and keeps a leaderboard under the filters', async () => {
    const game = (winner: TestUser, loser: TestUser, extra: Record<string, unknown> = {}) =>
      member.client.games.create({
        body: {
          formatId: 'commander',
          playgroupId: groupId,
          players: [
            { userId: winner.id, result: 'win' },
            { userId: loser.id, result: 'loss' },
            { guestName: 'Gus', deckName: 'Atraxa', result: 'loss' },
          ],
          ...extra,
        },
      });
    const before = (await owner.client.user.playgroups()).playgroups.find((p) => p.id === groupId);
    await game(member, owner, { tags: ['league'] });
    const after = (await owner.client.user.playgroups()).playgroups.find((p) => p.id === groupId);
    expect(Date.parse(after!.lastActivity)).toBeGreaterThanOrEqual(Date.parse(before!.lastActivity));
    let board = (await owner.client.playgroups.games(params())).leaderboard;
    expect(board[0]).toMatchObject({ user: { id: member.id }, games: 1, wins: 1, winRate: 1 });
    await game(owner, member, { playedAt: '2020-01-01T20:00:00Z' });
    await game(owner, admin, { formatId: 'modern' });
    const all = await owner.client.playgroups.games(params());
    expect(all.games).toHaveLength(3);
    expect(all.games[2]?.playedAt).toBe('2020-01-01T20:00:00.000Z');
    board = all.leaderboard;
    expect(board[0]).toMatchObject({ user: { id: owner.id }, games: 3, wins: 2 });
    expect(board.find((r) => r.guestName === 'Gus')).toMatchObject({ games: 3, wins: 0, winRate: 0 });
    const since = await owner.client.playgroups.games({ ...params(), query: { timestamp: '2021-01-01' } });
    expect(since.games).toHaveLength(2);
    const commander = await owner.client.playgroups.games({ ...params(), query: { formatid: 'commander' } });
    expect(commander.leaderboard.find((r) => r.user?.id === owner.id)).toMatchObject({ games: 2, wins: 1 });
    // tagid is the caller's own tag
    const memberTag = (await member.client.tags.list()).tags.find((tg) => tg.name === 'league')!;
    const tagged = await member.client.playgroups.games({ ...params(), query: { tagid: memberTag.id } });
    expect(tagged.games).toHaveLength(1);
    expect(tagged.leaderboard.map((r) => r.user?.id ?? r.guestName)).toEqual([member.id, owner.id, 'Gus']);
    const ownerSees = await owner.client.playgroups.games({ ...params(), query: { tagid: memberTag.id } });
    expect(ownerSees.games).toHaveLength(0);
    // invited users see the group but not its games; strangers see nothing
    expect(await status(invited.client.playgroups.games(params()))).toBe(403);
    expect(await status(stranger.client.playgroups.games(params()))).toBe(404);
  });

  it('lists the caller’s groups and invitations by last activity', async () => {
    const { playgroup: other } = await owner.client.playgroups.create({ body: { name: 'Newest' } });
    const { playgroups } = await owner.client.user.playgroups();
    expect(playgroups[0]?.id).toBe(other.id);
    expect(playgroups.find((p) => p.id === groupId)).toMatchObject({ memberCount: 3, role: 'owner' });
    const mine = await invited.client.user.playgroups();
    expect(mine.playgroups).toEqual([expect.objectContaining({ id: groupId, status: 'invited' })]);
  });

  it('removes members by the rules: admins only plain members and invitations', async () => {
    const extra = await t.user();
    await befriend(owner, extra);
    await owner.client.playgroups.invite({ ...params(), body: { id: extra.id } });
    await extra.client.playgroups.accept(params());
    expect(await status(extra.client.playgroups.accept(params()))).toBe(409);
    expect(
      await status(admin.client.playgroups.removeMember({ params: { id: groupId, userId: owner.id } })),
    ).toBe(403);
    expect(
      await status(member.client.playgroups.removeMember({ params: { id: groupId, userId: extra.id } })),
    ).toBe(403);
    const removed = await admin.client.playgroups.removeMember({ params: { id: groupId, userId: extra.id } });
    expect(removed.playgroup.members.some((m) => m.user.id === extra.id)).toBe(false);
    expect(await status(extra.client.playgroups.get(params()))).toBe(404);
    const self = await raw(t, owner, contract.playgroups.removeMember, {
      params: { id: groupId, userId: owner.id },
    });
    expect(self.status).toBe(409);
    // admins cancel invitations
    await owner.client.playgroups.invite({ ...params(), body: { id: extra.id } });
    await admin.client.playgroups.removeMember({ params: { id: groupId, userId: extra.id } });
    expect(await status(extra.client.playgroups.accept(params()))).toBe(404);
  });

  it('leaving: members and admins leave, invited users decline, the owner must transfer first', async () => {
    const left = await raw(t, owner, contract.playgroups.leave, params());
    expect(left.status).toBe(409);
    expect(left.body.message).toMatch(/transfer ownership/);
    await invited.client.playgroups.leave(params());
    expect(await status(invited.client.playgroups.get(params()))).toBe(404);
    expect(await status(stranger.client.playgroups.leave(params()))).toBe(404);
  });

  it('transfers ownership to an active member; the old owner becomes admin; the new owner deletes', async () => {
    const transferred = await owner.client.playgroups.transferOwnership({
      params: { id: groupId, userId: member.id },
    });
    expect(transferred.playgroup.ownerId).toBe(member.id);
    expect(transferred.playgroup.role).toBe('admin');
    await owner.client.playgroups.leave(params());
    expect(await status(admin.client.playgroups.delete(params()))).toBe(403);
    const gamesBefore = (await member.client.games.list()).games.filter((g) => g.playgroupId === groupId);
    expect(gamesBefore.length).toBe(3);
    await member.client.playgroups.delete(params());
    expect(await status(member.client.playgroups.get(params()))).toBe(404);
    const gamesAfter = await member.client.games.list();
    expect(gamesAfter.games.filter((g) => gamesBefore.some((b) => b.id === g.id))).toHaveLength(3);
    expect(gamesAfter.games.every((g) => g.playgroupId !== groupId)).toBe(true);
  });
});
