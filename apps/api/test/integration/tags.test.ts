import { contract } from '@companion/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decks } from '../../src/db/schema.js';
import { befriend, raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

describe.each(storages())('tags and notes on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let stranger: TestUser;
  let gameA: string; // in the group, with the deck
  let gameB: string; // no group, no deck
  let groupId: string;
  let deckId: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, stranger] = await Promise.all([t.user(), t.user()]);
    const [deck] = await t.server.services.db
      .insert(decks)
      .values({ ownerId: alice.id, name: 'Elves', formatId: 'commander', colorIdentity: ['G'] })
      .returning();
    deckId = deck!.id;
    groupId = (await alice.client.playgroups.create({ body: { name: 'Shop' } })).playgroup.id;
    gameA = (
      await alice.client.games.create({
        body: {
          formatId: 'commander',
          playgroupId: groupId,
          players: [{ userId: alice.id, deckId, result: 'win' }],
        },
      })
    ).game.id;
    gameB = (
      await alice.client.games.create({
        body: { formatId: 'commander', players: [{ userId: alice.id, result: 'loss' }] },
      })
    ).game.id;
  });
  afterAll(() => t?.close());

  it('tags a game, creating tags by name (case-insensitive), and counts uses', async () => {
    const added = await alice.client.games.addTags({
      params: { id: gameA },
      body: { tags: ['Revenge', 'combo', 'COMBO'] },
    });
    expect(added.tags.map((x) => x.name)).toEqual(['combo', 'Revenge']);
    await alice.client.games.addTags({ params: { id: gameB }, body: { tags: ['revenge'] } });
    const { tags } = await alice.client.tags.list();
    expect(tags.map((x) => [x.name, x.uses])).toEqual([
      ['combo', 1],
      ['Revenge', 2],
    ]);
    expect((await stranger.client.tags.list()).tags).toEqual([]);
    expect(
      await status(stranger.client.games.addTags({ params: { id: gameA }, body: { tags: ['x'] } })),
    ).toBe(404);
    const combo = tags.find((x) => x.name === 'combo')!;
    const removed = await alice.client.games.removeTag({ params: { id: gameA, tagId: combo.id } });
    expect(removed.tags.map((x) => x.name)).toEqual(['Revenge']);
    // someone else's tag id is unknown to you
    expect(await status(stranger.client.tags.delete({ params: { id: combo.id } }))).toBe(404);
  });

  it('renames and recolours a tag; a duplicate name is a 409; bad colour names the field', async () => {
    const { tags } = await alice.client.tags.list();
    const combo = tags.find((x) => x.name === 'combo')!;
    const renamed = await alice.client.tags.rename({
      params: { id: combo.id },
      body: { name: 'Combo!', color: '#aa3300' },
    });
    expect(renamed.tag).toMatchObject({ name: 'Combo!', color: '#aa3300', uses: 0 });
    expect(
      await status(alice.client.tags.rename({ params: { id: combo.id }, body: { name: 'REVENGE' } })),
    ).toBe(409);
    const bad = await raw(t, alice, contract.tags.rename, {
      params: { id: combo.id },
      body: { color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('body.color');
    await alice.client.tags.delete({ params: { id: combo.id } });
    expect((await alice.client.tags.list()).tags.map((x) => x.name)).toEqual(['Revenge']);
  });

  it('one note per user per game: create, 409 twice, update, 404 when none, delete', async () => {
    const created = await alice.client.games.createNote({
      params: { id: gameB },
      body: { content: 'Lost to **blue** counterspells' },
    });
    expect(created.note.content).toContain('counterspells');
    expect(
      await status(alice.client.games.createNote({ params: { id: gameB }, body: { content: 'again' } })),
    ).toBe(409);
    const updated = await alice.client.games.updateNote({
      params: { id: gameB },
      body: { content: 'Lost to blue counterspells and a sweeper' },
    });
    expect(updated.note.id).toBe(created.note.id);
    expect((await alice.client.games.get({ params: { id: gameB } })).game.note?.content).toContain('sweeper');
    expect(
      await status(alice.client.games.updateNote({ params: { id: gameA }, body: { content: 'x' } })),
    ).toBe(404);
    expect(
      await status(stranger.client.games.createNote({ params: { id: gameB }, body: { content: 'x' } })),
    ).toBe(404);
    await alice.client.games.createNote({ params: { id: gameA }, body: { content: 'Elves went wide' } });
    await alice.client.games.deleteNote({ params: { id: gameA } });
    expect(await status(alice.client.games.deleteNote({ params: { id: gameA } }))).toBe(404);
  });

  it('searches the caller’s notes by word, with playgroup and deck filters', async () => {
    await alice.client.games.createNote({
      params: { id: gameA },
      body: { content: 'The elves combo with a sweeper in hand was unbeatable' },
    });
    const { set } = await alice.client.sets.create({ body: { name: 'League night', gameIds: [gameA] } });
    await alice.client.sets.createNote({
      params: { id: set.id },
      body: { content: 'Sweeper everywhere tonight' },
    });

    const all = await alice.client.tags.searchNotes({ query: { q: 'sweeper' } });
    expect(all.results).toHaveLength(3);
    expect(all.results.every((r) => r.snippet.includes('«sweeper»') || r.snippet.includes('«Sweeper»'))).toBe(
      true,
    );
    const setHit = all.results.find((r) => r.target.type === 'set');
    expect(setHit?.target).toMatchObject({ id: set.id, name: 'League night' });

    const inGroup = await alice.client.tags.searchNotes({ query: { q: 'sweeper', playgroupid: groupId } });
    expect(inGroup.results.map((r) => r.target.id)).toEqual([gameA]);
    const withDeck = await alice.client.tags.searchNotes({ query: { q: 'sweeper', deckid: deckId } });
    expect(withDeck.results.map((r) => r.target.id).sort()).toEqual([gameA, set.id].sort());
    const phrase = await alice.client.tags.searchNotes({ query: { q: '"blue counterspells"' } });
    expect(phrase.results.map((r) => r.target.id)).toEqual([gameB]);
    expect((await alice.client.tags.searchNotes({ query: { q: 'dragons' } })).results).toEqual([]);
    // other users' notes never show
    expect((await stranger.client.tags.searchNotes({ query: { q: 'sweeper' } })).results).toEqual([]);
    const empty = await raw(t, alice, contract.tags.searchNotes, { query: { q: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('query.q');
  });

  it('notes search finds notes only on games the caller may still see (leaving the group hides them)', async () => {
    const member = await t.user();
    await befriend(alice, member);
    await alice.client.playgroups.invite({ params: { id: groupId }, body: { id: member.id } });
    await member.client.playgroups.accept({ params: { id: groupId } });
    await member.client.games.createNote({
      params: { id: gameA },
      body: { content: 'Wombatflavoured memory of the shop night' },
    });
    const before = await member.client.tags.searchNotes({ query: { q: 'wombatflavoured' } });
    expect(before.results.map((r) => r.target.id)).toEqual([gameA]);
    await member.client.playgroups.leave({ params: { id: groupId } });
    expect(await status(member.client.games.get({ params: { id: gameA } }))).toBe(404);
    const after = await member.client.tags.searchNotes({ query: { q: 'wombatflavoured' } });
    expect(after.results).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(groupId);
  });

  it('deleting a game removes its tags and notes', async () => {
    await alice.client.games.delete({ params: { id: gameB } });
    expect((await alice.client.tags.searchNotes({ query: { q: 'counterspells' } })).results).toEqual([]);
    expect((await alice.client.tags.list()).tags.find((x) => x.name === 'Revenge')?.uses).toBe(1);
  });
});
