import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.js';
import { seedFormats } from '../../src/db/seed.js';

/** A migrated, seeded PGlite image, made once per test run. */
export async function createPgliteTemplate(): Promise<Buffer> {
  const database = await openDatabase({});
  await seedFormats(database.db);
  const blob = await database.dump!();
  await database.close();
  return Buffer.from(await blob.arrayBuffer());
}

export type StorageKind = 'pglite' | 'postgres';

/** The storages this run covers: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export function storages(): StorageKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Drops a PostgreSQL schema a test or a child server used (nothing when it is not there). */
export async function dropPgSchema(schema: string, url = process.env.DATABASE_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database for one test file: PGlite from the template, or a schema of its own in the
 * PostgreSQL of DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(kind: StorageKind, templatePath: string): Promise<Database> {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 10 });
    return {
      ...database,
      async close() {
        await database.close();
        await dropPgSchema(schema, url);
      },
    };
  }
  const image = new Blob([readFileSync(templatePath)]);
  return openDatabase({ pgliteImage: image });
}
