/**
 * The player's whole account: deleting it (one transaction) and exporting everything it holds.
 *
 * What deleting an account does to each table (also in the API's README):
 *
 * | table                          | the player's rows                                                   |
 * |--------------------------------|---------------------------------------------------------------------|
 * | users                          | deleted (its picture too, in the same transaction)                  |
 * | sessions                       | deleted (session and streaming tokens): the next call answers 401   |
 * | exchange_codes                 | deleted                                                             |
 * | friendships                    | deleted, both directions, accepted or pending                       |
 * | user_preferences               | deleted                                                             |
 * | promo_redemptions              | deleted (promo_codes' use counts stay: the codes were used)         |
 * | card_lists, list_entries,      | deleted with the lists (entry_search by its trigger); revisions the |
 * | list_revisions, entry_search   | player wrote in someone else's list keep the change, author nulled  |
 * | decks, deck_cards              | deleted; other players' game lines keep no link to them            |
 * | tags, taggings                 | deleted (the player's tags and every tagging made with them)        |
 * | notes                          | deleted                                                             |
 * | playgroups they own            | passed to the longest-standing active admin, else active member     |
 * |                                | (joined first); deleted when nobody else is active (picture too)    |
 * | pictures                       | the player's and their deleted groups' pictures: deleted             |
 * | playgroup_members              | deleted; `invited_by` naming the player is nulled                   |
 * | games they recorded            | passed to the first other account among the game's players (by     |
 * |                                | seat); deleted when no other account played (guests only), with    |
 * |                                | every tag and note on them                                          |
 * | game_players                   | kept for the other players' records, anonymised: no user, guest     |
 * |                                | name, deck or deck name; shown as a deleted player                  |
 * | game_sets they made            | passed to the recorder of one of the set's remaining games, else    |
 * |                                | deleted with every tag and note on them                             |
 * | other players' rows            | untouched (their notes and tags on shared games stay theirs)        |
 * | formats, subformats, cards,    | not the player's: untouched                                         |
 * | card_* , promo_events/codes    |                                                                     |
 *
 * Last in the transaction, the identity-service account is deleted: when the service refuses,
 * nothing changed and the player may retry.
 */
import type { Readable } from 'node:stream';
import { type AccountExport, type AnnotationTargetValue, confirmsDeletion } from '@companion/sdk/contract';
import { type CollectionRowInput, type DeckCardLike, writeDeck, writeExport } from '@companion/sdk/formats';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { IdentityVerifier } from '../auth/firebase.js';
import type { Db, Tx } from '../db/client.js';
import {
  cardLists,
  cards,
  deckCards,
  decks,
  gamePlayers,
  gameSets,
  games,
  listEntries,
  notes,
  playgroupMembers,
  playgroups,
  taggings,
  tags,
  type UserRow,
  userPreferences,
  users,
} from '../db/schema.js';
import { sortColors } from './decks/summary.js';
import { iso, isoOrNull } from './dto.js';
import { Invalid } from './errors.js';
import { list as listFriends } from './friends.js';
import { gameDtos } from './games/dto.js';
import { playedOrRecordedBy } from './games/read.js';
import { exportList } from './lists/export.js';
import { dropPicture } from './pictures.js';
import type { PlaygroupDeps } from './playgroups/access.js';
import { listForUser } from './playgroups/groups.js';
import type { FullUser, UserService } from './users.js';

/**
 * Deletes every row the player owns and anonymises the rest (see the table above), once
 * `confirmation` repeats the account's email (or its friend code when it has none).
 */
export async function deleteAccount(
  deps: { db: Db; identity: IdentityVerifier },
  user: UserRow,
  confirmation: string,
): Promise<void> {
  if (!confirmsDeletion(user, confirmation))
    throw new Invalid(
      user.email ? 'Type your account’s email address to confirm.' : 'Type your friend code to confirm.',
      [{ path: 'body.confirmation', message: `Expected ${user.email ? 'the email' : 'the friend code'}` }],
    );
  const me = user.id;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, me)).for('update');
    if (!row) return;
    for (const picture of [row.picture, ...(await handOverPlaygroups(tx, me))])
      await dropPicture(tx, picture);
    await tx.update(playgroupMembers).set({ invitedBy: null }).where(eq(playgroupMembers.invitedBy, me));
    await handOverGames(tx, me);
    await handOverSets(tx, me);
    await tx
      .update(gamePlayers)
      .set({ userId: null, guestName: null, deckId: null, deckName: null })
      .where(eq(gamePlayers.userId, me));
    // Every other row of the player goes with the user row (ON DELETE CASCADE: sessions,
    // exchange_codes, friendships, user_preferences, promo_redemptions, card_lists and their
    // entries and revisions, decks and their cards, tags and their taggings, notes,
    // playgroup_members), and list_revisions.author_id becomes null (ON DELETE SET NULL).
    await tx.delete(users).where(eq(users.id, me));
    await deps.identity.deleteAccount(row.firebaseUid);
  });
}

/** Playgroups the player owns: to the longest-standing admin, else member; deleted if alone. */
async function handOverPlaygroups(tx: Tx, me: string): Promise<Array<string | null>> {
  const owned = await tx.select().from(playgroups).where(eq(playgroups.ownerId, me)).for('update');
  const deletedPictures: Array<string | null> = [];
  for (const group of owned) {
    const [heir] = await tx
      .select({ userId: playgroupMembers.userId })
      .from(playgroupMembers)
      .where(
        and(
          eq(playgroupMembers.playgroupId, group.id),
          ne(playgroupMembers.userId, me),
          eq(playgroupMembers.status, 'active'),
        ),
      )
      .orderBy(
        sql`case when ${playgroupMembers.role} = 'admin' then 0 else 1 end`,
        sql`coalesce(${playgroupMembers.joinedAt}, ${playgroupMembers.createdAt})`,
        asc(playgroupMembers.userId),
      )
      .limit(1);
    if (!heir) {
      await tx.delete(playgroups).where(eq(playgroups.id, group.id));
      deletedPictures.push(group.picture);
      continue;
    }
    // One owner per group (a unique index): the player's membership goes first.
    await tx
      .delete(playgroupMembers)
      .where(and(eq(playgroupMembers.playgroupId, group.id), eq(playgroupMembers.userId, me)));
    await tx
      .update(playgroupMembers)
      .set({ role: 'owner' })
      .where(and(eq(playgroupMembers.playgroupId, group.id), eq(playgroupMembers.userId, heir.userId)));
    await tx.update(playgroups).set({ ownerId: heir.userId }).where(eq(playgroups.id, group.id));
  }
  return deletedPictures;
}

/** Every player's tags and notes on games or sets that are being deleted. */
async function forgetAnnotations(tx: Tx, type: AnnotationTargetValue, ids: string[]): Promise<void> {
  await tx.delete(taggings).where(and(eq(taggings.targetType, type), inArray(taggings.targetId, ids)));
  await tx.delete(notes).where(and(eq(notes.targetType, type), inArray(notes.targetId, ids)));
}

/** Games the player recorded: to another account that played, else deleted with their annotations. */
async function handOverGames(tx: Tx, me: string): Promise<void> {
  await tx.execute(sql`
    update ${games} g set created_by = heir.user_id
    from (
      select distinct on (gp.game_id) gp.game_id, gp.user_id
      from ${gamePlayers} gp join ${games} og on og.id = gp.game_id
      where og.created_by = ${me} and gp.user_id is not null and gp.user_id <> ${me}
      order by gp.game_id, gp.seat nulls last, gp.id
    ) heir
    where g.id = heir.game_id`);
  const solo = await tx.select({ id: games.id }).from(games).where(eq(games.createdBy, me));
  const ids = solo.map((g) => g.id);
  if (!ids.length) return;
  await forgetAnnotations(tx, 'game', ids);
  await tx.delete(games).where(inArray(games.id, ids));
}

/** Sets the player made: to the recorder of one of their remaining games, else deleted. */
async function handOverSets(tx: Tx, me: string): Promise<void> {
  await tx.execute(sql`
    update ${gameSets} s set created_by = heir.created_by
    from (
      select distinct on (g.set_id) g.set_id, g.created_by
      from ${games} g join ${gameSets} os on os.id = g.set_id
      where os.created_by = ${me} and g.created_by <> ${me}
      order by g.set_id, g.played_at, g.id
    ) heir
    where s.id = heir.set_id`);
  const left = await tx.select({ id: gameSets.id }).from(gameSets).where(eq(gameSets.createdBy, me));
  const ids = left.map((s) => s.id);
  if (!ids.length) return;
  await forgetAnnotations(tx, 'set', ids);
  await tx.delete(gameSets).where(inArray(gameSets.id, ids));
}

// ---- export ----

const text = async (stream: Readable): Promise<string> => {
  let out = '';
  for await (const chunk of stream)
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return out;
};

/** A file name part from a list or deck name: letters, digits and dashes. */
const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

/** Distinct file names: a second "deck-burn.csv" becomes "deck-burn-2.csv". */
function namer() {
  const used = new Set<string>();
  return (base: string, extension: string) => {
    let name = `${base}.${extension}`;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}.${extension}`;
    used.add(name);
    return name;
  };
}

export interface ExportDeps extends PlaygroupDeps {
  users: Pick<UserService, 'summary' | 'pictureUrl' | 'full' | 'settings'>;
}

/**
 * Everything the player holds, as they may see it: their own rows, their games as the game screens
 * show them to them (other players as public summaries), their friends as public summaries. Nothing
 * of another player's that the player could not already read.
 */
export async function exportAccount(deps: ExportDeps, user: UserRow): Promise<AccountExport> {
  const { db } = deps;
  const me = user.id;
  const [profile, prefs, lists, entryRows, deckRows, cardRows, gameRows, setRows, tagRows, tagged, noteRows] =
    await Promise.all([
      deps.users.full(user) as Promise<FullUser>,
      db.select().from(userPreferences).where(eq(userPreferences.userId, me)),
      db.select().from(cardLists).where(eq(cardLists.ownerId, me)).orderBy(asc(cardLists.createdAt)),
      db
        .select({ e: listEntries, set: cards.set, number: cards.collectorNumber })
        .from(listEntries)
        .innerJoin(cardLists, eq(cardLists.id, listEntries.listId))
        .leftJoin(cards, eq(cards.id, listEntries.cardId))
        .where(eq(cardLists.ownerId, me))
        .orderBy(asc(listEntries.addedAt), asc(listEntries.id)),
      db.select().from(decks).where(eq(decks.ownerId, me)).orderBy(asc(decks.createdAt)),
      db
        .select({ c: deckCards, set: cards.set, number: cards.collectorNumber })
        .from(deckCards)
        .innerJoin(decks, eq(decks.id, deckCards.deckId))
        .leftJoin(cards, eq(cards.id, deckCards.cardId))
        .where(eq(decks.ownerId, me))
        .orderBy(asc(deckCards.position), asc(deckCards.id)),
      db
        .select()
        .from(games)
        .where(playedOrRecordedBy(me))
        .orderBy(asc(games.playedAt), asc(games.createdAt)),
      db.select().from(gameSets).where(eq(gameSets.createdBy, me)).orderBy(asc(gameSets.playedAt)),
      db.select().from(tags).where(eq(tags.userId, me)).orderBy(asc(tags.createdAt)),
      db
        .select({ t: taggings })
        .from(taggings)
        .innerJoin(tags, eq(tags.id, taggings.tagId))
        .where(eq(tags.userId, me)),
      db.select().from(notes).where(eq(notes.userId, me)).orderBy(asc(notes.createdAt)),
    ]);
  const [gameList, friends, groups] = await Promise.all([
    gameDtos(deps, me, gameRows),
    listFriends(deps, user),
    listForUser(deps, user),
  ]);

  const entriesByList = new Map<string, AccountExport['lists'][number]['entries']>();
  for (const { e, set, number } of entryRows) {
    const list = entriesByList.get(e.listId) ?? [];
    list.push({
      id: e.id,
      cardId: e.cardId,
      name: e.name,
      set: set ?? e.unresolved?.setCode ?? null,
      collectorNumber: number ?? e.unresolved?.collectorNumber ?? null,
      quantity: e.quantity,
      finish: e.finish,
      condition: (e.condition || null) as CollectionRowInput['condition'],
      language: e.language,
      purchasePrice: e.purchasePrice === null ? null : Number(e.purchasePrice),
      purchaseCurrency: e.purchaseCurrency,
      tags: e.tags,
      addedAt: iso(e.addedAt),
    });
    entriesByList.set(e.listId, list);
  }
  const cardsByDeck = new Map<string, AccountExport['decks'][number]['cards']>();
  for (const { c, set, number } of cardRows) {
    const list = cardsByDeck.get(c.deckId) ?? [];
    list.push({
      cardId: c.cardId,
      name: c.name,
      set,
      collectorNumber: number,
      quantity: c.quantity,
      board: c.board,
      category: c.category,
    });
    cardsByDeck.set(c.deckId, list);
  }
  const targetsByTag = new Map<string, Array<{ type: AnnotationTargetValue; id: string }>>();
  for (const { t } of tagged) {
    const list = targetsByTag.get(t.tagId) ?? [];
    list.push({ type: t.targetType, id: t.targetId });
    targetsByTag.set(t.tagId, list);
  }

  // Files: the whole collection (every binder), each list, each deck (CSV and Arena decklist).
  const name = namer();
  const files: AccountExport['files'] = [];
  const binders = lists.filter((l) => l.type === 'collection').map((l) => l.id);
  if (binders.length)
    files.push({
      name: name('collection', 'csv'),
      mediaType: 'text/csv',
      content: await text(exportList(db, binders, 'companion')),
    });
  for (const l of lists)
    files.push({
      name: name(`list-${slug(l.name)}`, 'csv'),
      mediaType: 'text/csv',
      content: await text(exportList(db, [l.id], 'companion')),
    });
  for (const d of deckRows) {
    const deckCardsOf = cardsByDeck.get(d.id) ?? [];
    const like: DeckCardLike[] = deckCardsOf.map((c) => ({
      name: c.name,
      quantity: c.quantity,
      board: c.board,
      card: c.set && c.collectorNumber ? { set: c.set, collector_number: c.collectorNumber } : null,
    }));
    const base = `deck-${slug(d.name)}`;
    files.push({
      name: name(base, 'csv'),
      mediaType: 'text/csv',
      content: writeExport(
        'companion',
        deckCardsOf.map((c) => ({
          name: c.name,
          setCode: c.set,
          setName: null,
          collectorNumber: c.collectorNumber,
          language: 'en',
          finish: 'nonfoil',
          quantity: c.quantity,
          condition: null,
          scryfallId: c.cardId,
          purchasePrice: null,
          purchaseCurrency: null,
          tags: c.category ? [c.category] : [],
        })),
      ),
    });
    files.push({
      name: name(base, 'txt'),
      mediaType: 'text/plain',
      content: writeDeck('arena', { cards: like }),
    });
  }

  return {
    exportedAt: new Date().toISOString(),
    user: profile,
    settings: deps.users.settings(user),
    preferences: (prefs[0]?.data as Record<string, unknown> | undefined) ?? {},
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      type: l.type,
      hidden: l.hidden,
      sharing: l.sharing,
      isDefault: l.isDefault,
      createdAt: iso(l.createdAt),
      updatedAt: iso(l.updatedAt),
      entries: entriesByList.get(l.id) ?? [],
    })),
    decks: deckRows.map((d) => ({
      id: d.id,
      name: d.name,
      formatId: d.formatId,
      subformatId: d.subformatId,
      description: d.description,
      bracket: d.bracket,
      colorIdentity: sortColors(d.colorIdentity),
      visibility: d.visibility,
      archived: d.archived,
      lastPlayed: isoOrNull(d.lastPlayed),
      createdAt: iso(d.createdAt),
      updatedAt: iso(d.updatedAt),
      cards: cardsByDeck.get(d.id) ?? [],
    })),
    games: gameList,
    sets: setRows.map((s) => ({
      id: s.id,
      name: s.name,
      playedAt: iso(s.playedAt),
      formatId: s.formatId,
      playgroupId: s.playgroupId,
      createdAt: iso(s.createdAt),
    })),
    tags: tagRows.map((t) => ({
      id: t.id,
      name: t.name,
      color: t.color,
      createdAt: iso(t.createdAt),
      targets: targetsByTag.get(t.id) ?? [],
    })),
    notes: noteRows.map((n) => ({
      id: n.id,
      targetType: n.targetType,
      targetId: n.targetId,
      content: n.content,
      createdAt: iso(n.createdAt),
      updatedAt: iso(n.updatedAt),
    })),
    friends,
    playgroups: groups,
    files,
  };
}
