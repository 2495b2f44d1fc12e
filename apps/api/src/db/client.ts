import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageKindValue } from '@companion/sdk/contract';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Env } from '../env.js';
import { lockFolder } from './folder-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: StorageKindValue;
  close(): Promise<void>;
  /** PGlite only: an image of the database (tests use a migrated one as a template). */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the connection pool's counts (metrics). */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** The planner's cost of a page read out of order, for storage that is memory or SSD. */
const RANDOM_PAGE_COST = 1.1;

/** The migrations this version of the server applies at start. */
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string | undefined;
  /** PGlite folder; in memory when absent. */
  dataDir?: string | undefined;
  /** A PGlite image to start from (`dumpDataDir` output): tests skip initdb with it. */
  pgliteImage?: Blob | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  pgSchema?: string | undefined;
  poolSize?: number;
  /**
   * PGlite only: server settings given at start-up (`-c name=value`), on top of PGlite's own start
   * parameters. The bulk-import CLIs lower `shared_buffers`: PGlite's buffer pool is part of its
   * WebAssembly memory, resident from start-up (opening a folder takes about 300 MB with the
   * default 128 MB pool, 200 MB with 32 MB).
   */
  pgliteSettings?: Readonly<Record<string, string>> | undefined;
  /** Tests of a migration bring the database to the one before it (default MIGRATIONS_FOLDER). */
  migrationsFolder?: string | undefined;
  /**
   * PostgreSQL only: longest time one statement may run (the server's requests). Migrations run
   * without it. PGlite has no timer to interrupt a statement; there the request timeout applies.
   */
  statementTimeoutMs?: number | undefined;
}

/** The database the environment names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(
  env: Pick<Env, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  options: Pick<OpenOptions, 'pgliteSettings' | 'statementTimeoutMs'> = {},
) {
  return openDatabase({
    databaseUrl: env.databaseUrl,
    pgSchema: env.databaseSchema,
    dataDir: env.databaseUrl ? undefined : env.dataDir,
    pgliteSettings: options.pgliteSettings,
    statementTimeoutMs: options.statementTimeoutMs,
  });
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    const schemaName = options.pgSchema;
    const settings = [
      ...(schemaName ? [`-c search_path=${schemaName},public`] : []),
      // Short queries only: JIT compiling (150–350 ms) was paid by catalogue searches that run in
      // 20–30 ms whenever a per-row probe lifted their estimate over its threshold.
      '-c jit=off',
      // No parallel workers: a catalogue search is a short query among others, and starting workers
      // for its scans cost more than they shared out (`eur>=5 r:rare unique=prints` over 110,000
      // printings on 2 cores, medians of 15 interleaved: 32 ms without, 54 with one, 79 with two;
      // the other searches the same within noise).
      '-c max_parallel_workers_per_gather=0',
      // Catalogue searches without `unique=prints` sort every matching printing by card before
      // paging: `usd>=10` over 110,000 printings sorts 31,000 rows (5.6 MB), which spilled to disk
      // at the default 4 MB.
      '-c work_mem=16MB',
      // The catalogue lives in memory (or on SSD), where an index read costs about what a scan's
      // does: at the default 4, `o:"draw a card"` read card_pick's 30,000 rules texts (31 ms)
      // rather than their trigram index (11 ms).
      `-c random_page_cost=${RANDOM_PAGE_COST}`,
      ...(options.statementTimeoutMs
        ? [`-c statement_timeout=${Math.round(options.statementTimeoutMs)}`]
        : []),
    ];
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      ...(settings.length ? { options: settings.join(' ') } : {}),
    });
    if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // Serialise migrations across instances starting together.
    const client = await pool.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query('SELECT pg_advisory_lock(727274)');
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
      await migratePg(drizzlePg({ client, schema }), {
        migrationsFolder,
        migrationsSchema: schemaName ?? 'drizzle',
      });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      await client.query('RESET statement_timeout').catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockFolder(options.dataDir);
  }
  try {
    return await openPglite(options, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(options: OpenOptions, release: () => void): Promise<Database> {
  const settings = Object.entries(options.pgliteSettings ?? {});
  const client = await PGlite.create({
    // PGlite replaces its default start parameters with these when given: keep them.
    ...(settings.length
      ? { startParams: [...PGlite.defaultStartParams, ...settings.flatMap(([k, v]) => ['-c', `${k}=${v}`])] }
      : {}),
    ...(options.dataDir ? { dataDir: join(options.dataDir, 'pglite') } : {}),
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
    extensions: { pg_trgm },
  });
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  // As for PostgreSQL (one session: for every query of this database).
  await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client, schema }), {
    migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
  });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/** True when `db` runs on embedded PGlite (one connection, in this process). */
export function isPglite(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

/** Cheap liveness probe for /health. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
