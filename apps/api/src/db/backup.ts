/**
 * Backups in a format of Companion's own, the same on PGlite and PostgreSQL: a gzip'd file of JSON
 * lines. The first line is the header (format version, app version, the last applied migration,
 * when, from which storage, with or without the card catalogue); then each table, in foreign-key
 * order, as a line naming its columns and their types, one JSON array per row (every value in
 * PostgreSQL's own text form, so bytea, json, jsonb, timestamps, numerics, floats and arrays come
 * back exactly), and a line counting its rows; then a last line closing the file, so a cut file is
 * noticed. Uploaded pictures are rows too (`pictures`, bytea).
 *
 * `writeBackup` reads every table in one read-only repeatable-read transaction (one snapshot: the
 * dump is consistent while the server writes) through a cursor, and writes as it reads (bounded
 * memory). `restoreBackup` reads the file twice: once to check all of it (nothing is written when it
 * is cut, damaged, of an unknown format or from a newer schema), then to insert it into an empty
 * database migrated to the backup's migration, in one transaction, before the later migrations run.
 *
 * `card_search`, `card_pick` and `entry_search` are not in the file: triggers fill them from
 * `cards` and `list_entries` as those are inserted (migrations 0003, 0004 and 0024). The generated
 * `notes.search` is computed again too.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { VERSION } from '../version.js';
import { type Database, type Db, MIGRATIONS_FOLDER } from './client.js';
import * as schema from './schema.js';

export const BACKUP_FORMAT = 'companion-backup';
export const BACKUP_VERSION = 1;

/** Filled by triggers from the tables they index; never in a backup. */
const DERIVED_TABLES = new Set(['card_search', 'card_pick', 'entry_search']);
/** The Scryfall catalogue, which `cards:sync` fetches again: left out with `catalogue: false`. */
export const CATALOGUE_TABLES = [
  'cards',
  'card_sets',
  'card_prices',
  'card_migrations',
  // The record of the server's syncs goes with them: restored without the catalogue, it would say
  // the day's sync was done.
  'catalogue_syncs',
] as const;
/** Rows per cursor fetch and per insert statement (fewer for wide tables). */
const BATCH_ROWS = 500;
const BATCH_PARAMS = 20_000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  app: string;
  storage: Database['kind'];
  createdAt: string;
  /** The last migration applied to the database: its tag and its journal time. */
  migration: { tag: string | null; when: number };
  catalogue: boolean;
}

interface TableLine {
  table: string;
  columns: Array<{ name: string; type: string }>;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  header: BackupHeader;
}

/** A backup that cannot be restored here, or a target that cannot take it: the message says why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

// ---------------------------------------------------------------------------------------------
// One connection, one transaction, plain text queries, on either storage.

interface Conn {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

async function inTransaction<T>(db: Db, mode: 'snapshot' | 'write', use: (conn: Conn) => Promise<T>) {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const characteristics =
    mode === 'snapshot' ? 'ISOLATION LEVEL REPEATABLE READ, READ ONLY' : 'ISOLATION LEVEL READ COMMITTED';
  if (client instanceof PGlite) {
    return client.transaction(async (tx) => {
      await tx.query(`SET TRANSACTION ${characteristics}`);
      return use({
        query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows,
      });
    });
  }
  const conn = await client.connect();
  try {
    await conn.query(`BEGIN ${characteristics.replace(',', '')}`);
    // The server's statement timeout would cut a long dump or restore short.
    await conn.query('SET LOCAL statement_timeout = 0');
    const result = await use({
      query: async (text, params) => (await conn.query<Record<string, unknown>>(text, params)).rows,
    });
    await conn.query('COMMIT');
    return result;
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    conn.release();
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Settings that make every value's text form the same wherever it is read or written. */
async function setTextForms(conn: Conn) {
  await conn.query(
    "SELECT set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true), " +
      "set_config('intervalstyle', 'postgres', true), set_config('bytea_output', 'hex', true), " +
      "set_config('extra_float_digits', '1', true)",
  );
}

/**
 * A table's stored columns (generated ones are computed again) with their SQL types; null when the
 * app's schema (the first of the search path) has no such table.
 */
async function tableColumns(conn: Conn, table: string): Promise<TableLine['columns'] | null> {
  if (table === '__drizzle_migrations') return null;
  const exists = await conn.query(
    `SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.oid = to_regclass($1) AND c.relkind IN ('r', 'p') AND n.nspname = current_schema()) AS ok`,
    [ident(table)],
  );
  if (!exists[0]?.ok) return null;
  const rows = await conn.query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [ident(table)],
  );
  return rows.map((r) => ({ name: String(r.name), type: String(r.type) }));
}

// ---------------------------------------------------------------------------------------------
// Migrations: which one the database is at, and a folder that stops at a given one.

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const parsed = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return parsed.entries;
}

/** The last migration applied to the database (null when none is). */
export async function lastMigration(conn: Conn): Promise<BackupHeader['migration'] | null> {
  // PostgreSQL with DATABASE_SCHEMA keeps the migrations' table in that schema, else in "drizzle".
  const [where] = await conn.query(
    `SELECT coalesce(to_regclass(quote_ident(current_schema()) || '.__drizzle_migrations'),
                     to_regclass('drizzle.__drizzle_migrations'))::text AS t`,
  );
  if (!where?.t) return null;
  const [row] = await conn.query(
    `SELECT created_at::text AS "when" FROM ${where.t} ORDER BY created_at DESC LIMIT 1`,
  );
  if (!row) return null;
  const when = Number(row.when);
  return { tag: journal().find((e) => e.when === when)?.tag ?? null, when };
}

/** A copy of the migrations folder that ends at the migration made at `when`. */
function migrationsUpTo(when: number): string {
  const dir = join(tmpdir(), `companion-migrations-${randomBytes(6).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const path = join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  const full = JSON.parse(readFileSync(path, 'utf8')) as { entries: JournalEntry[] };
  for (const entry of full.entries.filter((e) => e.when <= when)) {
    writeFileSync(join(dir, `${entry.tag}.sql`), readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`)));
  }
  mkdirSync(join(dir, 'meta'));
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...full, entries: full.entries.filter((e) => e.when <= when) }),
  );
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Writing a backup.

/** The app's tables (Drizzle schema) in the order a restore inserts them: catalogue, then by FK. */
export function tablesInOrder(catalogue = true): string[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
  const configs = new Map(tables.map((t) => [getTableConfig(t).name, getTableConfig(t)]));
  const order: string[] = [];
  const visit = (name: string, path: string[] = []) => {
    if (order.includes(name) || path.includes(name)) return;
    for (const fk of configs.get(name)?.foreignKeys ?? []) {
      visit(getTableConfig(fk.reference().foreignTable).name, [...path, name]);
    }
    order.push(name);
  };
  // The catalogue first: inserting list entries looks their printings up (entry_search's trigger).
  for (const name of CATALOGUE_TABLES) visit(name);
  for (const name of [...configs.keys()].sort()) visit(name);
  const skipped = new Set<string>(catalogue ? [] : CATALOGUE_TABLES);
  return order.filter((t) => !DERIVED_TABLES.has(t) && !skipped.has(t));
}

class LineWriter {
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;
  bytes = 0;
  constructor(readonly path: string) {
    this.done = pipeline(this.gzip, createWriteStream(path, { mode: 0o600 }));
    this.done.catch(() => undefined);
  }
  async write(value: unknown) {
    await this.writeLines(`${JSON.stringify(value)}\n`);
  }
  /** Lines already serialised, each ending with a newline. */
  async writeLines(text: string) {
    this.bytes += text.length;
    if (!this.gzip.write(text)) {
      await Promise.race([new Promise((r) => this.gzip.once('drain', r)), this.done]);
    }
  }
  async end() {
    this.gzip.end();
    await this.done;
    const handle = await open(this.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
  destroy() {
    this.gzip.destroy();
  }
}

export interface WriteBackupOptions {
  /** Include the Scryfall catalogue tables (default true). */
  catalogue?: boolean;
}

/**
 * Writes a backup of `database` to `file` (through `file.partial`, renamed once complete and synced),
 * reading every table in one snapshot.
 */
export async function writeBackup(
  database: Pick<Database, 'db' | 'kind'>,
  file: string,
  options: WriteBackupOptions = {},
): Promise<BackupSummary> {
  const catalogue = options.catalogue ?? true;
  const partial = `${file}.partial`;
  await mkdir(dirname(file), { recursive: true });
  const out = new LineWriter(partial);
  let rows = 0;
  let tableCount = 0;
  try {
    const header = await inTransaction(database.db, 'snapshot', async (conn) => {
      await setTextForms(conn);
      const migration = await lastMigration(conn);
      if (!migration) throw new BackupError('The database has no migrations applied: nothing to back up.');
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        app: VERSION,
        storage: database.kind,
        createdAt: new Date().toISOString(),
        migration,
        catalogue,
      };
      await out.write(header);
      for (const table of tablesInOrder(catalogue)) {
        const columns = await tableColumns(conn, table);
        // A table of a later migration than the database's (a schema older than this code's): the
        // restore's later migrations make it.
        if (!columns) continue;
        await out.write({ table, columns } satisfies TableLine);
        const list = columns.map((c, i) => `${ident(c.name)}::text AS c${i}`).join(', ');
        await conn.query(`DECLARE companion_backup NO SCROLL CURSOR FOR SELECT ${list} FROM ${ident(table)}`);
        let count = 0;
        for (;;) {
          const batch = await conn.query(`FETCH ${BATCH_ROWS} FROM companion_backup`);
          let text = '';
          for (const row of batch) text += `${JSON.stringify(columns.map((_, i) => row[`c${i}`] ?? null))}\n`;
          await out.writeLines(text);
          count += batch.length;
          if (batch.length < BATCH_ROWS) break;
        }
        await conn.query('CLOSE companion_backup');
        await out.write({ end: table, rows: count });
        rows += count;
        tableCount++;
      }
      return header;
    });
    await out.write({ done: true, tables: tableCount, rows });
    await out.end();
    await rename(partial, file);
    const { size } = await stat(file);
    return { file, tables: tableCount, rows, bytes: size, header };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a backup.

type Item =
  | { kind: 'table'; line: TableLine }
  | { kind: 'row'; values: Array<string | null> }
  | { kind: 'end'; table: string; rows: number };

/** Reads and checks a backup line by line: its header, then each item; throws a BackupError. */
async function readBackup(
  file: string,
  onHeader: (header: BackupHeader) => void | Promise<void>,
  onItem: (item: Item) => Promise<void>,
): Promise<{ tables: number; rows: number; lines: TableLine[] }> {
  try {
    await stat(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  let streamError: Error | null = null;
  input.on('error', (e) => {
    streamError = e;
    lines.close();
  });
  gunzip.on('error', (e) => {
    streamError = e;
    lines.close();
  });
  let n = 0;
  let header: BackupHeader | null = null;
  let current: TableLine | null = null;
  let count = 0;
  let rows = 0;
  const tables: string[] = [];
  const tableLines: TableLine[] = [];
  let done = false;
  const fail = (why: string): never => {
    throw new BackupError(`${file} is not a usable Companion backup: ${why} (line ${n}).`);
  };
  try {
    for await (const text of lines) {
      n++;
      if (done) fail('there is more after its last line');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        fail(n === 1 ? 'it does not start with a backup header' : 'a line is not JSON');
      }
      if (!header) {
        header = checkHeader(file, value);
        await onHeader(header);
        continue;
      }
      if (Array.isArray(value)) {
        if (!current) fail('a row outside of a table');
        if (
          value.length !== current?.columns.length ||
          !value.every((v) => v === null || typeof v === 'string')
        )
          fail(`a row of ${current?.table} does not match its columns`);
        count++;
        await onItem({ kind: 'row', values: value as Array<string | null> });
        continue;
      }
      const line = (value ?? {}) as Record<string, unknown>;
      if (typeof line.table === 'string' && Array.isArray(line.columns)) {
        if (current) fail(`the table ${current.table} is not closed`);
        if (!/^[a-z_][a-z0-9_]*$/.test(line.table) || tables.includes(line.table))
          fail(`unexpected table ${line.table}`);
        const columns = line.columns as TableLine['columns'];
        if (!columns.every((c) => typeof c?.name === 'string' && typeof c?.type === 'string'))
          fail(`the columns of ${line.table} are not readable`);
        if (!columns.every((c) => /^[a-z_][a-z0-9_ .()[\],"]*$/i.test(c.type)))
          fail(`unexpected column type in ${line.table}`);
        current = { table: line.table, columns };
        tableLines.push(current);
        count = 0;
        await onItem({ kind: 'table', line: current });
      } else if (typeof line.end === 'string') {
        if (line.end !== current?.table) fail(`unexpected end of table ${line.end}`);
        if (line.rows !== count) fail(`${line.end} should have ${line.rows} rows, it has ${count}`);
        tables.push(line.end);
        rows += count;
        current = null;
        await onItem({ kind: 'end', table: line.end, rows: count });
      } else if (line.done === true) {
        if (current) fail(`the table ${current.table} is not closed`);
        if (line.tables !== tables.length || line.rows !== rows) fail('its counts do not match its content');
        done = true;
      } else {
        fail('a line is not understood');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (streamError) throw describeStreamError(file, streamError);
    throw error;
  } finally {
    input.destroy();
  }
  if (streamError) throw describeStreamError(file, streamError);
  if (!header) throw new BackupError(`${file} is empty: not a Companion backup.`);
  if (!done) throw new BackupError(`${file} is cut short: the backup is incomplete (it ends at line ${n}).`);
  return { tables: tables.length, rows, lines: tableLines };
}

function describeStreamError(file: string, error: NodeJS.ErrnoException): BackupError {
  if (error.code === 'Z_DATA_ERROR' || error.code === 'Z_BUF_ERROR') {
    return new BackupError(
      error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)
        ? `${file} is cut short: the backup is incomplete.`
        : `${file} is not a Companion backup (not a gzip file, or damaged).`,
    );
  }
  return new BackupError(`Cannot read ${file}: ${error.message}`);
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const h = (value ?? {}) as Partial<BackupHeader>;
  if (h.format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a Companion backup (no backup header).`);
  if (typeof h.version !== 'number' || h.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format version ${h.version}, made by a newer Companion (${h.app ?? '?'}); ` +
        `this one (${VERSION}) reads format version ${BACKUP_VERSION}. Restore it with that version or newer.`,
    );
  }
  if (typeof h.migration?.when !== 'number') throw new BackupError(`${file}: its header names no migration.`);
  const known = journal();
  const entry = known.find((e) => e.when === h.migration?.when);
  if (!entry) {
    const last = known.at(-1);
    throw new BackupError(
      `${file} comes from a newer database schema (migration ${h.migration.tag ?? h.migration.when}, ` +
        `Companion ${h.app ?? '?'}) than this version knows (last migration ${last?.tag}, Companion ${VERSION}). ` +
        'Upgrade Companion, then restore.',
    );
  }
  return h as BackupHeader;
}

/** Reads all of a backup and checks it, writing nothing; returns its header and counts. */
export async function verifyBackup(file: string) {
  let header: BackupHeader | undefined;
  const counts = await readBackup(
    file,
    (h) => {
      header = h;
    },
    async () => {},
  );
  return { header: header as BackupHeader, ...counts };
}

// ---------------------------------------------------------------------------------------------
// Restoring a backup.

export interface RestoreOptions {
  /**
   * Opens the target database with the given migrations folder (a copy of the migrations that ends
   * at the backup's), and later with `undefined` (all of them).
   */
  open: (migrationsFolder: string | undefined) => Promise<Database>;
  /** Empty the target's tables first instead of refusing. */
  force?: boolean;
}

export interface RestoreSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
}

/**
 * Restores `file` into the database `options.open` gives, which must be empty (unless `force`):
 * checks the whole file first, migrates the target to the backup's migration, inserts every table in
 * one transaction, resets sequences, then applies the later migrations.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const { header, lines: tables } = await verifyBackup(file);
  const migrations = migrationsUpTo(header.migration.when);
  let database: Database;
  try {
    database = await options.open(migrations);
  } finally {
    rmSync(migrations, { recursive: true, force: true });
  }
  let summary: RestoreSummary;
  try {
    summary = await inTransaction(database.db, 'write', async (conn) => {
      await setTextForms(conn);
      const at = await lastMigration(conn);
      if (at && at.when > header.migration.when) {
        throw new BackupError(
          `The target database is at a later migration (${at.tag}) than the backup (${header.migration.tag}). ` +
            'Restore into an empty data folder or PostgreSQL schema: the later migrations run after the restore.',
        );
      }
      const targets = new Map<string, TableLine['columns']>();
      const notEmpty: string[] = [];
      for (const { table, columns } of tables) {
        const have = await tableColumns(conn, table);
        if (!have) throw new BackupError(`The target has no table ${table}.`);
        // The target's own types go into the statements (never the file's), and must be the file's.
        const types = new Map(have.map((h) => [h.name, h.type]));
        for (const c of columns) {
          const type = types.get(c.name);
          if (!type) throw new BackupError(`The target's ${table} has no column ${c.name}.`);
          if (type !== c.type)
            throw new BackupError(
              `The target's ${table}.${c.name} is ${type}; in the backup it is ${c.type}.`,
            );
        }
        targets.set(table, have);
        const [row] = await conn.query(`SELECT count(*)::int AS n FROM ${ident(table)}`);
        if (Number(row?.n)) notEmpty.push(`${table} (${row?.n} rows)`);
      }
      if (notEmpty.length && !options.force) {
        throw new BackupError(
          `The target database is not empty: ${notEmpty.join(', ')}. ` +
            'Restore into an empty database (a new DATA_DIR or DATABASE_SCHEMA, before the server first starts), ' +
            'or pass --force to replace what is there.',
        );
      }
      if (options.force) {
        const names = [...targets.keys()];
        // TRUNCATE fires no DELETE trigger: empty the search rows with their sources.
        if (names.includes('list_entries') || names.includes('cards')) names.push('entry_search');
        if (names.includes('cards')) names.push('card_search', 'card_pick');
        await conn.query(`TRUNCATE ${names.map(ident).join(', ')} CASCADE`);
      }
      let batch: Array<Array<string | null>> = [];
      let table: TableLine | null = null;
      const flush = async () => {
        if (!table || !batch.length) return;
        const cols = table.columns;
        const types = new Map(targets.get(table.table)?.map((c) => [c.name, c.type]));
        const params: Array<string | null> = [];
        const tuples = batch.map((values) => {
          const cells = cols.map((c, i) => {
            params.push(values[i] ?? null);
            // Sent as text and converted by the type's input function, as a dump's text is (a typed
            // parameter would be encoded by the driver: PGlite takes only bytes for bytea).
            return `$${params.length}::text::${types.get(c.name)}`;
          });
          return `(${cells.join(', ')})`;
        });
        await conn.query(
          `INSERT INTO ${ident(table.table)} (${cols.map((c) => ident(c.name)).join(', ')}) VALUES ${tuples.join(', ')}`,
          params,
        );
        batch = [];
      };
      const counts = await readBackup(
        file,
        () => {},
        async (item) => {
          if (item.kind === 'table') {
            table = item.line;
          } else if (item.kind === 'row') {
            batch.push(item.values);
            const width = table?.columns.length ?? 1;
            if (batch.length >= Math.min(BATCH_ROWS, Math.floor(BATCH_PARAMS / width))) await flush();
          } else {
            await flush();
            table = null;
          }
        },
      );
      await resetSequences(conn, [...targets.keys()]);
      return { header, tables: counts.tables, rows: counts.rows };
    });
  } finally {
    await database.close();
  }
  // The migrations after the backup's, as the server would apply them at start.
  const latest = await options.open(undefined);
  await latest.close();
  return summary;
}

/** Sequences owned by the restored tables' columns continue after their largest value. */
async function resetSequences(conn: Conn, tables: string[]) {
  for (const table of tables) {
    const owned = await conn.query(
      `SELECT a.attname AS col, pg_get_serial_sequence($1, a.attname) AS seq
         FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`,
      [ident(table)],
    );
    for (const { col, seq } of owned) {
      if (!seq) continue;
      await conn.query(
        `SELECT setval($1, coalesce((SELECT max(${ident(String(col))}) FROM ${ident(table)}), 0) + 1, false)`,
        [seq],
      );
    }
  }
}
