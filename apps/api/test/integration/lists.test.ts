import { isNotFoundError } from '@companion/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { HAS_SHARED_DATA, loadSharedCatalogue } from './shared-data.js';

type Client = TestUser['client'];
const entriesOf = async (client: Client, id: string) => {
  const res = await client.lists.get({ params: { id }, query: { limit: 200 } });
  return res.entries
    .map((e) => ({
      cardId: e.card?.id ?? null,
      name: e.card?.name ?? e.unresolved?.name,
      quantity: e.quantity,
      finish: e.finish,
      condition: e.condition,
      language: e.language,
    }))
    .sort((a, b) => `${a.name}${a.finish}${a.condition}`.localeCompare(`${b.name}${b.finish}${b.condition}`));
};

describe.skipIf(!HAS_SHARED_DATA).each(storages())('lists and revisions on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestServer(kind);
    await loadSharedCatalogue(t.server.services.db);
    u = await t.user();
  });
  afterAll(() => t?.close());

  it('creates the default binder on first use; it cannot be deleted', async () => {
    const { lists } = await u.client.lists.list();
    expect(lists).toHaveLength(1);
    const binder = lists[0];
    expect(binder).toMatchObject({ type: 'collection', isDefault: true, cards: 0, revision: 1 });
    const error = await u.client.lists
      .delete({ params: { id: binder?.id ?? '' }, query: { keep_cards: true } })
      .catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(409);
  });

  it('adds cards by id, set + number and name; identical rows merge', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Trade binder', type: 'trade' } });
    const res = await u.client.lists.addCards({
      params: { id: list.id },
      body: {
        cards: [
          { setCode: 'isd', collectorNumber: '51', quantity: 2 },
          { name: 'insectile aberration', quantity: 1 }, // other face, same card when the printing matches
          { name: 'Force of Will', finish: 'foil', condition: 'NM' },
          { name: 'Force of Will', finish: 'foil', condition: 'NM', quantity: 3 },
          { name: 'Sylvan Library', language: 'fr' },
        ],
      },
    });
    expect(res.revision).toMatchObject({ number: 2, action: 'add' });
    expect(res.list.revision).toBe(2);
    const entries = await entriesOf(u.client, list.id);
    const fow = entries.filter((e) => e.name === 'Force of Will');
    expect(fow).toEqual([expect.objectContaining({ quantity: 4, finish: 'foil', condition: 'NM' })]);
    expect(entries.find((e) => e.name === 'Sylvan Library')?.language).toBe('fr');
    expect(res.list.cards).toBe(2 + 1 + 4 + 1);
    const unknown = await u.client.lists
      .addCards({ params: { id: list.id }, body: { cards: [{ name: 'Not A Real Card' }] } })
      .catch((e: unknown) => e);
    expect((unknown as { status: number }).status).toBe(400);
  });

  it('removes copies, moves to another list, updates entries and records everything', async () => {
    const { list: a } = await u.client.lists.create({ body: { name: 'A', type: 'custom' } });
    const { list: b } = await u.client.lists.create({ body: { name: 'B', type: 'wishlist' } });
    await u.client.lists.addCards({
      params: { id: a.id },
      body: {
        cards: [
          { name: 'Dark Ritual', quantity: 4 },
          { name: 'Mana Vault', quantity: 2 },
        ],
      },
    });
    const page = await u.client.lists.get({ params: { id: a.id }, query: { order_by: 'name' } });
    const ritual = page.entries.find((e) => e.card?.name === 'Dark Ritual');
    const vault = page.entries.find((e) => e.card?.name === 'Mana Vault');
    if (!ritual || !vault) throw new Error('entries missing');
    expect(vault.price).toBeGreaterThan(0);
    await u.client.lists.removeCards({
      params: { id: a.id },
      body: { cards: [{ entryId: ritual.id, quantity: 1 }] },
    });
    const moved = await u.client.lists.moveCards({
      params: { id: a.id },
      body: { target: b.id, cards: [{ entryId: ritual.id, quantity: 2 }, { entryId: vault.id }] },
    });
    expect(moved.revision.action).toBe('move-out');
    expect(moved.target.cards).toBe(4);
    expect(await entriesOf(u.client, a.id)).toEqual([
      expect.objectContaining({ name: 'Dark Ritual', quantity: 1 }),
    ]);
    // This Dark Ritual was never printed in foil: the finish is refused, naming the field, and nothing changes.
    const noFoil = await u.client.lists
      .updateCards({
        params: { id: a.id },
        body: { cards: [{ entryId: ritual.id, finish: 'foil', condition: 'LP', language: 'de' }] },
      })
      .catch((e: unknown) => e as { status: number; message: string; fields?: unknown });
    expect(noFoil).toMatchObject({ status: 400, message: 'Dark Ritual (HOP #24) has no foil finish' });
    expect(await entriesOf(u.client, a.id)).toEqual([
      expect.objectContaining({ finish: 'nonfoil', condition: null, quantity: 1 }),
    ]);
    await u.client.lists.updateCards({
      params: { id: a.id },
      body: { cards: [{ entryId: ritual.id, condition: 'LP', language: 'de' }] },
    });
    expect(await entriesOf(u.client, a.id)).toEqual([
      expect.objectContaining({ finish: 'nonfoil', condition: 'LP', language: 'de', quantity: 1 }),
    ]);
    await u.client.lists.updateCards({
      params: { id: a.id },
      body: { cards: [{ entryId: ritual.id, quantity: 0 }] },
    });
    expect(await entriesOf(u.client, a.id)).toEqual([]);
    const { revisions, total } = await u.client.lists.revisions({ params: { id: a.id } });
    expect(total).toBe(6);
    expect(revisions.map((r) => r.action)).toEqual([
      'update',
      'update',
      'move-out',
      'remove',
      'add',
      'create',
    ]);
    expect(revisions[3]?.changes).toEqual([
      expect.objectContaining({ op: 'update', name: 'Dark Ritual', quantity: -1 }),
    ]);
    expect(revisions[0]?.author.id).toBe(u.id);
    const bRevisions = await u.client.lists.revisions({ params: { id: b.id } });
    expect(bRevisions.revisions[0]?.action).toBe('move-in');
  });

  it('expectedRevision: a stale write answers 409 and changes nothing', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Concurrency', type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: { expectedRevision: 1, cards: [{ name: 'Island' }] },
    });
    const stale = await u.client.lists
      .addCards({ params: { id: list.id }, body: { expectedRevision: 1, cards: [{ name: 'Island' }] } })
      .catch((e: unknown) => e);
    expect((stale as { status: number }).status).toBe(409);
    expect(await entriesOf(u.client, list.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('50 concurrent changes to one list leave a complete history and the right quantities', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Busy', type: 'custom' } });
    const names = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        u.client.lists.addCards({
          params: { id: list.id },
          body: { cards: [{ name: names[i % 5] as string, quantity: 1 + (i % 3) }] },
        }),
      ),
    );
    const { revisions, total } = await u.client.lists.revisions({
      params: { id: list.id },
      query: { limit: 100 },
    });
    expect(total).toBe(51);
    expect(revisions.map((r) => r.number)).toEqual(Array.from({ length: 51 }, (_, i) => 51 - i));
    const entries = await entriesOf(u.client, list.id);
    const expected = new Map<string, number>();
    for (let i = 0; i < 50; i++)
      expected.set(names[i % 5] as string, (expected.get(names[i % 5] as string) ?? 0) + 1 + (i % 3));
    for (const [name, q] of expected) expect(entries.find((e) => e.name === name)?.quantity).toBe(q);
    const sum = revisions.flatMap((r) => r.changes).reduce((s, c) => s + c.quantity, 0);
    expect(sum).toBe([...expected.values()].reduce((a, b) => a + b, 0));
  });

  it('revert restores exactly the entries after a revision, as a new revision', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Revert me', type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: {
        cards: [
          { name: 'Dark Ritual', quantity: 3 },
          { name: 'Force of Will', finish: 'foil' },
        ],
      },
    });
    const snapshot = await entriesOf(u.client, list.id);
    const { revisions } = await u.client.lists.revisions({ params: { id: list.id } });
    const target = revisions[0];
    if (!target) throw new Error('no revision');
    const page = await u.client.lists.get({ params: { id: list.id } });
    const ritual = page.entries.find((e) => e.card?.name === 'Dark Ritual');
    const fow = page.entries.find((e) => e.card?.name === 'Force of Will');
    await u.client.lists.addCards({ params: { id: list.id }, body: { cards: [{ name: 'Mana Vault' }] } });
    await u.client.lists.removeCards({
      params: { id: list.id },
      body: { cards: [{ entryId: ritual?.id ?? '' }] },
    });
    await u.client.lists.updateCards({
      params: { id: list.id },
      body: { cards: [{ entryId: fow?.id ?? '', finish: 'nonfoil', condition: 'HP' }] },
    });
    expect(await entriesOf(u.client, list.id)).not.toEqual(snapshot);
    const reverted = await u.client.lists.revert({ params: { id: list.id, revisionId: target.id } });
    expect(reverted.revision).toMatchObject({ action: 'revert', revertedTo: target.number, number: 6 });
    expect(await entriesOf(u.client, list.id)).toEqual(snapshot);
    // back to the empty list right after creation, then forward again
    const first = (await u.client.lists.revisions({ params: { id: list.id } })).revisions.at(-1);
    await u.client.lists.revert({ params: { id: list.id, revisionId: first?.id ?? '' } });
    expect(await entriesOf(u.client, list.id)).toEqual([]);
    await u.client.lists.revert({ params: { id: list.id, revisionId: reverted.revision.id } });
    expect(await entriesOf(u.client, list.id)).toEqual(snapshot);
  });

  it('undo of a removal: revert to the revision before it, refused once the list moved on', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Undo', type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: { cards: [{ name: 'Dark Ritual', quantity: 3 }, { name: 'Island' }] },
    });
    const ritual = (await u.client.lists.get({ params: { id: list.id } })).entries.find(
      (e) => e.card?.name === 'Dark Ritual',
    );
    const removed = await u.client.lists.removeCards({
      params: { id: list.id },
      body: { cards: [{ entryId: ritual?.id ?? '' }] },
    });
    const { revisions } = await u.client.lists.revisions({ params: { id: list.id }, query: { limit: 2 } });
    const previous = revisions.find((r) => r.number === removed.revision.number - 1);
    // Someone else's change lands first: the undo is refused with 409 and changes nothing.
    await u.client.lists.addCards({ params: { id: list.id }, body: { cards: [{ name: 'Swamp' }] } });
    const afterOther = await entriesOf(u.client, list.id);
    const stale = await u.client.lists
      .revert({
        params: { id: list.id, revisionId: previous?.id ?? '' },
        query: { expected_revision: removed.revision.number },
      })
      .catch((e: unknown) => e);
    expect((stale as { status?: number }).status).toBe(409);
    expect(await entriesOf(u.client, list.id)).toEqual(afterOther);
    // Undone right away, the removal comes back as it was.
    const island = (await u.client.lists.get({ params: { id: list.id } })).entries.find(
      (e) => e.card?.name === 'Island',
    );
    const removed2 = await u.client.lists.removeCards({
      params: { id: list.id },
      body: { cards: [{ entryId: island?.id ?? '' }] },
    });
    const prev2 = (
      await u.client.lists.revisions({ params: { id: list.id }, query: { limit: 2 } })
    ).revisions.find((r) => r.number === removed2.revision.number - 1);
    const undo = await u.client.lists.revert({
      params: { id: list.id, revisionId: prev2?.id ?? '' },
      query: { expected_revision: removed2.revision.number },
    });
    expect(undo.revision).toMatchObject({ action: 'revert', revertedTo: prev2?.number });
    expect(await entriesOf(u.client, list.id)).toEqual(afterOther);
  });

  it('revert reaches past a snapshot (100+ revisions)', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Long history', type: 'custom' } });
    for (let i = 0; i < 105; i++) {
      await u.client.lists.addCards({
        params: { id: list.id },
        body: { cards: [{ name: i % 2 ? 'Island' : 'Swamp' }] },
      });
    }
    const revisions = (await u.client.lists.revisions({ params: { id: list.id }, query: { limit: 200 } }))
      .revisions;
    const r3 = revisions.find((r) => r.number === 3);
    const r102 = revisions.find((r) => r.number === 102);
    await u.client.lists.revert({ params: { id: list.id, revisionId: r102?.id ?? '' } });
    let entries = await entriesOf(u.client, list.id);
    expect(entries.map((e) => [e.name, e.quantity])).toEqual([
      ['Island', 50],
      ['Swamp', 51],
    ]);
    await u.client.lists.revert({ params: { id: list.id, revisionId: r3?.id ?? '' } });
    entries = await entriesOf(u.client, list.id);
    expect(entries.map((e) => [e.name, e.quantity])).toEqual([
      ['Island', 1],
      ['Swamp', 1],
    ]);
  });

  it('renames, retypes, hides, restores and deletes with keep_cards', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Old name', type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: { cards: [{ name: 'Wastes', quantity: 2 }] },
    });
    const renamed = await u.client.lists.rename({
      params: { id: list.id },
      body: { name: 'New name', type: 'collection' },
    });
    expect(renamed.list).toMatchObject({ name: 'New name', type: 'collection' });
    await u.client.lists.hide({ params: { id: list.id } });
    expect((await u.client.lists.list()).lists.map((l) => l.id)).not.toContain(list.id);
    expect((await u.client.lists.hidden()).lists.map((l) => l.id)).toContain(list.id);
    await u.client.lists.restore({ params: { id: list.id } });
    expect((await u.client.lists.list()).lists.map((l) => l.id)).toContain(list.id);
    const binder = (await u.client.lists.list()).lists.find((l) => l.isDefault);
    const before = binder?.cards ?? 0;
    const deleted = await u.client.lists.delete({ params: { id: list.id }, query: { keep_cards: true } });
    expect(deleted.movedTo).toBe(binder?.id);
    const after = (await u.client.lists.list()).lists.find((l) => l.isDefault);
    expect(after?.cards).toBe(before + 2);
    const gone = await u.client.lists.get({ params: { id: list.id } }).catch((e: unknown) => e);
    expect(isNotFoundError(gone)).toBe(true);
  });

  it("another user's list is not found", async () => {
    const other = await t.user();
    const { list } = await u.client.lists.create({ body: { name: 'Private', type: 'custom' } });
    const error = await other.client.lists.get({ params: { id: list.id } }).catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    const add = await other.client.lists
      .addCards({ params: { id: list.id }, body: { cards: [{ name: 'Island' }] } })
      .catch((e: unknown) => e);
    expect(isNotFoundError(add)).toBe(true);
  });

  it('exports a list as CSV', async () => {
    const { list } = await u.client.lists.create({ body: { name: 'Export', type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: { cards: [{ setCode: 'isd', collectorNumber: '51', quantity: 2, finish: 'foil' }] },
    });
    const csv = await u.client.lists.export({ params: { id: list.id } });
    expect(csv.split('\n')[0]).toBe(
      'name,set_code,set_name,collector_number,language,finish,quantity,condition,scryfall_id,purchase_price,purchase_currency,tags',
    );
    expect(csv).toContain('Delver of Secrets // Insectile Aberration');
    const mox = await u.client.lists.export({ params: { id: list.id }, query: { format: 'moxfield' } });
    expect(mox).toMatch(/^"?Count"?/);
  });
});
