/**
 * Migrations that add constraints apply to a database that already holds data, on PGlite and
 * PostgreSQL: 0005 (the contract's value sets as CHECK constraints) on a database at 0004, after
 * which the database refuses a value outside a set; 0007 (at most one owner per playgroup, one
 * friendship per pair of users) on a database at 0005 holding the duplicates of earlier races,
 * which it resolves, after which the database refuses new ones; 0006 (decks' version) on the
 * same data as 0005; 0021 (card_search rebuilt, with flags) and 0023 (card_search partitioned by
 * language, with `shown`) on a catalogue imported at 0020.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, type OpenOptions, openDatabase } from '../../src/db/client.js';
import { compileSearch } from '../../src/services/card-search.js';
import { parseSearch } from '../../src/services/card-search-syntax.js';
import { importSharedCatalogue } from '../../src/services/catalogue-import.js';
import { type StorageKind, storages } from '../support/index.js';
import { HAS_SHARED_DATA, SHARED_DATA } from './shared-data.js';

const BEFORE = '0004_entry_search';

/** A copy of the migrations folder that stops at `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'companion-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const ids = {
  a: '00000000-0000-4000-8000-00000000000a',
  b: '00000000-0000-4000-8000-00000000000b',
  group: '00000000-0000-4000-8000-000000000001',
  deck: '00000000-0000-4000-8000-000000000002',
  game: '00000000-0000-4000-8000-000000000003',
  tag: '00000000-0000-4000-8000-000000000004',
  list: '00000000-0000-4000-8000-000000000005',
  entry: '00000000-0000-4000-8000-000000000006',
};

/** One row in every table that gets a constraint, with values of the sets, written at 0004. */
async function fill(db: Database['db']): Promise<void> {
  await db.execute(sql`insert into users (id, firebase_uid, provider, code, language, currency, profile_visibility)
    values (${ids.a}, 'uid-a', 'google', 'CODEA', 'fr', 'eur', 'public'),
           (${ids.b}, 'uid-b', 'other', 'CODEB', 'en', 'usd', 'private')`);
  await db.execute(sql`insert into sessions (user_id, token_hash, kind) values
    (${ids.a}, 'hash-1', 'session'), (${ids.a}, 'hash-2', 'streaming')`);
  await db.execute(sql`insert into exchange_codes (code_hash, user_id, type, origin, expires_at)
    values ('x', ${ids.a}, 'apple', 'app://companion', now())`);
  await db.execute(
    sql`insert into friendships (requester_id, addressee_id, status) values (${ids.a}, ${ids.b}, 'accepted')`,
  );
  await db.execute(sql`insert into playgroups (id, name, owner_id) values (${ids.group}, 'G', ${ids.a})`);
  await db.execute(sql`insert into playgroup_members (playgroup_id, user_id, role, status) values
    (${ids.group}, ${ids.a}, 'owner', 'active'), (${ids.group}, ${ids.b}, 'member', 'invited')`);
  await db.execute(
    sql`insert into decks (id, owner_id, name, format_id) values (${ids.deck}, ${ids.a}, 'D', 'commander')`,
  );
  await db.execute(
    sql`insert into deck_cards (deck_id, name, quantity, board) values (${ids.deck}, 'Sol Ring', 1, 'commander')`,
  );
  await db.execute(
    sql`insert into games (id, format_id, created_by) values (${ids.game}, 'commander', ${ids.a})`,
  );
  await db.execute(
    sql`insert into game_players (game_id, user_id, result) values (${ids.game}, ${ids.a}, 'draw')`,
  );
  await db.execute(sql`insert into tags (id, user_id, name) values (${ids.tag}, ${ids.a}, 't')`);
  await db.execute(
    sql`insert into taggings (tag_id, target_type, target_id) values (${ids.tag}, 'set', ${ids.game})`,
  );
  await db.execute(
    sql`insert into notes (user_id, target_type, target_id, content) values (${ids.a}, 'game', ${ids.game}, 'n')`,
  );
  await db.execute(
    sql`insert into card_migrations (id, old_scryfall_id, strategy) values ('m', 'old', 'delete')`,
  );
  await db.execute(
    sql`insert into card_lists (id, owner_id, name, type) values (${ids.list}, ${ids.a}, 'L', 'trade')`,
  );
  await db.execute(
    sql`insert into list_entries (id, list_id, name, quantity, finish) values (${ids.entry}, ${ids.list}, 'X', 1, 'etched')`,
  );
  await db.execute(sql`insert into list_revisions (list_id, number, action, summary, delta) values
    (${ids.list}, 1, 'move-in', 's', '[]'::jsonb)`);
}

/** Every constrained column, as an update that puts a value outside its set. */
const refusals: Array<[string, ReturnType<typeof sql>]> = [
  ['users.provider', sql`update users set provider = 'facebook'`],
  ['users.language', sql`update users set language = 'de'`],
  ['users.currency', sql`update users set currency = 'gbp'`],
  ['users.profile_visibility', sql`update users set profile_visibility = 'secret'`],
  ['sessions.kind', sql`update sessions set kind = 'api'`],
  ['exchange_codes.type', sql`update exchange_codes set type = 'other'`],
  ['friendships.status', sql`update friendships set status = 'blocked'`],
  ['playgroup_members.role', sql`update playgroup_members set role = 'guest'`],
  ['playgroup_members.status', sql`update playgroup_members set status = 'left'`],
  ['deck_cards.board', sql`update deck_cards set board = 'sideboard'`],
  ['game_players.result', sql`update game_players set result = 'won'`],
  ['taggings.target_type', sql`update taggings set target_type = 'deck'`],
  ['notes.target_type', sql`update notes set target_type = 'deck'`],
  ['card_migrations.strategy', sql`update card_migrations set strategy = 'split'`],
  ['card_lists.type', sql`update card_lists set type = 'binder'`],
  ['list_entries.finish', sql`update list_entries set finish = 'glossy'`],
  ['list_revisions.action', sql`update list_revisions set action = 'undo'`],
];

/** SQLSTATE of a database error, however the driver wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// Each case creates and migrates a database twice: slow on PGlite when the machine is busy.
vi.setConfig({ testTimeout: 120_000 });

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where a test database lives (a PGlite folder or a PostgreSQL schema), removed after the file. */
function location(kind: StorageKind): OpenOptions {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL as string;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    });
    return { databaseUrl: url, pgSchema: schema, poolSize: 2 };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-pglite-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/** The rows a query returns, whichever driver ran it. */
async function rows<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
const failure = (db: Database['db'], query: ReturnType<typeof sql>) =>
  db.execute(query).then(
    () => null,
    (e: unknown) => sqlState(e) ?? 'unknown',
  );

describe.each(storages())('migration 0005_value_checks (%s)', (kind) => {
  it('applies to a database holding data at 0004, then refuses values outside the sets', async () => {
    const before = migrationsUpTo(BEFORE);
    const where = location(kind);
    const old = await openDatabase({ ...where, migrationsFolder: before });
    await fill(old.db);
    // Before 0005 the database takes any text.
    await old.db.execute(sql`update users set language = 'de' where id = ${ids.b}`);
    await old.db.execute(sql`update users set language = 'en' where id = ${ids.b}`);
    await old.close();

    const current = await openDatabase(where);
    try {
      const applied = await current.db.execute(sql`select count(*)::int as n from users`);
      expect(Number((applied as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(2);
      // 0006 gives the decks already there a version (1).
      const deckVersion = await current.db.execute(sql`select version from decks where id = ${ids.deck}`);
      expect((deckVersion as unknown as { rows: Array<{ version: number }> }).rows[0]?.version).toBe(1);
      const refused: string[] = [];
      for (const [column, update] of refusals) {
        const error = await current.db.execute(update).then(
          () => null,
          (e: unknown) => e,
        );
        if (sqlState(error) === '23514') refused.push(column);
      }
      expect(refused).toEqual(refusals.map(([column]) => column));
      // Values of the sets are still accepted.
      await current.db.execute(sql`update users set language = 'fr', currency = 'usd' where id = ${ids.b}`);
    } finally {
      await current.close();
    }
  });
});

describe.each(storages())('migration 0007_social_invariants (%s)', (kind) => {
  it('resolves duplicate friendships and owners left at 0005, then refuses new ones', async () => {
    const before = migrationsUpTo('0005_value_checks');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const where = location(kind);
    const u = {
      a: ids.a,
      b: ids.b,
      c: '00000000-0000-4000-8000-00000000000c',
      d: '00000000-0000-4000-8000-00000000000d',
    };
    const second = '00000000-0000-4000-8000-000000000011';

    const old = await openDatabase({ ...where, migrationsFolder: before });
    await old.db.execute(sql`insert into users (id, firebase_uid, provider, code) values
      (${u.a}, 'uid-a', 'google', 'CODEA'), (${u.b}, 'uid-b', 'google', 'CODEB'),
      (${u.c}, 'uid-c', 'google', 'CODEC'), (${u.d}, 'uid-d', 'google', 'CODED')`);
    // Crossing requests both pending (a asked first); a pending request older than the friendship
    // the other way; a plain friendship that stays as it is.
    await old.db.execute(sql`insert into friendships (requester_id, addressee_id, status, created_at, accepted_at) values
      (${u.a}, ${u.b}, 'pending', '2026-01-01T10:00:00Z', null),
      (${u.b}, ${u.a}, 'pending', '2026-01-01T10:00:01Z', null),
      (${u.a}, ${u.c}, 'pending', '2026-01-01T09:00:00Z', null),
      (${u.c}, ${u.a}, 'accepted', '2026-01-02T09:00:00Z', '2026-01-02T09:05:00Z'),
      (${u.b}, ${u.d}, 'accepted', '2026-01-03T09:00:00Z', '2026-01-03T09:05:00Z')`);
    // Two transfers raced: the group names d, the last to commit, yet b is an owner too. In the
    // second group nobody named is an owner twice over: the earlier to join (c) stays owner.
    await old.db.execute(sql`insert into playgroups (id, name, owner_id) values
      (${ids.group}, 'G', ${u.d}), (${second}, 'H', ${u.a})`);
    await old.db.execute(sql`insert into playgroup_members (playgroup_id, user_id, role, status, joined_at) values
      (${ids.group}, ${u.a}, 'admin', 'active', '2026-01-01T00:00:00Z'),
      (${ids.group}, ${u.b}, 'owner', 'active', '2026-01-02T00:00:00Z'),
      (${ids.group}, ${u.d}, 'owner', 'active', '2026-01-03T00:00:00Z'),
      (${ids.group}, ${u.c}, 'member', 'invited', null),
      (${second}, ${u.a}, 'admin', 'active', '2026-01-01T00:00:00Z'),
      (${second}, ${u.c}, 'owner', 'active', '2026-01-02T00:00:00Z'),
      (${second}, ${u.b}, 'owner', 'active', '2026-01-03T00:00:00Z')`);
    await old.close();

    const current = await openDatabase(where);
    try {
      const friendships = await rows<{ requester_id: string; addressee_id: string; status: string }>(
        current.db,
        sql`select requester_id, addressee_id, status from friendships order by requester_id, addressee_id`,
      );
      expect(friendships).toEqual([
        { requester_id: u.a, addressee_id: u.b, status: 'pending' },
        { requester_id: u.b, addressee_id: u.d, status: 'accepted' },
        { requester_id: u.c, addressee_id: u.a, status: 'accepted' },
      ]);
      const members = await rows<{ playgroup_id: string; user_id: string; role: string }>(
        current.db,
        sql`select playgroup_id, user_id, role from playgroup_members order by playgroup_id, user_id`,
      );
      expect(members).toEqual([
        { playgroup_id: ids.group, user_id: u.a, role: 'admin' },
        { playgroup_id: ids.group, user_id: u.b, role: 'admin' },
        { playgroup_id: ids.group, user_id: u.c, role: 'member' },
        { playgroup_id: ids.group, user_id: u.d, role: 'owner' },
        { playgroup_id: second, user_id: u.a, role: 'admin' },
        { playgroup_id: second, user_id: u.b, role: 'admin' },
        { playgroup_id: second, user_id: u.c, role: 'owner' },
      ]);
      const groups = await rows<{ id: string; owner_id: string }>(
        current.db,
        sql`select id, owner_id from playgroups order by id`,
      );
      expect(groups).toEqual([
        { id: ids.group, owner_id: u.d },
        { id: second, owner_id: u.c },
      ]);

      // From now on the database refuses a second row for a pair and a second owner.
      expect(
        await failure(
          current.db,
          sql`insert into friendships (requester_id, addressee_id, status) values (${u.b}, ${u.a}, 'pending')`,
        ),
      ).toBe('23505');
      expect(
        await failure(
          current.db,
          sql`update playgroup_members set role = 'owner' where playgroup_id = ${ids.group} and user_id = ${u.a}`,
        ),
      ).toBe('23505');
      // A transfer in the right order still works: the owner steps down, then the new one steps up.
      await current.db.execute(
        sql`update playgroup_members set role = 'admin' where playgroup_id = ${ids.group} and user_id = ${u.d}`,
      );
      expect(
        await failure(
          current.db,
          sql`update playgroup_members set role = 'owner' where playgroup_id = ${ids.group} and user_id = ${u.a}`,
        ),
      ).toBeNull();
    } finally {
      await current.close();
    }
  });
});

describe.skipIf(!HAS_SHARED_DATA).each(storages())('migrations 0021 to 0024, card_search (%s)', (kind) => {
  it('rebuilds card_search over a catalogue imported at 0020, with flags, by language, its triggers in place, and picks its cards', async () => {
    const before = migrationsUpTo('0020_catalogue_search');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const where = location(kind);
    const old = await openDatabase({ ...where, migrationsFolder: before });
    await importSharedCatalogue(old.db, SHARED_DATA);
    const [printing] = await rows<{ id: string }>(
      old.db,
      sql`select id from cards where lang = 'en' and layout = 'normal' order by id limit 1`,
    );
    await old.db.execute(
      sql`insert into users (id, firebase_uid, provider, code) values (${ids.a}, 'uid-a', 'google', 'CODEA')`,
    );
    await old.db.execute(
      sql`insert into card_lists (id, owner_id, name, type) values (${ids.list}, ${ids.a}, 'L', 'collection')`,
    );
    await old.db.execute(
      sql`insert into list_entries (id, list_id, card_id, name, quantity, finish) values (${ids.entry}, ${ids.list}, ${printing?.id}, 'X', 1, 'nonfoil')`,
    );
    // Two non-English printings: a French one of a card with an English printing, a Japanese one
    // of a card without.
    const copy = (id: string, lang: string, oracle: string) =>
      old.db.execute(sql`insert into cards select (jsonb_populate_record(null::cards, to_jsonb(c)
        || jsonb_build_object('id', ${id}::text, 'lang', ${lang}::text, 'oracle_id', ${oracle}::text))).*
        from cards c where c.id = ${printing?.id}`);
    const [french, japanese] = [randomUUID(), randomUUID()];
    const [{ oracle } = { oracle: '' }] = await rows<{ oracle: string }>(
      old.db,
      sql`select oracle_id as oracle from cards where id = ${printing?.id}`,
    );
    await copy(french, 'fr', oracle);
    await copy(japanese, 'ja', randomUUID());
    const wide = async (db: Database['db'], q: string) =>
      (
        await rows<{ id: string }>(
          db,
          sql`select c.id from cards c where ${compileSearch(parseSearch(q), 'c')} order by c.id`,
        )
      ).map((r) => r.id);
    const expected = {
      commander: await wide(old.db, 'is:commander'),
      banned: await wide(old.db, 'banned:legacy'),
      legal: await wide(old.db, 'legal:modern t:creature'),
    };
    const count = async (db: Database['db'], table: string) =>
      Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n);
    const narrowBefore = await count(old.db, 'card_search');
    await old.close();

    const current = await openDatabase(where);
    try {
      expect(await count(current.db, 'card_search')).toBe(narrowBefore);
      expect(narrowBefore).toBe(await count(current.db, 'cards'));
      // Every row's flags are codes now; searches over them find what the wide rows find.
      const narrow = async (q: string) =>
        (
          await rows<{ id: string }>(
            current.db,
            sql`select s.id from card_search s where ${compileSearch(parseSearch(q), 'c', { narrow: 's', flags: 's' })} order by s.id`,
          )
        ).map((r) => r.id);
      expect(expected.commander.length).toBeGreaterThan(0);
      expect(expected.banned.length).toBeGreaterThan(0);
      expect(await narrow('is:commander')).toEqual(expected.commander);
      expect(await narrow('banned:legacy')).toEqual(expected.banned);
      expect(await narrow('legal:modern t:creature')).toEqual(expected.legal);
      // 0023: each printing in its language's partition; a non-English one shown when its card has
      // no English printing.
      const placed = await rows<{ id: string; part: string; shown: boolean }>(
        current.db,
        sql`select id, tableoid::regclass::text as part, shown from card_search where id in (${french}, ${japanese}, ${printing?.id})`,
      );
      expect(Object.fromEntries(placed.map((r) => [r.id, [r.part, r.shown]]))).toEqual({
        [printing?.id ?? '']: ['card_search_en', true],
        [french]: ['card_search_other', false],
        [japanese]: ['card_search_other', true],
      });
      expect(
        await count(
          current.db,
          `card_search s where s.shown <> (s.lang = 'en' or not exists
          (select 1 from cards c where coalesce(c.oracle_id, c.id) = s.oracle_key and c.lang = 'en'))`,
        ),
      ).toBe(0);
      // 0024: one card_pick row a card that has a printing it can show, each a copy of its
      // printing's card_search row; the Japanese printing is its card's, the French one is not.
      expect(await count(current.db, 'card_pick')).toBe(
        await count(
          current.db,
          `(select distinct oracle_key from card_search where (lang = 'en' or shown)
            and layout not in ('token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard')) k`,
        ),
      );
      expect(
        await count(
          current.db,
          `card_pick p where not exists (select 1 from card_search s join cards c on c.id = s.id
            where s.id = p.id and p.oracle_key = s.oracle_key and p.released_at is not distinct from s.released_at
              and p.flags = s.flags and p.shown = s.shown and p.search_rules = c.search_rules)`,
        ),
      ).toBe(0);
      expect(
        (
          await rows<{ id: string }>(
            current.db,
            sql`select id from card_pick where id in (${french}, ${japanese})`,
          )
        ).map((r) => r.id),
      ).toEqual([japanese]);
      // The triggers: a change to the printing reaches card_search, and from it the list's entry.
      await current.db.execute(
        sql`update cards set type_line = 'Artifact', search_types = 'artifact' where id = ${printing?.id}`,
      );
      const [entry] = await rows<{ search_types: string }>(
        current.db,
        sql`select search_types from entry_search where id = ${ids.entry}`,
      );
      expect(entry?.search_types).toBe('artifact');
    } finally {
      await current.close();
    }
  });
});
