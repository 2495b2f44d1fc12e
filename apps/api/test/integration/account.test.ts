/**
 * Deleting an account and downloading its data, on PGlite and on PostgreSQL, with real Firebase
 * accounts (Auth emulator).
 *
 * Alice, Bob and Carol are friends and play in Alice's playgroup (Carol its admin). Alice records a
 * game with Bob in the group and gathers it in a set, records a game alone with a guest, plays in a
 * game Bob recorded, and owns a group of her own with nobody else; she has decks, lists, tags,
 * notes, a picture, a streaming token and an exchange code. Bob plants private data of his own (a
 * private deck, a hidden list, a note and a tag on the shared game).
 *
 * Her export holds everything of hers and none of Bob's private markers. Deleting her leaves no row
 * naming her in any table of the schema (every column that refers to a user, found from the
 * schema's foreign keys), none of her child rows, no Firebase account, a 401 for her session; Bob's
 * rows are as they were, but for the friendship with her and the games and set handed to him.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { contract } from '@companion/sdk/contract';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { befriend, raw, status } from '../support/calls.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { importJson, testBeast } from './shared-data.js';

const marker = () => `zq${randomBytes(5).toString('hex')}`;

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#224488' } })
    .png()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: 'image/png' }));

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);

/** Every column of the schema that holds a user's id: the foreign keys to `users`, and `invited_by`. */
function userColumns(): Array<{ table: PgTable; column: PgColumn; name: string }> {
  const out: Array<{ table: PgTable; column: PgColumn; name: string }> = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const refs = new Set<string>();
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name === 'users') for (const c of ref.columns) refs.add(c.name);
    }
    if (config.name === 'playgroup_members') refs.add('invited_by');
    for (const column of Object.values(getTableColumns(table)) as PgColumn[])
      if (refs.has(column.name) || (config.name === 'users' && column.name === 'id'))
        out.push({ table, column, name: `${config.name}.${column.name}` });
  }
  return out;
}

describe.each(storages())('deleting an account and downloading its data on %s', (kind) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const secret = { bobDeck: marker(), bobList: marker(), bobNote: marker(), bobTag: marker() };
  const ids = {
    card: randomUUID(),
    group: '',
    soloGroup: '',
    sharedGame: '',
    bobGame: '',
    soloGame: '',
    set: '',
    decks: [] as string[],
    lists: [] as string[],
    tags: [] as string[],
  };
  let cardName = '';
  let picture = '';
  const db = () => t.server.services.db;

  /** Rows naming the user in any user column of the schema, per column. */
  async function rowsOf(userId: string): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const { table, column, name } of userColumns()) {
      const rows = await db().select().from(table).where(eq(column, userId));
      out[name] = rows
        .map((r) => {
          const { lastSeen: _seen, lastActivity: _activity, ...rest } = r as Record<string, unknown>;
          return JSON.stringify(rest);
        })
        .sort();
    }
    return out;
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    [alice, bob, carol] = await Promise.all([
      t.user({ firstname: 'Alice' }),
      t.user({ firstname: 'Bob' }),
      t.user({ firstname: 'Carol' }),
    ]);
    await befriend(alice, bob);
    await befriend(alice, carol);
    await befriend(bob, carol);
    cardName = `Account Beast ${randomBytes(3).toString('hex')}`;
    await importJson(db(), [
      testBeast(ids.card, { name: cardName, set: 'zac', set_name: 'Accounts', collector_number: '7' }),
    ]);
    const a = alice.client;
    await a.user.setUsername({ body: { username: `alice_${randomBytes(3).toString('hex')}` } });
    const uploaded = await a.user.uploadPicture({ body: { file: await png() } });
    picture = uploaded.user.picture?.split('?')[0]?.split('/').pop() ?? '';
    await a.auth.streamingToken();
    await a.auth.createExchangeCode({
      body: {
        type: 'google',
        origin: 'companion://auth',
        codeChallenge: randomBytes(32).toString('base64url'),
        codeChallengeMethod: 'S256',
      },
    });

    const { deck } = await a.decks.create({
      body: { name: 'Alice Stompy', formatId: 'commander', cards: [{ cardId: ids.card, quantity: 1 }] },
    });
    ids.decks.push(deck.id);
    const { list: binder } = await a.lists.create({ body: { name: 'Alice binder', type: 'collection' } });
    await a.lists.addCards({
      params: { id: binder.id },
      body: { cards: [{ cardId: ids.card, quantity: 3 }] },
    });
    const { list: wishlist } = await a.lists.create({ body: { name: 'Alice wants', type: 'wishlist' } });
    await a.lists.addCards({
      params: { id: wishlist.id },
      body: { cards: [{ cardId: ids.card, quantity: 1 }] },
    });
    ids.lists.push(binder.id, wishlist.id);

    const { playgroup } = await a.playgroups.create({ body: { name: 'Alice table' } });
    ids.group = playgroup.id;
    for (const u of [carol, bob]) {
      await a.playgroups.invite({ params: { id: playgroup.id }, body: { id: u.id } });
      await u.client.playgroups.accept({ params: { id: playgroup.id } });
    }
    await a.playgroups.promote({ params: { id: playgroup.id, userId: carol.id } });
    ids.soloGroup = (await a.playgroups.create({ body: { name: 'Alice alone' } })).playgroup.id;

    await bob.client.decks.create({
      body: {
        name: `Bob secret ${secret.bobDeck}`,
        formatId: 'commander',
        visibility: 'private',
        cards: [{ cardId: ids.card, quantity: 1 }],
      },
    });
    const { deck: bobDeck } = await bob.client.decks.create({
      body: { name: 'Bob open', formatId: 'commander', cards: [{ cardId: ids.card, quantity: 1 }] },
    });
    const { game: shared } = await a.games.create({
      body: {
        formatId: 'commander',
        playgroupId: playgroup.id,
        players: [
          { userId: alice.id, deckId: deck.id, result: 'win', seat: 1 },
          { userId: bob.id, deckId: bobDeck.id, result: 'loss', seat: 2 },
        ],
        tags: ['alice-tag'],
      },
    });
    ids.sharedGame = shared.id;
    await a.games.createNote({ params: { id: shared.id }, body: { content: 'Alice remembers' } });
    const { set } = await a.sets.create({ body: { name: 'Alice evening', gameIds: [shared.id] } });
    ids.set = set.id;
    const { game: solo } = await a.games.create({
      body: {
        formatId: 'commander',
        players: [
          { userId: alice.id, result: 'win' },
          { guestName: 'Cousin', result: 'loss' },
        ],
      },
    });
    ids.soloGame = solo.id;
    const { game: bobGame } = await bob.client.games.create({
      body: {
        formatId: 'commander',
        players: [
          { userId: bob.id, result: 'win', seat: 1 },
          { userId: alice.id, deckId: deck.id, result: 'loss', seat: 2 },
        ],
      },
    });
    ids.bobGame = bobGame.id;
    ids.tags.push(...(await a.tags.list()).tags.map((x) => x.id));

    // Bob's private data, which Alice's export must not carry.
    await bob.client.games.createNote({
      params: { id: shared.id },
      body: { content: `Bob thinks ${secret.bobNote}` },
    });
    await bob.client.games.addTags({ params: { id: shared.id }, body: { tags: [secret.bobTag] } });
    const { list: bobList } = await bob.client.lists.create({
      body: { name: `Bob hidden ${secret.bobList}`, type: 'custom' },
    });
    await bob.client.lists.hide({ params: { id: bobList.id } });
  });
  afterAll(() => t?.close());

  it('exports everything of hers, as JSON with CSV and decklist files, and nothing private of Bob', async () => {
    const data = await alice.client.account.export();
    expect(data.user.id).toBe(alice.id);
    expect(data.user.email).toBe(alice.email);
    expect(data.lists.map((l) => l.name)).toEqual(expect.arrayContaining(['Alice binder', 'Alice wants']));
    const binder = data.lists.find((l) => l.name === 'Alice binder');
    expect(binder?.entries).toEqual([
      expect.objectContaining({
        cardId: ids.card,
        name: cardName,
        set: 'zac',
        collectorNumber: '7',
        quantity: 3,
      }),
    ]);
    expect(data.decks).toEqual([
      expect.objectContaining({
        name: 'Alice Stompy',
        cards: [expect.objectContaining({ cardId: ids.card, quantity: 1, set: 'zac', collectorNumber: '7' })],
      }),
    ]);
    expect(data.games.map((g) => g.id).sort()).toEqual([ids.sharedGame, ids.soloGame, ids.bobGame].sort());
    // Each game as the game screen shows it to her.
    for (const g of data.games)
      expect(g).toEqual((await alice.client.games.get({ params: { id: g.id } })).game);
    const shared = data.games.find((g) => g.id === ids.sharedGame);
    expect(shared?.note?.content).toBe('Alice remembers');
    expect(shared?.tags.map((x) => x.name)).toEqual(['alice-tag']);
    expect(data.sets.map((s) => s.name)).toEqual(['Alice evening']);
    expect(data.notes).toHaveLength(1);
    expect(data.tags.map((x) => x.name)).toEqual(['alice-tag']);
    expect(data.friends.map((f) => f.user.id).sort()).toEqual([bob.id, carol.id].sort());
    expect(data.playgroups.map((g) => g.name).sort()).toEqual(['Alice alone', 'Alice table']);

    const files = Object.fromEntries(data.files.map((f) => [f.name, f]));
    expect(Object.keys(files).sort()).toEqual(
      [
        'collection.csv',
        'list-alice-binder.csv',
        'list-alice-wants.csv',
        'deck-alice-stompy.csv',
        'deck-alice-stompy.txt',
      ].sort(),
    );
    expect(files['collection.csv']?.content).toContain(`${cardName},zac`);
    expect(files['list-alice-wants.csv']?.content).toContain(cardName);
    expect(files['deck-alice-stompy.csv']?.content).toContain(cardName);
    expect(files['deck-alice-stompy.txt']?.content).toContain(`1 ${cardName} (ZAC) 7`);

    const text = JSON.stringify(data).toLowerCase();
    for (const [name, value] of Object.entries(secret)) expect(text.includes(value), name).toBe(false);
    expect(text).not.toContain(bob.email.toLowerCase());
    expect(text).not.toContain(carol.email.toLowerCase());
  });

  it('refuses a deletion without the right confirmation, and deletes nothing', async () => {
    const wrong = await raw(t, alice, contract.account.delete, { body: { confirmation: bob.email } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('email');
    expect(await status(alice.client.user.me())).toBe(200);
  });

  it('deletes her rows, anonymises the shared ones, hands over her group, games and set', async () => {
    const bobBefore = await rowsOf(bob.id);
    const carolBefore = await rowsOf(carol.id);
    expect(Object.values(await rowsOf(alice.id)).flat().length).toBeGreaterThan(10);

    await alice.client.account.delete({ body: { confirmation: `  ${alice.email.toUpperCase()} ` } });

    // No row names her in any user column of the schema.
    const left = Object.entries(await rowsOf(alice.id)).filter(([, rows]) => rows.length);
    expect(left).toEqual([]);
    // Nor are her child rows left.
    const d = db();
    expect(
      await d.select().from(schema.deckCards).where(inArray(schema.deckCards.deckId, ids.decks)),
    ).toEqual([]);
    expect(
      await d.select().from(schema.listEntries).where(inArray(schema.listEntries.listId, ids.lists)),
    ).toEqual([]);
    expect(
      await d.select().from(schema.listRevisions).where(inArray(schema.listRevisions.listId, ids.lists)),
    ).toEqual([]);
    expect(
      await d.select().from(schema.entrySearch).where(inArray(schema.entrySearch.listId, ids.lists)),
    ).toEqual([]);
    expect(await d.select().from(schema.taggings).where(inArray(schema.taggings.tagId, ids.tags))).toEqual(
      [],
    );
    expect(await d.select().from(schema.games).where(eq(schema.games.id, ids.soloGame))).toEqual([]);
    expect(await d.select().from(schema.playgroups).where(eq(schema.playgroups.id, ids.soloGroup))).toEqual(
      [],
    );
    // Her picture was stored, and is gone.
    expect(picture).toMatch(/\.webp$/);
    expect(
      await d
        .select()
        .from(schema.pictures)
        .where(eq(schema.pictures.path, `users/${picture}`)),
    ).toEqual([]);

    // Her session is refused, and her Firebase account is gone.
    expect(await status(alice.client.user.me())).toBe(401);
    await expect(t.identity.signIn(alice.email, 'correct-horse-battery')).rejects.toThrow();

    // Bob's rows are as they were, but for the friendship with her and what was handed to him.
    const bobAfter = await rowsOf(bob.id);
    const notAlice = (rows: unknown[] = []) => rows.filter((r) => !String(r).includes(alice.id));
    // Memberships she invited to no longer name her.
    const uninvited = (rows: unknown[] = []) =>
      rows.map((r) => String(r).replace(`"invitedBy":"${alice.id}"`, '"invitedBy":null'));
    const handedGames = (bobAfter['games.created_by'] ?? []).filter(
      (r) => !(bobBefore['games.created_by'] ?? []).includes(r),
    );
    expect(handedGames.map((r) => JSON.parse(String(r)).id)).toEqual([ids.sharedGame]);
    const handedSets = bobAfter['game_sets.created_by'] ?? [];
    expect(handedSets.map((r) => JSON.parse(String(r)).id)).toEqual([ids.set]);
    for (const [name, rows] of Object.entries(bobBefore)) {
      if (name === 'games.created_by' || name === 'game_sets.created_by') continue;
      if (name.startsWith('friendships.')) expect(bobAfter[name], name).toEqual(notAlice(rows));
      else if (name === 'playgroup_members.user_id') expect(bobAfter[name], name).toEqual(uninvited(rows));
      else expect(bobAfter[name], name).toEqual(rows);
    }
    // Carol now owns the group; otherwise her rows are as they were.
    const carolAfter = await rowsOf(carol.id);
    expect(carolAfter['playgroups.owner_id']?.map((r) => JSON.parse(String(r)).id)).toEqual([ids.group]);
    for (const [name, rows] of Object.entries(carolBefore)) {
      if (name.startsWith('friendships.')) expect(carolAfter[name], name).toEqual(notAlice(rows));
      else if (name === 'playgroup_members.user_id')
        expect(carolAfter[name], name).toEqual(
          uninvited(rows).map((r) => r.replace('"role":"admin"', '"role":"owner"')),
        );
      else if (name !== 'playgroups.owner_id') expect(carolAfter[name], name).toEqual(rows);
    }

    // The shared games still show Bob's result, with her line as a deleted player.
    const { game } = await bob.client.games.get({ params: { id: ids.sharedGame } });
    expect(game.createdBy).toBe(bob.id);
    expect(game.players).toEqual([
      expect.objectContaining({ user: null, guestName: null, deck: null, deckName: null, result: 'win' }),
      expect.objectContaining({ user: expect.objectContaining({ id: bob.id }), result: 'loss' }),
    ]);
    expect((await bob.client.games.get({ params: { id: ids.bobGame } })).game.players).toHaveLength(2);
    // Editing the game keeps her line: no input can name it.
    const { game: edited } = await bob.client.games.update({
      params: { id: ids.sharedGame },
      body: {
        formatId: 'commander',
        playgroupId: ids.group,
        setId: ids.set,
        turns: 9,
        players: [{ userId: bob.id, deckId: null, result: 'loss', seat: 2 }],
      },
    });
    expect(edited.turns).toBe(9);
    expect(edited.players.map((p) => [p.user?.id ?? null, p.result])).toEqual([
      [null, 'win'],
      [bob.id, 'loss'],
    ]);

    const group = await carol.client.playgroups.get({ params: { id: ids.group } });
    expect(group.playgroup.ownerId).toBe(carol.id);
    expect(group.playgroup.members.map((m) => [m.user.id, m.role]).sort()).toEqual(
      [
        [carol.id, 'owner'],
        [bob.id, 'member'],
      ].sort(),
    );
    // Bob's note and tag on the shared game stay his.
    expect(game.note?.content).toContain(secret.bobNote);
    expect(game.tags.map((x) => x.name)).toEqual([secret.bobTag]);
    expect(await d.select().from(schema.users).where(sql`${schema.users.id} = ${alice.id}`)).toEqual([]);
  });
});
