/**
 * Migration 0005 (the contract's value sets as CHECK constraints) applies to a database that
 * already holds data at migration 0004, on PGlite and PostgreSQL, and from then on the database
 * refuses a value outside a set. Migration 0006 (decks' version) applies on the same data.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, type OpenOptions, openDatabase } from '../../src/db/client.js';
import { storages } from '../support/index.js';

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

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(storages())('migration 0005_value_checks (%s)', (kind) => {
  it('applies to a database holding data at 0004, then refuses values outside the sets', async () => {
    const before = migrationsUpTo(BEFORE);
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    let where: OpenOptions;
    if (kind === 'postgres') {
      const url = process.env.DATABASE_URL as string;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      where = { databaseUrl: url, pgSchema: schema, poolSize: 2 };
      cleanups.push(async () => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      });
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'companion-pglite-'));
      where = { dataDir };
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    }

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
