/**
 * Backups (`backup` and `restore`, src/db/backup.ts): a database filled through the API is backed up
 * and restored into an empty PGlite folder or PostgreSQL schema with every table's rows (pictures
 * included, as bytea) the same; a backup taken while a server process writes is consistent; cut,
 * damaged, foreign and future files are refused with a clear message and nothing written; a
 * non-empty target is refused unless --force.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackupError, restoreBackup, verifyBackup, writeBackup } from '../../src/db/backup.js';
import { type Database, type Db, MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { befriend } from '../support/calls.js';
import {
  dropPgSchema,
  EmulatorIdentity,
  type StorageKind,
  startTestServer,
  storages,
  type TestServer,
} from '../support/index.js';
import { childApiEnv, freePort, signInChild, startApi } from '../support/process.js';
import { importJson, testBeast } from './shared-data.js';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ALL_TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => v instanceof PgTable)
  .map((t) => getTableConfig(t).name)
  .sort();

const png = async (background: string) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 48, height: 48, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );

/** Every table's rows, each as its text form (in UTC), sorted: what "identical tables" compares. */
async function tableContents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of ALL_TABLES) {
      const result = (await tx.execute(sql.raw(`SELECT t::text AS r FROM "${table}" t`))) as unknown as {
        rows: Array<{ r: string }>;
      };
      out[table] = result.rows.map((row) => row.r).sort();
    }
    return out;
  });
}

/** A fresh, empty restore target: a PGlite folder or a PostgreSQL schema, and its opener. */
function emptyTarget(kind: StorageKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-restore-'));
  const schemaName = `restore_${randomBytes(5).toString('hex')}`;
  const open = (migrationsFolder: string | undefined): Promise<Database> =>
    kind === 'postgres'
      ? openDatabase({ databaseUrl: process.env.DATABASE_URL, pgSchema: schemaName, migrationsFolder })
      : openDatabase({ dataDir, migrationsFolder });
  return {
    dataDir,
    schemaName,
    open,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await dropPgSchema(schemaName);
    },
  };
}

/** Whether the target holds anything: a database folder / schema, or files. */
async function targetUntouched(kind: StorageKind, target: ReturnType<typeof emptyTarget>) {
  const files = readdirSync(target.dataDir);
  if (kind === 'pglite') return files.length === 0;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1',
      [target.schemaName],
    );
    return files.length === 0 && rows[0]?.n === 0;
  } finally {
    await admin.end();
  }
}

/** Fills a test server through its API: users and friends, pictures, decks, lists, games, tags, notes, sets. */
async function fill(t: TestServer) {
  await importJson(t.server.services.db, [
    testBeast(
      '00000000-0000-4000-8000-00000000b001',
      { name: 'Backup Beast', set: 'bkp', set_name: 'Backups', collector_number: '1' },
      { finishes: ['nonfoil', 'foil'], oracle_text: 'Trample\nWhen it "enters", draw a card.' },
    ),
    testBeast(
      '00000000-0000-4000-8000-00000000b002',
      { name: 'Restore Wurm', set: 'bkp', set_name: 'Backups', collector_number: '2' },
      {
        prices: { usd: '12.34', eur: '0.07' },
      },
    ),
  ]);
  const alice = await t.user({ firstname: 'Alice' });
  const bob = await t.user({ firstname: 'Bob' });
  await befriend(alice, bob);
  await alice.client.user.uploadPicture({ body: { file: await png('#336699') } });
  await bob.client.user.uploadPicture({ body: { file: await png('#993366') } });
  const { playgroup } = await alice.client.playgroups.create({
    body: { name: 'Thursday night', description: 'Ünïcode ✓ "quotes" \\ back' },
  });
  await alice.client.playgroups.uploadPicture({
    params: { id: playgroup.id },
    body: { file: await png('#669933') },
  });
  const { deck } = await alice.client.decks.create({
    body: {
      name: 'Beasts',
      formatId: 'commander',
      decklist: '1 Backup Beast\n3 Restore Wurm\n1 Unknown Card Name',
    },
  });
  const { list } = await alice.client.lists.create({ body: { name: 'Binder', type: 'trade' } });
  await alice.client.lists.addCards({
    params: { id: list.id },
    body: {
      cards: [
        { name: 'Backup Beast', quantity: 2, finish: 'foil', condition: 'NM' },
        { setCode: 'bkp', collectorNumber: '2', quantity: 1, language: 'fr' },
      ],
    },
  });
  // An import keeps the rows it could not match as unresolved entries (json columns, revisions).
  await alice.client.lists.import({
    params: { id: list.id },
    body: { content: '2 Restore Wurm\n1 Nothing Like This\n3 Backup Beast' },
  });
  const { game } = await alice.client.games.create({
    body: {
      formatId: 'commander',
      players: [
        { userId: alice.id, deckId: deck.id, result: 'win', seat: 1 },
        { userId: bob.id, result: 'loss', seat: 2 },
        { guestName: 'Guest', result: 'loss', seat: 3 },
      ],
      tags: ['backup', 'weekly'],
      turns: 9,
    },
  });
  await alice.client.sets.create({ body: { name: 'League', gameIds: [game.id] } });
  return { alice, bob, deck, list, game };
}

describe.each(storages())('backup and restore on %s', (kind) => {
  let t: TestServer;
  let work = '';
  let file = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'companion-backup-'));
    file = join(work, 'full.jsonl.gz');
    t = await startTestServer(kind);
    await fill(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const source = () => ({ db: t.server.services.db, kind: t.server.services.database.kind });

  it('restores every table and picture identically into an empty database', async () => {
    const summary = await writeBackup(source(), file);
    expect(summary.header).toMatchObject({
      format: 'companion-backup',
      version: 1,
      storage: kind,
      catalogue: true,
    });
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = emptyTarget(kind);
    try {
      const restored = await restoreBackup(file, { open: target.open });
      expect(restored.rows).toBe(summary.rows);
      const before = await tableContents(t.server.services.db);
      expect(before.users).toHaveLength(2);
      expect(before.deck_cards?.length).toBeGreaterThanOrEqual(3);
      expect(before.entry_search?.length).toBeGreaterThan(0);
      expect(before.pictures).toHaveLength(3);
      const database = await target.open(undefined);
      try {
        expect(await tableContents(database.db)).toEqual(before);
      } finally {
        await database.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  it.runIf(storages().length === 2)('restores into the other storage identically', async () => {
    const other = kind === 'pglite' ? 'postgres' : 'pglite';
    const target = emptyTarget(other);
    try {
      await restoreBackup(file, { open: target.open });
      const database = await target.open(undefined);
      try {
        expect(await tableContents(database.db)).toEqual(await tableContents(t.server.services.db));
      } finally {
        await database.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('backs up without the catalogue; the restore keeps every list entry', async () => {
    const light = join(work, 'light.jsonl.gz');
    const summary = await writeBackup(source(), light, { catalogue: false });
    expect(summary.header.catalogue).toBe(false);
    const target = emptyTarget(kind);
    try {
      await restoreBackup(light, { open: target.open });
      const before = await tableContents(t.server.services.db);
      const database = await target.open(undefined);
      try {
        const after = await tableContents(database.db);
        for (const table of ALL_TABLES) {
          if (
            [
              'cards',
              'card_sets',
              'card_prices',
              'card_migrations',
              'catalogue_syncs',
              'card_search',
              'card_pick',
              'entry_search',
            ].includes(table)
          )
            expect(after[table], table).toEqual([]);
          else expect(after[table], table).toEqual(before[table]);
        }
      } finally {
        await database.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a non-empty target naming what is there, and replaces it with --force', async () => {
    const target = emptyTarget(kind);
    try {
      await restoreBackup(file, { open: target.open });
      const error = await restoreBackup(file, { open: target.open }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        /database is not empty: .*users \(2 rows\).*pictures \(3 rows\)/,
      );
      // --force replaces everything, a row added since included.
      const database = await target.open(undefined);
      await database.db.execute(sql`DELETE FROM decks`);
      await database.db.execute(sql`INSERT INTO tags (user_id, name) SELECT id, 'extra' FROM users LIMIT 1`);
      await database.close();
      await restoreBackup(file, { open: target.open, force: true });
      const again = await target.open(undefined);
      try {
        expect(await tableContents(again.db)).toEqual(await tableContents(t.server.services.db));
      } finally {
        await again.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('refuses cut, damaged, foreign and future files with a clear message, writing nothing', async () => {
    const good = readFileSync(file);
    const lines = gunzipSync(good).toString('utf8').split('\n');
    const header = JSON.parse(lines[0] as string) as Record<string, unknown>;
    const withHeader = (h: Record<string, unknown>) =>
      gzipSync([JSON.stringify(h), ...lines.slice(1)].join('\n'));
    const withoutLast = gzipSync(lines.slice(0, -2).join('\n'));
    const cases: Array<[string, Buffer | null, RegExp]> = [
      ['missing', null, /Cannot read .*missing/],
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), /cut short/],
      ['no-trailer', withoutLast, /cut short/],
      ['garbage', randomBytes(4096), /not a Companion backup \(not a gzip file/],
      ['empty', Buffer.alloc(0), /empty|cut short|not a Companion backup/],
      ['plain-json', gzipSync('{"hello":"world"}\n'), /not a Companion backup \(no backup header\)/],
      [
        'future-format',
        withHeader({ ...header, version: 2, app: '9.0.0' }),
        /format version 2, made by a newer Companion \(9\.0\.0\)/,
      ],
      [
        'future-schema',
        withHeader({ ...header, migration: { tag: '0099_future', when: 4_102_444_800_000 } }),
        /newer database schema \(migration 0099_future.*Upgrade Companion/,
      ],
      [
        'bad-row',
        gzipSync(lines.map((l, i) => (i > 0 && l.startsWith('[') ? '["only one"]' : l)).join('\n')),
        /does not match its columns/,
      ],
      [
        'bad-count',
        gzipSync(
          lines
            .map((l) => (l.startsWith('{"end":"users"') ? l.replace('"rows":2', '"rows":3') : l))
            .join('\n'),
        ),
        /users should have 3 rows, it has 2/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const path = join(work, `${name}.gz`);
      if (content) writeFileSync(path, content);
      const target = emptyTarget(kind);
      try {
        const error = await restoreBackup(path, { open: target.open }).catch((e: unknown) => e);
        expect(error, name).toBeInstanceOf(BackupError);
        expect((error as Error).message, name).toMatch(message);
        expect(await targetUntouched(kind, target), `${name}: nothing written`).toBe(true);
      } finally {
        await target.cleanup();
      }
    }
    // A well-formed file naming a table outside the app's schema, or a column of another type, is
    // refused before any row goes in (the target is migrated by then, and stays empty).
    const rename = (from: string, to: string) =>
      gzipSync(
        lines
          .map((l) =>
            l.replace(`{"table":"${from}"`, `{"table":"${to}"`).replace(`{"end":"${from}"`, `{"end":"${to}"`),
          )
          .join('\n'),
      );
    const retyped = gzipSync(
      lines
        .map((l) => (l.startsWith('{"table":"users"') ? l.replace('"type":"uuid"', '"type":"text"') : l))
        .join('\n'),
    );
    for (const [name, content, message] of [
      ['catalog-table', rename('formats', 'pg_class'), /The target has no table pg_class/],
      [
        'migrations-table',
        rename('formats', '__drizzle_migrations'),
        /The target has no table __drizzle_migrations/,
      ],
      ['retyped', retyped, /The target's users\.id is uuid; in the backup it is text/],
    ] as const) {
      const path = join(work, `${name}.gz`);
      writeFileSync(path, content);
      const target = emptyTarget(kind);
      try {
        const error = await restoreBackup(path, { open: target.open }).catch((e: unknown) => e);
        expect((error as Error).message, name).toMatch(message);
        const database = await target.open(undefined);
        try {
          const contents = await tableContents(database.db);
          expect(Object.values(contents).flat(), name).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await target.cleanup();
      }
    }
    // The good file itself reads through.
    await expect(verifyBackup(file)).resolves.toMatchObject({ header: { format: 'companion-backup' } });
  }, 120_000); // 13 empty targets made and migrated in turn: on PGlite under a loaded machine, over 30 s
});

describe.each(storages())('a backup of an older schema on %s', (kind) => {
  it('restores at its migration, then applies the later ones', async () => {
    // A database at 0015 (before deck_cards.category), with a deck of two cards.
    const folder = mkdtempSync(join(tmpdir(), 'companion-migrations-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e) => e.tag === '0015_list_sharing') + 1,
    );
    writeFileSync(journalPath, JSON.stringify(journal));
    const source = emptyTarget(kind);
    const target = emptyTarget(kind);
    const file = join(source.dataDir, 'old.jsonl.gz');
    try {
      const old = await source.open(folder);
      try {
        await old.db.execute(sql`INSERT INTO users (id, firebase_uid, provider, code)
          VALUES ('00000000-0000-4000-8000-00000000000a', 'uid-a', 'google', 'CODEA')`);
        await old.db.execute(sql`INSERT INTO decks (id, owner_id, name, format_id)
          VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000a', 'Old deck', 'modern')`);
        await old.db.execute(sql`INSERT INTO deck_cards (deck_id, name, quantity, board)
          VALUES ('00000000-0000-4000-8000-000000000002', 'Island', 4, 'main'),
                 ('00000000-0000-4000-8000-000000000002', 'Swamp', 2, 'main')`);
        const summary = await writeBackup(old, file);
        expect(summary.header.migration.tag).toBe('0015_list_sharing');
      } finally {
        await old.close();
      }
      await restoreBackup(file, { open: target.open });
      const database = await target.open(undefined);
      try {
        const { rows } = (await database.db.execute(
          sql`SELECT name, quantity, category FROM deck_cards ORDER BY name`,
        )) as unknown as { rows: unknown[] };
        expect(rows).toEqual([
          { name: 'Island', quantity: 4, category: null },
          { name: 'Swamp', quantity: 2, category: null },
        ]);
      } finally {
        await database.close();
      }
      // Every migration is applied now: a backup of the restored database is at the last one.
      const latest = await target.open(undefined);
      try {
        const again = await writeBackup(latest, join(source.dataDir, 'again.jsonl.gz'));
        const tags = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
          entries: Array<{ tag: string }>;
        };
        expect(again.header.migration.tag).toBe(tags.entries.at(-1)?.tag);
      } finally {
        await latest.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await source.cleanup();
      await target.cleanup();
    }
  });
});

/** Runs a CLI of src/cli as its own process; resolves to its exit code and output. */
function runCli(script: string, args: string[], env: Record<string, string | undefined>) {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
    cwd: apiRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((r) =>
    child.once('exit', (code) => r({ code, output })),
  );
}

describe.each(storages())('backup while a server process writes, on %s', (kind) => {
  let dataDir = '';
  let work = '';
  const schemaName = `backup_live_${randomBytes(4).toString('hex')}`;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'companion-backup-live-'));
    work = mkdtempSync(join(tmpdir(), 'companion-backup-out-'));
  });
  afterAll(async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
    if (kind === 'postgres') await dropPgSchema(schemaName);
  });

  it('writes a consistent backup through the backup CLI while decks and games are written', async () => {
    const port = await freePort();
    const env = childApiEnv({
      port,
      dataDir,
      kind,
      schema: schemaName,
      emulatorHost: inject('emulatorHost'),
    });
    if (kind === 'pglite') {
      const seeded = await PGlite.create({
        dataDir: join(dataDir, 'pglite'),
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
        extensions: { pg_trgm },
      });
      await seeded.close();
    }
    const api = await startApi(env);
    const url = `http://127.0.0.1:${port}`;
    const target = emptyTarget(kind);
    try {
      const { id: userId, client } = await signInChild(
        url,
        new EmulatorIdentity(inject('emulatorHost')),
        20_000,
      );
      // Writers: decks of 12 lines and games of 3 players, each one transaction, until told to stop.
      let stop = false;
      let written = 0;
      // Writer 0 also replaces the avatar now and then (a new file, the old one deleted once the
      // change is committed): the backup must hold the picture its snapshot names.
      const colours = ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa', '#aa00aa'];
      const writer = async (n: number) => {
        for (let i = 0; !stop; i++) {
          if (n === 0 && i % 3 === 2) {
            await client.user.uploadPicture({
              body: { file: await png(colours[i % colours.length] as string) },
            });
          } else if (i % 2 === 0) {
            const decklist = Array.from({ length: 12 }, (_, k) => `1 Card ${n}-${i}-${k}`).join('\n');
            await client.decks.create({ body: { name: `Deck ${n}-${i}`, formatId: 'commander', decklist } });
          } else {
            await client.games.create({
              body: {
                formatId: 'commander',
                players: [
                  { userId, result: 'win', seat: 1 },
                  { guestName: `A ${i}`, result: 'loss', seat: 2 },
                  { guestName: `B ${i}`, result: 'loss', seat: 3 },
                ],
              },
            });
          }
          written++;
        }
      };
      await client.user.uploadPicture({ body: { file: await png('#123456') } });
      const writers = [0, 1, 2].map(writer);
      while (written < 6) await new Promise((r) => setTimeout(r, 20));

      // A process that holds the folder but takes no requests is named, and never signalled.
      const file = join(work, 'live.jsonl.gz');
      const result = await runCli('backup', [file], {
        DATA_DIR: dataDir,
        DATABASE_URL: env.DATABASE_URL,
        DATABASE_SCHEMA: env.DATABASE_SCHEMA,
        NODE_ENV: 'test',
      });
      const writtenAtBackup = written;
      // Keep writing a little after the backup, then stop.
      while (written < writtenAtBackup + 4) await new Promise((r) => setTimeout(r, 20));
      stop = true;
      await Promise.all(writers);
      expect(result.output).toMatch(/Backup written to/);
      expect(result.code, result.output).toBe(0);
      if (kind === 'pglite') expect(result.output).toMatch(/The server \(process \d+\) holds/);
      console.log(
        `backup while writing (${kind}): ${result.output.trim().split('\n').at(-1)}; ${written} writes in all`,
      );

      // The restore CLI refuses the folder the server holds, and restores into an empty one.
      if (kind === 'pglite') {
        const busy = await runCli('restore', [file, '--force'], {
          DATA_DIR: dataDir,
          DATABASE_URL: undefined,
          NODE_ENV: 'test',
        });
        expect(busy.code, busy.output).toBe(1);
        expect(busy.output).toMatch(/in use by process \d+.*Stop that process first/);
      }
      const restored = await runCli('restore', [file], {
        DATA_DIR: target.dataDir,
        DATABASE_URL: env.DATABASE_URL,
        DATABASE_SCHEMA: kind === 'postgres' ? target.schemaName : undefined,
        NODE_ENV: 'test',
      });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored .* 29 tables/);
      const database = await target.open(undefined);
      try {
        const { rows } = (await database.db.execute(sql`SELECT
            (SELECT count(*) FROM decks d WHERE (SELECT count(*) FROM deck_cards c WHERE c.deck_id = d.id) <> 12)::int AS broken_decks,
            (SELECT count(*) FROM games g WHERE (SELECT count(*) FROM game_players p WHERE p.game_id = g.id) <> 3)::int AS broken_games,
            (SELECT count(*) FROM decks)::int AS decks, (SELECT count(*) FROM games)::int AS games`)) as unknown as {
          rows: Array<{ broken_decks: number; broken_games: number; decks: number; games: number }>;
        };
        const counts = rows[0];
        expect(counts).toMatchObject({ broken_decks: 0, broken_games: 0 });
        // The avatar the restored row names is there, the very picture stored under that name, and
        // the replaced ones are not.
        const { rows: pictures } = (await database.db.execute(
          sql`SELECT u.picture, p.content FROM users u LEFT JOIN pictures p ON p.path = u.picture`,
        )) as unknown as { rows: Array<{ picture: string; content: Uint8Array | null }> };
        expect(pictures).toHaveLength(1);
        const [avatar] = pictures;
        expect(avatar?.content, 'the avatar named is in the backup').toBeTruthy();
        expect(avatar?.picture.split('-').at(-1)).toBe(
          `${createHash('sha256')
            .update(avatar?.content ?? new Uint8Array())
            .digest('hex')
            .slice(0, 12)}.webp`,
        );
        const { rows: stored } = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM pictures`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(stored[0]?.n).toBe(1);
        expect((counts?.decks ?? 0) + (counts?.games ?? 0)).toBeGreaterThanOrEqual(6);
        expect((counts?.decks ?? 0) + (counts?.games ?? 0)).toBeLessThan(written);
      } finally {
        await database.close();
      }
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
      await target.cleanup();
    }
  }, 180_000);

  if (kind === 'pglite') {
    it('names a holder of the folder that takes no backup requests, without signalling it', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'companion-backup-held-'));
      try {
        mkdirSync(join(folder, 'pglite'));
        // This test process holds it (alive, and with no backup listener).
        writeFileSync(
          join(folder, 'companion.lock'),
          JSON.stringify({
            pid: process.pid,
            host: (await import('node:os')).hostname(),
            command: 'node cards-import.ts',
            since: new Date().toISOString(),
          }),
        );
        const result = await runCli('backup', [join(folder, 'out.gz')], {
          DATA_DIR: folder,
          DATABASE_URL: undefined,
          NODE_ENV: 'test',
        });
        expect(result.code).toBe(1);
        expect(result.output).toMatch(/in use by process \d+ .*cards-import.*does not take backup requests/);
        expect(existsSync(join(folder, 'out.gz'))).toBe(false);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
