/**
 * Authorization matrix with planted private data: every contract entry called by other users with
 * the real ids and codes of one owner's objects, on PGlite and on PostgreSQL.
 *
 * The owner plants private data carrying random markers: deck names and a description (visible to
 * friends: the owner's profile is friends-only), and, private to the owner, a private deck's and an
 * unlisted deck's names (and every deck's share token), list names (one list
 * hidden), an entry's tag and an unresolved entry's name, game and set notes, tag names, a private
 * playgroup's name, description and picture, the guests and free-text deck names of games in that
 * playgroup and of a game outside any playgroup, a set's name, the owner's e-mail, session token and
 * streaming token.
 *
 * A signed-in, verified stranger and then a friend of the owner call every endpoint (`MATRIX`, one
 * row per contract entry: the test fails when an entry has no row) with those ids, reads and writes
 * alike. Every response body and error body is searched for every marker the caller may not see:
 * zero found. No call answers 5xx. Afterwards the owner's view of their data is unchanged (the
 * friendship rows aside: asking, accepting and removing a friend are the caller's own business; and
 * the callers' own names and pictures, which they change).
 *
 * Then a fellow member of the private playgroup walks the same matrix: the group, its games and set
 * are theirs to see, the owner's notes, tags, lists, tokens and the game outside the group are not.
 * Last, with the owner's profile made private, another friend walks it and sees no deck either.
 * The friend and the member must find what they may see (the deck names; the group and its games),
 * and the owner's own answers must carry every marker, so the search is shown to work.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type CompanionClient, type Credentials, createClient, isCompanionError } from '@companion/sdk';
import { listEndpoints } from '@companion/sdk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  storages,
  TEST_API_KEY,
  TEST_SECRET,
  type TestServer,
  type TestUser,
} from '../support/index.js';
import { importJson, testBeast } from './shared-data.js';

const PASSWORD = 'correct-horse-battery'; // EmulatorIdentity.signUp's default
const MOBILE_ORIGIN = 'companion://auth'; // allowed when COMPANION_MOBILE_ORIGINS is unset

/** A marker: short, lowercase (tags are stored lowercased), unlikely anywhere by chance. */
const marker = () => `zq${randomBytes(5).toString('hex')}`;

/** Markers a friend of the owner may see (the profile is friends-only); strangers may not. */
const FRIEND_VISIBLE = ['deck', 'deckDescription', 'archivedDeck'] as const;
const PRIVATE = [
  'binder',
  'wishlist',
  'trade',
  'hiddenList',
  'privateDeck',
  'unlistedDeck',
  'entryTag',
  'unresolvedCard',
  'group',
  'groupDescription',
  'teammateDeck',
  'guest',
  'guestDeck',
  'soloGuest',
  'gameTag',
  'gameNote',
  'soloNote',
  'set',
  'setNote',
  'setTag',
] as const;
type MarkerName = (typeof FRIEND_VISIBLE)[number] | (typeof PRIVATE)[number];

interface World {
  owner: TestUser;
  username: string;
  streamingToken: string;
  picture: string;
  exchangeCode: string;
  card: { id: string; name: string; set: string; number: string };
  deckId: string;
  archivedDeckId: string;
  privateDeckId: string;
  unlistedDeckId: string;
  /** The private deck's share token (handed out while it was unlisted: the link must not work). */
  privateShareToken: string;
  /** Every deck's share token (the owner's only). */
  shareTokens: string[];
  groupId: string;
  gameId: string;
  soloGameId: string;
  setId: string;
  gameTagId: string;
  setTagId: string;
  binderId: string;
  hiddenListId: string;
  listIds: string[];
  entryId: string;
  revisionId: string;
}

/** One caller: its user, a recording client, and its own list to move cards from. */
interface Caller {
  role: 'stranger' | 'friend' | 'teammate';
  user: TestUser;
  c: CompanionClient;
  /** A client on a second session of the same user (for logout). */
  second(): Promise<CompanionClient>;
  /** A fresh Firebase ID token of the caller. */
  idToken(): Promise<string>;
  verifier: string;
  ownListId: string;
  ownEntryId: string;
}

interface Ctx {
  w: World;
  me: Caller;
  c: CompanionClient;
}

type Attempt = () => Promise<unknown>;
type Row = (x: Ctx) => Attempt[];

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } })
    .png()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: 'image/png' }));
const filters = (w: World) => ({ tagid: w.gameTagId, formatid: 'commander' });

/**
 * How each contract entry is called by another user. Ids, codes and names are the owner's wherever
 * the call takes one; calls on the caller's own things (settings, own lists) are there so that no
 * entry is skipped and so that their answers are searched too.
 */
const MATRIX: Record<string, Row> = {
  'system.ping': ({ c }) => [() => c.system.ping()],
  'system.health': ({ c }) => [() => c.system.health()],
  'system.formats': ({ c }) => [() => c.system.formats()],

  'auth.login': ({ c, me }) => [
    async () => c.auth.login({ identityToken: await me.idToken(), body: { locale: 'en' } }),
  ],
  'auth.signin': ({ c, me }) => [
    async () => c.auth.signin({ identityToken: await me.idToken(), body: { locale: 'en' } }),
  ],
  'auth.exchange': ({ c, me, w }) => [
    () =>
      c.auth.exchange({
        body: { code: w.exchangeCode, type: 'google', origin: MOBILE_ORIGIN, codeVerifier: me.verifier },
      }),
  ],
  'auth.createExchangeCode': ({ c, me }) => [
    () =>
      c.auth.createExchangeCode({
        body: {
          type: 'google',
          origin: MOBILE_ORIGIN,
          codeChallenge: challengeOf(me.verifier),
          codeChallengeMethod: 'S256',
        },
      }),
  ],
  'auth.streamingToken': ({ c }) => [() => c.auth.streamingToken()],
  'auth.logout': ({ me }) => [async () => (await me.second()).auth.logout()],
  'auth.logoutAll': ({ c }) => [() => c.auth.logoutAll()],

  'user.qr': ({ c }) => [() => c.user.qr()],
  'user.code': ({ c }) => [() => c.user.code()],
  'user.me': ({ c }) => [() => c.user.me()],
  'user.byId': ({ c, w }) => [() => c.user.byId({ params: { id: w.owner.id } })],
  'user.profile': ({ c, w }) => [() => c.user.profile({ params: { id: w.owner.id } })],
  'user.stats': ({ c, w }) => [() => c.user.stats({ query: filters(w) }), () => c.user.stats()],
  'user.statsById': ({ c, w }) => [
    () => c.user.statsById({ params: { id: w.owner.id } }),
    () => c.user.statsById({ params: { id: w.owner.id }, query: filters(w) }),
  ],
  'user.updateSettings': ({ c, w }) => [
    () => c.user.updateSettings({ body: { currency: 'eur', defaultFormatId: 'commander' } }),
    () => c.user.updateSettings({ body: { defaultFormatId: w.deckId } }),
  ],
  'user.playgroups': ({ c }) => [() => c.user.playgroups()],
  'user.decks': ({ c }) => [() => c.user.decks()],
  'user.decksById': ({ c, w }) => [() => c.user.decksById({ params: { id: w.owner.id } })],
  'user.archivedDecks': ({ c }) => [() => c.user.archivedDecks()],
  'user.friends': ({ c }) => [() => c.user.friends()],
  'user.setUsername': ({ c, w }) => [() => c.user.setUsername({ body: { username: w.username } })],
  'user.setFirstname': ({ c }) => [() => c.user.setFirstname({ body: { firstname: 'Curious' } })],
  'user.uploadPicture': ({ c }) => [async () => c.user.uploadPicture({ body: { file: await png() } })],

  // A caller's own export (searched for the owner's markers); deleting with the owner's email as
  // the confirmation is refused (400) and deletes nothing.
  'account.export': ({ c }) => [() => c.account.export()],
  'account.delete': ({ c, w }) => [() => c.account.delete({ body: { confirmation: w.owner.email } })],

  'friends.lookup': ({ c, w }) => [() => c.friends.lookup({ params: { code: w.owner.code } })],
  'friends.request': ({ c, w }) => [() => c.friends.request({ params: { code: w.owner.code } })],
  'friends.accept': ({ c, w }) => [() => c.friends.accept({ params: { code: w.owner.code } })],
  'friends.remove': ({ c, w }) => [() => c.friends.remove({ params: { code: w.owner.code } })],

  'playgroups.get': ({ c, w }) => [() => c.playgroups.get({ params: { id: w.groupId } })],
  'playgroups.create': ({ c }) => [() => c.playgroups.create({ body: { name: 'My own table' } })],
  'playgroups.update': ({ c, w }) => [
    () => c.playgroups.update({ params: { id: w.groupId }, body: { name: 'Taken over' } }),
  ],
  'playgroups.delete': ({ c, w }) => [() => c.playgroups.delete({ params: { id: w.groupId } })],
  'playgroups.uploadPicture': ({ c, w }) => [
    async () => c.playgroups.uploadPicture({ params: { id: w.groupId }, body: { file: await png() } }),
  ],
  // A member may leave (it changes the group the owner sees): the teammate does not.
  'playgroups.leave': ({ c, w, me }) =>
    me.role === 'teammate' ? [] : [() => c.playgroups.leave({ params: { id: w.groupId } })],
  'playgroups.accept': ({ c, w }) => [() => c.playgroups.accept({ params: { id: w.groupId } })],
  'playgroups.invite': ({ c, w, me }) => [
    () => c.playgroups.invite({ params: { id: w.groupId }, body: { id: me.user.id } }),
  ],
  'playgroups.removeMember': ({ c, w }) => [
    () => c.playgroups.removeMember({ params: { id: w.groupId, userId: w.owner.id } }),
  ],
  'playgroups.promote': ({ c, w, me }) => [
    () => c.playgroups.promote({ params: { id: w.groupId, userId: me.user.id } }),
  ],
  'playgroups.demote': ({ c, w }) => [
    () => c.playgroups.demote({ params: { id: w.groupId, userId: w.owner.id } }),
  ],
  'playgroups.transferOwnership': ({ c, w, me }) => [
    () => c.playgroups.transferOwnership({ params: { id: w.groupId, userId: me.user.id } }),
  ],
  'playgroups.games': ({ c, w }) => [
    () => c.playgroups.games({ params: { id: w.groupId } }),
    () => c.playgroups.games({ params: { id: w.groupId }, query: filters(w) }),
  ],

  'games.list': ({ c, w }) => [() => c.games.list(), () => c.games.list({ query: filters(w) })],
  'games.get': ({ c, w }) => [
    () => c.games.get({ params: { id: w.gameId } }),
    () => c.games.get({ params: { id: w.soloGameId } }),
  ],
  'games.create': ({ c, w, me }) => [
    // into the owner's private playgroup and set, with the owner's deck
    () =>
      c.games.create({
        body: {
          formatId: 'commander',
          playgroupId: w.groupId,
          setId: w.setId,
          players: [
            { userId: me.user.id, deckId: w.deckId, result: 'win' },
            { guestName: 'Someone', result: 'loss' },
          ],
        },
      }),
    // the owner's deck under the caller's own seat
    () =>
      c.games.create({
        body: {
          formatId: 'commander',
          players: [
            { userId: me.user.id, deckId: w.deckId, result: 'win' },
            { guestName: 'Someone', result: 'loss' },
          ],
        },
      }),
    // the owner as a player with their deck: only friends and fellow members may be named
    ...(me.role === 'stranger'
      ? [
          () =>
            c.games.create({
              body: {
                formatId: 'commander',
                players: [
                  { userId: me.user.id, result: 'win' },
                  { userId: w.owner.id, deckId: w.deckId, result: 'loss' },
                ],
              },
            }),
        ]
      : []),
  ],
  'games.update': ({ c, w, me }) => [
    () =>
      c.games.update({
        params: { id: w.gameId },
        body: {
          formatId: 'commander',
          playgroupId: null,
          players: [
            { userId: me.user.id, result: 'win' },
            { guestName: 'Someone', result: 'loss' },
          ],
        },
      }),
  ],
  'games.delete': ({ c, w }) => [
    () => c.games.delete({ params: { id: w.gameId } }),
    () => c.games.delete({ params: { id: w.soloGameId } }),
  ],
  'games.addTags': ({ c, w }) => [
    () => c.games.addTags({ params: { id: w.gameId }, body: { tags: ['mine'] } }),
  ],
  'games.removeTag': ({ c, w }) => [
    () => c.games.removeTag({ params: { id: w.gameId, tagId: w.gameTagId } }),
  ],
  'games.createNote': ({ c, w }) => [
    () => c.games.createNote({ params: { id: w.gameId }, body: { content: 'Mine now' } }),
  ],
  'games.updateNote': ({ c, w }) => [
    () => c.games.updateNote({ params: { id: w.gameId }, body: { content: 'Mine now' } }),
  ],
  'games.deleteNote': ({ c, w }) => [() => c.games.deleteNote({ params: { id: w.gameId } })],

  'sets.list': ({ c, w }) => [() => c.sets.list(), () => c.sets.list({ query: { playgroupId: w.groupId } })],
  'sets.get': ({ c, w }) => [() => c.sets.get({ params: { id: w.setId } })],
  'sets.create': ({ c, w }) => [
    () => c.sets.create({ body: { name: 'Borrowed', gameIds: [w.gameId, w.soloGameId] } }),
    () => c.sets.create({ body: { name: 'Borrowed', playgroupId: w.groupId } }),
  ],
  'sets.update': ({ c, w }) => [
    () => c.sets.update({ params: { id: w.setId }, body: { name: 'Renamed', gameIds: [w.soloGameId] } }),
  ],
  'sets.delete': ({ c, w }) => [() => c.sets.delete({ params: { id: w.setId } })],
  'sets.addTags': ({ c, w }) => [() => c.sets.addTags({ params: { id: w.setId }, body: { tags: ['mine'] } })],
  'sets.removeTag': ({ c, w }) => [() => c.sets.removeTag({ params: { id: w.setId, tagId: w.setTagId } })],
  'sets.createNote': ({ c, w }) => [
    () => c.sets.createNote({ params: { id: w.setId }, body: { content: 'Mine now' } }),
  ],
  'sets.updateNote': ({ c, w }) => [
    () => c.sets.updateNote({ params: { id: w.setId }, body: { content: 'Mine now' } }),
  ],
  'sets.deleteNote': ({ c, w }) => [() => c.sets.deleteNote({ params: { id: w.setId } })],

  'tags.list': ({ c }) => [() => c.tags.list()],
  'tags.rename': ({ c, w }) => [
    () => c.tags.rename({ params: { id: w.gameTagId }, body: { name: 'renamed', color: '#123456' } }),
  ],
  'tags.delete': ({ c, w }) => [() => c.tags.delete({ params: { id: w.setTagId } })],
  'tags.searchNotes': ({ c, w }) => [
    () => c.tags.searchNotes({ query: { q: M(w, 'gameNote') } }),
    () => c.tags.searchNotes({ query: { q: M(w, 'setNote'), playgroupid: w.groupId } }),
    () => c.tags.searchNotes({ query: { q: M(w, 'soloNote'), deckid: w.deckId } }),
  ],

  'decks.get': ({ c, w }) => [
    () => c.decks.get({ params: { id: w.deckId } }),
    () => c.decks.get({ params: { id: w.deckId }, query: filters(w) }),
    () => c.decks.get({ params: { id: w.archivedDeckId } }),
    () => c.decks.get({ params: { id: w.privateDeckId } }),
    () => c.decks.get({ params: { id: w.unlistedDeckId } }),
  ],
  'decks.create': ({ c, w }) => [
    () => c.decks.create({ body: { name: 'My brew', formatId: 'commander', decklist: `1 ${w.card.name}` } }),
  ],
  'decks.update': ({ c, w }) => [
    () => c.decks.update({ params: { id: w.deckId }, body: { name: 'Stolen', cards: [] } }),
  ],
  'decks.changeCards': ({ c, w }) => [
    () =>
      c.decks.changeCards({
        params: { id: w.deckId },
        body: { changes: [{ op: 'add', cardId: w.card.id, board: 'main', quantity: 1 }] },
      }),
  ],
  'decks.lenders': ({ c, w }) => [() => c.decks.lenders({ params: { id: w.deckId } })],
  'decks.setBracket': ({ c, w }) => [
    () => c.decks.setBracket({ params: { id: w.deckId }, body: { bracket: 4 } }),
  ],
  'decks.archive': ({ c, w }) => [() => c.decks.archive({ params: { id: w.deckId } })],
  'decks.restore': ({ c, w }) => [() => c.decks.restore({ params: { id: w.archivedDeckId } })],
  'decks.shared': ({ c, w }) => [
    () => c.decks.shared({ params: { token: w.privateShareToken } }),
    () => c.decks.shared({ params: { token: randomBytes(16).toString('base64url') } }),
  ],
  'decks.newShareLink': ({ c, w }) => [
    () => c.decks.newShareLink({ params: { id: w.deckId } }),
    () => c.decks.newShareLink({ params: { id: w.privateDeckId } }),
  ],
  'decks.deletePermanently': ({ c, w }) => [
    () => c.decks.deletePermanently({ params: { id: w.archivedDeckId } }),
  ],

  'promo.redeem': ({ c }) => [
    () => c.promo.redeem({ body: { locale: 'en', code: 'NOSUCHCODE', eventId: randomUUID() } }),
  ],

  'cards.get': ({ c, w }) => [
    () => c.cards.get({ query: { set_code: w.card.set, collector_number: w.card.number } }),
  ],
  'cards.search': ({ c, w }) => [() => c.cards.search({ query: { q: w.card.name } })],
  // names come from the catalogue only, never from another user's unresolved entries or decks
  'cards.autocomplete': ({ c, w }) => [
    () => c.cards.autocomplete({ query: { q: w.card.name.slice(0, 8) } }),
    () => c.cards.autocomplete({ query: { q: M(w, 'unresolvedCard') } }),
  ],
  'cards.similar': ({ c, w }) => [
    () => c.cards.similar({ query: { name: w.card.name } }),
    () => c.cards.similar({ query: { name: M(w, 'unresolvedCard') } }),
  ],
  'cards.prints': ({ c, w }) => [() => c.cards.prints({ params: { id: w.card.id } })],
  'cards.sets': ({ c }) => [() => c.cards.sets()],
  'cards.price': ({ c, w }) => [() => c.cards.price({ query: { id: w.card.id } })],

  'collection.summary': ({ c }) => [() => c.collection.summary()],
  'collection.search': ({ c, w }) => [
    () => c.collection.search({ query: { name: M(w, 'unresolvedCard') } }),
    () => c.collection.search({ query: { name: M(w, 'entryTag'), scryfall: 't:beast' } }),
  ],
  'collection.holdings': ({ c, w }) => [() => c.collection.holdings({ params: { id: w.card.id } })],
  'collection.export': ({ c }) => [() => c.collection.export()],

  'lists.list': ({ c }) => [() => c.lists.list()],
  'lists.create': ({ c }) => [() => c.lists.create({ body: { name: 'Mine', type: 'wishlist' } })],
  'lists.get': ({ c, w }) => [
    () => c.lists.get({ params: { id: w.binderId } }),
    () => c.lists.get({ params: { id: w.hiddenListId } }),
  ],
  'lists.rename': ({ c, w }) => [
    () => c.lists.rename({ params: { id: w.binderId }, body: { name: 'Stolen' } }),
  ],
  'lists.export': ({ c, w }) => [
    () => c.lists.export({ params: { id: w.binderId } }),
    () => c.lists.export({ params: { id: w.hiddenListId }, query: { format: 'moxfield' } }),
  ],
  'lists.addCards': ({ c, w }) => [
    () => c.lists.addCards({ params: { id: w.binderId }, body: { cards: [{ cardId: w.card.id }] } }),
  ],
  'lists.removeCards': ({ c, w, me }) => [
    () => c.lists.removeCards({ params: { id: w.binderId }, body: { cards: [{ entryId: w.entryId }] } }),
    // the owner's entry through the caller's own list
    () => c.lists.removeCards({ params: { id: me.ownListId }, body: { cards: [{ entryId: w.entryId }] } }),
  ],
  'lists.moveCards': ({ c, w, me }) => [
    // out of the owner's binder into the caller's list
    () =>
      c.lists.moveCards({
        params: { id: w.binderId },
        body: { target: me.ownListId, cards: [{ entryId: w.entryId }] },
      }),
    // from the caller's list into the owner's binder
    () =>
      c.lists.moveCards({
        params: { id: me.ownListId },
        body: { target: w.binderId, cards: [{ entryId: me.ownEntryId, quantity: 1 }] },
      }),
  ],
  'lists.updateCards': ({ c, w, me }) => [
    () =>
      c.lists.updateCards({
        params: { id: w.binderId },
        body: { cards: [{ entryId: w.entryId, quantity: 1 }] },
      }),
    () =>
      c.lists.updateCards({
        params: { id: me.ownListId },
        body: { cards: [{ entryId: w.entryId, quantity: 1 }] },
      }),
  ],
  'lists.revisions': ({ c, w }) => [() => c.lists.revisions({ params: { id: w.binderId } })],
  'lists.revert': ({ c, w, me }) => [
    () => c.lists.revert({ params: { id: w.binderId, revisionId: w.revisionId } }),
    () =>
      c.lists.revert({
        params: { id: w.binderId, revisionId: w.revisionId },
        query: { expected_revision: 3 },
      }),
    // the owner's revision applied to the caller's own list
    () => c.lists.revert({ params: { id: me.ownListId, revisionId: w.revisionId } }),
  ],
  'lists.delete': ({ c, w }) => [
    () => c.lists.delete({ params: { id: w.binderId }, query: { keep_cards: true } }),
  ],
  'lists.hide': ({ c, w }) => [() => c.lists.hide({ params: { id: w.binderId } })],
  'lists.restore': ({ c, w }) => [() => c.lists.restore({ params: { id: w.hiddenListId } })],
  'lists.hidden': ({ c }) => [() => c.lists.hidden()],
  'lists.import': ({ c, w }) => [
    () => c.lists.import({ params: { id: w.binderId }, body: { content: `1 ${w.card.name}` } }),
  ],
};

/** Rows run last, in this order: they end the caller's friendship or sessions. */
const LAST = ['friends.remove', 'auth.logout', 'auth.logoutAll'];

const markers = new WeakMap<World, Record<MarkerName, string>>();
const M = (w: World, name: MarkerName) => markers.get(w)?.[name] ?? '';

it('the matrix has one row per contract entry', () => {
  const keys = listEndpoints().map(({ domain, name }) => `${domain}.${name}`);
  expect(Object.keys(MATRIX).sort()).toEqual([...keys].sort());
  for (const key of LAST) expect(keys).toContain(key);
});

describe.each(storages())('authorization matrix with planted private data on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let secrets: Record<MarkerName, string>;
  let teammate: TestUser;
  /** Every HTTP answer the recording clients received. */
  const answers: Array<{ status: number; text: string }> = [];

  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    answers.push({ status: res.status, text: await res.clone().text() });
    return res;
  };
  const clientFor = (credentials: Credentials) =>
    createClient({
      baseUrl: t.url,
      apiKey: TEST_API_KEY,
      secret: TEST_SECRET,
      credentials: () => credentials,
      retry: 0,
      fetch: recordingFetch,
    });

  async function caller(role: Caller['role'], user: TestUser): Promise<Caller> {
    const idToken = async () => (await t.identity.signIn(user.email, PASSWORD)).idToken;
    const client = clientFor(user.credentials);
    const { list } = await client.lists.create({ body: { name: 'Caller list', type: 'custom' } });
    await client.lists.addCards({
      params: { id: list.id },
      body: { cards: [{ cardId: w.card.id, quantity: 3 }] },
    });
    const page = await client.lists.get({ params: { id: list.id } });
    return {
      role,
      user,
      c: client,
      idToken,
      async second() {
        const session = await t
          .client()
          .auth.login({ identityToken: await idToken(), body: { locale: 'en' } });
        return clientFor({ token: session.token, userId: session.user.id });
      },
      verifier: randomBytes(48).toString('base64url'),
      ownListId: list.id,
      ownEntryId: page.entries[0]?.id ?? '',
    };
  }

  /** The owner's view of their data, without fields that move on their own (last seen, activity). */
  async function ownerView(): Promise<string[]> {
    const o = w.owner.client;
    const parts = await Promise.all([
      o.user.me(),
      o.user.profile({ params: { id: w.owner.id } }),
      o.user.decks(),
      o.user.archivedDecks(),
      o.decks.get({ params: { id: w.deckId } }),
      o.decks.get({ params: { id: w.archivedDeckId } }),
      o.decks.get({ params: { id: w.privateDeckId } }),
      o.decks.get({ params: { id: w.unlistedDeckId } }),
      o.games.list(),
      o.games.get({ params: { id: w.gameId } }),
      o.games.get({ params: { id: w.soloGameId } }),
      o.sets.get({ params: { id: w.setId } }),
      o.user.playgroups(),
      o.playgroups.get({ params: { id: w.groupId } }),
      o.playgroups.games({ params: { id: w.groupId } }),
      o.tags.list(),
      o.lists.list(),
      o.lists.hidden(),
      ...w.listIds.map((id) => o.lists.get({ params: { id }, query: { limit: 200 } })),
      ...w.listIds.map((id) => o.lists.revisions({ params: { id }, query: { limit: 200 } })),
      o.collection.summary(),
      o.user.stats(),
      o.tags.searchNotes({ query: { q: secrets.gameNote } }),
    ]);
    // Other users' names and pictures are theirs to change (the callers change their own).
    const replacer = (key: string, value: unknown) => {
      if (key === 'lastSeen' || key === 'lastActivity') return undefined;
      if (
        value &&
        typeof value === 'object' &&
        'firstname' in value &&
        'id' in value &&
        value.id !== w.owner.id
      )
        return { id: value.id };
      return value;
    };
    return parts.map((part) => JSON.stringify(part, replacer));
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    secrets = Object.fromEntries([...FRIEND_VISIBLE, ...PRIVATE].map((k) => [k, marker()])) as Record<
      MarkerName,
      string
    >;
    const S = secrets;
    const owner = await t.user({ firstname: 'Owner' });
    teammate = await t.user({ firstname: 'Teammate' });
    const o = owner.client;
    for (const other of [teammate]) {
      await o.friends.request({ params: { code: other.code } });
      await other.client.friends.accept({ params: { code: owner.code } });
    }
    const username = `owner_${randomBytes(4).toString('hex')}`;
    await o.user.setUsername({ body: { username } });
    await o.user.updateSettings({ body: { profileVisibility: 'friends' } });
    const { token: streamingToken } = await o.auth.streamingToken();
    const { code: exchangeCode } = await o.auth.createExchangeCode({
      body: {
        type: 'google',
        origin: MOBILE_ORIGIN,
        codeChallenge: challengeOf(randomBytes(48).toString('base64url')),
        codeChallengeMethod: 'S256',
      },
    });

    const cardId = randomUUID();
    const cardName = `Matrix Beast ${randomBytes(3).toString('hex')}`;
    await importJson(t.server.services.db, [
      testBeast(cardId, {
        name: cardName,
        set: 'zam',
        set_name: 'Authorization Matrix',
        collector_number: '1',
      }),
    ]);
    const card = { id: cardId, name: cardName, set: 'zam', number: '1' };

    const { deck } = await o.decks.create({
      body: {
        name: `Deck ${S.deck}`,
        formatId: 'commander',
        description: `Plan: ${S.deckDescription}`,
        cards: [{ cardId, quantity: 1 }],
      },
    });
    const { deck: archived } = await o.decks.create({
      body: { name: `Old ${S.archivedDeck}`, formatId: 'commander', cards: [{ cardId }] },
    });
    await o.decks.archive({ params: { id: archived.id } });
    const { deck: privateDeck } = await o.decks.create({
      body: {
        name: `Secret ${S.privateDeck}`,
        formatId: 'commander',
        visibility: 'private',
        cards: [{ cardId }],
      },
    });
    const { deck: unlisted } = await o.decks.create({
      body: {
        name: `Link ${S.unlistedDeck}`,
        formatId: 'commander',
        visibility: 'unlisted',
        cards: [{ cardId }],
      },
    });

    const { playgroup } = await o.playgroups.create({
      body: { name: `Group ${S.group}`, description: `About ${S.groupDescription}` },
    });
    await o.playgroups.invite({ params: { id: playgroup.id }, body: { id: teammate.id } });
    await teammate.client.playgroups.accept({ params: { id: playgroup.id } });
    const pictured = await o.playgroups.uploadPicture({
      params: { id: playgroup.id },
      body: { file: await png() },
    });
    const picture =
      // The file's id alone: the signed URL's expiry and signature change with the hour.
      pictured.playgroup.picture
        ?.split('?')[0]
        ?.split('/')
        .pop()
        ?.replace(/\.\w+$/, '') ?? '';
    expect(picture).not.toBe('');

    const { game } = await o.games.create({
      body: {
        formatId: 'commander',
        playgroupId: playgroup.id,
        players: [
          { userId: owner.id, deckId: deck.id, result: 'win', seat: 1 },
          { userId: teammate.id, deckName: `Brew ${S.teammateDeck}`, result: 'loss', seat: 2 },
          { guestName: `Guest ${S.guest}`, deckName: `Pile ${S.guestDeck}`, result: 'loss', seat: 3 },
        ],
        tags: [S.gameTag],
      },
    });
    await o.games.createNote({ params: { id: game.id }, body: { content: `Secret plan ${S.gameNote}` } });
    const { set } = await o.sets.create({
      body: { name: `Evening ${S.set}`, playgroupId: playgroup.id, gameIds: [game.id] },
    });
    await o.sets.createNote({ params: { id: set.id }, body: { content: `Evening notes ${S.setNote}` } });
    const { tags: setTags } = await o.sets.addTags({ params: { id: set.id }, body: { tags: [S.setTag] } });
    const { game: solo } = await o.games.create({
      body: {
        formatId: 'commander',
        players: [
          { userId: owner.id, deckId: deck.id, result: 'win' },
          { guestName: `Cousin ${S.soloGuest}`, result: 'loss' },
        ],
        tags: [S.gameTag],
      },
    });
    await o.games.createNote({ params: { id: solo.id }, body: { content: `Kitchen table ${S.soloNote}` } });

    const { list: binder } = await o.lists.create({
      body: { name: `Binder ${S.binder}`, type: 'collection' },
    });
    await o.lists.import({
      params: { id: binder.id },
      body: {
        content: [
          'name,set_code,set_name,collector_number,language,finish,quantity,condition,scryfall_id,purchase_price,purchase_currency,tags',
          `${cardName},zam,,1,en,nonfoil,4,NM,${cardId},2.50,USD,${S.entryTag}`,
          `Lost ${S.unresolvedCard},zzz,,9,en,nonfoil,1,NM,,,,`,
        ].join('\n'),
      },
    });
    const lists: Record<'wishlist' | 'trade' | 'hiddenList', string> = {
      wishlist: '',
      trade: '',
      hiddenList: '',
    };
    for (const [key, type] of [
      ['wishlist', 'wishlist'],
      ['trade', 'trade'],
      ['hiddenList', 'custom'],
    ] as const) {
      const { list } = await o.lists.create({ body: { name: `${type} ${S[key]}`, type } });
      await o.lists.addCards({ params: { id: list.id }, body: { cards: [{ cardId, quantity: 2 }] } });
      lists[key] = list.id;
    }
    await o.lists.hide({ params: { id: lists.hiddenList } });
    const page = await o.lists.get({ params: { id: binder.id } });
    const entry = page.entries.find((e) => e.card?.id === cardId);
    await o.lists.moveCards({
      params: { id: binder.id },
      body: { target: lists.trade, cards: [{ entryId: entry?.id ?? '', quantity: 1 }] },
    });
    const { revisions } = await o.lists.revisions({ params: { id: binder.id } });

    w = {
      owner,
      username,
      streamingToken,
      picture,
      exchangeCode,
      card,
      deckId: deck.id,
      archivedDeckId: archived.id,
      privateDeckId: privateDeck.id,
      unlistedDeckId: unlisted.id,
      privateShareToken: privateDeck.shareToken ?? '',
      shareTokens: [deck, archived, privateDeck, unlisted].map((d) => d.shareToken ?? ''),
      groupId: playgroup.id,
      gameId: game.id,
      soloGameId: solo.id,
      setId: set.id,
      gameTagId: game.tags[0]?.id ?? '',
      setTagId: setTags.find((tg) => tg.name === S.setTag)?.id ?? '',
      binderId: binder.id,
      hiddenListId: lists.hiddenList,
      listIds: [binder.id, lists.wishlist, lists.trade, lists.hiddenList],
      entryId: entry?.id ?? '',
      revisionId: revisions.at(-1)?.id ?? '',
    };
    markers.set(w, secrets);
  }, 120_000);
  afterAll(() => t?.close());

  it('the owner’s own answers carry every planted marker (the search can find them)', async () => {
    const view = (await ownerView()).join('\n').toLowerCase();
    const missing = Object.entries(secrets).filter(([, m]) => !view.includes(m));
    expect(missing).toEqual([]);
    expect(view).toContain(w.picture.toLowerCase());
    for (const token of w.shareTokens) expect(view).toContain(token.toLowerCase());
  });

  /** Runs every row as the caller; returns the failures. */
  async function walk(me: Caller, forbidden: Record<string, string>): Promise<string[]> {
    const failures: string[] = [];
    const keys = Object.keys(MATRIX).filter((k) => !LAST.includes(k));
    for (const key of [...keys, ...LAST]) {
      const attempts = (MATRIX[key] as Row)({ w, me, c: me.c });
      if (!attempts.length && me.role !== 'teammate') failures.push(`${key} as ${me.role}: not called`);
      for (const [i, attempt] of attempts.entries()) {
        const from = answers.length;
        const outcome = await attempt().then(
          () => null,
          (error: unknown) => error,
        );
        if (outcome && !(isCompanionError(outcome) && outcome.status > 0))
          failures.push(`${key}#${i} as ${me.role}: no answer (${String(outcome)})`);
        const seen = answers.slice(from);
        if (!seen.length) failures.push(`${key}#${i} as ${me.role}: no request reached the server`);
        for (const { status, text } of seen) {
          if (status >= 500) failures.push(`${key}#${i} as ${me.role}: ${status}`);
          const lower = text.toLowerCase();
          for (const [name, value] of Object.entries(forbidden))
            if (value && lower.includes(value.toLowerCase()))
              failures.push(`${key}#${i} as ${me.role}: shows the owner's ${name}`);
        }
      }
    }
    return failures;
  }

  const privateSecrets = () => ({
    ...Object.fromEntries(PRIVATE.map((k) => [k, secrets[k]])),
    email: w.owner.email,
    sessionToken: w.owner.token,
    streamingToken: w.streamingToken,
    picture: w.picture,
    ...Object.fromEntries(w.shareTokens.map((token, i) => [`shareToken${i}`, token])),
  });

  it('a stranger calling every endpoint with the owner’s ids sees none of it and changes nothing', async () => {
    const before = await ownerView();
    const stranger = await caller('stranger', await t.user({ firstname: 'Stranger' }));
    const failures = await walk(stranger, {
      ...privateSecrets(),
      ...Object.fromEntries(FRIEND_VISIBLE.map((k) => [k, secrets[k]])),
    });
    expect(failures).toEqual([]);
    expect(await ownerView()).toEqual(before);
  }, 180_000);

  it('a friend sees the friends-only decks but nothing private, and changes nothing', async () => {
    const friendUser = await t.user({ firstname: 'Friend' });
    await w.owner.client.friends.request({ params: { code: friendUser.code } });
    await friendUser.client.friends.accept({ params: { code: w.owner.code } });
    const before = await ownerView();
    const friend = await caller('friend', friendUser);
    const from = answers.length;
    const failures = await walk(friend, privateSecrets());
    expect(failures).toEqual([]);
    // Friendship does show something: the deck names and description on the profile and deck page.
    const seen = answers
      .slice(from)
      .map((a) => a.text)
      .join('\n');
    for (const name of FRIEND_VISIBLE) expect(seen).toContain(secrets[name]);
    expect(await ownerView()).toEqual(before);
  }, 180_000);

  it('a fellow member of the private playgroup sees its games but not the owner’s notes, tags or lists', async () => {
    const before = await ownerView();
    const member = await caller('teammate', teammate);
    const from = answers.length;
    const shared = ['group', 'groupDescription', 'picture', 'teammateDeck', 'guest', 'guestDeck', 'set'];
    const failures = await walk(
      member,
      Object.fromEntries(Object.entries(privateSecrets()).filter(([name]) => !shared.includes(name))),
    );
    expect(failures).toEqual([]);
    // Membership does show the group's games and sets.
    const seen = answers
      .slice(from)
      .map((a) => a.text)
      .join('\n');
    for (const name of ['group', 'guest', 'set'] as const) expect(seen).toContain(secrets[name]);
    expect(await ownerView()).toEqual(before);
  }, 180_000);

  it('with the profile made private, a friend sees no deck either', async () => {
    await w.owner.client.user.updateSettings({ body: { profileVisibility: 'private' } });
    try {
      const friendUser = await t.user({ firstname: 'Old friend' });
      await w.owner.client.friends.request({ params: { code: friendUser.code } });
      await friendUser.client.friends.accept({ params: { code: w.owner.code } });
      const before = await ownerView();
      const friend = await caller('friend', friendUser);
      const failures = await walk(friend, {
        ...privateSecrets(),
        ...Object.fromEntries(FRIEND_VISIBLE.map((k) => [k, secrets[k]])),
      });
      expect(failures).toEqual([]);
      expect(await ownerView()).toEqual(before);
    } finally {
      await w.owner.client.user.updateSettings({ body: { profileVisibility: 'friends' } });
    }
  }, 180_000);

  it('a default format must be a format (the matrix found any id stored, another user’s deck id too)', async () => {
    const u = await t.user();
    const error = await u.client.user
      .updateSettings({ body: { defaultFormatId: w.deckId } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((await u.client.user.me()).state.settings.defaultFormatId).toBeNull();
    const { settings } = await u.client.user.updateSettings({ body: { defaultFormatId: 'commander' } });
    expect(settings.defaultFormatId).toBe('commander');
  });
});
